#include "driver/hazard_log.h"

namespace simt::driver {

std::vector<HazardGroup> HazardLog::take_launch(std::uint64_t block_limit) {
    std::map<std::uint64_t, std::vector<std::pair<HazardKey, HazardGroup>>> blocks;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        blocks.swap(by_block_);
    }
    std::map<HazardKey, std::size_t> index;
    std::vector<HazardGroup> groups;
    for (auto& [block, found] : blocks) {
        if (block >= block_limit) break;  // ordered map: the rest are higher
        for (auto& [key, group] : found) {
            auto [it, fresh] = index.emplace(key, groups.size());
            if (fresh)
                groups.push_back(std::move(group));
            else
                groups[it->second].instances += group.instances;
        }
    }
    std::vector<HazardGroup> complete;
    for (HazardGroup& g : groups) {
        auto finish = std::move(g.example.complete);
        g.example.complete = nullptr;
        if (!finish || finish(g.example)) complete.push_back(std::move(g));
    }
    return complete;
}

}  // namespace simt::driver
