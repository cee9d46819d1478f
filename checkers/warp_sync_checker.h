// The warp-sync checker: warp collectives (__syncwarp, shuffles, votes,
// match, tile sync) used against CUDA's rules. A mask without the calling
// lane and a mask naming a lane that never arrives are undefined behaviour
// on every GPU (a hang, or values from nowhere); lanes of one mask at
// different kinds of collective cannot meet; in lockstep mode the pre-Volta
// rule also applies: every lane of the mask executes the same call.
#pragma once

#include "driver/hazard_log.h"
#include "emulator/checker.h"

namespace simt::check {

class WarpSyncChecker final : public Checker {
public:
    explicit WarpSyncChecker(driver::HazardLog& log) : log_(log) {}
    bool wants_thread_events() const override { return false; }
    // A void parallel attempt: its hazards go (the launch begins again).
    void on_launch_abandoned(const LaunchInfo&) override { log_.discard_launch(); }
    bool wants_access_events() const override { return false; }
    void on_launch_begin(const LaunchInfo& launch) override { launch_ = launch; }
    void on_warp_misuse(const WarpMisuseEvent& e) override;
    // In lockstep mode, pre-Volta's rule: every lane of the mask executes the
    // same call (PTX ISA, bar.warp.sync / shfl.sync on sm_6x).
    void on_warp_sync(const WarpSyncEvent& e) override;

private:
    // A misuse found by the engine or by this checker: `who` found it; the
    // other lane involved, `lane`, is at `other_pc`.
    struct Misuse {
        ThreadId who;
        std::uint64_t mask = 0;
        const void* pc = nullptr;
        const void* other_pc = nullptr;
        std::uint32_t lane = 0;
    };
    void report(driver::Rule rule, const Misuse& e);

    driver::HazardLog& log_;
    LaunchInfo launch_;
};

}  // namespace simt::check
