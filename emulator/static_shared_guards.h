// Guard zones in the static shared window: bytes right after an array that
// no access may touch (the CUDA layer lays arrays out that way and tells the
// engine where they are). An access touching one overran its array.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace simt {

struct GuardedArray {
    std::uint32_t offset = 0;  // in the static shared window
    std::uint32_t size = 0;    // the array's declared bytes
    std::uint32_t guard = 0;   // guard bytes right after it
    std::string name;          // for reports, e.g. "tile (float[16][16])"
};

class StaticSharedGuards {
public:
    StaticSharedGuards(std::vector<GuardedArray> arrays, std::size_t window) : arrays_(std::move(arrays)) {
        owner_.assign(window, 0);
        for (std::size_t i = 0; i < arrays_.size(); ++i) {
            const GuardedArray& a = arrays_[i];
            for (std::uint32_t b = a.offset + a.size; b < a.offset + a.size + a.guard && b < window; ++b)
                owner_[b] = std::uint16_t(i + 1);
        }
    }

    // The array whose guard [offset, offset + size) touches, or nullptr.
    // Guards are wider than any single access, so its two ends suffice.
    const GuardedArray* hit(std::uint32_t offset, std::uint32_t size) const {
        const std::uint32_t last = offset + (size == 0 ? 0 : size - 1);
        std::uint16_t i = offset < owner_.size() ? owner_[offset] : 0;
        if (i == 0 && last < owner_.size()) i = owner_[last];
        return i == 0 ? nullptr : &arrays_[i - 1];
    }

private:
    std::vector<GuardedArray> arrays_;
    std::vector<std::uint16_t> owner_;  // per window byte: 1 + index of the array it guards
};

}  // namespace simt
