#include "checkers/shuffle_checker.h"

#include "checkers/per_block_state.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>

namespace simt::check {

using driver::HazardAccess;
using driver::HazardKey;
using driver::HazardReport;
using driver::Rule;
using driver::Severity;

void ShuffleChecker::on_launch_begin(const LaunchInfo& launch) {
    launch_ = launch;
    std::lock_guard<std::mutex> lock(mutex_);
    sites_.clear();
}

std::vector<ShuffleChecker::UntakenSite> ShuffleChecker::untaken_sites() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<UntakenSite> sites = sites_;
    std::sort(sites.begin(), sites.end(), [](const UntakenSite& a, const UntakenSite& b) {
        return std::tie(a.first_block, a.first.linear, a.source) < std::tie(b.first_block, b.first.linear, b.source);
    });
    return sites;
}

void ShuffleChecker::on_shuffle(const ShuffleEvent& e) {
    if (e.source == ShuffleSource::Taken) return;
    {
        const std::uint64_t block = linear_block(launch_, e.who.block);
        std::lock_guard<std::mutex> lock(mutex_);
        auto site = std::find_if(sites_.begin(), sites_.end(),
                                 [&](const UntakenSite& s) { return s.pc == e.pc && s.source == e.source; });
        if (site == sites_.end())
            site = sites_.insert(sites_.end(), UntakenSite{e.pc, e.source, 0, e.width, e.who, block});
        site->lanes |= std::uint64_t(1) << e.who.lane;
        if (std::tie(block, e.who.linear) < std::tie(site->first_block, site->first.linear)) {
            site->first = e.who;
            site->first_block = block;
        }
    }
    // A note whatever the source: the re-run judges whether the value is used.
    const Severity severity = Severity::Note;
    const Rule rule = e.source == ShuffleSource::NotInMask ? Rule::ShuffleSourceNotInMask
                      : e.source == ShuffleSource::Inactive  ? Rule::ShuffleInactiveSource
                                                             : Rule::ShuffleOutsideSegment;
    const HazardKey key{rule, e.pc, e.pc, std::uint32_t(e.source)};  // a taken source is a group of its own
    log_.record(linear_block(launch_, e.who.block), key, severity, [&] {
        HazardReport r;
        r.rule = rule;
        r.kernel = launch_.kernel;
        r.space = MemorySpace::Shared;  // registers, really; no memory is involved
        r.severity = severity;
        r.current = HazardAccess{e.who, AccessKind::Read, 0, e.pc};
        const std::string lane = "lane " + std::to_string(e.source_lane);
        char mask[32];
        std::snprintf(mask, sizeof mask, "%#llx", static_cast<unsigned long long>(e.mask));
        r.location = lane + " of warp " + std::to_string(e.who.warp) + " (mask " + mask + ", width " +
                     std::to_string(e.width) + ")";
        switch (e.source) {
            case ShuffleSource::NotInMask:
                r.why = "the shuffle reads " + lane + ", which its mask does not name, so the value is undefined on a GPU "
                        "(valid CUDA as long as the program does not use it)";
                r.fix = "name " + lane + " in the mask (and make it execute the shuffle), or do not use the value it returns";
                break;
            case ShuffleSource::Inactive:
                r.why = "the shuffle reads " + lane + ", which did not take part in it (it does not exist or has exited), "
                        "so the value is undefined on a GPU (valid CUDA as long as the program does not use it)";
                r.fix = "name only lanes that exist in the mask and read only from them, e.g. "
                        "__shfl_sync(mask, v, min(lane + offset, active - 1)) and add the value only if lane + offset < active";
                break;
            case ShuffleSource::OutsideSegment:
            case ShuffleSource::Taken:
                r.why = "the source " + lane + " lies outside the caller's " + std::to_string(e.width) +
                        "-lane segment, so the caller received its own value";
                r.fix = "if the code uses this value, add a boundary check (e.g. lane + delta < width)";
                break;
        }
        return r;
    });
}

}  // namespace simt::check
