#include "emulator/block.h"

#include "emulator/schedule.h"
#include "primitives/include/simt/running_coordinates.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <new>
#include <sstream>
#include <tuple>
#include <utility>

#include "emulator/fault_signals.h"
#include "emulator/symbolizer.h"
#include "emulator/worker.h"

namespace simt {

[[gnu::tls_model("initial-exec")]] constinit thread_local Block* Block::lean_running_ = nullptr;
namespace {

std::string hex(std::uint64_t v) {
    char text[24];
    std::snprintf(text, sizeof text, "%#llx", static_cast<unsigned long long>(v));
    return text;
}

// The block's scheduling policy: seeded by the run's seed, the launch and the
// block, and following or recording a schedule when the options ask.
SchedulePolicy policy_for(const LaunchContext& context, std::uint64_t block_linear,
                          std::vector<ScheduleStep>& recorded_steps) {
    const EngineOptions& options = context.options;
    const std::uint32_t count = std::uint32_t(context.launch.block.volume());
    const std::uint64_t seed = mix_seed(mix_seed(options.seed, context.info.launch_index), block_linear);
    if (options.mode != ScheduleMode::Independent || !(options.schedule || options.recording))
        return SchedulePolicy(options, count, seed);
    ScheduleScript script;
    script.replay = options.schedule != nullptr;
    script.steps = script.replay ? options.schedule->block(context.info.launch_index, block_linear) : nullptr;
    script.record = &recorded_steps;
    script.launch = context.info.launch_index;
    script.block = block_linear;
    return SchedulePolicy(options, count, seed, &script);
}

}  // namespace

Block::Block(const LaunchContext& context, std::uint64_t block_linear, Worker& worker)
    : launch_(context.launch), info_(context.info),
      block_index_(context.launch.grid.unlinearize(block_linear)), options_(context.options),
      checkers_(context.checkers), access_observers_(context.access_observers),
      shared_access_observers_(context.shared_access_observers),
      thread_observers_(context.thread_observers), observers_(context.schedule_observers),
      memory_(context.memory), layout_(context.shared_layout), device_variables_(context.device_variables), worker_(worker),
      turns_(context.turns), block_linear_(block_linear),
      global_in_block_order_(context.global_in_block_order), footprint_(context.footprint),
      policy_(policy_for(context, block_linear, recorded_steps_)) {
    lean_ = options_.mode == ScheduleMode::Independent && !options_.switch_at_accesses && !options_.schedule &&
            !options_.recording && access_observers_.empty() && !global_in_block_order_ && footprint_ == nullptr;
    const KernelLaunch& launch = context.launch;
    const std::uint32_t count = std::uint32_t(launch.block.volume());
    const unsigned ws = options_.warp_size;  // 32 or 64 (Engine): a power of two
    const unsigned warp_shift = unsigned(std::countr_zero(ws));
    // The worker's table, reused: one memset makes every thread a fresh one
    // (each field's default is zero bits but the ids, set below, and the
    // fiber's, which run() prepares); a table built anew value-initialised
    // each of its 256 threads on its own (rep stos, a tenth of a
    // barrier-free block's time).
    threads_ = worker.thread_table(count);
    if constexpr (SIMT_TSAN) {
        for (SimThread& t : threads_) {
            std::destroy_at(&t);
            new (&t) SimThread;
        }
    } else {
        std::memset(static_cast<void*>(threads_.data()), 0, count * sizeof(SimThread));
    }
    warps_ = std::vector<WarpState>((count + ws - 1) / ws);
    // Coordinates counted up rather than divided out: five divisions a
    // thread were a tenth of a barrier-free thread's start.
    Dim3 at{0, 0, 0};
    for (std::uint32_t i = 0; i < count; ++i) {
        SimThread& t = threads_[i];
        t.id.thread = at;
        t.id.block = block_index_;
        t.id.linear = i;
        t.id.warp = i >> warp_shift;
        t.id.lane = i & (ws - 1);
        warps_[t.id.warp].present |= lane_bit(t);
        if (++at.x == launch.block.x) {
            at.x = 0;
            if (++at.y == launch.block.y) {
                at.y = 0;
                ++at.z;
            }
        }
    }
}

Block::~Block() {
    if (footprint_ != nullptr) footprint_->merge(worker_.footprint(), std::move(saved_pages_));
    if (options_.recording && !options_.schedule && launch_.rerun_of == KernelLaunch::kNoRerun)
        options_.recording->add(std::move(recorded_steps_));
    for (SimThread& t : threads_)
        if (t.fiber.stack().base != nullptr) worker_.stacks().release(t.fiber.stack());
}

RunEnd Block::run() {
    worker_.block = this;
    set_running_coordinates(simt_running_coordinates.block, block_index_);
    set_running_coordinates(simt_running_coordinates.block_shape, launch_.block);
    set_running_coordinates(simt_running_coordinates.grid_shape, launch_.grid);
    if (!started_) {
        started_ = true;
        clear_shared_memory();
        for (SimThread& t : threads_) {
            t.fiber.prepare(&Block::thread_main, this);  // its stack when it first runs (with_stack)
            set_ready(t);
        }
        live_ = std::uint32_t(threads_.size());
        worker_.note_progress();
        for (Checker* c : checkers_) c->on_block_begin(info_, block_index_);
    } else if (stalled_ && !resume_after_stall()) {
        leave_worker();
        return RunEnd::Stalled;
    }
    while (!fault_) {
        const std::int64_t next = pick_next();
        if (next < 0) {
            if (live_ == 0) break;
            if (!failed_asserts_.empty()) break;  // the rest wait on a thread an assert stopped
            if (spinners_ != 0 && spins_on_global()) {
                stall();  // another block may write what they poll
                leave_worker();
                return RunEnd::Stalled;
            }
            if (spinners_ != 0 && confirm_a_spinner()) continue;
            if (!mismatched_collectives()) fault_ = deadlock_fault();
            break;
        }
        SimThread& t = threads_[std::size_t(next)];
        make_running(t);
        if (!observers_.empty())
            for (Checker* c : observers_) c->on_thread_resume(t.id);
        if (lean_) lean_running_ = this;  // threads switch among themselves until one comes back here
        with_stack(t).fiber.resume();
        lean_running_ = nullptr;
        if (!observers_.empty()) report_stop(t);
        worker_.thread = nullptr;
        running_ = nullptr;
    }
    if (!fault_ && !failed_asserts_.empty()) {
        std::sort(failed_asserts_.begin(), failed_asserts_.end(),
                  [](const Fault& a, const Fault& b) { return a.who.linear < b.who.linear; });
        fault_ = failed_asserts_.front();
    }
    if (!fault_)
        for (Checker* c : checkers_) c->on_block_end(info_, block_index_);
    worker_.note_progress();
    leave_worker();
    return RunEnd::Done;
}

// The block stops running on this OS thread (done or stalled): the worker and
// the built-ins' thread-local hold nothing of it.
void Block::leave_worker() {
    worker_.block = nullptr;
    set_running_coordinates(simt_running_coordinates.thread, Dim3{0, 0, 0});
    set_running_coordinates(simt_running_coordinates.block, Dim3{0, 0, 0});
    set_running_coordinates(simt_running_coordinates.block_shape, Dim3{});
    set_running_coordinates(simt_running_coordinates.grid_shape, Dim3{});
}

// A GPU leaves shared memory as the last block on the multiprocessor left it;
// here that would depend on which worker ran which block before, so every
// block starts from zeros (the init checker still reports reads before writes).
void Block::clear_shared_memory() {
    if (layout_ != nullptr)
        for (const SharedVariable& v : layout_->variables())
            std::memset(reinterpret_cast<void*>(worker_.static_shared_lo() + v.offset), 0, v.size);
    if (launch_.dynamic_shared != 0) std::memset(worker_.dynamic_shared(), 0, launch_.dynamic_shared);
}

void Block::await_turn() {
    turns_.wait_for_turn(block_linear_);
    has_turn_ = true;
}

Fiber* Block::thread_main(void* self) {
    auto* block = static_cast<Block*>(self);
    // Where the kernel's frames end, for call_path (taking the address also
    // gives this function a frame pointer, which the kernel's frames chain to).
    block->current().entry_frame = __builtin_frame_address(0);
    // The fault is raised after the handler has finished, so no fiber is ever
    // abandoned while the C++ runtime still counts an exception as caught.
    std::string thrown;
    try {
        block->launch_.invoke(block->launch_.closure);
    } catch (const std::exception& e) {
        thrown = std::string("an exception: ") + e.what();
    } catch (...) {
        thrown = "a non-standard exception";
    }
    if (!thrown.empty())
        block->fail(FaultKind::Exception, "kernel " + std::string(block->info_.kernel) +
                                              " threw " + thrown + " in " +
                                              describe(block->current().id));
    block->thread_exited();
    return block->next_after_exit();
}

// The same decision the scheduler loop would take next (its pick), without
// the round trip through it: a barrier-free block's threads run one after
// another, each switching straight to the next.
Fiber* Block::next_after_exit() {
    if (!Fiber::direct_switching || !observers_.empty() || fault_) return nullptr;
    const std::int64_t next = pick_next();
    if (next < 0) return nullptr;
    SimThread& to = threads_[std::size_t(next)];
    make_running(to);
    if constexpr (!Fiber::starts_in_place) with_stack(to);
    return &to.fiber;  // where fibers start in place, one that never ran starts on this one's stack
}

std::int64_t Block::lowest_ready() const {
    for (std::size_t i = 0; i < threads_.size(); ++i)
        if (threads_[i].state == ThreadState::Ready) return std::int64_t(i);
    return -1;
}

// The watchdog ends the process after its sample: the held thread sleeps
// on its own stack, its frames there for the sample to read.
void Block::hold_if_lowest() {
    if (running_->state != ThreadState::Ready || lowest_ready() != std::int64_t(running_->id.linear)) return;
    for (;;) pause();
}

// Why the thread came back to the scheduler, read from the state it left.
void Block::report_stop(const SimThread& t) const {
    ThreadStopEvent e{t.id, StopReason::Preempted, t.wait_pc};
    if (t.state == ThreadState::Exited) {
        e.why = StopReason::Exited;
        e.pc = nullptr;
    } else if (t.state == ThreadState::Abandoned) {
        e.why = StopReason::Faulted;
        e.pc = nullptr;
    } else if (t.state == ThreadState::Waiting) {
        e.why = t.wait == WaitKind::Barrier || t.wait == WaitKind::SplitPhase ? StopReason::Barrier
                : t.wait == WaitKind::WarpCollective ? StopReason::WarpCollective
                : t.wait == WaitKind::Spin           ? StopReason::Preempted
                                                     : StopReason::Convergence;
    }
    for (Checker* c : observers_) c->on_thread_stop(e);
}

// A stack without a guard page (StackConfig) shows an overflow only by its
// canary, checked whenever its thread stops running: before any other
// thread runs on memory the overflow may have reached.
void Block::check_unguarded_stack(bool stopping) {
    SimThread& t = *running_;
    if (t.state == ThreadState::Abandoned || t.fiber.stack().canary_intact()) return;
    const Stack& stack = t.fiber.stack();
    const std::string at = stopping ? describe(t.wait_pc) : std::string("its exit");
    const std::size_t bytes = std::size_t(stack.top() - stack.guard_end());
    Fault fault{FaultKind::StackOverflow,
                stack_overflow_message("in kernel " + std::string(info_.kernel) + " by " + describe(t.id),
                                       at + " (found there, after the overflow: this launch keeps more threads alive "
                                            "than the system has guard pages for, vm.max_map_count)",
                                       bytes)};
    fault.cause = FaultCause::StackExhausted;
    fault.size = std::uint32_t(bytes);
    fail(std::move(fault));
}

void Block::note_carried_division(const SimThread& t) {
    const void* line = static_cast<const char*>(t.division_pc) + 1;  // as the fault handler looks it up
    Fault fault{FaultKind::ArithmeticTrap,
                "integer division by zero (or of the most negative value by -1) in kernel " + std::string(info_.kernel) +
                    " by " + describe(t.id) + " at " + describe(line) +
                    (t.divisions > 1 ? " (" + std::to_string(t.divisions) + " times)" : std::string()) +
                    ": a GPU does not trap there and the result is unspecified (simt gives what an H100 gives for "
                    "32-bit values: all ones for x / 0, 0 for 0 / 0, x for x % 0); the launch went on with that value, as on a GPU. Check the divisor before "
                    "dividing, or ignore the result where it is 0"};
    fault.pc = locate(line).file.empty() ? nullptr : line;
    fault.in_thread = true;
    fault.who = t.id;
    carried_faults_.push_back(std::move(fault));
}

void Block::thread_exited() {
    check_stack_canary(false);
    SimThread& t = *running_;
    if (t.divisions != 0) note_carried_division(t);
    worker_.note_progress();
    for (Checker* c : thread_observers_) c->on_thread_exit(t.id);
    t.state = ThreadState::Exited;
    WarpState& w = warps_[t.id.warp];
    --w.ready;
    w.exited |= lane_bit(t);
    policy_.make_waiting(t.id.linear);
    --live_;
    // Lanes waiting in a collective whose mask names this lane: CUDA asks
    // only the non-exited lanes of a mask to arrive, so it is left out.
    for (std::size_t i = 0; i < w.pending.size();) {
        WarpRendezvous& r = w.pending[i];
        r.expected &= ~lane_bit(t);
        if ((r.arrived & r.expected) == r.expected)
            complete_warp_collective(t.id.warp, i);  // erases entry i
        else
            ++i;
    }
    if (barrier_arrived_ != 0 && barrier_arrived_ == live_) release_barrier(last_barrier_pc_, nullptr);
    if (w.ready == 0 && w.converging != 0) resolve_convergence(t.id.warp);
}

// Out of line: an event built on the stack would give every barrier a frame.
void Block::tell_barrier_arrival(const void* pc) const {
    for (Checker* c : thread_observers_) c->on_barrier_arrive(BarrierEvent{running_->id, pc});
}

std::uint32_t Block::barrier(const void* pc, bool predicate) {
    SimThread& t = *running_;
    if (!thread_observers_.empty()) [[unlikely]]
        tell_barrier_arrival(pc);
    if (barrier_arrived_ == 0) {
        barrier_first_ = &t;
        barrier_sites_differ_ = false;
    } else if (pc != last_barrier_pc_) {
        barrier_sites_differ_ = true;
    }
    t.value = barrier_arrived_++;  // its place among the arrivals, until the release gives the count
    barrier_true_ += predicate ? 1 : 0;
    last_barrier_pc_ = pc;
    if (barrier_arrived_ == live_) {
        t.value = release_barrier(pc, &t);
        return std::uint32_t(t.value);
    }
    wait(WaitKind::Barrier, pc);
    return std::uint32_t(running_->value);  // the thread resumed here (`t` no longer kept across the switch)
}

std::uint32_t Block::release_barrier(const void* pc, const SimThread* last) {
    ++barrier_epoch_;
    BarrierReleaseEvent event{block_index_, barrier_arrived_, pc, barrier_first_->id, {}};
    if (barrier_sites_differ_) event.arrivals = barrier_arrivals(last, pc);
    const std::uint32_t count = barrier_true_;
    barrier_arrived_ = 0;
    barrier_true_ = 0;
    policy_.with_policy([&](auto& policy) {  // the mode's policy chosen once, not per waiter
        for (SimThread& t : threads_) {
            if (t.state == ThreadState::Waiting && t.wait == WaitKind::Barrier) {
                t.value = count;
                set_ready(t, policy);
            }
        }
    });
    worker_.note_progress();
    for (Checker* c : checkers_) c->on_barrier_release(event);
    return count;
}

// Every arrival at the barrier being released, in order: the waiting
// threads (each holds its place in `value`) and `last`, if it arrived.
std::vector<BarrierEvent> Block::barrier_arrivals(const SimThread* last, const void* pc) const {
    std::vector<std::pair<std::uint64_t, BarrierEvent>> placed;
    for (const SimThread& t : threads_)
        if (t.state == ThreadState::Waiting && t.wait == WaitKind::Barrier)
            placed.emplace_back(t.value, BarrierEvent{t.id, t.wait_pc});
    if (last != nullptr) placed.emplace_back(last->value, BarrierEvent{last->id, pc});
    std::sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<BarrierEvent> arrivals;
    for (const auto& p : placed) arrivals.push_back(p.second);
    return arrivals;
}

std::uint64_t Block::warp_collective(WarpCombine combine, std::uint64_t mask, std::uint64_t value,
                                     std::uint32_t arg, const void* pc, std::uint64_t* participants) {
    SimThread& t = *running_;
    const std::uint64_t bit = lane_bit(t);
    WarpState& w = warps_[t.id.warp];
    // The mask names the lanes to wait for; exited ones are not waited for.
    const std::uint64_t named = (mask | bit) & w.present & ~w.exited;
    if ((mask & bit) == 0)
        misuse(WarpMisuseEvent{t.id, WarpMisuse::CallerNotInMask, mask, pc, nullptr, t.id.lane});
    // Lanes meet those that pass the same mask (PTX: "with the same
    // membermask"): a half-warp collective and a full-warp one are two
    // meetings even while both are pending. Meetings whose masks differ but
    // overlap can never complete; that is found when the block stalls.
    // Bits past the warp's lanes do not count: __syncwarp()'s ~0ull and
    // 0xffffffff name the same lanes of a 32-lane warp.
    const std::uint64_t key = mask & w.present;
    std::size_t index = 0;
    while (index < w.pending.size() && w.pending[index].mask != key) ++index;
    if (index == w.pending.size()) w.pending.push_back(WarpRendezvous{0, 0, key, combine, pc});
    WarpRendezvous& r = w.pending[index];
    if (r.combine != combine) {
        const unsigned other = unsigned(__builtin_ctzll(r.arrived));
        misuse(WarpMisuseEvent{t.id, WarpMisuse::MixedCollectives, mask, pc, r.pc, other});
        fail(FaultKind::WarpSync, "lanes of one warp meet at different kinds of collective: " +
                                      describe(t.id) + " is at " + describe(pc) +
                                      " while lane " + std::to_string(other) +
                                      ", named in its mask, waits at " + describe(r.pc));
    }
    r.expected |= named;
    for (Checker* c : thread_observers_) c->on_warp_collective(WarpCollectiveEvent{t.id, mask, pc});
    t.value = value;
    t.arg = arg;
    t.mask = mask | bit;
    t.wait_pc = pc;
    r.arrived |= bit;
    if ((r.arrived & r.expected) == r.expected)
        complete_warp_collective(t.id.warp, index);
    else
        wait(WaitKind::WarpCollective, pc);
    if (participants != nullptr) *participants = t.participants;
    return t.value;
}

// Every live thread waits. Lanes at warp collectives whose masks differ but
// name each other wait for one another at meetings that can never complete:
// report that (it is the cause) rather than only the deadlock.
bool Block::mismatched_collectives() {
    for (std::uint32_t warp = 0; warp < warps_.size(); ++warp) {
        const WarpState& w = warps_[warp];
        for (const WarpRendezvous& r : w.pending) {
            const std::uint64_t missing = r.expected & ~r.arrived;
            for (const WarpRendezvous& other : w.pending) {
                if (&other == &r || (other.arrived & missing) == 0) continue;
                const unsigned lane = unsigned(__builtin_ctzll(other.arrived & missing));
                const SimThread& who = threads_[warp * options_.warp_size + unsigned(__builtin_ctzll(r.arrived))];
                const bool same_kind = other.combine == r.combine;
                misuse(WarpMisuseEvent{who.id, same_kind ? WarpMisuse::DifferentMasks : WarpMisuse::MixedCollectives,
                                       r.mask, r.pc, other.pc, lane});
                record_fault(FaultKind::WarpSync,
                             std::string("lanes of one warp wait for each other at collectives that can never "
                                         "complete: ") +
                                 describe(who.id) + " waits at " + describe(r.pc) + " with mask " + hex(r.mask) +
                                 " for lane " + std::to_string(lane) + ", which waits at " + describe(other.pc) +
                                 " with mask " + hex(other.mask) +
                                 (same_kind ? "" : ", a different kind of collective"));
                return true;
            }
        }
    }
    return false;
}

void Block::misuse(const WarpMisuseEvent& event) {
    for (Checker* c : checkers_) c->on_warp_misuse(event);
}

void Block::complete_warp_collective(std::uint32_t warp, std::size_t index) {
    WarpState& w = warps_[warp];
    const WarpRendezvous r = w.pending[index];
    w.pending.erase(w.pending.begin() + std::ptrdiff_t(index));
    WarpExchange exchange;
    exchange.participants = r.arrived;
    exchange.warp_size = options_.warp_size;
    const std::uint32_t first = warp * options_.warp_size;
    for (std::uint64_t lanes = r.arrived; lanes != 0; lanes &= lanes - 1) {
        const unsigned lane = unsigned(__builtin_ctzll(lanes));
        exchange.value[lane] = threads_[first + lane].value;
        exchange.arg[lane] = threads_[first + lane].arg;
        exchange.mask[lane] = threads_[first + lane].mask;
    }
    // Call sites only where a rule reads them (lockstep): not on every
    // collective of its mode.
    const void* sites[64];
    if (info_.lockstep)
        for (std::uint64_t lanes = r.arrived; lanes != 0; lanes &= lanes - 1) {
            const unsigned lane = unsigned(__builtin_ctzll(lanes));
            sites[lane] = threads_[first + lane].wait_pc;
        }
    const std::uint64_t mask = r.arrived != 0 ? threads_[first + unsigned(__builtin_ctzll(r.arrived))].mask : 0;
    const WarpSyncEvent sync{block_index_, warp, r.arrived, r.pc, mask, info_.lockstep ? sites : nullptr};
    worker_.note_progress();
    for (Checker* c : checkers_) c->on_warp_sync(sync);
    for (std::uint64_t lanes = r.arrived; lanes != 0; lanes &= lanes - 1) {
        const unsigned lane = unsigned(__builtin_ctzll(lanes));
        SimThread& t = threads_[first + lane];
        t.value = r.combine(exchange, lane);
        t.participants = r.arrived;
        ++t.collectives;
        if (t.state == ThreadState::Waiting) set_ready(t);
    }
}

std::uint64_t Block::converged_lanes(const void* pc, std::uint64_t place, std::uint64_t order) {
    SimThread& t = *running_;
    WarpState& w = warps_[t.id.warp];
    ++w.converging;
    t.place = place;
    t.place_order = order;
    if (w.ready == 1) {
        // Every other lane is blocked or gone: resolve now, without a switch
        // unless lanes at an earlier place go first.
        t.wait = WaitKind::Convergence;
        t.wait_pc = pc;
        t.state = ThreadState::Waiting;
        --w.ready;
        policy_.make_waiting(t.id.linear);
        resolve_convergence(t.id.warp);
        if (t.state == ThreadState::Waiting) suspend_running();
        return t.value;
    }
    wait(WaitKind::Convergence, pc);
    return t.value;
}

std::uint64_t Block::call_path(const void* frame) const {
    // Kernel code keeps frame pointers (-fno-omit-frame-pointer): each frame
    // holds the caller's frame and the return address. Frames only grow
    // towards entry_frame, so a broken chain ends the walk, never loops.
    std::uint64_t h = 0xcbf29ce484222325ull;
    const auto* fp = static_cast<void* const*>(frame);
    const void* end = running_->entry_frame;
    for (unsigned depth = 0; fp != nullptr && fp < end && depth < 64; ++depth) {
        h = (h ^ std::uint64_t(reinterpret_cast<std::uintptr_t>(fp[1]))) * 0x100000001b3ull;
        const auto* next = static_cast<void* const*>(fp[0]);
        if (next <= fp) break;
        fp = next;
    }
    return h;
}

// Lanes waiting at one place (call site and the calls that led there) are
// converged; lanes at other places took other paths, as on a GPU. Of several
// places, only the lanes at the earliest in the source go on: the others
// wait for them, as a warp's lanes past a join wait there for the lanes
// still inside a branch (a lane inside may yet reach their place).
bool Block::resolve_convergence(std::uint32_t warp) {
    WarpState& w = warps_[warp];
    const std::uint32_t first = warp * options_.warp_size;
    const SimThread* earliest = nullptr;
    for (std::uint64_t lanes = w.present; lanes != 0; lanes &= lanes - 1) {
        const SimThread& t = threads_[first + unsigned(__builtin_ctzll(lanes))];
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Convergence) continue;
        if (earliest == nullptr || std::tie(t.place_order, t.wait_pc) < std::tie(earliest->place_order, earliest->wait_pc))
            earliest = &t;
    }
    if (earliest == nullptr) {
        w.converging = 0;
        return false;
    }
    const std::uint64_t place = earliest->place;
    const void* pc = earliest->wait_pc;
    std::uint64_t group = 0;
    for (std::uint64_t lanes = w.present; lanes != 0; lanes &= lanes - 1) {
        const SimThread& t = threads_[first + unsigned(__builtin_ctzll(lanes))];
        if (t.state == ThreadState::Waiting && t.wait == WaitKind::Convergence && t.place == place) group |= lane_bit(t);
    }
    for (Checker* c : observers_) c->on_convergence(ConvergenceEvent{block_index_, warp, group, pc});
    for (std::uint64_t lanes = group; lanes != 0; lanes &= lanes - 1) {
        SimThread& t = threads_[first + unsigned(__builtin_ctzll(lanes))];
        t.value = group;
        set_ready(t);
    }
    std::uint32_t still = 0;
    for (std::uint64_t lanes = w.present & ~group; lanes != 0; lanes &= lanes - 1) {
        const SimThread& t = threads_[first + unsigned(__builtin_ctzll(lanes))];
        still += t.state == ThreadState::Waiting && t.wait == WaitKind::Convergence;
    }
    w.converging = still;
    return true;
}

