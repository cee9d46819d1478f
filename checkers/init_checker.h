// The init checker (shared memory): a read of shared bytes that no thread of
// the block has written yet. A GPU gives whatever the last block on that SM
// left there; simt reports the read (initcheck does not look at shared
// memory at all). Writes and atomics initialise; the state starts empty with
// every block.
#pragma once

#include <cstdint>
#include <vector>

#include "checkers/hazard_log.h"
#include "checkers/per_block_state.h"
#include "emulator/checker.h"

namespace simt::check {

class InitChecker final : public Checker {
public:
    explicit InitChecker(HazardLog& log) : log_(log) {}
    void on_block_begin(const LaunchInfo& launch, Dim3 block) override;
    void on_access(const AccessEvent& e) override;

private:
    struct Granule {
        std::uint64_t generation = 0;
        std::uint8_t written = 0;  // a bit per byte of the 4-byte granule
    };
    struct BlockState {
        std::uint64_t generation = 0;
        const LaunchInfo* launch = nullptr;
        std::uint64_t block_linear = 0;
        std::vector<Granule> shadow;
    };

    HazardLog& log_;
    PerBlockState<BlockState> blocks_;
};

}  // namespace simt::check
