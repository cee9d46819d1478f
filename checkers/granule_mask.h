// The bytes of a 4-byte granule an access touches, as a mask (bit i: byte i),
// as the race and init checkers keep them per granule.
#pragma once

#include <algorithm>
#include <cstdint>

namespace simt::check {

// An access of `size` bytes at `address` (or shared offset) that lies in one
// granule (naturally aligned, at most 4 bytes).
inline std::uint8_t granule_mask(std::uintptr_t address, std::uint32_t size) {
    return std::uint8_t(((1u << size) - 1) << (address & 3));
}

// The bytes of granule g (4 bytes at g * 4) that [lo, hi) covers.
inline std::uint8_t granule_mask(std::uintptr_t g, std::uintptr_t lo, std::uintptr_t hi) {
    const std::uintptr_t from = std::max(lo, g * 4), to = std::min(hi, g * 4 + 4);
    return granule_mask(from, std::uint32_t(to - from));
}

}  // namespace simt::check
