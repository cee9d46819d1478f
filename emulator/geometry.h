// Grid and block coordinates, independent of any CUDA type.
#pragma once

#include <cstdint>

namespace simt {

struct Dim3 {
    std::uint32_t x = 1, y = 1, z = 1;
    constexpr std::uint64_t volume() const {
        return std::uint64_t(x) * std::uint64_t(y) * std::uint64_t(z);
    }
    // Row-major with x fastest, as CUDA numbers threads and blocks.
    constexpr Dim3 unlinearize(std::uint64_t linear) const {
        return Dim3{std::uint32_t(linear % x), std::uint32_t((linear / x) % y),
                    std::uint32_t(linear / (std::uint64_t(x) * y))};
    }
    friend constexpr bool operator==(const Dim3&, const Dim3&) = default;
};

}  // namespace simt
