// The shuffle checker: a shuffle whose source lane is not an active lane of
// its mask gets an undefined value on a GPU (error); a source outside the
// width segment gives the caller its own value (a note: fine when the code
// expects it, as the usual __shfl_down_sync reduction does, a missing
// boundary check when it does not). Which of the two it is, the CUDA layer
// finds out by running the launch again with other values there
// (primitives/src/value_flow.cpp); the checker lists the places.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "driver/hazard_log.h"
#include "emulator/checker.h"

namespace simt::check {

class ShuffleChecker final : public Checker {
public:
    explicit ShuffleChecker(driver::HazardLog& log) : log_(log) {}
    bool wants_thread_events() const override { return false; }
    // A void parallel attempt: its hazards go (the launch begins again).
    void on_launch_abandoned(const LaunchInfo&) override { log_.discard_launch(); }
    bool wants_access_events() const override { return false; }
    void on_launch_begin(const LaunchInfo& launch) override;
    void on_shuffle(const ShuffleEvent& e) override;

    // A shuffle call whose callers read past their segment in this launch.
    struct OwnValueSite {
        const void* pc = nullptr;
        std::uint64_t lanes = 0;  // the lanes (of their warp) that got their own value
        unsigned width = 32;
        ThreadId first;           // the first such caller, in block and thread order
        std::uint64_t first_block = 0;
    };
    // The launch's sites, by their first caller (the same for any workers).
    std::vector<OwnValueSite> own_value_sites() const;

private:
    driver::HazardLog& log_;
    LaunchInfo launch_;
    mutable std::mutex mutex_;
    std::vector<OwnValueSite> sites_;
};

}  // namespace simt::check
