// Names static __shared__ variables for reports: they are TLS symbols of the
// executable, so a shared-window offset is a symbol value in its TLS segment.
// Finds the __device__ variables the same way, in their section.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/device_variable_layout.h"
#include "emulator/static_shared_layout.h"

namespace simt::check {

// "s[12] of __shared__ tree_sum::s (byte offset 48)", or for the dynamic part
// "extern __shared__ memory, byte offset 16".
std::string describe_shared(std::uint32_t offset, std::uint32_t static_bytes, std::uint32_t size);

// Every static __shared__ variable, by offset in the static shared window
// (without the guard zones the rewriter laid after arrays), for the engine's
// bounds check and its fill of each block's shared memory.
std::vector<SharedVariable> static_shared_variables();

// Every __device__ and __managed__ variable defined in the program (the
// section simt_global_space, less the rewriter's guards), for the engine's
// bounds check.
std::vector<DeviceVariable> device_variables();

}  // namespace simt::check
