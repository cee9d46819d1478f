// `simt nvcc ...` and the `simt-nvcc` executable: nvcc's command line, so a
// Makefile or build script that calls nvcc builds for simt with NVCC=simt-nvcc.
// Compiles (-c), links, or does both; writes dependency files as nvcc does.
#pragma once

#include <string>
#include <vector>

namespace simt::tool {

// Runs the command (arguments after the program name); returns its exit status.
int run_nvcc(const std::vector<std::string>& args);

}  // namespace simt::tool
