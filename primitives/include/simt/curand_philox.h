// Philox4x32-10 (curandStatePhilox4_32_10_t): the counter-based generator of
// Salmon, Moraes, Dror and Shaw ("Parallel random numbers: as easy as 1, 2,
// 3", SC 2011), ten rounds of two 32x32->64 multiplies on a 128-bit counter
// under a 64-bit key, the key bumped by the Weyl constants between rounds.
//
// cuRAND's use of it: the key is the seed, the counter's high half (z, w)
// the subsequence (2^64 blocks of 4 outputs = 2^66 draws each) and its low
// half (x, y) the block within it. The state keeps the current block's four
// outputs and which of them comes next (STATE, 0..3). Skipping is adding to
// the counter, so any (subsequence, offset) costs the same.
#pragma once

#include <cstdint>

#include "simt/curand_transforms.h"

// Plain data, laid out as cuRAND's (64 bytes, 16-byte aligned).
struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE;
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

#define PHILOX_W32_0 (0x9E3779B9)
#define PHILOX_W32_1 (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)

namespace simt::rng::philox {

// One round: the two products' high halves mix into the other words with
// the key, the low halves move (Random123's Philox4x32 permutation).
SIMT_CURAND_UNHOOKED inline uint4 round(uint4 c, uint2 k) {
    const std::uint64_t p0 = std::uint64_t(PHILOX_M4x32_0) * c.x;
    const std::uint64_t p1 = std::uint64_t(PHILOX_M4x32_1) * c.z;
    return uint4{std::uint32_t(p1 >> 32) ^ c.y ^ k.x, std::uint32_t(p1), std::uint32_t(p0 >> 32) ^ c.w ^ k.y,
                 std::uint32_t(p0)};
}

SIMT_CURAND_UNHOOKED inline uint4 block(uint4 c, uint2 k) {
    for (int r = 0; r < 10; ++r) {
        if (r != 0) {
            k.x += PHILOX_W32_0;
            k.y += PHILOX_W32_1;
        }
        c = round(c, k);
    }
    return c;
}

// The counter's low half (x, y) plus n, carrying into (z, w). As in cuRAND,
// the carry out of x is added to n's high word before that word is added to
// y, so when n's high word is 0xffffffff that carry is lost (skipahead
// never gets there: its n is a count of blocks, at most 2^62).
inline void advance(uint4& ctr, unsigned long long n) {
    const unsigned int lo = static_cast<unsigned int>(n);
    unsigned int hi = static_cast<unsigned int>(n >> 32);
    ctr.x += lo;
    if (ctr.x < lo) ++hi;
    ctr.y += hi;
    if (hi <= ctr.y) return;
    if (++ctr.z != 0) return;
    ++ctr.w;
}

// The next block: the 128-bit counter plus one.
inline void advance_one(uint4& ctr) {
    if (++ctr.x != 0) return;
    if (++ctr.y != 0) return;
    if (++ctr.z != 0) return;
    ++ctr.w;
}

// The counter's high half (z, w) plus n; a carry out of w is dropped.
inline void advance_subsequence(uint4& ctr, unsigned long long n) {
    const unsigned int lo = static_cast<unsigned int>(n);
    unsigned int hi = static_cast<unsigned int>(n >> 32);
    ctr.z += lo;
    if (ctr.z < lo) ++hi;
    ctr.w += hi;
}

// The block at ctr into the state's output. Field by field, through locals:
// GCC's ThreadSanitizer pass, which gives simt every access, leaves out the
// store of an aggregate a call returns straight into memory
// (state->output = block(...)) and an aggregate argument read from memory.
inline uint4 store_block(curandStatePhilox4_32_10* state, uint4 ctr) {
    const uint2 key{state->key.x, state->key.y};
    const uint4 out = block(ctr, key);
    state->output.x = out.x;
    state->output.y = out.y;
    state->output.z = out.z;
    state->output.w = out.w;
    return out;
}

}  // namespace simt::rng::philox

// The block function itself, as cuRAND exports it.
inline uint4 curand_Philox4x32_10(uint4 c, uint2 k) { return simt::rng::philox::block(c, k); }

// The next 32 bits: the current block's output STATE; after the fourth the
// counter moves on and the next block is computed.
inline unsigned int curand(curandStatePhilox4_32_10_t* state) {
    const unsigned int which = state->STATE++;
    const unsigned int r = which == 1 ? state->output.y
                           : which == 2 ? state->output.z
                           : which == 3 ? state->output.w
                                        : state->output.x;
    if (state->STATE == 4) {
        uint4 ctr = state->ctr;
        simt::rng::philox::advance_one(ctr);
        state->ctr = ctr;
        simt::rng::philox::store_block(state, ctr);
        state->STATE = 0;
    }
    return r;
}

// The next four draws at once: always moves to the next block, so the
// result is the four outputs from position STATE on, spanning two blocks
// unless STATE is 0 (the same values four curand calls give).
inline uint4 curand4(curandStatePhilox4_32_10_t* state) {
    const uint4 now = state->output;
    uint4 ctr = state->ctr;
    simt::rng::philox::advance_one(ctr);
    state->ctr = ctr;
    const uint4 next = simt::rng::philox::store_block(state, ctr);
    switch (state->STATE) {
    case 1: return uint4{now.y, now.z, now.w, next.x};
    case 2: return uint4{now.z, now.w, next.x, next.y};
    case 3: return uint4{now.w, next.x, next.y, next.z};
    default: return now;
    }
}

// n draws ahead: n mod 4 moves STATE (carrying a block), n / 4 blocks move
// the counter; the current block is recomputed.
inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t* state) {
    state->STATE += static_cast<unsigned int>(n & 3);
    n /= 4;
    if (state->STATE > 3) {
        n += 1;
        state->STATE -= 4;
    }
    uint4 ctr = state->ctr;
    simt::rng::philox::advance(ctr, n);
    state->ctr = ctr;
    simt::rng::philox::store_block(state, ctr);
}

// n subsequences (2^66 draws each) ahead.
inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t* state) {
    uint4 ctr = state->ctr;
    simt::rng::philox::advance_subsequence(ctr, n);
    state->ctr = ctr;
    simt::rng::philox::store_block(state, ctr);
}

// The seed is the key; the counter starts at 0, then the subsequence and
// offset skips.
inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                        curandStatePhilox4_32_10_t* state) {
    state->ctr = uint4{0, 0, 0, 0};
    state->key = uint2{static_cast<unsigned int>(seed), static_cast<unsigned int>(seed >> 32)};
    state->STATE = 0;
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
}
