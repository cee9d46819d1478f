// MRG32k3a (curandStateMRG32k3a_t): L'Ecuyer's combined multiple recursive
// generator ("Good parameters and implementations for combined multiple
// recursive random number generators", Operations Research 47(1), 1999):
// two order-3 recurrences modulo m1 = 2^32 - 209 and m2 = 2^32 - 22853,
// whose difference mod m1 is the output, an integer in [1, m1].
//
// Each recurrence is a 3x3 matrix A over the integers mod m, so skipping n
// draws multiplies the state by A^n, the product of A^(2^k) over n's set
// bits. cuRAND's subsequences are 2^76 draws apart and its sequences 2^127;
// the powers A^(2^k), k = 0..190, are computed at compile time by squaring.
// cuRAND computes in doubles, but every operation it does is exact (the
// products stay below 2^53), so exact integer arithmetic gives the same
// states; only the outputs' conversions round, and they are done in the
// same doubles here.
#pragma once

#include <cstdint>

#include "simt/curand_transforms.h"

// Plain data, laid out as cuRAND's (48 bytes).
struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_A12 1403580.
#define MRG32K3A_A13N 810728.
#define MRG32K3A_A21 527612.
#define MRG32K3A_A23N 1370589.
#define MRG32K3A_NORM (2.3283065498378288e-10)
#define MRG32K3A_BITS_NORM 1.000000048662

namespace simt::rng::mrg32k3a {

inline constexpr std::uint64_t m1 = 4294967087u, m2 = 4294944443u;
inline constexpr std::uint64_t a12 = 1403580, a13n = 810728, a21 = 527612, a23n = 1370589;

struct Matrix {
    std::uint32_t e[3][3];
};

constexpr Matrix multiply(const Matrix& a, const Matrix& b, std::uint64_t m) {
    Matrix r{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            std::uint64_t sum = 0;
            for (int k = 0; k < 3; ++k) sum = (sum + std::uint64_t(a.e[i][k]) * b.e[k][j] % m) % m;
            r.e[i][j] = std::uint32_t(sum);
        }
    return r;
}

inline constexpr int power_count = 191;  // A^(2^k) up to A^(2^(127+63))

struct Powers {
    Matrix first[power_count];   // of A1 (mod m1)
    Matrix second[power_count];  // of A2 (mod m2)
};

// One step of each recurrence as a matrix on (s[0], s[1], s[2]):
// s1' = (s1[1], s1[2], a12 s1[1] - a13n s1[0]), s2' = (s2[1], s2[2],
// a21 s2[2] - a23n s2[0]), the negative coefficients as m - a.
constexpr Powers make_powers() {
    Powers p{};
    p.first[0] = Matrix{{{0, 1, 0}, {0, 0, 1}, {std::uint32_t(m1 - a13n), std::uint32_t(a12), 0}}};
    p.second[0] = Matrix{{{0, 1, 0}, {0, 0, 1}, {std::uint32_t(m2 - a23n), 0, std::uint32_t(a21)}}};
    for (int k = 1; k < power_count; ++k) {
        p.first[k] = multiply(p.first[k - 1], p.first[k - 1], m1);
        p.second[k] = multiply(p.second[k - 1], p.second[k - 1], m2);
    }
    return p;
}

inline constexpr Powers powers = make_powers();

SIMT_CURAND_UNHOOKED inline void apply(const Matrix& a, std::uint32_t (&s)[3], std::uint64_t m) {
    std::uint32_t r[3];
    for (int i = 0; i < 3; ++i) {
        std::uint64_t sum = 0;
        for (int k = 0; k < 3; ++k) sum = (sum + std::uint64_t(a.e[i][k]) * s[k] % m) % m;
        r[i] = std::uint32_t(sum);
    }
    for (int i = 0; i < 3; ++i) s[i] = r[i];
}

// Both components n * 2^first_power draws ahead (powers commute, so the
// order of the factors does not matter).
SIMT_CURAND_UNHOOKED inline void jump(std::uint32_t (&s1)[3], std::uint32_t (&s2)[3], unsigned long long n,
                                      int first_power) {
    for (int k = first_power; n != 0; ++k, n >>= 1)
        if (n & 1) {
            apply(powers.first[k], s1, m1);
            apply(powers.second[k], s2, m2);
        }
}

inline void skip(curandStateMRG32k3a* state, unsigned long long n, int first_power) {
    std::uint32_t s1[3] = {state->s1[0], state->s1[1], state->s1[2]};
    std::uint32_t s2[3] = {state->s2[0], state->s2[1], state->s2[2]};
    jump(s1, s2, n, first_power);
    for (int i = 0; i < 3; ++i) {
        state->s1[i] = s1[i];
        state->s2[i] = s2[i];
    }
}

}  // namespace simt::rng::mrg32k3a

