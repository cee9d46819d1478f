// Every report of a run, merged across launches: a kernel launched five times
// with one race is one group found in five launches, not five groups. Groups
// are the same when their checker, kind, kernel and unordered pair of code
// sites are; a group keeps the report of its first instance and counts its
// instances launch by launch. The report files are printed from here, and the
// text printer shows a group only when it is new to the run.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "driver/hazard_log.h"

namespace simt::driver {

class RunHazards {
public:
    // One launch's groups (or a host pseudo-launch's: "(host)", "(at exit)").
    // Returns, group by group, whether it is new to the run.
    std::vector<bool> add(const std::string& kernel, std::uint64_t launch, const std::vector<HazardGroup>& groups);

    // Each group once, under the launch it first appeared in, in order of
    // first appearance; its `launches` lists every launch it occurred in.
    std::vector<LaunchHazards> by_first_launch() const;

    // Groups found in more than one launch, in order of first appearance.
    std::vector<const HazardGroup*> recurring() const;

    bool empty() const { return groups_.empty(); }

private:
    using Key = std::tuple<Rule, std::string, std::string, const void*, const void*>;  // rule, detail, kernel, sites
    struct Entry {
        std::string kernel;
        std::uint64_t first_launch;
        HazardGroup group;
    };
    std::map<Key, std::size_t> index_;
    std::vector<Entry> groups_;
};

}  // namespace simt::driver
