// `simt run --trace FILE`: a plugin on the engine's Checker interface (and an
// observer of the hazard log) that records, per traced block, which thread
// ran at each scheduling step and why it stopped, plus barrier releases,
// collectives, convergence and hazards, and turns that into a Chrome/Perfetto
// trace (see trace_timeline.h for the tracks, docs/trace.md for reading it).
//
// Bounded: only the first `blocks` blocks of each launch are traced, a block
// keeps at most BlockTrace::kMaxRecords records, and once the trace holds
// kMaxTraceBytes later launches are left out. What was left out is listed in
// the file's metadata ("otherData").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "driver/code_places.h"
#include "driver/hazard_log.h"
#include "checkers/per_block_state.h"
#include "driver/trace_record.h"
#include "emulator/checker.h"

namespace simt::check {

struct TraceOptions {
    bool lanes = false;   // a track per lane as well as per warp
    unsigned blocks = 4;  // blocks traced per launch: the first ones, in linear order
};

class TraceRecorder final : public Checker, public driver::HazardObserver {
public:
    static constexpr std::size_t kMaxTraceBytes = std::size_t(64) << 20;

    explicit TraceRecorder(TraceOptions options) : options_(options) {}

    bool wants_schedule_events() const override { return true; }
    bool wants_access_events() const override { return false; }
    bool wants_thread_events() const override { return false; }
    void on_launch_begin(const LaunchInfo& launch) override;
    // A launch put off until the host synchronises: its records go, and the
    // launch that runs later takes its number.
    void on_launch_abandoned(const LaunchInfo& launch) override;
    void on_block_begin(const LaunchInfo& launch, Dim3 block) override;
    void on_thread_resume(const ThreadId& who) override;
    void on_thread_stop(const ThreadStopEvent& e) override;
    void on_convergence(const ConvergenceEvent& e) override;
    void on_barrier_release(const BarrierReleaseEvent& e) override;
    void on_warp_sync(const WarpSyncEvent& e) override;
    void on_hazard(std::uint64_t block_linear, const driver::HazardKey& key) override;

    // After each launch, on the host thread, with the hazard groups it
    // reported: symbolises and turns the launch's records into trace events
    // placed after the previous launch's, then frees the records.
    void finish_launch(const std::vector<driver::HazardGroup>& hazards);
    // The whole trace so far, as JSON.
    std::string json() const;

private:
    struct Current {
        driver::BlockTrace* trace = nullptr;
    };
    // The calling worker's block, when it is traced and has room left.
    driver::BlockTrace* recording() const;
    void mark(driver::TraceMark::Kind kind, std::uint32_t who, std::uint64_t value, const void* pc);

    TraceOptions options_;
    PerBlockState<Current> current_;
    // The launch in progress: one BlockTrace per traced block, each written
    // only by the worker that runs that block.
    bool pending_ = false;
    std::string kernel_;
    Dim3 grid_, block_dim_;
    unsigned warp_size_ = 32;
    bool lockstep_ = false;
    std::vector<driver::BlockTrace> blocks_;
    // The run so far.
    driver::CodePlaces places_;
    std::string events_;                 // finished launches' events, ",\n" after each
    std::vector<std::string> left_out_;  // what the trace does not show, in words
    std::uint64_t launches_ = 0;
    std::uint64_t time_ = 0;             // where the next launch starts, in half steps
    std::uint32_t next_pid_ = 1;
    std::string mode_;                   // "its" or "lockstep", from the first launch
};

}  // namespace simt::check
