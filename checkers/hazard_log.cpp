#include "checkers/hazard_log.h"

#include <algorithm>
#include <tuple>

namespace simt::check {

void HazardLog::add(std::uint64_t block_linear, HazardReport report) {
    std::lock_guard<std::mutex> lock(mutex_);
    by_block_[block_linear].push_back(std::move(report));
}

std::vector<HazardGroup> HazardLog::take_launch() {
    std::map<std::uint64_t, std::vector<HazardReport>> blocks;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        blocks.swap(by_block_);
    }
    using Key = std::tuple<std::string, std::string, const void*, const void*>;
    std::map<Key, std::size_t> index;
    std::vector<HazardGroup> groups;
    for (auto& [block, reports] : blocks) {
        for (HazardReport& r : reports) {
            const void* a = std::min(r.current.pc, r.previous.pc);
            const void* b = std::max(r.current.pc, r.previous.pc);
            const Key key{r.checker, r.kind, a, b};
            auto [it, fresh] = index.emplace(key, groups.size());
            if (fresh) groups.push_back(HazardGroup{std::move(r), 0});
            ++groups[it->second].instances;
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

}  // namespace simt::check
