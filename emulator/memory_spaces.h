// Classifies an address seen by an instrumentation hook into a memory space,
// or into "not observed" (a thread's own stack, the host heap). Cheap: a few
// range compares, as measured in the feasibility study.
#pragma once

#include <cstdint>
#include <optional>

#include "emulator/checker.h"
#include "emulator/global_memory.h"
#include "emulator/worker.h"

// Variables placed by the compatibility layer into these sections: the linker
// defines the bounds when the program has any; otherwise they stay null.
extern "C" {
extern char __start_simt_constant_space[] __attribute__((weak));
extern char __stop_simt_constant_space[] __attribute__((weak));
extern char __start_simt_constant_readonly[] __attribute__((weak));
extern char __stop_simt_constant_readonly[] __attribute__((weak));
extern char __start_simt_global_space[] __attribute__((weak));
extern char __stop_simt_global_space[] __attribute__((weak));
}

namespace simt {

inline std::optional<MemorySpace> classify(const Worker& worker, std::uintptr_t a) {
    if (worker.in_static_shared(a) || worker.in_dynamic_shared(a)) return MemorySpace::Shared;
    if (GlobalMemory::active_contains(a)) return MemorySpace::Global;
    if (a - std::uintptr_t(__start_simt_global_space) <
        std::uintptr_t(__stop_simt_global_space - __start_simt_global_space))
        return MemorySpace::Global;
    if (a - std::uintptr_t(__start_simt_constant_space) <
        std::uintptr_t(__stop_simt_constant_space - __start_simt_constant_space))
        return MemorySpace::Constant;
    if (a - std::uintptr_t(__start_simt_constant_readonly) <
        std::uintptr_t(__stop_simt_constant_readonly - __start_simt_constant_readonly))
        return MemorySpace::Constant;
    return std::nullopt;
}

}  // namespace simt
