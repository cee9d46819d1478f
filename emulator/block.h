// One thread block running on one OS thread: its simulated threads (fibers),
// the block barrier, warp rendezvous and deadlock detection. Which ready
// thread runs next is the SchedulePolicy's choice.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "emulator/checker.h"
#include "emulator/fault.h"
#include "emulator/fiber.h"
#include "emulator/global_memory.h"
#include "emulator/launch.h"
#include "emulator/launch_footprint.h"
#include "emulator/launch_turns.h"
#include "emulator/options.h"
#include "emulator/schedule_policy.h"
#include "emulator/device_variable_layout.h"
#include "emulator/static_shared_layout.h"
#include "emulator/worker.h"
#include "primitives/include/simt/running_coordinates.h"

namespace simt {

// The built-ins' thread-local (simt/running_coordinates.h): a block writes
// its own coordinates when it runs on an OS thread, each thread's before the
// thread runs, and the values outside a kernel when it stops.
inline void set_running_coordinates(std::uint32_t (&to)[3], const Dim3& from) {
    to[0] = from.x;
    to[1] = from.y;
    to[2] = from.z;
}

// Why Block::run returned.
enum class RunEnd : std::uint8_t {
    Done,     // every thread exited, or the block faulted (fault())
    Stalled,  // only spinners on global memory and threads waiting for them remain
};

enum class ThreadState : std::uint8_t {
    Ready,      // may be picked to run
    Waiting,    // blocked at a barrier, collective or convergence point
    Exited,     // returned from the kernel
    Abandoned,  // faulted; its fiber is never resumed nor unwound
};

// Spin: the thread polled the same one or two addresses many times without
// storing anything (a spin-wait); it sleeps until someone writes what it
// polls (see spin_waits.cpp). SplitPhase: it waits for a phase of a
// split-phase barrier to complete (see split_barriers.cpp).
enum class WaitKind : std::uint8_t { None, Barrier, WarpCollective, Convergence, Spin, SplitPhase };

// Aligned to a cache line, with what a switch to the thread and its return
// from a barrier read in the first one (id, state, value, the fiber's
// context and state): threads run in a random order, so each line of a
// thread touched at a switch is a cache miss.
struct alignas(64) SimThread {
    ThreadId id;
    ThreadState state = ThreadState::Ready;
    WaitKind wait = WaitKind::None;
    std::uint64_t value = 0;  // collective contribution in, result out
    Fiber fiber;
    const void* wait_pc = nullptr;  // where it waits, or where it was last preempted
    std::uint32_t arg = 0;
    std::uint64_t mask = 0;
    std::uint64_t participants = 0;  // lanes that took part in its last collective
    std::uint64_t place = 0;  // where it waits to converge: call site and call path
    std::uint64_t place_order = 0;  // the place's position in the source, line then column
    const void* entry_frame = nullptr;  // the frame that called the kernel
    const void* fault_frame = nullptr;  // its frame pointer when a signal stopped it
    std::uint32_t collectives = 0;      // warp collectives it took part in (printf order)
    std::uint32_t lines_printed = 0;  // since lines_epoch / lines_collectives
    std::uint32_t lines_epoch = 0;
    std::uint32_t lines_collectives = 0;
    // Spin-wait detection: loads (and atomics that changed nothing) since the
    // thread last stored, the addresses they touched once watched, and how
    // many more it must make before it counts as spinning.
    std::uint32_t loads_in_a_row = 0;
    std::uint32_t spin_budget = 0;  // 0: the first budget
    std::uintptr_t polled[2] = {0, 0};
    std::uint64_t polled_value[2] = {0, 0};  // what they held when the block stalled
    // Atomics in a row that changed nothing and read one value of one word
    // (a held lock's failed compare-and-swap loop), and where the last was.
    std::uint32_t atomic_polls = 0;
    std::uintptr_t atomic_polled = 0;
    std::uint64_t atomic_seen = 0;
    const void* atomic_poll_pc = nullptr;
    // WaitKind::SplitPhase: the barrier (its address) and the phase awaited.
    std::uintptr_t awaited_barrier = 0;
    std::uint64_t awaited_phase = 0;
    // Integer divisions that trapped and were carried past with a GPU's
    // result (integer_division.h), and the first one's instruction.
    std::uint32_t divisions = 0;
    const void* division_pc = nullptr;
};
// Block::Block resets a reused table with memset (tests/test_scheduling.cu
// checks that a fresh thread is zero bits but the ids and the fiber), except
// in the engine's ThreadSanitizer build, whose fibers own a context.
static_assert(SIMT_TSAN || (std::is_trivially_destructible_v<SimThread> && !std::is_polymorphic_v<SimThread>));

// What the lanes of one warp contributed to a collective. Lanes whose masks
// overlap meet in one rendezvous; a lane's result should only depend on the
// lanes of its own mask (participants & mask[lane]).
struct WarpExchange {
    std::uint64_t participants = 0;  // a bit per lane that took part
    unsigned warp_size = 32;
    std::uint64_t value[64] = {};
    std::uint32_t arg[64] = {};
    std::uint64_t mask[64] = {};
};
// Computes one lane's result; the function's identity also names the
// collective, so lanes meeting at different kinds of collective are an error.
using WarpCombine = std::uint64_t (*)(const WarpExchange&, unsigned lane);

// What every block of one launch shares (owned by Engine::launch).
struct LaunchContext {
    const KernelLaunch& launch;
    const LaunchInfo& info;
    const EngineOptions& options;
    const std::vector<Checker*>& checkers;
    const std::vector<Checker*>& access_observers;  // checkers that want on_access
    const std::vector<Checker*>& shared_access_observers;  // those of them that want it for shared memory
    const std::vector<Checker*>& thread_observers;  // checkers that want_thread_events
    const GlobalMemory& memory;
    LaunchTurns& turns;
    const std::vector<Checker*>& schedule_observers;  // checkers that want scheduling events
    const StaticSharedLayout* shared_layout;  // nullptr when the layout is unknown
    const DeviceVariableLayout* device_variables;  // nullptr when unknown
    bool global_in_block_order;        // every global access waits like an atomic
    LaunchFootprint* footprint;        // blocks run side by side under the checkers (else nullptr)
};

class Block {
public:
    Block(const LaunchContext& context, std::uint64_t block_linear, Worker& worker);
    ~Block();
    Block(const Block&) = delete;
    Block& operator=(const Block&) = delete;

