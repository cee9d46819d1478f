// A kernel launch as the engine sees it: shapes and a type-erased entry that
// each simulated thread calls. The CUDA layer builds it from <<<...>>>.
#pragma once

#include <cstddef>
#include <string>

#include "emulator/fault.h"
#include "emulator/geometry.h"

namespace simt {

struct KernelLaunch {
    const char* kernel_name = "kernel";
    Dim3 grid, block;
    std::size_t dynamic_shared = 0;
    std::size_t dynamic_shared_limit = 48 * 1024;
    void (*invoke)(void* closure) = nullptr;
    void* closure = nullptr;
};

struct LaunchOutcome {
    Fault fault;
    std::string output;  // device printf output, in block order
};

}  // namespace simt
