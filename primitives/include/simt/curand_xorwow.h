// cuRAND's default generator, XORWOW (curandState_t): Marsaglia's xorwow
// ("Xorshift RNGs", J. Stat. Softw. 8(14), 2003, p. 5), a five-word xorshift
// plus a Weyl counter d that steps by 362437, seeded and skipped as cuRAND
// does, so that the same (seed, subsequence, offset) gives an H100's sequence.
//
// Skipping: the xorshift part is linear over GF(2), one step a 160x160 bit
// matrix M. Skipping n draws applies M^n, the product of M^(2^k) over the set
// bits k of n; a subsequence is 2^67 draws, so subsequence s applies
// M^(2^67 s), the product of M^(2^(67+k)). The 128 powers are computed here,
// once per process on first use, by squaring M (about 17 million word
// operations, a few milliseconds). The counter d skips arithmetically:
// d += 362437 n; for a subsequence 362437 * 2^67 s is 0 mod 2^32.
#pragma once

#include <cstdint>

#include "simt/curand_transforms.h"

// Plain data, laid out as cuRAND's (48 bytes): programs keep arrays of
// states in global memory and copy them in and out of registers.
struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

namespace simt::rng::xorwow {

inline constexpr unsigned int weyl_step = 362437u;

// The five xorshift words as a vector over GF(2): bit b of word i is
// coordinate 32 i + b.
struct Words {
    std::uint32_t w[5];
};

// One draw's step of the xorshift part; the new last word is the output
// before d is added.
SIMT_CURAND_UNHOOKED inline Words step(const Words& s) {
    const std::uint32_t t = s.w[0] ^ (s.w[0] >> 2);
    return Words{{s.w[1], s.w[2], s.w[3], s.w[4], (s.w[4] ^ (s.w[4] << 4)) ^ (t ^ (t << 1))}};
}

// A linear map of Words, by columns: column j is the image of coordinate j,
// so applying it XORs the columns of the set bits.
struct Jump {
    Words column[160];
};

SIMT_CURAND_UNHOOKED inline Words apply(const Jump& m, const Words& x) {
    Words r{};
    for (int i = 0; i < 5; ++i)
        for (std::uint32_t bits = x.w[i]; bits != 0; bits &= bits - 1) {
            const Words& c = m.column[32 * i + __builtin_ctz(bits)];
            for (int k = 0; k < 5; ++k) r.w[k] ^= c.w[k];
        }
    return r;
}

// out = m * m (column j of m^2 is m applied to column j of m).
SIMT_CURAND_UNHOOKED inline void square(const Jump& m, Jump& out) {
    for (int j = 0; j < 160; ++j) out.column[j] = apply(m, m.column[j]);
}

// M^(2^k) for k = 0..63 (offsets) and M^(2^(67+k)) for k = 0..63
// (subsequences).
struct Powers {
    Jump draws[64];
    Jump subsequences[64];
};

// Zero-initialised static storage (no constructor runs, nothing is built
// until a program skips), filled once under the function-local static's
// guard. Under simt the first caller is a kernel thread on a 64 KiB fiber
// stack: the 410 KB of matrices live here, never on a stack.
inline Powers power_storage;

SIMT_CURAND_UNHOOKED inline void build(Powers& p) {
    for (int j = 0; j < 160; ++j) {
        Words e{};
        e.w[j / 32] = 1u << (j % 32);
        p.draws[0].column[j] = step(e);
    }
    for (int k = 1; k < 64; ++k) square(p.draws[k - 1], p.draws[k]);
    // M^(2^64), M^(2^65), M^(2^66) pass through the subsequence slots 1 and 2
    // before they are overwritten.
    square(p.draws[63], p.subsequences[1]);
    square(p.subsequences[1], p.subsequences[2]);
    square(p.subsequences[2], p.subsequences[1]);
    square(p.subsequences[1], p.subsequences[0]);
    for (int k = 1; k < 64; ++k) square(p.subsequences[k - 1], p.subsequences[k]);
}

SIMT_CURAND_UNHOOKED inline const Powers& powers() {
    static const bool built = (build(power_storage), true);
    (void)built;
    return power_storage;
}

SIMT_CURAND_UNHOOKED inline Words jump(const Jump (&table)[64], Words x, unsigned long long n) {
    for (int k = 0; n != 0; ++k, n >>= 1)
        if (n & 1) x = apply(table[k], x);
    return x;
}

// The state's words in and out: the only accesses to the program's memory.
inline Words load(const curandStateXORWOW* s) { return Words{{s->v[0], s->v[1], s->v[2], s->v[3], s->v[4]}}; }
inline void store(curandStateXORWOW* s, const Words& x) {
    for (int i = 0; i < 5; ++i) s->v[i] = x.w[i];
}

}  // namespace simt::rng::xorwow

// The next 32 bits: x_n + d_n, d stepping by 362437 (mod 2^32).
inline unsigned int curand(curandStateXORWOW_t* state) {
    const unsigned int t = state->v[0] ^ (state->v[0] >> 2);
    state->v[0] = state->v[1];
    state->v[1] = state->v[2];
    state->v[2] = state->v[3];
    state->v[3] = state->v[4];
    state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
    state->d += simt::rng::xorwow::weyl_step;
    return state->v[4] + state->d;
}

// n draws ahead, for any n: M^n on the words, 362437 n on d (mod 2^32).
inline void skipahead(unsigned long long n, curandStateXORWOW_t* state) {
    using namespace simt::rng::xorwow;
    store(state, jump(powers().draws, load(state), n));
    state->d += weyl_step * static_cast<unsigned int>(n);
}

// n subsequences (2^67 draws each) ahead; d is unchanged (see above).
inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t* state) {
    using namespace simt::rng::xorwow;
    store(state, jump(powers().subsequences, load(state), n));
}

// cuRAND's seeding: the two halves of the seed, each XORed with a constant
// and multiplied by an odd one, perturb Marsaglia's initial words; then
// the subsequence and offset skips, and an empty Box-Muller cache.
inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStateXORWOW_t* state) {
    const unsigned int s0 = static_cast<unsigned int>(seed) ^ 0xaad26b49u;
    const unsigned int s1 = static_cast<unsigned int>(seed >> 32) ^ 0xf7dcefddu;
    const unsigned int t0 = 1099087573u * s0;
    const unsigned int t1 = 2591861531u * s1;
    state->d = 6615241u + t1 + t0;
    state->v[0] = 123456789u + t0;
    state->v[1] = 362436069u ^ t0;
    state->v[2] = 521288629u + t1;
    state->v[3] = 88675123u ^ t1;
    state->v[4] = 5783321u + t0;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
}
