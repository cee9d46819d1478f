// How reports name a place in global memory: the allocation and the offset
// in it, as memcheck does, so a reader can find the buffer in their code.
#pragma once

#include <cstdio>
#include <string>

#include "emulator/checker.h"

namespace simt::check {

// "global allocation #2 (4096 bytes), byte offset 128 (element [32])", or a
// __device__ variable.
inline std::string describe_global(const AccessEvent& e) {
    char address[32];
    std::snprintf(address, sizeof address, "%#llx", static_cast<unsigned long long>(e.address));
    if (e.allocation == 0) return std::string("__device__ variable at ") + address;
    const std::uintptr_t offset = e.address - e.allocation_base;
    std::string s = (e.allocation_kind == AllocationKind::RegisteredHost ? "host memory #" + std::to_string(e.allocation) +
                                                                               " registered with cudaHostRegister ("
                                                                         : "global allocation #" + std::to_string(e.allocation) + " (") +
                    std::to_string(e.allocation_size) + " bytes), byte offset " + std::to_string(offset);
    if (e.size != 0 && offset % e.size == 0) s += " (element [" + std::to_string(offset / e.size) + "])";
    return s;
}

}  // namespace simt::check
