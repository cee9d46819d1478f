// A small, fast, reproducible generator (SplitMix64). The scheduler's choices
// must depend only on (seed, launch, block), never on the host's randomness.
#pragma once

#include <cstdint>

namespace simt {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed = 0) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, bound) for bound > 0 (Lemire's multiply-shift).
    std::uint32_t below(std::uint32_t bound) {
        return std::uint32_t((std::uint64_t(std::uint32_t(next())) * bound) >> 32);
    }

private:
    std::uint64_t state_;
};

inline std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
    SplitMix64 g(a ^ (b * 0x9e3779b97f4a7c15ull));
    return g.next();
}

}  // namespace simt
