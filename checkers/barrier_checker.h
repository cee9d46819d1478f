// The barrier checker: one __syncthreads reached at different call sites by
// threads of one block (the block-wide barrier matches them on Volta+, but
// CUDA requires a uniform condition, and older GPUs hang or mismatch), and,
// as a note, a barrier that some threads never reach because they exited.
// A barrier that can never complete is the engine's deadlock report.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "driver/hazard_log.h"
#include "checkers/per_block_state.h"
#include "emulator/checker.h"

namespace simt::check {

class BarrierChecker final : public Checker {
public:
    explicit BarrierChecker(driver::HazardLog& log) : log_(log) {}
    // A void parallel attempt: its hazards go (the launch begins again).
    void on_launch_abandoned(const LaunchInfo&) override { log_.discard_launch(); }
    bool wants_access_events() const override { return false; }
    // A barrier's call sites come with its release (BarrierReleaseEvent).
    bool wants_thread_events() const override { return false; }
    void on_block_begin(const LaunchInfo& launch, Dim3 block) override;
    void on_barrier_release(const BarrierReleaseEvent& e) override;

private:
    struct BlockState {
        const LaunchInfo* launch = nullptr;
        std::uint64_t block_linear = 0;
    };
    using Sites = std::map<const void*, std::vector<ThreadId>>;  // by call site, in arrival order

    // The error for one barrier reached at several call sites.
    void divergent(const BlockState& s, const Sites& waiting);
    // The note for a barrier some threads had exited before.
    void after_exit(const BlockState& s, std::uint64_t participants, const void* pc, const ThreadId& first);

    driver::HazardLog& log_;
    PerBlockState<BlockState> blocks_;
};

}  // namespace simt::check
