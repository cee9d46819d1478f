#include "checkers/trace_recorder.h"

#include <algorithm>

#include "driver/json_text.h"
#include "driver/trace_timeline.h"

namespace simt::check {

using driver::BlockTrace;
using driver::HazardGroup;
using driver::HazardKey;
using driver::TimelineScope;
using driver::TraceMark;
using driver::TraceStep;
using driver::block_timeline;

using driver::json_string;
namespace {

std::string triple(const Dim3& d) {
    return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

}  // namespace

void TraceRecorder::on_launch_begin(const LaunchInfo& launch) {
    pending_ = true;
    ++launches_;
    kernel_ = launch.kernel;
    grid_ = launch.grid;
    block_dim_ = launch.block;
    warp_size_ = launch.warp_size;
    if (mode_.empty()) mode_ = launch.lockstep ? "lockstep" : "its";
    // Sized before any worker starts, so each worker only touches its own element.
    const bool room = events_.size() < kMaxTraceBytes;
    blocks_ = std::vector<BlockTrace>(room ? std::min<std::uint64_t>(options_.blocks, grid_.volume()) : 0);
    if (!room)
        left_out_.push_back("launch " + std::to_string(launches_) + " " + kernel_ +
                            ": not traced, the trace already holds " +
                            std::to_string(kMaxTraceBytes >> 20) + " MiB");
}

void TraceRecorder::on_block_begin(const LaunchInfo& launch, Dim3 block) {
    const std::uint64_t linear = linear_block(launch, block);
    BlockTrace* trace = linear < blocks_.size() ? &blocks_[linear] : nullptr;
    current_.current().trace = trace;
    if (trace != nullptr) {
        trace->ran = true;
        trace->index = block;
    }
}

BlockTrace* TraceRecorder::recording() const {
    BlockTrace* trace = current_.current().trace;
    return trace != nullptr && !trace->full() ? trace : nullptr;
}

void TraceRecorder::on_thread_resume(const ThreadId& who) {
    if (BlockTrace* trace = current_.current().trace) trace->running = who.linear;
}

void TraceRecorder::on_thread_stop(const ThreadStopEvent& e) {
    if (BlockTrace* trace = recording()) trace->steps.push_back(TraceStep{e.pc, e.who.linear, e.why});
}

void TraceRecorder::mark(TraceMark::Kind kind, std::uint32_t who, std::uint64_t value, const void* pc) {
    if (BlockTrace* trace = recording()) trace->marks.push_back(TraceMark{trace->steps.size(), pc, value, who, kind});
}

void TraceRecorder::on_convergence(const ConvergenceEvent& e) {
    mark(TraceMark::Kind::Convergence, e.warp, e.lanes, e.pc);
}

void TraceRecorder::on_barrier_release(const BarrierReleaseEvent& e) {
    if (BlockTrace* trace = recording()) mark(TraceMark::Kind::BarrierRelease, trace->running, e.participants, e.pc);
}

void TraceRecorder::on_warp_sync(const WarpSyncEvent& e) { mark(TraceMark::Kind::WarpSync, e.warp, e.participants, e.pc); }

// Mostly called on the worker running `block`, during the step that found
// the hazard. Hazards judged after the block ran (the init checker decides
// global reads when the launch ends, on the host thread) go at its last step.
void TraceRecorder::on_hazard(std::uint64_t block, const HazardKey& key) {
    if (block >= blocks_.size()) return;
    BlockTrace& trace = blocks_[block];
    const bool live = recording() == &trace;
    if (!live && (!trace.ran || trace.full() || trace.steps.empty())) return;
    const auto known = std::find(trace.hazard_keys.begin(), trace.hazard_keys.end(), key);
    const std::size_t index = std::size_t(known - trace.hazard_keys.begin());
    if (known == trace.hazard_keys.end()) trace.hazard_keys.push_back(key);
    if (live)
        mark(TraceMark::Kind::Hazard, trace.running, index, nullptr);
    else
        trace.marks.push_back(TraceMark{trace.steps.size() - 1, nullptr, index, trace.running, TraceMark::Kind::Hazard});
}

void TraceRecorder::on_launch_abandoned(const LaunchInfo&) {
    if (!pending_) return;
    pending_ = false;
    --launches_;
    blocks_.clear();
}

void TraceRecorder::finish_launch(const std::vector<HazardGroup>& hazards) {
    if (!pending_) return;  // the launch was refused before it started
    pending_ = false;
    const std::string launch = "launch " + std::to_string(launches_) + " " + kernel_;
    std::uint64_t longest = 0;
    for (const BlockTrace& trace : blocks_) {
        if (!trace.ran) {
            left_out_.push_back(launch + ": block " + triple(grid_.unlinearize(std::uint64_t(&trace - blocks_.data()))) +
                                " did not run (an earlier block failed)");
            continue;
        }
        TimelineScope scope;
        scope.pid = next_pid_++;
        scope.start = time_;
        scope.process_name = launch + " block " + triple(trace.index);
        scope.block_dim = block_dim_;
        scope.warp_size = warp_size_;
        scope.lanes = options_.lanes;
        events_ += block_timeline(trace, scope, hazards, places_);
        longest = std::max<std::uint64_t>(longest, trace.steps.size());
        if (trace.truncated)
            left_out_.push_back(scope.process_name + ": truncated after " + std::to_string(trace.steps.size()) +
                                " steps (at most " + std::to_string(BlockTrace::kMaxRecords) + " records per block)");
    }
    const std::uint64_t total = grid_.volume();
    if (!blocks_.empty() && total > blocks_.size())
        left_out_.push_back(launch + ": blocks " + std::to_string(blocks_.size()) + "-" + std::to_string(total - 1) +
                            " of " + std::to_string(total) + " not traced (--trace-blocks " +
                            std::to_string(options_.blocks) + ")");
    // The next launch starts after this one's longest block, with a gap.
    time_ += 2 * longest + 4;
    blocks_.clear();
    blocks_.shrink_to_fit();
}

std::string TraceRecorder::json() const {
    std::string out = "{\"traceEvents\": [\n";
    out += events_;
    if (!events_.empty()) out.erase(out.size() - 2, 1);  // the last event's comma
    std::string left_out;
    for (const std::string& s : left_out_) left_out += (left_out.empty() ? "" : "; ") + s;
    out += "],\n\"otherData\": {\"generator\": \"simt run --trace\", \"time\": " +
           json_string("logical: 1 us = one scheduling step of a block (a thread running from its resume to its "
                       "next stop); every block of a launch starts at the launch's start") +
           ", \"mode\": " + json_string(mode_) + ", \"launches\": \"" + std::to_string(launches_) +
           "\", \"left out\": " + json_string(left_out.empty() ? "nothing" : left_out) + "}}\n";
    return out;
}

}  // namespace simt::check
