// Host memory registered with cudaHostRegister, as the launch path needs it
// (host_memory.cpp keeps the ranges).
#pragma once

#include <cstdint>
#include <vector>

#include "emulator/launch.h"

namespace simt::cuda {

// The registered ranges that overlap [lo, hi): the launching host thread's
// stack, whose mapped arrays a kernel may write.
std::vector<KernelLaunch::HostRange> registered_host_within(std::uintptr_t lo, std::uintptr_t hi);

}  // namespace simt::cuda
