// Collects hazards of a launch and groups identical ones (same checker, kind
// and unordered pair of source sites) with instance counts. Grouping happens
// as hazards are found, per block, so a racy kernel with millions of
// instances keeps one report per group, and a report is only built for the
// first instance. Blocks are merged in block order, so the result does not
// depend on how blocks were spread over worker threads.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "driver/hazard.h"

namespace simt::driver {

// What makes two hazards "the same": a rule, a variant of it where a
// checker tells sites apart further, and the unordered pair of code
// addresses.
struct HazardKey {
    Rule rule;
    std::uint32_t variant;
    const void* low;
    const void* high;
    HazardKey(Rule r, const void* a, const void* b, std::uint32_t v = 0)
        : rule(r), variant(v), low(std::min(a, b)), high(std::max(a, b)) {}
    bool operator==(const HazardKey& o) const {
        return rule == o.rule && variant == o.variant && low == o.low && high == o.high;
    }
    bool operator<(const HazardKey& o) const {
        if (rule != o.rule) return rule < o.rule;
        if (variant != o.variant) return variant < o.variant;
        if (low != o.low) return std::less<const void*>()(low, o.low);
        return std::less<const void*>()(high, o.high);
    }
};

// A group's instances in one launch (driver/run_hazards.h).
struct LaunchCount {
    std::uint64_t launch = 0;
    std::uint64_t instances = 0;
};

struct HazardGroup {
    HazardReport example;    // the first instance, in block order
    std::uint64_t instances = 0;
    HazardKey key{Rule::RaceReadAfterWrite, nullptr, nullptr};  // what its instances have in common
    // Merged across a run (RunHazards): every launch it occurred in, with
    // its instances there; empty for one launch's group.
    std::vector<LaunchCount> launches{};
};

// The hazards of one launch, as every printer receives them.
struct LaunchHazards {
    std::string kernel;
    std::uint64_t launch_index = 0;
    std::vector<HazardGroup> groups;
};

// Sees every instance as it is recorded, on the thread that found it (often a
// simulated thread's fiber): it must be quick and must not symbolise. The
// trace recorder uses it to place hazards on its timeline when they happen.
class HazardObserver {
public:
    virtual void on_hazard(std::uint64_t block_linear, const HazardKey& key) = 0;

protected:
    ~HazardObserver() = default;
};

class HazardLog {
public:
    // Hazards below this severity are dropped at once (never built).
    void set_min_severity(Severity s) { min_severity_ = s; }
    // At most one; nullptr (the default) costs one test per instance.
    void set_observer(HazardObserver* o) { observer_ = o; }

    // Counts `instances` (one by default); `make()` builds the report for the
    // first instance of its group in this block only.
    template <class Make>
    void record(std::uint64_t block_linear, const HazardKey& key, Severity severity, Make&& make,
                std::uint64_t instances = 1) {
        if (severity < min_severity_) return;
        if (observer_ != nullptr) observer_->on_hazard(block_linear, key);
        std::lock_guard<std::mutex> lock(mutex_);
        auto& groups = by_block_[block_linear];
        for (auto& [k, g] : groups) {
            if (k == key) {
                g.instances += instances;
                return;
            }
        }
        groups.emplace_back(key, HazardGroup{make(), instances, key});
    }

    // The launch's groups from blocks below `blocks`, in order of first
    // appearance; clears the log.
    std::vector<HazardGroup> take_launch(std::uint64_t blocks = ~std::uint64_t(0));
    // Forgets the launch's hazards (its run was abandoned and begins again).
    void discard_launch() {
        std::lock_guard<std::mutex> lock(mutex_);
        by_block_.clear();
    }

private:
    std::mutex mutex_;
    Severity min_severity_ = Severity::Note;
    HazardObserver* observer_ = nullptr;
    std::map<std::uint64_t, std::vector<std::pair<HazardKey, HazardGroup>>> by_block_;
};

}  // namespace simt::driver
