// The race checker (shared memory): two accesses to overlapping bytes from
// different threads, at least one a write, not both atomic, with nothing
// ordering them. Happens-before, not "did the values differ", so a race is
// found on the first run whatever interleaving the scheduler chose.
//
// Ordering: a block barrier orders everything before it with everything
// after it (block epochs); inside a barrier interval, lanes of one warp are
// ordered by warp collectives that include both (a vector clock per lane over
// the lanes of its warp). Same-warp hazards are errors under independent
// scheduling and warnings ("warp-synchronous") under lockstep scheduling.
//
// Shadow: one cell per 4-byte granule of the block's shared window holding
// the last write and up to two reads, each with a byte mask, so threads
// touching different bytes of one word do not conflict.
#pragma once

#include <cstdint>
#include <vector>

#include "checkers/hazard_log.h"
#include "checkers/per_block_state.h"
#include "emulator/checker.h"

namespace simt::check {

class RaceChecker final : public Checker {
public:
    explicit RaceChecker(HazardLog& log) : log_(log) {}

    void on_block_begin(const LaunchInfo& launch, Dim3 block) override;
    void on_access(const AccessEvent& e) override;
    void on_barrier_release(const BarrierReleaseEvent& e) override;
    void on_warp_sync(const WarpSyncEvent& e) override;

private:
    struct Record {
        std::uint32_t thread = 0;  // linear id + 1; 0 = none
        std::uint32_t block_epoch = 0;
        std::uint32_t lane_epoch = 0;
        std::uint8_t mask = 0;     // bytes of the granule touched
        AccessKind kind = AccessKind::Read;
        std::uint8_t size = 0;
        const void* pc = nullptr;
    };
    struct Cell {
        std::uint64_t generation = 0;
        Record write;
        Record read[2];
    };
    // Per worker thread: the block it is running.
    struct BlockState {
        std::uint64_t generation = 0;
        const LaunchInfo* launch = nullptr;
        Dim3 block;
        std::uint64_t block_linear = 0;
        std::uint32_t block_epoch = 0;
        const void* interval_opened_at = nullptr;  // the barrier that began this epoch
        unsigned warp_size = 32;
        std::vector<std::uint32_t> lane_epoch;  // per thread
        std::vector<std::uint32_t> clock;       // per thread x warp lane
        std::vector<Cell> shadow;
    };

    bool ordered(const BlockState& s, const Record& before, std::uint32_t thread) const;
    void check_granule(BlockState& s, Cell& cell, const AccessEvent& e, std::uint8_t mask);
    void report(BlockState& s, const AccessEvent& e, const Record& previous, const char* kind);

    HazardLog& log_;
    PerBlockState<BlockState> blocks_;
};

}  // namespace simt::check
