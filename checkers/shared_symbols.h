// Names static __shared__ variables for reports: they are TLS symbols of the
// executable, so a shared-window offset is a symbol value in its TLS segment.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/static_shared_guards.h"

namespace simt::check {

// "s[12] of __shared__ tree_sum::s (byte offset 48)", or for the dynamic part
// "extern __shared__ memory, byte offset 16".
std::string describe_shared(std::uint32_t offset, std::uint32_t static_bytes, std::uint32_t size);

// The static __shared__ arrays the source rewriter gave guard zones, by
// offset in the static shared window (for the engine's bounds check).
std::vector<GuardedArray> guarded_shared_arrays();

}  // namespace simt::check
