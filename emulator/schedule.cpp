#include "emulator/schedule.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace simt {

void BlockSchedule::add(const ScheduleStep& step) {
    if (step.kind == ScheduleStep::Kind::Yield)
        yields_.insert(key(step.thread, step.count));
    else
        picks_[key(step.thread, step.count)] = step.next;
}

std::int64_t BlockSchedule::pick(std::uint32_t stopped, std::uint32_t stop) const {
    if (picks_.empty()) return -1;
    const auto it = picks_.find(key(stopped, stop));
    return it == picks_.end() ? -1 : std::int64_t(it->second);
}

Schedule::Schedule(const std::vector<ScheduleStep>& steps) {
    for (const ScheduleStep& s : steps) blocks_[{s.launch, s.block}].add(s);
}

const BlockSchedule* Schedule::block(std::uint64_t launch, std::uint64_t block) const {
    const auto it = blocks_.find({launch, block});
    return it == blocks_.end() ? nullptr : &it->second;
}

void ScheduleRecording::add(std::vector<ScheduleStep> steps) {
    if (steps.empty()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    blocks_.push_back(std::move(steps));
}

void ScheduleRecording::name_launch(std::uint64_t launch, std::string kernel) {
    std::lock_guard<std::mutex> lock(mutex_);
    kernels_[launch] = std::move(kernel);
}

std::vector<ScheduleStep> ScheduleRecording::steps() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<const std::vector<ScheduleStep>*> order;
    for (const auto& b : blocks_) order.push_back(&b);
    // Blocks end in whatever order the workers ran them: sort them, and keep
    // each block's steps in the order it took them.
    std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
        return std::make_pair(a->front().launch, a->front().block) < std::make_pair(b->front().launch, b->front().block);
    });
    std::vector<ScheduleStep> all;
    for (const auto* b : order) all.insert(all.end(), b->begin(), b->end());
    return all;
}

std::string ScheduleRecording::kernel(std::uint64_t launch) const {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = kernels_.find(launch);
    return it == kernels_.end() ? std::string() : it->second;
}

std::string format_schedule(const std::vector<ScheduleStep>& steps,
                            const std::function<std::string(const ScheduleStep&)>& describe) {
    std::ostringstream out;
    for (const ScheduleStep& s : steps) {
        if (s.kind == ScheduleStep::Kind::Yield) {
            out << "yield " << s.launch << ' ' << s.block << ' ' << s.thread << ' ' << s.count;
        } else {
            out << "pick " << s.launch << ' ' << s.block << ' ';
            if (s.thread == ScheduleStep::kBlockStart)
                out << "start";
            else
                out << s.thread;
            out << ' ' << s.count << ' ' << s.next;
        }
        if (describe) {
            const std::string what = describe(s);
            if (!what.empty()) out << "  # " << what;
        }
        out << '\n';
    }
    return out.str();
}

std::vector<ScheduleStep> parse_schedule(const std::string& text) {
    std::vector<ScheduleStep> steps;
    std::istringstream in(text);
    std::string line;
    unsigned number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string content = line.substr(0, line.find('#'));
        std::istringstream words(content);
        std::string kind;
        if (!(words >> kind)) continue;
        ScheduleStep s;
        std::string thread;
        bool ok;
        if (kind == "yield") {
            s.kind = ScheduleStep::Kind::Yield;
            ok = bool(words >> s.launch >> s.block >> s.thread >> s.count) && s.count != 0;
        } else if (kind == "pick") {
            s.kind = ScheduleStep::Kind::Pick;
            ok = bool(words >> s.launch >> s.block >> thread >> s.count >> s.next) && s.count != 0;
            if (ok && thread == "start") {
                s.thread = ScheduleStep::kBlockStart;
            } else if (ok) {
                std::size_t used = 0;
                try {
                    const unsigned long t = std::stoul(thread, &used);
                    ok = used == thread.size() && t < ScheduleStep::kBlockStart;
                    s.thread = std::uint32_t(t);
                } catch (const std::exception&) {
                    ok = false;
                }
            }
        } else {
            ok = false;
        }
        std::string extra;
        if (!ok || (words >> extra))
            throw std::invalid_argument("line " + std::to_string(number) + " is not a schedule step (`yield LAUNCH BLOCK "
                                        "THREAD ACCESS` or `pick LAUNCH BLOCK THREAD|start STOP NEXT`): " + line);
        steps.push_back(s);
    }
    return steps;
}

}  // namespace simt