void Block::print(const char* text, std::size_t length) {
    SimThread& t = *running_;
    // The count restarts at each barrier interval and collective.
    if (t.lines_epoch != barrier_epoch_ || t.lines_collectives != t.collectives) {
        t.lines_epoch = barrier_epoch_;
        t.lines_collectives = t.collectives;
        t.lines_printed = 0;
    }
    printed_.push_back(PrintedLine{barrier_epoch_, t.id.warp, t.collectives, t.lines_printed++, t.id.lane,
                                   std::string(text, length)});
    printed_bytes_ += length;
    if (printed_bytes_ > 2 * launch_.printf_buffer) keep_newest_lines(launch_.printf_buffer);
}

void Block::keep_newest_lines(std::size_t keep) {
    std::stable_sort(printed_.begin(), printed_.end(), [](const PrintedLine& a, const PrintedLine& b) {
        return std::tie(a.barrier_epoch, a.warp, a.collectives, a.ordinal, a.lane) <
               std::tie(b.barrier_epoch, b.warp, b.collectives, b.ordinal, b.lane);
    });
    std::size_t first = 0;
    while (first < printed_.size() && printed_bytes_ > keep) {
        printed_bytes_ -= printed_[first++].text.size();
        ++dropped_lines_;
    }
    printed_.erase(printed_.begin(), printed_.begin() + std::ptrdiff_t(first));
}

