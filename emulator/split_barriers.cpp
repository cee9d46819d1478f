// Split-phase barriers: a thread arrives, may go on working, and later waits
// for the phase it arrived at to complete. Their state lives here, by the
// barrier's address, not in the kernel's memory: the kernel's code cannot
// then corrupt it, and a thread that waits is suspended like one at a block
// barrier, so a phase nobody completes is a deadlock report, never a hang.
#include <algorithm>
#include <string>

#include "emulator/block.h"
#include "emulator/symbolizer.h"
#include "emulator/worker.h"

namespace simt {

// How reports name a barrier: its __shared__ variable when the layout is
// known, else its place in the shared window (addresses change run to run).
std::string Block::describe_barrier(std::uintptr_t barrier) const {
    if (worker_.in_static_shared(barrier)) {
        const std::uint32_t offset = worker_.shared_offset(barrier);
        if (layout_ != nullptr)
            for (const SharedVariable& v : layout_->variables())
                if (offset >= v.offset && offset < v.offset + v.size)
                    return "barrier " + v.name +
                           (offset == v.offset ? "" : " (byte offset " + std::to_string(offset - v.offset) + ")");
        return "barrier at byte offset " + std::to_string(offset) + " of the static shared memory";
    }
    if (worker_.in_dynamic_shared(barrier))
        return "barrier at byte offset " + std::to_string(barrier - std::uintptr_t(worker_.dynamic_shared())) +
               " of the dynamic shared memory";
    return "barrier";
}

void Block::split_barrier_init(std::uintptr_t barrier, std::uint32_t expected, const void* pc) {
    const auto known = std::find_if(split_barriers_.begin(), split_barriers_.end(),
                                    [&](const SplitBarrier& b) { return b.address == barrier; });
    if (known == split_barriers_.end()) {
        split_barriers_.push_back(SplitBarrier{barrier, expected, expected, 0, pc});
        return;
    }
    // Set up again to the same count before anyone arrived: it changes
    // nothing (a GPU's barrier ends up the same), as when every thread of a
    // row runs `if (threadIdx.x == 0) init(...)` in a 2-D block (cuda-samples'
    // globalToShmemAsyncCopy). Concurrent inits are still plain stores that
    // race, which the race checker reports.
    if (known->expected == expected && known->pending == expected) return;
    fail(FaultKind::WarpSync, describe_barrier(barrier) + " initialised again by " + describe(current().id) + " at " +
                                  describe(pc) + " (to expect " + std::to_string(expected) + " arrivals) while in use: " +
                                  std::to_string(known->expected - known->pending) + " of its " +
                                  std::to_string(known->expected) + " arrivals have come (first initialised at " +
                                  describe(known->init_pc) + "); initialise it once, by one thread, before the "
                                  "block synchronises");
}

Block::SplitBarrier& Block::split_barrier(std::uintptr_t barrier, const char* use, const void* pc) {
    for (SplitBarrier& b : split_barriers_)
        if (b.address == barrier) return b;
    fail(FaultKind::WarpSync, describe_barrier(barrier) + " " + use + " by " +
                                  describe(current().id) + " at " + describe(pc) +
                                  " before it was initialised: call init(&bar, count) in one thread, then "
                                  "synchronise the block, before any thread uses it");
}

std::uint64_t Block::split_barrier_arrive(std::uintptr_t barrier, std::uint32_t count, bool drop, const void* pc) {
    SplitBarrier& b = split_barrier(barrier, "arrived at", pc);
    if (count == 0 || count > b.pending)
        fail(FaultKind::WarpSync, describe_barrier(barrier) + ": " + describe(current().id) + " at " +
                                      describe(pc) + " arrives " + std::to_string(count) +
                                      " times where its phase expects " + std::to_string(b.pending) +
                                      " more arrivals (of " + std::to_string(b.expected) + ")");
    const std::uint64_t phase = b.phase;
    b.pending -= count;
    if (drop) --b.expected;
    if (b.pending == 0) complete_phase(b, pc);
    return phase;
}

void Block::complete_phase(SplitBarrier& b, const void* pc) {
    const SplitPhaseEvent event{block_index_, b.address, b.expected, b.phase, pc};
    ++b.phase;
    b.pending = b.expected;
    // Printed lines after the phase come after those before it, as after a
    // block barrier.
    ++barrier_epoch_;
    for (SimThread& t : threads_)
        if (t.state == ThreadState::Waiting && t.wait == WaitKind::SplitPhase && t.awaited_barrier == b.address &&
            t.awaited_phase < b.phase)
            set_ready(t);
    worker_.note_progress();
    for (Checker* c : checkers_) c->on_split_phase(event);
}

void Block::split_barrier_wait(std::uintptr_t barrier, std::uint64_t phase, const void* pc) {
    SplitBarrier& b = split_barrier(barrier, "waited on", pc);
    if (phase < b.phase) return;  // that phase has completed
    if (phase > b.phase)
        fail(FaultKind::WarpSync, describe_barrier(barrier) + ": " + describe(current().id) + " at " +
                                      describe(pc) + " waits with a token of phase " + std::to_string(phase) +
                                      ", which has not begun (a token from another barrier?)");
    SimThread& t = current();
    t.awaited_barrier = barrier;
    t.awaited_phase = phase;
    wait(WaitKind::SplitPhase, pc);
}

// For a deadlock report: the arrivals each awaited phase still expects.
std::string Block::split_barrier_waits() const {
    std::string text;
    for (const SplitBarrier& b : split_barriers_) {
        const bool awaited = std::any_of(threads_.begin(), threads_.end(), [&](const SimThread& t) {
            return t.state == ThreadState::Waiting && t.wait == WaitKind::SplitPhase && t.awaited_barrier == b.address;
        });
        if (!awaited) continue;
        text += "\n  the " + describe_barrier(b.address) + " (initialised at " + describe(b.init_pc) +
                ") expects " + std::to_string(b.pending) + " more of its " + std::to_string(b.expected) +
                " arrivals in phase " + std::to_string(b.phase) + "; no thread able to run will arrive";
    }
    return text;
}

}  // namespace simt
