#include "driver/run_hazards.h"

#include <algorithm>

namespace simt::driver {

std::vector<bool> RunHazards::add(const std::string& kernel, std::uint64_t launch,
                                  const std::vector<HazardGroup>& groups) {
    std::vector<bool> fresh;
    for (const HazardGroup& g : groups) {
        const HazardReport& r = g.example;
        const void* a = r.current.pc;
        const void* b = r.previous.pc;
        const Key key{r.rule, r.detail, r.kernel, std::min(a, b), std::max(a, b)};
        const auto [it, is_new] = index_.emplace(key, groups_.size());
        if (is_new) {
            groups_.push_back(Entry{kernel, launch, g});
            groups_.back().group.launches.clear();
        }
        HazardGroup& merged = groups_[it->second].group;
        if (!is_new) merged.instances += g.instances;
        if (!merged.launches.empty() && merged.launches.back().launch == launch)
            merged.launches.back().instances += g.instances;  // twice in one launch (host reports)
        else
            merged.launches.push_back(LaunchCount{launch, g.instances});
        fresh.push_back(is_new);
    }
    return fresh;
}

std::vector<LaunchHazards> RunHazards::by_first_launch() const {
    std::vector<LaunchHazards> launches;
    for (const Entry& e : groups_) {
        if (launches.empty() || launches.back().kernel != e.kernel || launches.back().launch_index != e.first_launch)
            launches.push_back(LaunchHazards{e.kernel, e.first_launch, {}});
        launches.back().groups.push_back(e.group);
    }
    return launches;
}

std::vector<const HazardGroup*> RunHazards::recurring() const {
    std::vector<const HazardGroup*> found;
    for (const Entry& e : groups_)
        if (e.group.launches.size() > 1) found.push_back(&e.group);
    return found;
}

}  // namespace simt::driver
