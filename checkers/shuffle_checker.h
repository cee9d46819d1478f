// The shuffle checker: a shuffle whose source lane is not an active lane of
// its mask gets an undefined value on a GPU (error); a source outside the
// width segment gives the caller its own value (a note: fine when the code
// expects it, as the usual __shfl_down_sync reduction does, a missing
// boundary check when it does not).
#pragma once

#include "checkers/hazard_log.h"
#include "emulator/checker.h"

namespace simt::check {

class ShuffleChecker final : public Checker {
public:
    explicit ShuffleChecker(HazardLog& log) : log_(log) {}
    void on_launch_begin(const LaunchInfo& launch) override { launch_ = launch; }
    void on_shuffle(const ShuffleEvent& e) override;

private:
    HazardLog& log_;
    LaunchInfo launch_;
};

}  // namespace simt::check
