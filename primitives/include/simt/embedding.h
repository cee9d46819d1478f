// For programs that embed simt in its own tree (tests, tools): choose the
// engine's options and start from a fresh device, as cudaDeviceReset does on
// a GPU. Not installed (cmake/SimtInstall.cmake): it needs the engine's and
// the driver's headers.
#pragma once

#include <string>
#include <vector>

#include "emulator/options.h"

namespace simt {
struct Fault;
}
namespace simt::driver {
struct HazardGroup;
}

namespace simt::cuda {

// Which hazard checkers watch the kernels (`simt run --check`).
struct CheckOptions {
    bool race = true;
    bool shuffle = true;
    bool init = true;
    bool barrier = true;
    bool warp_sync = true;
    // Leaked allocations at exit (with leak_check). Out-of-bounds and
    // misaligned accesses are faults a GPU raises too: always detected.
    bool memory = true;
    bool leak_check = false;
    // Runtime calls that return an error, reported at their line as
    // compute-sanitizer reports them (--report-api-errors explicit, the
    // default) or not (no); part of the memory check.
    bool report_api_errors = true;
    // Two unordered writes that store the same bytes: not reported (true,
    // the default, as compute-sanitizer's racecheck) or reported
    // (--uniform-writes report).
    bool ignore_uniform_writes = true;
    // What the race checker may keep for words of global memory several
    // threads touched (--race-memory, MiB).
    std::uint64_t race_memory_mib = 256;
    // Kernel filters (driver/kernel_filter.h; "" none): the launches of a
    // kernel --kernel-name does not name, or --kernel-name-exclude names,
    // run with no checker.
    std::string kernel_name;
    std::string kernel_name_exclude;
    unsigned print_limit = 10;  // hazard groups printed per launch (all are counted)
    // Hazards below this severity are neither printed nor counted:
    // 0 note, 1 warning, 2 error.
    unsigned min_severity = 1;
    // Besides the text on stderr, write every hazard of the run at exit in
    // this format ("json" or "sarif") to report_file; "" writes none.
    std::string report_format;
    std::string report_file;
    // SARIF: paths relative to this directory ("" the current one), and the
    // run's category ("" simt/PROGRAM).
    std::string source_root;
    std::string report_category;
    // A suppressions file (docs/report-format.md): reports it names are
    // neither printed, nor counted, nor written; "" none.
    std::string suppressions;
    // Reports go to this file (appended) instead of stderr; "" stderr.
    std::string log_file;
    // A Chrome/Perfetto timeline of the run (docs/trace.md), written at exit
    // to trace_file; "" records none. Independent of the checkers above.
    std::string trace_file;
    bool trace_lanes = false;   // a track per lane as well as per warp
    unsigned trace_blocks = 4;  // blocks traced per launch (the first ones)
};

// Replaces the process's emulated device: all allocations are released, the
// last and the sticky error are cleared, per-kernel attributes forgotten.
void reset_device(const EngineOptions& options, const CheckOptions& checks = {});

// The hazards the last launch reported, grouped (also printed to stderr).
const std::vector<driver::HazardGroup>& last_launch_hazards();

// The `--check` names, each with what it turns on, in registration order.
std::vector<std::string> checker_names();

// A launch fault's message as simt prints it: the engine's account of what
// happened, with what a GPU does and how to fix it in CUDA's words.
std::string fault_text(const Fault& fault);

}  // namespace simt::cuda
