// The shuffle checker: a lane whose shuffle source is not an active lane of
// its mask gets an undefined value on a GPU, and one whose source lies past
// its width segment gets its own value back, which CUDA defines. Neither is
// wrong in itself: a reduction that never uses the value is valid CUDA. The
// checker notes each such call (a note, shown on request) and lists the
// places; whether the value reached the results, the CUDA layer finds out by
// running the launch again with other values there
// (primitives/src/value_flow.cpp), which makes an undefined value used an
// error and an own value used a warning.
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

    // A shuffle call whose callers took no value from an active source in
    // this launch, one per call and kind of source.
    struct UntakenSite {
        const void* pc = nullptr;
        ShuffleSource source = ShuffleSource::OutsideSegment;
        std::uint64_t lanes = 0;  // the lanes (of their warp) that took no value
        unsigned width = 32;
        ThreadId first;           // the first such caller, in block and thread order
        std::uint64_t first_block = 0;
    };
    // The launch's sites, by their first caller (the same for any workers).
    std::vector<UntakenSite> untaken_sites() const;

private:
    driver::HazardLog& log_;
    LaunchInfo launch_;
    mutable std::mutex mutex_;
    std::vector<UntakenSite> sites_;
};

}  // namespace simt::check
