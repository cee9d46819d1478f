// `simt run --explore N`: does the program's output depend on the schedule?
// The built program runs under N scheduler seeds (from --seed on), one run
// per core at once; their outputs and reports are grouped in seed order, and
// the verdict names the two smallest seeds whose outputs differ (replay
// either with --seed). In its mode the second of them is then recorded and
// its schedule shrunk (ddmin) to the fewest steps whose replay still prints
// an output other than the first seed's, written to a schedule file
// (--record-schedule's, else simt-schedule.txt) for --schedule.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/program_run.h"

namespace simt::tool {

// What one seed's run printed.
struct SeedRun {
    std::uint64_t seed = 0;
    int status = 0;
    std::string out;  // the program's standard output
    std::string err;  // simt's reports (and the program's standard error)
    std::string report;  // the reports' headlines: what was found, without examples and counts
};

// The lines of `err` that name a finding ("simt: error: race hazard (RAW) on
// shared memory in kernel k"), sorted, less the per-run counts and totals.
std::string report_headlines(const std::string& err);

// Distinct outputs (or reports) in order of their smallest seed, each with its seeds.
struct OutputGroup {
    std::string text;
    std::vector<std::uint64_t> seeds;
};
std::vector<OutputGroup> group_outputs(const std::vector<SeedRun>& runs, std::string SeedRun::*field);

// Runs the program `seeds` times and prints the verdict and the groups on
// standard output. The exit status is options.error_exitcode when the output
// depends on the schedule, else that of the first seed's run.
// `shrink_replays`: how many replays shrinking may make (0: none).
int explore_program(const std::filesystem::path& executable, const std::vector<std::string>& args,
                    const driver::RunOptions& options, unsigned seeds, unsigned shrink_replays);

// Records the smallest seed of outputs[1], shrinks its schedule and prints
// the steps that matter.
void shrink_schedule(const std::filesystem::path& executable, const std::vector<std::string>& args,
                     const driver::RunOptions& options, const std::vector<OutputGroup>& outputs, unsigned replays);

}  // namespace simt::tool
