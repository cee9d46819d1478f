// The warp-sync checker: warp collectives (__syncwarp, shuffles, votes,
// match, tile sync) used against CUDA's rules. A mask without the calling
// lane and a mask naming a lane that never arrives are undefined behaviour
// on every GPU (a hang, or values from nowhere); lanes of one mask at
// different kinds of collective cannot meet; in lockstep mode the pre-Volta
// rule also applies: every lane of the mask executes the same call.
#pragma once

#include "checkers/hazard_log.h"
#include "emulator/checker.h"

namespace simt::check {

class WarpSyncChecker final : public Checker {
public:
    explicit WarpSyncChecker(HazardLog& log) : log_(log) {}
    bool wants_access_events() const override { return false; }
    void on_launch_begin(const LaunchInfo& launch) override { launch_ = launch; }
    void on_warp_misuse(const WarpMisuseEvent& e) override;

private:
    HazardLog& log_;
    LaunchInfo launch_;
};

}  // namespace simt::check
