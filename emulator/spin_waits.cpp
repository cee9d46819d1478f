// Spin-waits: a thread that polls the same one or two addresses many times
// without storing anything waits for another thread to write them (a flag,
// a lock, a grid barrier's counter). It then sleeps until one of those
// addresses is written, so the thread it waits for gets to run whatever the
// policy: a lockstep warp no longer spins forever ahead of the lane that
// would set the flag. If nothing can run and only spinners remain, one of
// them is confirmed by letting it spin far longer; if still nobody writes,
// the block reports the wait (naming the spinners) rather than hang.
#include "emulator/block.h"

#include <cstring>

#include "emulator/worker.h"

namespace simt {
namespace {

// Two addresses poll the same thing when they share an 8-byte word.
bool same_word(std::uintptr_t a, std::uintptr_t b) { return (a >> 3) == (b >> 3); }

std::uint64_t word_at(std::uintptr_t a) {
    std::uint64_t v;
    std::memcpy(&v, reinterpret_cast<const void*>(a & ~std::uintptr_t(7)), sizeof v);
    return v;
}

}  // namespace

void Block::atomic_performed(std::uintptr_t address, bool changed, std::uint64_t seen, const void* pc) {
    SimThread& t = *running_;
    if (!changed) {
        // A lock-free retry loop fails on a new value each time; a held lock
        // shows the same one, at the same call (a loop): straight-line
        // atomics that find a bit already set are no attempts at anything.
        t.atomic_polls = same_word(address, t.atomic_polled) && seen == t.atomic_seen && pc == t.atomic_poll_pc
                             ? t.atomic_polls + 1
                             : 1;
        t.atomic_polled = address;
        t.atomic_seen = seen;
        t.atomic_poll_pc = pc;
        if (++t.loads_in_a_row >= kSpinWatch) watch_load(address, pc);
        return;
    }
    if (info_.lockstep) {
        t.wait_pc = pc;
        lock_held_by_own_warp(address, seen, t);
    }
    t.atomic_polls = 0;
    t.loads_in_a_row = 0;
    t.spin_budget = 0;
    if (spinners_ != 0) {
        t.wait_pc = pc;
        wake_spinners(address, t);
    }
}

// Past kSpinWatch loads in a row: are they all of at most two words?
void Block::watch_load(std::uintptr_t address, const void* pc) {
    SimThread& t = *running_;
    if (t.loads_in_a_row == kSpinWatch) {
        t.polled[0] = address;
        t.polled[1] = address;
        return;
    }
    if (!same_word(address, t.polled[0]) && !same_word(address, t.polled[1])) {
        if (same_word(t.polled[0], t.polled[1])) {
            t.polled[1] = address;
        } else {
            t.loads_in_a_row = 0;  // a third word: a loop that reads data, not a spin
            t.spin_budget = 0;
            return;
        }
    }
    if (t.loads_in_a_row < kSpinWatch + (kSpinFirst << t.spin_budget)) return;
    t.loads_in_a_row = 0;
    ++spinners_;
    wait(WaitKind::Spin, pc);
}

void Block::wake_spinners(std::uintptr_t address, const SimThread& writer) {
    for (SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Spin) continue;
        if (!same_word(address, t.polled[0]) && !same_word(address, t.polled[1])) continue;
        // Before Volta a diverged warp runs one path at a time: a lane that
        // spins until another lane of its warp, on another path, writes
        // never sees the write.
        if (info_.lockstep && t.id.warp == writer.id.warp)
            misuse(WarpMisuseEvent{t.id, WarpMisuse::IntraWarpSpin, 0, t.wait_pc, writer.wait_pc, writer.id.lane});
        --spinners_;
        set_ready(t);
    }
}