// The next output as a double, an integer in [1, m1]: the recurrences'
// difference, m1 added when it is not positive.
inline double curand_MRG32k3a(curandStateMRG32k3a_t* state) {
    using namespace simt::rng::mrg32k3a;
    const std::int64_t t1 = std::int64_t(a12 * state->s1[1] % m1) - std::int64_t(a13n * state->s1[0] % m1);
    const std::int64_t p1 = t1 < 0 ? t1 + std::int64_t(m1) : t1;
    state->s1[0] = state->s1[1];
    state->s1[1] = state->s1[2];
    state->s1[2] = std::uint32_t(p1);
    const std::int64_t t2 = std::int64_t(a21 * state->s2[2] % m2) - std::int64_t(a23n * state->s2[0] % m2);
    const std::int64_t p2 = t2 < 0 ? t2 + std::int64_t(m2) : t2;
    state->s2[0] = state->s2[1];
    state->s2[1] = state->s2[2];
    state->s2[2] = std::uint32_t(p2);
    const std::int64_t r = p1 - p2;
    return double(r <= 0 ? r + std::int64_t(m1) : r);
}

// 32 bits: the output scaled by (2^32 - 1) / m1, rounded toward zero (the
// largest output, m1, saturates to 2^32 - 1 as the GPU's conversion does).
inline unsigned int curand(curandStateMRG32k3a_t* state) {
    return simt::rng::to_uint_saturating(curand_MRG32k3a(state) * MRG32K3A_BITS_NORM);
}

inline void skipahead(unsigned long long n, curandStateMRG32k3a_t* state) { simt::rng::mrg32k3a::skip(state, n, 0); }
// cuRAND documents subsequences up to 2^51; its table of A^(2^(76+k)) has
// 56 entries, so from 2^56 on the GPU reads past it (undefined: a test
// program's run with such subsequences never finished). Here every n jumps
// exactly n * 2^76 draws.
inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t* state) {
    simt::rng::mrg32k3a::skip(state, n, 76);
}
inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t* state) {
    simt::rng::mrg32k3a::skip(state, n, 127);
}

// Seed 0 leaves L'Ecuyer's published start (all six words 12345); otherwise
// the seed's halves, XORed with alternating-bit constants, scale them
// (mod m). Then the subsequence and offset skips.
inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateMRG32k3a_t* state) {
    using namespace simt::rng::mrg32k3a;
    for (int i = 0; i < 3; ++i) state->s1[i] = state->s2[i] = 12345u;
    if (seed != 0ull) {
        const std::uint64_t x1 = static_cast<unsigned int>(seed) ^ 0x55555555u;
        const std::uint64_t x2 = static_cast<unsigned int>(seed >> 32) ^ 0xaaaaaaaau;
        state->s1[0] = std::uint32_t(x1 * 12345u % m1);
        state->s1[1] = std::uint32_t(x2 * 12345u % m1);
        state->s1[2] = std::uint32_t(x1 * 12345u % m1);
        state->s2[0] = std::uint32_t(x2 * 12345u % m2);
        state->s2[1] = std::uint32_t(x1 * 12345u % m2);
        state->s2[2] = std::uint32_t(x2 * 12345u % m2);
    }
    skipahead_subsequence(subsequence, state);
    skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
}