    // Runs every thread to completion or until the first fault (Done), or
    // until it can only wait for another block (Stalled: its OS thread calls
    // run() again when it is the block's turn).
    RunEnd run();
    const Fault& fault() const { return fault_; }
    // Every thread that failed a device assert, by thread index (fault() is
    // the first). A failing assert stops its thread, as a trap stops a GPU's
    // warp; the block's other threads run on until they end or wait on a
    // stopped one, so each thread failing its own assert is reported, as a
    // GPU prints each failure near the same point (docs/gpu-validation.md).
    const std::vector<Fault>& failed_asserts() const { return failed_asserts_; }
    // Threads that carried on past a fault a GPU does not trap on (an
    // integer division by zero), each its first such place, as they ended.
    const std::vector<Fault>& carried_faults() const { return carried_faults_; }
    // Device printf: a line printed by the running thread, and all of them
    // once the block is done, in the order described at PrintedLine.
    void print(const char* text, std::size_t length);
    // At most the launch's printf_buffer bytes, whole lines, the newest;
    // `dropped` counts the lines left out.
    std::string output(std::uint64_t& dropped);
    // The launch is deadlocked: a stalled block records why and is done.
    void give_up(bool residency_exhausted);

    // ---- called from inside a simulated thread ----
    SimThread& current() { return *running_; }
    const LaunchInfo& info() const { return info_; }
    const std::vector<Checker*>& checkers() const { return checkers_; }
    const std::vector<Checker*>& access_observers() const { return access_observers_; }
    const std::vector<Checker*>& shared_access_observers() const { return shared_access_observers_; }
    // Block-wide barrier; returns how many threads passed a true predicate.
    std::uint32_t barrier(const void* pc, bool predicate);
    // `participants`, when given, receives the lanes that took part.
    std::uint64_t warp_collective(WarpCombine combine, std::uint64_t mask, std::uint64_t value,
                                  std::uint32_t arg, const void* pc, std::uint64_t* participants = nullptr);
    // The lanes of the caller's warp that reach this same place together:
    // resolved once every other live lane of the warp is blocked. `place`
    // names the call site and the path of calls to it; `order` its position
    // in the source (line << 20 | column): of lanes waiting at several
    // places, those at the earliest go first, as a pre-Volta warp runs a
    // branch's side while the lanes past the join wait there for it.
    std::uint64_t converged_lanes(const void* pc, std::uint64_t place, std::uint64_t order);
    // A hash of the return addresses from `frame` (the caller's frame) up to
    // the kernel's entry: which path of calls the running thread is on.
    std::uint64_t call_path(const void* frame) const;
    // The block's cycle counter, one per block as a GPU has one per
    // multiprocessor: advanced by `cycles` at each reading, so it depends only
    // on the block's own (seeded) schedule, never on other blocks or workers.
    std::uint64_t advance_clock(std::uint64_t cycles) { return clock_ += cycles; }
    // Faults an access outside device memory's live allocations or outside
    // the launch's dynamic shared memory, before it is performed.
    // A `natural` access whose address is not a multiple of its size faults
    // too (cudaErrorMisalignedAddress).
    void check_bounds(MemorySpace space, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                      const void* pc, bool natural) {
        // The common case inline: an aligned access in the allocation last hit.
        if (space == MemorySpace::Global && (!natural || (address & (size - 1)) == 0) && in_known_allocation(address, size))
            return;
        check_bounds_fully(space, address, size, kind, pc, natural);
    }
    // Whether [address, address + size) lies in one of the allocations hit
    // last (then last_known_ names it).
    bool in_known_allocation(std::uintptr_t address, std::uint32_t size) {
        const unsigned slot = known_slot(address);
        if (address >= known_[slot].lo && address + size <= known_[slot].hi) [[likely]] {
            last_known_ = slot;
            return true;
        }
        return in_other_known_allocation(address, size);
    }
    // The first look alone, for an access of N <= 16 bytes aligned to N: one
    // compare (the lean path tries the shared spaces before the other slots).
    template <unsigned N>
    [[gnu::always_inline]] bool in_known_slot(std::uintptr_t address) const {
        static_assert(N <= 16);
        const unsigned slot = known_slot(address);
        return address - known_[slot].lo < known_[slot].aligned_size;
    }
    // Allocations lie a GiB apart while the arena lasts (GlobalMemory), so
    // one GiB-aligned window of addresses holds at most one: its slot is
    // the one to look at first.
    static unsigned known_slot(std::uintptr_t address) { return unsigned(address >> 30) & (kKnownAllocations - 1); }
    // Every slot (a packed arena puts several allocations in one window).
    bool in_other_known_allocation(std::uintptr_t address, std::uint32_t size) {
        for (unsigned i = 0; i < kKnownAllocations; ++i) {
            if (address >= known_[i].lo && address + size <= known_[i].hi) {
                last_known_ = i;
                return true;
            }
        }
        return false;
    }
    // Whether an access to the static shared window misses every guard zone
    // (the common case, checked inline by device::observe).
    // An access next to the static shared window but outside it (an index
    // far past a __shared__ array): a fault unless it is the thread's stack.
    void check_near_shared(std::uintptr_t a, std::uint32_t size, AccessKind kind, const void* pc);
    // An access just before a shared window (Worker::below_shared): refused
    // unless it is on the thread's own stack or the launching host thread's.
    void check_below_shared(std::uintptr_t a, std::uint32_t size, AccessKind kind, const void* pc);
    // The refusal both report, `where` saying where the address lies.
    void refuse_outside_shared(const std::string& where, std::uint32_t size, AccessKind kind, const void* pc);
    // A store outside every device memory space: refused when it is the
    // launching host thread's stack.
    bool on_host_stack(std::uintptr_t a) const { return a - launch_.host_stack_lo < launch_.host_stack_hi - launch_.host_stack_lo; }
    // The running thread's own fiber stack (its locals).
    bool on_running_stack(std::uintptr_t a) const {
        const Stack& s = running_->fiber.stack();
        return a - reinterpret_cast<std::uintptr_t>(s.base) < s.total;
    }
    void refuse_host_store(std::uintptr_t a, std::uint32_t size, const void* pc);
    // Host memory registered for the device (GlobalMemory::register_host) is
    // observed as global memory, and so is an address up to
    // kRegisteredSlack bytes before or past a registered range: an index
    // that ran off it, which a GPU faults on, as memcheck reports an access
    // near an allocation.
    static constexpr std::size_t kRegisteredSlack = 4096;
    bool near_registered_host(std::uintptr_t a) const {
        return GlobalMemory::any_registered() && near_registered_range(a);
    }
    bool near_registered_range(std::uintptr_t a) const;
    // Constant memory is read-only to kernels: an H200 fails the launch.
    void refuse_constant_store(std::uintptr_t a, std::uint32_t size, const void* pc);
    bool inside_shared_variables(std::uint32_t offset, std::uint32_t size) const {
        return layout_ == nullptr || layout_->overrun(offset, size) == nullptr;
    }
    // The same for one access of N <= 16 bytes at an offset in the window.
    template <unsigned N>
    bool inside_shared_variables(std::uint32_t offset) const {
        static_assert(N >= 1 && N <= StaticSharedLayout::kMaxAccess);
        return layout_ == nullptr || layout_->inside(offset, N);
    }
    // Whether bytes [offset, offset + size) of the dynamic shared buffer lie
    // within what the launch gave (its third <<<>>> argument).
    bool inside_dynamic_shared(std::uintptr_t offset, std::uint32_t size) const {
        return offset + size <= launch_.dynamic_shared;
    }
    // The allocation the last checked global access fell in: {serial, base,
    // size}, serial 0 when it was not in a cudaMalloc'd allocation.
    void last_allocation(AccessEvent& event) const {
        if (last_known_ == kNoAllocation) {
            event.allocation = 0;
            event.allocation_base = 0;
            event.allocation_size = 0;
            return;
        }
        const KnownAllocation& k = known_[last_known_];
        event.allocation = k.serial;
        event.allocation_base = k.lo;
        event.allocation_size = k.hi - k.lo;
        event.allocation_kind = k.kind;
    }
    // A plain access where nothing watches accesses and none is a
    // scheduling point (`--check none` in independent mode: no access
    // observer, no block order, no footprint, no switch at accesses): one
    // inside a __shared__ variable, the launch's dynamic shared memory or an
    // allocation hit lately needs only the spin-wait bookkeeping of
    // access_point. True when done; false, with nothing changed, when the
    // access takes the whole path (any other access, or one that starts
    // watching a spin or wakes spinners). A leaf: it calls nothing.
    // lean_running(): the lean block whose thread runs on this OS thread, or
    // nullptr (no simulated thread running, or its block is not lean), so
    // the entry points ask in one thread-local load.
    static Block* lean_running() { return lean_running_; }
    template <unsigned N>
    [[gnu::always_inline]] bool lean_access(std::uintptr_t a, AccessKind kind) {
        if ((a & (N - 1)) != 0) return false;
        const Worker& w = worker_;
        bool global = false;
        if (w.in_static_shared(a)) {
            if (!inside_shared_variables<N>(w.shared_offset(a))) return false;
        } else if (in_known_slot<N>(a)) {
            global = true;
        } else if (w.in_dynamic_shared(a)) {
            if (!inside_dynamic_shared(a - reinterpret_cast<std::uintptr_t>(w.dynamic_shared()), N)) return false;
        } else if (in_other_known_allocation(a, N)) {
            global = true;
        } else {
            return false;
        }
        SimThread& t = *running_;
        if (kind == AccessKind::Read) {
            if (t.loads_in_a_row + 1 >= kSpinWatch) return false;
            ++t.loads_in_a_row;
        } else {
            if (spinners_ != 0) return false;
            t.loads_in_a_row = 0;
            t.spin_budget = 0;
            if (global) left_effects_ = true;
        }
        return true;
    }
    // A scheduling point at a shared/global memory access, before it is
    // performed. An atomic's effect is told afterwards (atomic_performed).
    void access_point(const void* pc, AccessKind kind, std::uintptr_t address) {
        // Spin-waits are found here (spin_waits.cpp): the thread sleeps until
        // a write to what it polls, so a spinning lane cannot hold up the
        // lanes and warps it waits for.
        SimThread& t = *running_;
        if (kind == AccessKind::Read) {
            if (++t.loads_in_a_row >= kSpinWatch) watch_load(address, pc);
        } else if (kind == AccessKind::Write) {
            t.loads_in_a_row = 0;
            t.spin_budget = 0;
        }
        if (policy_.at_access(running_->id.linear, kind != AccessKind::Read, pc)) {
            running_->wait_pc = pc;  // where it was preempted, for scheduling observers
            suspend_running();
        }
        if (kind == AccessKind::Write && spinners_ != 0) {
            running_->wait_pc = pc;  // what the writer is doing, for reports
            wake_spinners(address, *running_);
        }
    }
    // access_point when it calls nothing: no spin watch starts, no thread
    // takes a turn, no spinner wakes. True when done so; false, with nothing
    // changed, when the access needs access_point. Calls nothing, so an
    // entry point's common path needs no frame.
    [[gnu::always_inline]] bool quiet_access_point(AccessKind kind) {
        SimThread& t = *running_;
        if (kind == AccessKind::Read ? t.loads_in_a_row + 1 >= kSpinWatch : spinners_ != 0) return false;
        if (!policy_.quiet_access()) return false;
        if (kind == AccessKind::Read) {
            ++t.loads_in_a_row;
        } else {
            t.loads_in_a_row = 0;
            t.spin_budget = 0;
        }
        return true;
    }
    // An atomic that changed memory is a store; one that did not (a failed
    // compare-and-swap, an atomicAdd of 0) is a load, as far as spinning goes.
    // `seen`: the value it read (a lock held by another lane reads the same).
    void atomic_performed(std::uintptr_t address, bool changed, std::uint64_t seen, const void* pc);
    [[noreturn]] void fail(FaultKind kind, std::string message, const void* pc = nullptr);
    [[noreturn]] void fail(Fault fault);  // the thread, space and freed memory are filled in
    // An access the engine does not perform; `cause`, `size`: what the front
    // end explains (FaultCause).
    [[noreturn]] void refuse(FaultKind kind, std::string message, const void* pc,
                             FaultCause cause = FaultCause::None, std::uint32_t size = 0);
    // The same for an access of `access_size` bytes the engine checked.
    [[noreturn]] void refuse_access(AccessKind access, std::uint32_t access_size, FaultKind kind, std::string message,
                                    const void* pc, FaultCause cause = FaultCause::None, std::uint32_t size = 0);
    // Called before a global atomic (before any global access when a checker
    // needs blocks in order): see LaunchTurns.
    bool global_in_block_order() const { return global_in_block_order_; }
    void order_global_access() {
        if (!has_turn_) await_turn();
    }
    // Blocks side by side under the checkers: tell the footprint (before the
    // access is performed).
    bool in_parallel_attempt() const { return footprint_ != nullptr; }
    // A store to memory that outlives the launch (global or host memory), or
    // an effect nothing can take back: the launch cannot be put off.
    void note_lasting_effect() { left_effects_ = true; }
    bool left_effects() const { return left_effects_; }
    [[gnu::always_inline]] void note_global_access(std::uintptr_t address, std::uint32_t size, AccessKind kind) {
        if (!footprint_->note(worker_.footprint(), address, size, kind, saved_pages_)) stop_void_attempt();
    }
    // Something the footprint cannot see or undo (a surface store, a launch
    // from the device) is about to happen: the attempt is void and the block
    // stops here, before it (its work is thrown away).
    [[noreturn]] void give_up_parallel_attempt() {
        footprint_->give_up();
        stop_void_attempt();
    }
    unsigned warp_size() const { return options_.warp_size; }
    // Tells the checkers of a warp collective used against CUDA's rules.
    void misuse(const WarpMisuseEvent& event);
    // Split-phase barriers (split_barriers.cpp): a barrier in the block's
    // memory, named by its address, expecting `expected` arrivals a phase.
    // A thread arrives (`count` arrivals; `drop`: one fewer expected from the
    // next phase on) and gets the phase it arrived at; waiting for that phase
    // suspends it until the phase completes. Misuse (a barrier set up again
    // while in use, used before set-up, over-arrived, a token from no phase)
    // fails the block.
    void split_barrier_init(std::uintptr_t barrier, std::uint32_t expected, const void* pc);
    std::uint64_t split_barrier_arrive(std::uintptr_t barrier, std::uint32_t count, bool drop, const void* pc);
    void split_barrier_wait(std::uintptr_t barrier, std::uint64_t phase, const void* pc);
    // The phase in progress (the number of phases completed).
    std::uint64_t split_barrier_phase(std::uintptr_t barrier, const void* pc) {
        return split_barrier(barrier, "waited on", pc).phase;
    }

private:
    static Fiber* thread_main(void* self);
    // After a thread exited: the thread to run next, already made the
    // running one, when it can be switched to directly (as suspend_running
    // does), or nullptr to go back to the scheduler loop.
    Fiber* next_after_exit();
    void thread_exited();
    void note_carried_division(const SimThread& t);
    void leave_worker();
    void clear_shared_memory();
    // Straight to the next ready thread when nothing needs the scheduler
    // loop (it reports faults and deadlocks, and tells observers of every
    // switch): the policy is asked exactly what the loop would ask, so the
    // interleaving is the same either way. Inline, as wait(): the fewer
    // frames between kernel code and the switch, the fewer return addresses
    // and stack lines each resumed thread brings back.
    void suspend_running() {
        check_stack_canary(true);
        if (worker_.hold_for_sample.load(std::memory_order_relaxed)) [[unlikely]]
            hold_if_lowest();
        if (Fiber::direct_switching && observers_.empty() && !fault_) {
            const std::int64_t next = pick_next();
            if (next >= 0) {
                SimThread& from = *running_;
                SimThread& to = threads_[std::size_t(next)];
                if (&to == &from) return;  // preempted, and picked again
                make_running(to);
                if (!to.fiber.has_stack()) [[unlikely]]
                    return switch_to_new(from, to);  // a tail call: no frame here for it
                from.fiber.switch_to(to.fiber);
                return;
            }
        }
        running_->fiber.suspend();
    }
    // The policy's choice, unless the watchdog is about to sample this
    // worker (Worker::hold_for_sample): then the lowest-numbered ready
    // thread, which holds still at its next switch (hold_if_lowest).
    std::int64_t pick_next() {
        if (worker_.hold_for_sample.load(std::memory_order_relaxed)) [[unlikely]]
            return lowest_ready();
        return policy_.pick();
    }
    std::int64_t lowest_ready() const;
    void hold_if_lowest();
    // stopping, or exiting
    void check_stack_canary(bool stopping) {
        if (!running_->fiber.stack().guarded) check_unguarded_stack(stopping);
    }
    void check_unguarded_stack(bool stopping);
    // A thread's fiber gets its stack when it first runs (a thread that
    // starts in place takes the stack of the one that just finished).
    SimThread& with_stack(SimThread& t) {
        if (!t.fiber.has_stack()) t.fiber.set_stack(worker_.stacks().acquire());
        return t;
    }
    [[gnu::noinline]] void switch_to_new(SimThread& from, SimThread& to) {
        from.fiber.switch_to(with_stack(to).fiber);
    }
    // `t` is the thread that runs now (before the switch to it).
    void make_running(SimThread& t) {
        running_ = &t;
        worker_.thread = &t;
        set_running_coordinates(simt_running_coordinates.thread, t.id.thread);
    }
    void wait(WaitKind kind, const void* pc) {
        SimThread& t = *running_;
        t.state = ThreadState::Waiting;
        t.wait = kind;
        t.wait_pc = pc;
        WarpState& w = warps_[t.id.warp];
        --w.ready;
        policy_.make_waiting(t.id.linear);
        if (w.ready == 0 && w.converging != 0 && kind != WaitKind::Convergence) resolve_convergence(t.id.warp);
        if (t.state == ThreadState::Waiting) suspend_running();
    }
    void tell_barrier_arrival(const void* pc) const;
    void set_ready(SimThread& t) {
        policy_.with_policy([&](auto& policy) { set_ready(t, policy); });
    }
    // With the mode's policy already chosen (a loop over many threads).
    template <class Policy>
    void set_ready(SimThread& t, Policy& policy) {
        t.state = ThreadState::Ready;
        t.wait = WaitKind::None;
        ++warps_[t.id.warp].ready;
        policy.make_ready(t.id.linear);
    }
    // `last`: the thread whose arrival completes it (nullptr: the last
    // thread not yet there exited instead).
    // Returns how many arrivals passed a true predicate.
    std::uint32_t release_barrier(const void* pc, const SimThread* last);
    std::vector<BarrierEvent> barrier_arrivals(const SimThread* last, const void* pc) const;
    void complete_warp_collective(std::uint32_t warp, std::size_t rendezvous);
    bool resolve_convergence(std::uint32_t warp);
    void check_bounds_fully(MemorySpace space, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                            const void* pc, bool natural);
    void record_fault(FaultKind kind, std::string message, const void* pc = nullptr);
    void record_fault(Fault fault);
    [[noreturn]] void abandon_running();
    // The launch's side-by-side attempt is void: this block's work is thrown
    // away, so it stops at once (a fault nobody reports).
    [[noreturn]] void stop_void_attempt();
    bool freed_access_ = false;  // the failing access lies in freed memory
    MemorySpace fault_space_ = MemorySpace::Global;  // and its space
    bool mismatched_collectives();
    // Spin-waits (spin_waits.cpp).
    static constexpr std::uint32_t kSpinWatch = 1024;  // loads in a row before addresses are watched
    static constexpr std::uint32_t kSpinFirst = 1024;  // then this many loads of <= 2 addresses: spinning
    static constexpr std::uint32_t kSpinDoublings = 12;  // a spinner confirmed 4M loads long waits for good
    void watch_load(std::uintptr_t address, const void* pc);
    void wake_spinners(std::uintptr_t address, const SimThread& writer);
    bool confirm_a_spinner();
    bool spins_on_global() const;
    bool waits_for_host() const;
    void stall();
    bool resume_after_stall();
    void await_turn();
    void lock_held_by_own_warp(std::uintptr_t address, std::uint64_t old, const SimThread& writer);
    void report_stop(const SimThread& t) const;
    struct SplitBarrier {
        std::uintptr_t address = 0;
        std::uint32_t expected = 0;  // arrivals each phase
        std::uint32_t pending = 0;   // arrivals the current phase still expects
        std::uint64_t phase = 0;     // phases completed
        const void* init_pc = nullptr;
    };
    SplitBarrier& split_barrier(std::uintptr_t barrier, const char* use, const void* pc);
    void complete_phase(SplitBarrier& b, const void* pc);
    std::string split_barrier_waits() const;
    std::string describe_barrier(std::uintptr_t barrier) const;
    Fault deadlock_fault() const;
    std::uint64_t lane_bit(const SimThread& t) const { return std::uint64_t(1) << t.id.lane; }

