// Names static __shared__ variables for reports: they are TLS symbols of the
// executable, so a shared-window offset is a symbol value in its TLS segment.
#pragma once

#include <cstdint>
#include <string>

namespace simt::check {

// "s[12] of __shared__ tree_sum::s (byte offset 48)", or for the dynamic part
// "extern __shared__ memory, byte offset 16".
std::string describe_shared(std::uint32_t offset, std::uint32_t static_bytes, std::uint32_t size);

}  // namespace simt::check
