// A schedule under independent thread scheduling, as data: the decisions of
// a run that differ from the plain order, so that a run can be recorded,
// cut down and replayed. The plain order runs a block's threads one at a
// time: the running thread keeps running until it waits or ends, and then the
// next ready thread in index order (wrapping) runs. A step says where a run
// left that order: a thread yielded at one of its memory accesses, or another
// thread than the plain one ran after a thread stopped. Steps name threads by
// their counts within the block (its Nth access, its Nth stop), so a step
// keeps its meaning when other steps are taken away. The same steps give the
// same run, for any number of workers.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace simt {

struct ScheduleStep {
    enum class Kind : std::uint8_t { Yield, Pick };
    static constexpr std::uint32_t kBlockStart = 0xffffffffu;  // Pick's `thread` before any thread ran
    Kind kind = Kind::Yield;
    std::uint64_t launch = 0;   // the process's launch index, from 0
    std::uint64_t block = 0;    // linear block index
    std::uint32_t thread = 0;   // Yield: the thread that yields; Pick: the thread that stopped
    std::uint32_t count = 0;    // Yield: which of its accesses (from 1); Pick: which of its stops (from 1)
    std::uint32_t next = 0;     // Pick: the thread that ran next
    const void* pc = nullptr;   // Yield, when recorded: the access's code address
};

// One block's steps, as the policy looks them up.
class BlockSchedule {
public:
    void add(const ScheduleStep& step);
    bool yields(std::uint32_t thread, std::uint32_t access) const {
        return !yields_.empty() && yields_.count(key(thread, access)) != 0;
    }
    // The thread to run after `stopped`'s stop number `stop`, or -1 for the plain order.
    std::int64_t pick(std::uint32_t stopped, std::uint32_t stop) const;

private:
    static std::uint64_t key(std::uint32_t thread, std::uint32_t count) {
        return std::uint64_t(thread) << 32 | count;
    }
    std::unordered_set<std::uint64_t> yields_;
    std::unordered_map<std::uint64_t, std::uint32_t> picks_;
};

// The schedule a run replays: every block of every launch follows the plain
// order except where its steps say otherwise.
class Schedule {
public:
    explicit Schedule(const std::vector<ScheduleStep>& steps);
    // nullptr: the block takes no step.
    const BlockSchedule* block(std::uint64_t launch, std::uint64_t block) const;

private:
    std::map<std::pair<std::uint64_t, std::uint64_t>, BlockSchedule> blocks_;
};

// What a recording run decided, handed in block by block from any worker.
class ScheduleRecording {
public:
    void add(std::vector<ScheduleStep> steps);
    void name_launch(std::uint64_t launch, std::string kernel);
    // In launch, block and decision order.
    std::vector<ScheduleStep> steps() const;
    std::string kernel(std::uint64_t launch) const;

private:
    mutable std::mutex mutex_;
    std::vector<std::vector<ScheduleStep>> blocks_;
    std::map<std::uint64_t, std::string> kernels_;
};

// The text form: a line a step, `yield L B T N` or `pick L B T N U` (launch,
// block, thread or `start`, count, next thread), then `#` and what it means
// for a reader (`describe`: the access's file:line, when known). Blank lines
// and lines that begin with `#` are ignored.
std::string format_schedule(const std::vector<ScheduleStep>& steps,
                            const std::function<std::string(const ScheduleStep&)>& describe = {});
// Throws std::invalid_argument naming the line that cannot be read.
std::vector<ScheduleStep> parse_schedule(const std::string& text);

}  // namespace simt
