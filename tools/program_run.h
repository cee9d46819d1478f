// Runs a program built for the CPU backend with the engine options passed in
// its environment, and decides simt's exit status.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "driver/options.h"

namespace simt::tool {

// The program's own exit status, unless simt reported an error while it ran
// (then error_exitcode); 128 + N when it died from signal N.
int run_program(const std::filesystem::path& executable, const std::vector<std::string>& args,
                const driver::RunOptions& options);

}  // namespace simt::tool
