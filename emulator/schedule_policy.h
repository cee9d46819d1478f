// Which ready thread of a block runs next, and when a running thread yields at
// a memory access. Policy only: the Block owns barriers, collectives, thread
// states and deadlock detection (mechanism), as in Boost.Fiber's algorithm.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "emulator/options.h"
#include "emulator/random.h"
#include "emulator/schedule.h"

namespace simt {

// A block's part in a recorded or replayed schedule (emulator/schedule.h).
struct ScheduleScript {
    bool replay = false;                      // follow `steps`, else record
    const BlockSchedule* steps = nullptr;     // replay: this block's steps (nullptr: none)
    std::vector<ScheduleStep>* record = nullptr;  // record: where this block's steps go
    std::uint64_t launch = 0, block = 0;
};

// Volta+ independent thread scheduling: any ready thread of the block may run
// next; the running thread is preempted after a seeded random number of
// accesses, so a seed names one interleaving and replays it exactly. With a
// script it records the run's steps (the same interleaving as the seed's),
// or replays steps instead of drawing anything. Without `switch_at_accesses`
// (EngineOptions) nothing is drawn at accesses: a thread runs until it waits.
class IndependentPolicy {
public:
    IndependentPolicy(std::uint32_t threads, std::uint64_t seed, unsigned mean_quantum, bool switch_at_accesses,
                      const ScheduleScript* script = nullptr);
    void make_ready(std::uint32_t thread) {
        if (position_[thread] != kNotReady) return;
        position_[thread] = std::uint32_t(ready_.size());
        ready_.push_back(thread);
    }
    void make_waiting(std::uint32_t thread) {
        const std::uint32_t at = position_[thread];
        if (at == kNotReady) return;
        const std::uint32_t last = ready_.back();
        ready_[at] = last;
        position_[last] = at;
        ready_.pop_back();
        position_[thread] = kNotReady;
    }
    // The next thread to run, or -1 when none is ready.
    std::int64_t pick() {
        if (scripted_) return scripted_pick();
        if (ready_.empty()) return -1;
        return ready_[random_.below(std::uint32_t(ready_.size()))];
    }
    // At every shared/global access of the running thread: true when it
    // should let another thread take a step first. The first free_accesses_
    // accesses are answered inline; the last one of a quantum draws the next.
    // `writes`: the access stores (a write or an atomic). `pc`: the access's
    // code address, for a recorded schedule.
    bool at_access(std::uint32_t thread, bool writes, const void* pc) {
        if (free_accesses_ != 0) {
            --free_accesses_;
            return false;
        }
        return quantum_ends(thread, writes, pc);
    }
    // at_access's answer when the quantum has accesses left (false, one
    // taken): true; else false, with nothing changed.
    bool quiet_access() {
        if (free_accesses_ == 0) return false;
        --free_accesses_;
        return true;
    }

private:
    bool quantum_ends(std::uint32_t thread, bool writes, const void* pc);
    std::uint32_t draw_quantum();
    bool scripted_yield(std::uint32_t thread, const void* pc);
    std::int64_t scripted_pick();
    std::uint32_t plain_next(std::uint32_t stopped) const;
    void record(ScheduleStep::Kind kind, std::uint32_t thread, std::uint32_t count, std::uint32_t next,
                const void* pc);
    static constexpr std::uint32_t kNotReady = 0xffffffffu;
    static constexpr std::uint32_t kNoQuantum = 0xffffffffu;  // free accesses when accesses do not switch
    std::uint32_t free_accesses_ = 0;      // accesses the running thread makes before asking
    bool switch_at_accesses_ = true;
    std::vector<std::uint32_t> ready_;     // ready thread ids, unordered
    std::vector<std::uint32_t> position_;  // index in ready_, or kNotReady
    SplitMix64 random_;
    unsigned mean_quantum_;
    // Scripted runs only: every access comes to quantum_ends, counted.
    bool scripted_ = false;
    ScheduleScript script_;
    std::uint32_t quantum_left_ = 0;        // recording: free_accesses_'s part
    std::vector<std::uint32_t> accesses_;   // per thread
    std::vector<std::uint32_t> stops_;      // per thread
    std::uint32_t starts_ = 0;              // picks before any thread ran
    std::uint32_t running_ = ScheduleStep::kBlockStart;  // the last thread picked
};

// Pre-Volta / AMD lockstep: the lanes of a warp take turns, so no lane takes
// step k+1 before every ready lane took step k. Only stores need a turn:
// lanes yield before a store and at the access after it, so every lane's
// loads of a step see all stores of the steps before and none of later ones,
// while a run of loads (a tile's inner product) needs no switch at all.
// A warp runs until none of its lanes is ready, then the next warp runs.
class LockstepPolicy {
public:
    LockstepPolicy(std::uint32_t threads, unsigned warp_size);
    void make_ready(std::uint32_t thread) {
        ready_[thread / warp_size_] |= std::uint64_t(1) << (thread % warp_size_);
    }
    void make_waiting(std::uint32_t thread) {
        ready_[thread / warp_size_] &= ~(std::uint64_t(1) << (thread % warp_size_));
    }
    std::int64_t pick();
    bool at_access(std::uint32_t thread, bool writes, const void* pc);

private:
    unsigned warp_size_;
    std::vector<bool> stored_;  // per thread: its last access was a store
    std::vector<std::uint64_t> ready_;  // per warp, a bit per ready lane
    std::uint32_t warp_ = 0;            // warp that ran last
    std::uint32_t lane_ = 63;           // lane that ran last (63: lane 0 goes first)
};

// A block's policy, the one of its mode. Asked at every access, switch and
// barrier, so it is called directly, not through virtual functions: one
// branch on the mode, and the independent policy's calls inline.
class SchedulePolicy {
public:
    // `script`: a recorded or replayed schedule's part (independent scheduling only).
    SchedulePolicy(const EngineOptions& options, std::uint32_t threads, std::uint64_t block_seed,
                   const ScheduleScript* script = nullptr);
    void make_ready(std::uint32_t thread) {
        if (auto* p = std::get_if<IndependentPolicy>(&policy_)) p->make_ready(thread);
        else std::get<LockstepPolicy>(policy_).make_ready(thread);
    }
    void make_waiting(std::uint32_t thread) {
        if (auto* p = std::get_if<IndependentPolicy>(&policy_)) p->make_waiting(thread);
        else std::get<LockstepPolicy>(policy_).make_waiting(thread);
    }
    // The next thread to run, or -1 when none is ready.
    std::int64_t pick() {
        if (auto* p = std::get_if<IndependentPolicy>(&policy_)) return p->pick();
        return std::get<LockstepPolicy>(policy_).pick();
    }
    // `f` called with the mode's policy: a loop over many threads (a
    // barrier's release) branches on the mode once.
    template <class F>
    void with_policy(F&& f) {
        if (auto* p = std::get_if<IndependentPolicy>(&policy_)) f(*p);
        else f(std::get<LockstepPolicy>(policy_));
    }
    // Called at every shared/global access of the running thread, before it
    // is performed: true when it should let another thread take a step first.
    bool at_access(std::uint32_t thread, bool writes, const void* pc) {
        if (auto* p = std::get_if<IndependentPolicy>(&policy_)) return p->at_access(thread, writes, pc);
        return std::get<LockstepPolicy>(policy_).at_access(thread, writes, pc);
    }
    // True when at_access would have answered false without a call, and
    // that answer is taken (independent scheduling, accesses left in the
    // quantum); false, with nothing changed, when at_access must be asked.
    bool quiet_access() {
        auto* p = std::get_if<IndependentPolicy>(&policy_);
        return p != nullptr && p->quiet_access();
    }

private:
    std::variant<IndependentPolicy, LockstepPolicy> policy_;
};

}  // namespace simt
