// Turns one block's trace records into Chrome/Perfetto trace events (the
// JSON trace event format): a track per warp, optionally a track per lane.
//
// Time is logical: one scheduling step (a thread running from its resume to
// its next stop) is 1 us on the axis; what happens inside a step (a hazard, a
// barrier release) sits in its middle. So the same program, mode and seed
// give the same trace whatever the number of worker threads.
//
// On a warp's track:
//   "X" run slices    consecutive steps of the warp's lanes, named by where the
//                     last one stopped; args: lanes that ran, where each stopped
//   "X" wait slices   every live lane of the warp waits (barrier, collective,
//                     convergence point), from the last arrival to the release
//   "i" instants      hazards (args: checker, kind, severity, lines), divergence
//                     (lanes waiting or converging at different places) and
//                     reconvergence, faults
// Process-wide instants: barrier releases, a deadlock, a truncated trace.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "driver/code_places.h"
#include "driver/hazard_log.h"
#include "driver/lane_list.h"
#include "driver/trace_record.h"

namespace simt::driver {

// Where one block's events go.
struct TimelineScope {
    std::uint32_t pid = 1;
    std::uint64_t start = 0;   // the launch's start on the time axis, in half steps
    std::string process_name;  // "launch 1 reduce block (0,0,0)"
    Dim3 block_dim;            // threads of a block, to name a thread by its coordinates
    unsigned warp_size = 32;
    bool lanes = false;        // a track per lane as well as per warp
};

// The block's events as JSON objects, one a line, each followed by ",\n".
// `hazards` are the launch's groups as reported: a hazard whose group was
// dropped (e.g. two addresses of one source line) is not shown.
std::string block_timeline(const BlockTrace& trace, const TimelineScope& scope,
                           const std::vector<HazardGroup>& hazards, CodePlaces& places);


}  // namespace simt::driver