std::string Block::output(std::uint64_t& dropped) {
    keep_newest_lines(launch_.printf_buffer);
    std::string out;
    out.reserve(printed_bytes_);
    for (const PrintedLine& l : printed_) out += l.text;
    dropped = dropped_lines_;
    return out;
}

void Block::record_fault(FaultKind kind, std::string message, const void* pc) {
    Fault fault{kind, std::move(message)};
    fault.pc = pc;
    record_fault(std::move(fault));
}

void Block::record_fault(Fault fault) {
    if (fault_) return;
    fault_ = std::move(fault);
    fault_.freed_memory = freed_access_;
    fault_.space = fault_space_;
    if (running_ != nullptr) {
        fault_.in_thread = true;
        fault_.who = running_->id;
    }
}

void Block::fail(FaultKind kind, std::string message, const void* pc) {
    Fault fault{kind, std::move(message)};
    fault.pc = pc;
    fail(std::move(fault));
}

void Block::fail(Fault fault) {
    // A failed assert stops its thread only (failed_asserts); once one has,
    // any other fault of the block is not reported: a GPU's trap would
    // have ended the launch before it.
    if (fault.kind == FaultKind::Assert && !fault_ && running_ != nullptr) {
        fault.in_thread = true;
        fault.who = running_->id;
        failed_asserts_.push_back(std::move(fault));
    } else if (failed_asserts_.empty()) {
        record_fault(std::move(fault));
    }
    abandon_running();
}

