// Which ready thread of a block runs next, and when a running thread yields at
// a memory access. Policy only: the Block owns barriers, collectives, thread
// states and deadlock detection (mechanism), as in Boost.Fiber's algorithm.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "emulator/options.h"
#include "emulator/random.h"

namespace simt {

class SchedulePolicy {
public:
    virtual ~SchedulePolicy() = default;
    virtual void make_ready(std::uint32_t thread) = 0;
    virtual void make_waiting(std::uint32_t thread) = 0;
    // The next thread to run, or -1 when none is ready.
    virtual std::int64_t pick() = 0;
    // Called at every shared/global access of the running thread: true when it
    // should let another thread take a step first. The first free_accesses_
    // accesses are answered here without a virtual call.
    // `writes`: the access stores (a write or an atomic).
    bool at_access(std::uint32_t thread, bool writes) {
        if (free_accesses_ != 0) {
            --free_accesses_;
            return false;
        }
        return yield_at_access(thread, writes);
    }

protected:
    // Asked when free_accesses_ is 0.
    virtual bool yield_at_access(std::uint32_t thread, bool writes) = 0;
    std::uint32_t free_accesses_ = 0;  // accesses the running thread makes before asking
};

// Volta+ independent thread scheduling: any ready thread of the block may run
// next; the running thread is preempted after a seeded random number of
// accesses, so a seed names one interleaving and replays it exactly.
class IndependentPolicy final : public SchedulePolicy {
public:
    IndependentPolicy(std::uint32_t threads, std::uint64_t seed, unsigned mean_quantum);
    void make_ready(std::uint32_t thread) override;
    void make_waiting(std::uint32_t thread) override;
    std::int64_t pick() override;

private:
    bool yield_at_access(std::uint32_t thread, bool writes) override;
    std::uint32_t draw_quantum();
    static constexpr std::uint32_t kNotReady = 0xffffffffu;
    std::vector<std::uint32_t> ready_;     // ready thread ids, unordered
    std::vector<std::uint32_t> position_;  // index in ready_, or kNotReady
    SplitMix64 random_;
    unsigned mean_quantum_;
};

// Pre-Volta / AMD lockstep: the lanes of a warp take turns, so no lane takes
// step k+1 before every ready lane took step k. Only stores need a turn:
// lanes yield before a store and at the access after it, so every lane's
// loads of a step see all stores of the steps before and none of later ones,
// while a run of loads (a tile's inner product) needs no switch at all.
// A warp runs until none of its lanes is ready, then the next warp runs.
class LockstepPolicy final : public SchedulePolicy {
public:
    LockstepPolicy(std::uint32_t threads, unsigned warp_size);
    void make_ready(std::uint32_t thread) override;
    void make_waiting(std::uint32_t thread) override;
    std::int64_t pick() override;

private:
    bool yield_at_access(std::uint32_t thread, bool writes) override;
    unsigned warp_size_;
    std::vector<bool> stored_;  // per thread: its last access was a store
    std::vector<std::uint64_t> ready_;  // per warp, a bit per ready lane
    std::uint32_t warp_ = 0;            // warp that ran last
    std::uint32_t lane_ = 63;           // lane that ran last (63: lane 0 goes first)
};

std::unique_ptr<SchedulePolicy> make_policy(const EngineOptions& options, std::uint32_t threads,
                                            std::uint64_t block_seed);

}  // namespace simt
