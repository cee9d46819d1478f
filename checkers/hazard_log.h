// Collects hazards of a launch and groups identical ones (same checker, kind
// and unordered pair of source sites) with instance counts. Reports are kept
// per block and merged in block order, so the result does not depend on how
// blocks were spread over worker threads.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "checkers/hazard.h"

namespace simt::check {

struct HazardGroup {
    HazardReport example;    // the first instance, in block order
    std::uint64_t instances = 0;
};

// The hazards of one launch, as every printer receives them.
struct LaunchHazards {
    std::string kernel;
    std::uint64_t launch_index = 0;
    std::vector<HazardGroup> groups;
};

class HazardLog {
public:
    void add(std::uint64_t block_linear, HazardReport report);
    // The launch's groups, in order of first appearance; clears the log.
    std::vector<HazardGroup> take_launch();

private:
    std::mutex mutex_;
    std::map<std::uint64_t, std::vector<HazardReport>> by_block_;
};

}  // namespace simt::check