void Block::refuse(FaultKind kind, std::string message, const void* pc, FaultCause cause, std::uint32_t size) {
    Fault fault{kind, std::move(message)};
    fault.pc = pc;
    fault.cause = cause;
    fault.size = size;
    fault.access_refused = true;
    fail(std::move(fault));
}

void Block::refuse_access(AccessKind access, std::uint32_t access_size, FaultKind kind, std::string message,
                          const void* pc, FaultCause cause, std::uint32_t size) {
    Fault fault{kind, std::move(message)};
    fault.pc = pc;
    fault.cause = cause;
    fault.size = size;
    fault.access_refused = true;
    fault.access = access;
    fault.access_size = access_size;
    fail(std::move(fault));
}

void Block::stop_void_attempt() {
    fail(FaultKind::Exception, "the launch's side-by-side attempt is void: block stopped, to run again in block order");
}

void Block::abandon_running() {
    SimThread& t = *running_;
    if (t.state == ThreadState::Ready) {
        --warps_[t.id.warp].ready;
        policy_.make_waiting(t.id.linear);
    }
    t.state = ThreadState::Abandoned;
    suspend_running();
    std::abort();  // an abandoned fiber is never resumed
}

void Block::check_bounds_fully(MemorySpace space, std::uintptr_t a, std::uint32_t size, AccessKind kind,
                               const void* pc, bool natural) {
    const char* what = kind == AccessKind::Read ? "read" : kind == AccessKind::Write ? "write" : "atomic";
    // Formatted only on a fault: this runs on every access.
    auto text = [a] {
        char hex[32];
        std::snprintf(hex, sizeof hex, "%#llx", static_cast<unsigned long long>(a));
        return std::string(hex);
    };
    if (natural && (a & (size - 1)) != 0) {
        std::string where;
        if (space == MemorySpace::Shared) {
            where = "byte offset " + std::to_string(worker_.shared_offset(a)) + " of the block's shared memory";
        } else if (const std::optional<Allocation> hit = memory_.find(a)) {
            where = "byte offset " + std::to_string(a - hit->base) + " of allocation #" + std::to_string(hit->serial);
        } else {
            where = "a __device__ variable";
        }
        fault_space_ = space;
        refuse_access(kind, size, FaultKind::MisalignedAddress,
               std::string("misaligned ") + (space == MemorySpace::Shared ? "shared " : "global ") + what +
                   " of size " + std::to_string(size) + " in kernel " + info_.kernel + " by " +
                   describe(running_->id) + " at " + describe(pc) + ": address " + text() + " (" + where +
                   ") is not a multiple of " + std::to_string(size),
               pc, FaultCause::Misaligned, size);
    }
    if (space == MemorySpace::Shared) {
        if (!worker_.in_dynamic_shared(a)) {
            if (layout_ == nullptr) return;
            const std::uint32_t offset = worker_.shared_offset(a);
            const SharedVariable* v = layout_->overrun(offset, size);
            if (v == nullptr) return;
            const std::string head = std::string("out-of-bounds shared ") + what + " of size " + std::to_string(size) +
                                     " in kernel " + info_.kernel + " by " + describe(running_->id) + " at " +
                                     describe(pc) + ": ";
            fault_space_ = MemorySpace::Shared;
            if (StaticSharedLayout::is_outside(v))
                refuse_access(kind, size, FaultKind::IllegalAddress, head + "byte offset " + std::to_string(offset) +
                                                      " of the static shared window lies before every __shared__ "
                                                      "variable", pc);
            const std::uint32_t past = offset + size - (v->offset + v->size);
            refuse_access(kind, size, FaultKind::IllegalAddress,
                   head + "byte offset " + std::to_string(offset - v->offset) + " of __shared__ " + v->name + " (" +
                       std::to_string(v->size) + " bytes): it ends " + std::to_string(past) + " bytes past the " +
                       (v->size > size ? "array" : "variable"), pc);
        }
        const std::uintptr_t offset = a - std::uintptr_t(worker_.dynamic_shared());
        if (offset + size <= launch_.dynamic_shared) return;
        fault_space_ = MemorySpace::Shared;
        refuse_access(kind, size, FaultKind::IllegalAddress,
               std::string("out-of-bounds shared ") + what + " of size " + std::to_string(size) + " in kernel " +
                   info_.kernel + " by " + describe(running_->id) + " at " + describe(pc) + ": byte offset " +
                   std::to_string(offset) + " of extern __shared__ memory, but the launch gave " +
                   std::to_string(launch_.dynamic_shared) + " bytes",
               pc, FaultCause::DynamicSharedOverrun);
    }
    if (!memory_.contains(a) && GlobalMemory::any_registered()) {
        if (const std::optional<Allocation> range = memory_.find_registered(a, kRegisteredSlack)) {
            if (a >= range->base && a + size <= range->base + range->size) {
                const unsigned slot = known_slot(a);
                known_[slot] = KnownAllocation{range->base, range->size & ~std::size_t(15), range->base + range->size,
                                               range->serial, range->kind};
                last_known_ = slot;
                return;
            }
            fault_space_ = MemorySpace::Global;
            refuse_access(kind, size, FaultKind::IllegalAddress,
                          std::string("invalid global ") + what + " of size " + std::to_string(size) + " in kernel " +
                              info_.kernel + " by " + describe(running_->id) + " at " + describe(pc) + ": address " +
                              text() + " " + GlobalMemory::explain_registered(*range, a, size),
                          pc);
        }
    }
    if (!memory_.contains(a)) {  // __device__ variables: their own section
        last_known_ = kNoAllocation;
        const DeviceVariable* v =
            device_variables_ == nullptr || device_variables_->empty() ? nullptr : device_variables_->overrun(a, size);
        if (v == nullptr) return;
        const std::string head = std::string("out-of-bounds global ") + what + " of size " + std::to_string(size) +
                                 " in kernel " + info_.kernel + " by " + describe(running_->id) + " at " +
                                 describe(pc) + ": ";
        if (const DeviceVariable* next = device_variables_->just_before(a, size)) {
            const std::string before = std::to_string(next->address - a);
            refuse_access(kind, size, FaultKind::IllegalAddress, head + "byte offset -" + before + " of __device__ " + next->name +
                                                  " (" + std::to_string(next->size) + " bytes): it starts " + before +
                                                  " bytes before the " + (next->size > size ? "array" : "variable"),
                   nullptr);
        }
        if (DeviceVariableLayout::is_outside(v))
            refuse_access(kind, size, FaultKind::IllegalAddress, head + "address " + text() + " lies before every __device__ variable",
                   nullptr);
        const std::uint64_t past = a + size - (v->address + v->size);
        refuse_access(kind, size, FaultKind::IllegalAddress,
               head + "byte offset " + std::to_string(a - v->address) + " of __device__ " + v->name + " (" +
                   std::to_string(v->size) + " bytes): it ends " + std::to_string(past) + " bytes past the " +
                   (v->size > size ? "array" : "variable"),
               nullptr);
    }
    // The allocations hit last were tried inline (check_bounds): look it up.
    const std::optional<Allocation> hit = memory_.find(a);
    if (hit && a + size <= hit->base + hit->size) {
        const unsigned slot = known_slot(a);
        known_[slot] = KnownAllocation{hit->base, hit->size & ~std::size_t(15), hit->base + hit->size, hit->serial,
                                       hit->kind};
        last_known_ = slot;
        return;
    }
    if (memory_.in_freed(a)) freed_access_ = true;  // read by record_fault
    refuse_access(kind, size, FaultKind::IllegalAddress,
           std::string("invalid global ") + what + " of size " + std::to_string(size) + " in kernel " +
               info_.kernel + " by " + describe(running_->id) + " at " + describe(pc) + ": address " + text() +
               " " + memory_.explain(a, size),
           pc);
}

