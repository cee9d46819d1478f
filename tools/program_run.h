// Runs a program built for the CPU backend with the engine options passed in
// its environment, and decides simt's exit status.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "driver/options.h"

namespace simt::tool {

// The program's own exit status, unless simt reported an error while it ran
// (then error_exitcode); 128 + N when it died from signal N. A `checked`
// program (simt's runtime, not nvcc's) ends with the summary line
// (driver/summary.h), and a death by signal is named.
// With --report sarif or json, when the program could not write its own
// report (it did not compile, or died): a report with no results whose run
// failed with `why` (SARIF's executionSuccessful, JSON's execution), so that
// CI's upload step still finds a file to show.
void write_failed_report(const driver::RunOptions& options, const std::string& program, const std::string& why,
                         const std::string& source = "");

int run_program(const std::filesystem::path& executable, const std::vector<std::string>& args,
                const driver::RunOptions& options, bool checked = true);

}  // namespace simt::tool