// Lockstep: `writer` changes a word that lanes of its own warp keep failing
// to take (a spin lock taken inside one warp). Before Volta the failing lanes
// loop while the holder waits for them to reconverge, so it never releases.
// `old` is the value the write replaced: it releases the lanes that kept
// reading exactly that value.
void Block::lock_held_by_own_warp(std::uintptr_t address, std::uint64_t old, const SimThread& writer) {
    constexpr std::uint32_t kPolls = 3;  // failed attempts in a row: a loop, not a one-off
    const std::uint32_t first = writer.id.warp * options_.warp_size;
    for (std::uint64_t lanes = warps_[writer.id.warp].present & ~lane_bit(writer); lanes != 0; lanes &= lanes - 1) {
        const SimThread& t = threads_[first + unsigned(__builtin_ctzll(lanes))];
        if (t.state == ThreadState::Exited || t.atomic_polls < kPolls || t.loads_in_a_row < kPolls) continue;
        if (!same_word(address, t.atomic_polled) || t.atomic_seen != old) continue;
        misuse(WarpMisuseEvent{t.id, WarpMisuse::IntraWarpSpin, 0, t.atomic_poll_pc, writer.wait_pc, writer.id.lane});
        return;  // one report per release
    }
}

// Nothing is ready and some threads spin: let the first spinner not yet
// confirmed spin twice as long. False when every spinner was confirmed.
bool Block::confirm_a_spinner() {
    for (SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Spin) continue;
        if (t.spin_budget >= kSpinDoublings) continue;
        ++t.spin_budget;
        --spinners_;
        set_ready(t);
        return true;
    }
    return false;
}

}  // namespace simt

namespace simt {

// Spinners that poll global memory may wait for another block.
bool Block::spins_on_global() const {
    for (const SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Spin) continue;
        for (std::uintptr_t a : t.polled)
            if (!worker_.in_static_shared(a) && !worker_.in_dynamic_shared(a)) return true;
    }
    return false;
}

// Parks the block: what its spinners poll is noted, and the turn passes on
// (LaunchTurns) so that other blocks, possibly the one they wait for, run.
void Block::stall() {
    for (SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Spin) continue;
        t.polled_value[0] = word_at(t.polled[0]);
        t.polled_value[1] = word_at(t.polled[1]);
    }
    stalled_ = true;
    has_turn_ = false;
    turns_.stalled(block_linear_, ran_since_stall_);
    ran_since_stall_ = false;
}

// Back on its turn: spinners whose words changed go on; if none changed, one
// unconfirmed spinner spins longer (a bounded spin may end by itself). False:
// nothing to run, the block stalls again at once without progress.
bool Block::resume_after_stall() {
    stalled_ = false;
    has_turn_ = true;
    bool woke = false;
    for (SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Spin) continue;
        if (word_at(t.polled[0]) == t.polled_value[0] && word_at(t.polled[1]) == t.polled_value[1]) continue;
        --spinners_;
        set_ready(t);
        woke = true;
    }
    if (woke || confirm_a_spinner()) {
        ran_since_stall_ = true;
        return true;
    }
    stall();
    return false;
}

// Every spinner polls memory the host can write (pinned or managed host
// memory): the host may still write it, after the launch returns.
bool Block::waits_for_host() const {
    bool any = false;
    for (const SimThread& t : threads_) {
        if (t.state != ThreadState::Waiting || t.wait != WaitKind::Spin) continue;
        for (std::uintptr_t a : t.polled) {
            if (a == 0) continue;
            const std::optional<Allocation> in = memory_.find(a);
            if (!in || in->kind == AllocationKind::Device) return false;
        }
        any = true;
    }
    return any;
}

void Block::give_up(bool residency_exhausted) {
    fault_ = deadlock_fault();
    if (!residency_exhausted && waits_for_host()) fault_.cause = FaultCause::WaitsForHost;
    fault_.message += residency_exhausted
                          ? "\n  the blocks it waits for cannot start: a GPU keeps only " +
                                std::to_string(turns_.resident_limit()) +
                                " blocks of this shape resident, and every one of them waits"
                          : "\n  no block of the launch that can still run writes what they poll";
}

}  // namespace simt