bool Block::near_registered_range(std::uintptr_t a) const {
    return !on_running_stack(a) && memory_.find_registered(a, kRegisteredSlack);
}

void Block::refuse_host_store(std::uintptr_t a, std::uint32_t size, const void* pc) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "%#llx", static_cast<unsigned long long>(a));
    refuse_access(AccessKind::Write, size, FaultKind::IllegalAddress,
           "invalid write of size " + std::to_string(size) + " in kernel " + info_.kernel + " by " +
               describe(running_->id) + " at " + describe(pc) + ": address " + hex +
               " is on the stack of the host thread that launched the kernel (a host array passed to the kernel?)",
           pc, FaultCause::HostStackStore);
}

void Block::refuse_constant_store(std::uintptr_t a, std::uint32_t size, const void* pc) {
    // The variable's name where the symbol table gives it (not always).
    const std::string variable = function_name(reinterpret_cast<const void*>(a));
    refuse_access(AccessKind::Write, size, FaultKind::ConstantStore,
           "write of size " + std::to_string(size) + " to constant memory" +
               (variable.empty() ? std::string() : " (" + variable + ")") + " in kernel " + info_.kernel + " by " +
               describe(running_->id) + " at " + describe(pc),
           pc, FaultCause::ConstantStore);
}

void Block::check_near_shared(std::uintptr_t a, std::uint32_t size, AccessKind kind, const void* pc) {
    if (on_running_stack(a)) return;
    const std::uintptr_t lo = worker_.static_shared_lo();
    const std::uintptr_t hi = lo + Worker::static_shared_bytes();
    std::string where = std::to_string(a - hi) + " bytes past the end of the static shared window";
    if (layout_ != nullptr && !layout_->variables().empty()) {
        const SharedVariable& last = layout_->variables().back();
        where += " (" + std::to_string(a - (lo + last.offset + last.size)) + " bytes past __shared__ " + last.name + ")";
    }
    refuse_outside_shared(where, size, kind, pc);
}

