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
// With --report sarif, when the program could not write its own report (it
// did not compile, or died): a SARIF run with no results whose invocation
// failed with `why`, so that CI's upload step still finds a file to show.
void write_failed_sarif(const driver::RunOptions& options, const std::string& program, const std::string& why);

int run_program(const std::filesystem::path& executable, const std::vector<std::string>& args,
                const driver::RunOptions& options, bool checked = true);

}  // namespace simt::tool
