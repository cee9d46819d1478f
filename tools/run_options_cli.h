// `simt run`'s options for the program, registered with CLI11 from the one
// table (driver/options.inc): names, defaults, help and checks all come from
// there, so the command line and SIMT_OPTIONS cannot drift apart.
#pragma once

#include <CLI/CLI.hpp>

#include "driver/options.h"

namespace simt::tool {

void add_program_options(CLI::App& run, driver::RunOptions& options);

}  // namespace simt::tool