void Block::check_below_shared(std::uintptr_t a, std::uint32_t size, AccessKind kind, const void* pc) {
    if (on_running_stack(a) || on_host_stack(a)) return;
    const std::uintptr_t lo = worker_.static_shared_lo();
    const auto dynamic = reinterpret_cast<std::uintptr_t>(worker_.dynamic_shared());
    std::string where;
    if (dynamic - 1 - a < Worker::kNearShared) {
        where = std::to_string(dynamic - a) + " bytes before the start of extern __shared__ memory";
    } else {
        where = std::to_string(lo - a) + " bytes before the start of the static shared window";
        if (layout_ != nullptr && !layout_->variables().empty()) {
            const SharedVariable& first = layout_->variables().front();
            where += " (" + std::to_string(lo + first.offset - a) + " bytes before __shared__ " + first.name + ")";
        }
        where += ", in thread-local memory that is not the kernel's";
    }
    refuse_outside_shared(where + " (a negative index into a __shared__ array?)", size, kind, pc);
}

void Block::refuse_outside_shared(const std::string& where, std::uint32_t size, AccessKind kind, const void* pc) {
    const char* what = kind == AccessKind::Read ? "read" : kind == AccessKind::Write ? "write" : "atomic";
    fault_space_ = MemorySpace::Shared;
    refuse_access(kind, size, FaultKind::IllegalAddress, std::string("out-of-bounds shared ") + what + " of size " + std::to_string(size) +
                                          " in kernel " + info_.kernel + " by " + describe(running_->id) + " at " +
                                          describe(pc) + ": the address lies " + where,
           pc);
}

