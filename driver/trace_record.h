// What the trace recorder keeps of one block while it runs: small records,
// appended on the worker thread that runs the block (often on a simulated
// thread's fiber stack), so nothing here symbolises or formats. After the
// launch, trace_timeline.h turns them into trace events.
#pragma once

#include <cstdint>
#include <vector>

#include "driver/hazard_log.h"
#include "emulator/checker.h"

namespace simt::driver {

// One scheduling step: `thread` (linear index) ran from its resume until it
// stopped for `why` at `pc`. Step i is the block's i-th resume.
struct TraceStep {
    const void* pc;
    std::uint32_t thread;
    StopReason why;
};

// Something that happened during step `step`, between its resume and stop.
struct TraceMark {
    enum class Kind : std::uint8_t {
        Hazard,          // who: the thread that found it; value: index in BlockTrace::hazard_keys
        BarrierRelease,  // who: the running thread; value: threads released; pc: the barrier
        WarpSync,        // who: warp; value: lanes that met; pc: the collective
        Convergence,     // who: warp; value: lanes placed together; pc: the convergence point
    };
    std::uint64_t step;
    const void* pc;
    std::uint64_t value;
    std::uint32_t who;
    Kind kind;
};

struct BlockTrace {
    // Steps and marks together; past it, the block's trace stops (and says so)
    // so a long kernel cannot grow the recorder's memory without bound.
    static constexpr std::size_t kMaxRecords = 100000;

    Dim3 index;
    bool ran = false;
    bool truncated = false;
    std::uint32_t running = 0;  // the thread of the step in progress
    std::vector<TraceStep> steps;
    std::vector<TraceMark> marks;
    std::vector<HazardKey> hazard_keys;  // distinct keys seen in this block

    bool full() {
        if (steps.size() + marks.size() >= kMaxRecords) truncated = true;
        return truncated;
    }
};

}  // namespace simt::driver