    struct WarpRendezvous {
        std::uint64_t arrived = 0;
        std::uint64_t expected = 0;
        std::uint64_t mask = 0;  // the warp's lanes named: lanes with the same mask meet
        WarpCombine combine = nullptr;
        const void* pc = nullptr;
    };
    struct WarpState {
        std::uint64_t present = 0;   // lanes that exist (a last warp may be partial)
        std::uint64_t exited = 0;
        std::uint32_t ready = 0;     // number of ready lanes
        std::uint32_t converging = 0;
        // Collectives in progress; groups with disjoint masks (two tiles of
        // one warp) meet separately.
        std::vector<WarpRendezvous> pending;
    };

    const KernelLaunch& launch_;
    LaunchInfo info_;
    Dim3 block_index_;
    const EngineOptions& options_;
    const std::vector<Checker*>& checkers_;
    const std::vector<Checker*>& access_observers_;
    const std::vector<Checker*>& shared_access_observers_;
    const std::vector<Checker*>& thread_observers_;
    const std::vector<Checker*>& observers_;  // want scheduling events; empty unless tracing
    const GlobalMemory& memory_;
    const StaticSharedLayout* layout_;
    const DeviceVariableLayout* device_variables_;
    // The allocations accesses hit last: most accesses need no lookup.
    struct KnownAllocation {
        std::uintptr_t lo = 0;
        // The size rounded down to 16 bytes: an access of N <= 16 bytes
        // aligned to N at an offset below it lies inside (lo is 256-aligned).
        std::uintptr_t aligned_size = 0;
        std::uintptr_t hi = 0;
        std::uint64_t serial = 0;
        AllocationKind kind = AllocationKind::Device;
    };
    static constexpr unsigned kKnownAllocations = 8;
    static constexpr unsigned kNoAllocation = ~0u;
    KnownAllocation known_[kKnownAllocations];
    unsigned last_known_ = kNoAllocation;
    Worker& worker_;
    LaunchTurns& turns_;
    std::uint64_t block_linear_;
    bool has_turn_ = false;
    bool started_ = false;
    bool stalled_ = false;
    bool ran_since_stall_ = true;
    bool global_in_block_order_;
    bool left_effects_ = false;
    bool lean_;  // see lean_access
    [[gnu::tls_model("initial-exec")]] static constinit thread_local Block* lean_running_;
    LaunchFootprint* footprint_;
    LaunchFootprint::SavedPages saved_pages_;  // handed to the footprint when the block ends
    std::vector<ScheduleStep> recorded_steps_;  // when the engine records the schedule
    SchedulePolicy policy_;
    std::span<SimThread> threads_;  // the worker's table (Worker::thread_table)
    std::vector<WarpState> warps_;
    SimThread* running_ = nullptr;
    std::uint32_t live_ = 0;
    std::uint32_t spinners_ = 0;  // threads waiting as spinners
    std::uint32_t barrier_arrived_ = 0;
    std::uint32_t barrier_true_ = 0;
    const void* last_barrier_pc_ = nullptr;
    // The barrier's first arrival, and whether others arrived elsewhere.
    const SimThread* barrier_first_ = nullptr;
    bool barrier_sites_differ_ = false;
    Fault fault_;
    std::vector<Fault> failed_asserts_;  // in the order they failed, until the block ends
    std::vector<Fault> carried_faults_;
    std::uint64_t clock_ = 0;
    // Lines come out ordered by barrier interval, then warp, then the lane's
    // place among the warp's collectives, then the lane's own count of
    // lines, then lane: a converged warp's lines in lane order, as a GPU
    // prints them, and nothing before what a barrier or collective made it
    // wait for. The keys follow the schedule, which the seed fixes.
    struct PrintedLine {
        std::uint32_t barrier_epoch, warp, collectives, ordinal, lane;
        std::string text;
    };
    std::vector<PrintedLine> printed_;
    std::size_t printed_bytes_ = 0;
    std::uint64_t dropped_lines_ = 0;
    // Sorts the lines and drops the oldest until at most `keep` bytes remain:
    // a kernel printing in a loop holds bounded memory.
    void keep_newest_lines(std::size_t keep);
    std::uint32_t barrier_epoch_ = 0;
    std::vector<SplitBarrier> split_barriers_;  // a block uses few: searched in order
};

}  // namespace simt