namespace {

const char* wait_name(WaitKind kind) {
    switch (kind) {
        case WaitKind::Barrier: return "a block barrier";
        case WaitKind::WarpCollective: return "a warp collective";
        case WaitKind::Convergence: return "a convergence point";
        case WaitKind::Spin: return "a spin-wait (it polls memory that no thread able to run writes)";
        case WaitKind::SplitPhase: return "a split-phase barrier's wait (its phase still expects arrivals)";
        case WaitKind::None: break;
    }
    return "nothing";
}

// "threads 0-31, 64" as linear indices, plus the first thread's coordinates.
std::string list_threads(const std::vector<std::uint32_t>& ids) {
    std::ostringstream s;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
        if (i != 0) s << ", ";
        s << ids[i];
        if (j > i) s << "-" << ids[j];
        i = j + 1;
    }
    return s.str();
}

}  // namespace

Fault Block::deadlock_fault() const {
    // Group waiting threads by what and where they wait, in a stable order.
    std::map<std::pair<int, std::string>, std::vector<std::uint32_t>> groups;
    std::vector<std::uint32_t> exited;
    for (const SimThread& t : threads_) {
        if (t.state == ThreadState::Waiting)
            groups[{int(t.wait), describe(t.wait_pc)}].push_back(t.id.linear);
        else if (t.state == ThreadState::Exited)
            exited.push_back(t.id.linear);
    }
    std::ostringstream s;
    const Dim3& b = block_index_;
    s << "deadlock in kernel " << info_.kernel << ", block (" << b.x << "," << b.y << "," << b.z
      << "): all " << live_ << " live threads wait and none can proceed";
    for (const auto& [key, ids] : groups) {
        s << "\n  " << ids.size() << (ids.size() == 1 ? " thread waits" : " threads wait")
          << " at " << wait_name(WaitKind(key.first)) << " at " << key.second << ": threads "
          << list_threads(ids);
    }
    if (!exited.empty())
        s << "\n  " << exited.size() << " threads have exited: threads " << list_threads(exited);
    s << split_barrier_waits();  // the front end adds how thread numbers are counted
    Fault fault{FaultKind::Deadlock, s.str()};
    // The first waiting thread stands for the report's place.
    for (const SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting) continue;
        fault.in_thread = true;
        fault.who = t.id;
        fault.pc = t.wait_pc;
        break;
    }
    return fault;
}

}  // namespace simt
