#include "checkers/barrier_checker.h"

#include <algorithm>
#include <string>
#include <utility>

#include "emulator/symbolizer.h"

namespace simt::check {

using driver::HazardAccess;
using driver::HazardKey;
using driver::HazardReport;
using driver::Rule;
using driver::Severity;
namespace {

// "threads 0-15, 40" (linear indices within the block)
std::string thread_list(const std::vector<ThreadId>& ids) {
    std::string s;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1].linear == ids[j].linear + 1) ++j;
        s += (s.empty() ? "" : ", ") + std::to_string(ids[i].linear);
        if (j > i) s += "-" + std::to_string(ids[j].linear);
        i = j + 1;
    }
    return s;
}

}  // namespace

void BarrierChecker::on_block_begin(const LaunchInfo& launch, Dim3 block) {
    BlockState& s = blocks_.current();
    s.launch = &launch;
    s.block_linear = linear_block(launch, block);
}

void BarrierChecker::on_barrier_release(const BarrierReleaseEvent& e) {
    const BlockState& s = blocks_.current();
    const std::uint64_t block_threads = s.launch->block.volume();
    if (e.arrivals.empty()) {
        if (e.participants < block_threads) after_exit(s, e.participants, e.pc, e.first);
        return;
    }
    Sites waiting;
    for (const BarrierEvent& a : e.arrivals) waiting[a.pc].push_back(a.who);
    divergent(s, waiting);
    if (e.participants < block_threads)
        after_exit(s, e.participants, waiting.begin()->first, waiting.begin()->second.front());
}

void BarrierChecker::divergent(const BlockState& s, const Sites& waiting) {
    // Several code addresses; whether they are several source lines (one
    // call may be duplicated by the compiler) is decided when the report is
    // completed, off the fiber stack.
    const HazardKey key{Rule::BarrierDivergent, waiting.begin()->first, std::next(waiting.begin())->first};
    log_.record(s.block_linear, key, Severity::Error, [&] {
        HazardReport r;
        r.rule = Rule::BarrierDivergent;
        r.severity = Severity::Error;
        r.kernel = s.launch->kernel;
        r.current = HazardAccess{std::next(waiting.begin())->second.front(), AccessKind::Read, 0,
                                 std::next(waiting.begin())->first};
        r.previous = HazardAccess{waiting.begin()->second.front(), AccessKind::Read, 0, waiting.begin()->first};
        r.why = "__syncthreads() must be reached by every thread of the block at the same call; Volta and later "
                "happen to match different calls, older GPUs hang or mismatch them";
        r.fix = "move the __syncthreads() out of the thread-dependent branch so that every thread reaches the same one";
        r.complete = [waiting](HazardReport& report) {
            std::map<std::string, std::vector<ThreadId>> by_line;
            std::map<std::string, const void*> site;
            for (const auto& [pc, threads] : waiting) {
                const std::string line = describe(pc);
                site.emplace(line, pc);
                by_line[line].insert(by_line[line].end(), threads.begin(), threads.end());
            }
            if (by_line.size() < 2) return false;
            std::string sites;
            for (auto& [line, threads] : by_line) {
                std::sort(threads.begin(), threads.end(),
                          [](const ThreadId& a, const ThreadId& b) { return a.linear < b.linear; });
                sites += (sites.empty() ? "" : "; ") + line + ": threads " + thread_list(threads);
            }
            report.location = "one barrier reached at " + std::to_string(by_line.size()) + " call sites (" + sites + ")";
            const auto first = by_line.begin(), second = std::next(first);
            report.previous = HazardAccess{first->second.front(), AccessKind::Read, 0, site[first->first]};
            report.current = HazardAccess{second->second.front(), AccessKind::Read, 0, site[second->first]};
            return true;
        };
        return r;
    });
}

void BarrierChecker::after_exit(const BlockState& s, std::uint64_t participants, const void* pc, const ThreadId& first) {
    const std::uint64_t block_threads = s.launch->block.volume();
    log_.record(s.block_linear, HazardKey{Rule::BarrierAfterExit, pc, pc}, Severity::Note, [&] {
        HazardReport r;
        r.rule = Rule::BarrierAfterExit;
        r.severity = Severity::Note;
        r.kernel = s.launch->kernel;
        r.location = std::to_string(block_threads - participants) + " of " + std::to_string(block_threads) +
                     " threads had exited before this __syncthreads";
        r.current = HazardAccess{first, AccessKind::Read, 0, pc};
        r.why = "exited threads no longer count at a barrier on Volta and later, but the CUDA guide asks every "
                "thread of the block to reach each __syncthreads";
        r.fix = "instead of returning early, skip the work with a condition and let every thread reach the barrier";
        return r;
    });
}

}  // namespace simt::check
