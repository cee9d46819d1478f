// The one line every run ends with, and the status a program hands `simt
// run` at exit so that the command can print that line (and an exit status)
// even when the program dies before its own exit handler runs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace simt::driver {

// What a run reported, as the summary counts it: every error class (hazards
// of error severity, faults, deadlocks, traps, failing runtime calls,
// uninitialised copies, leaks) is an error; warnings are hazards of warning
// severity. Notes are not counted.
struct RunCounts {
    unsigned errors = 0;
    unsigned warnings = 0;
};

// "simt: ERROR SUMMARY: 1 error, 0 warnings\n" -- stable wording, matched by
// `^simt: ERROR SUMMARY: [0-9]+ errors?` (docs/report-format.md).
std::string summary_line(const RunCounts& counts);

// The status file's text and its reader (nullopt: not written, the program
// did not reach its exit handler).
std::string status_text(const RunCounts& counts);
std::optional<RunCounts> read_status(std::string_view text);

}  // namespace simt::driver
