// The SIMD video intrinsics (__vadd2 ... __vsetne4): a 32-bit word taken as
// two 16-bit or four 8-bit lanes, each computed on its own, and the Hopper
// DPX forms (__vimax3_s32, __viaddmax_u16x2, __vibmin_s32 ...). Exact
// integer semantics, as the GPU computes them.
#pragma once

namespace simt::simd {

// One lane of each operand, read both ways: `u` zero-extended, `s`
// sign-extended from the lane's width.
struct lane {
    unsigned u;
    int s;
};

template <int W>
inline lane lane_at(unsigned word, int shift) {
    const unsigned u = (word >> shift) & ((1u << W) - 1u);
    return {u, int(u << (32 - W)) >> (32 - W)};
}

// f(a, b) per lane; its result is kept to the lane's width (wrap-around).
template <int W, class F>
inline unsigned map2(unsigned a, unsigned b, F f) {
    unsigned r = 0;
    for (int shift = 0; shift < 32; shift += W)
        r |= (unsigned(f(lane_at<W>(a, shift), lane_at<W>(b, shift))) & ((1u << W) - 1u)) << shift;
    return r;
}
template <int W, class F>
inline unsigned map3(unsigned a, unsigned b, unsigned c, F f) {
    unsigned r = 0;
    for (int shift = 0; shift < 32; shift += W)
        r |= (unsigned(f(lane_at<W>(a, shift), lane_at<W>(b, shift), lane_at<W>(c, shift))) & ((1u << W) - 1u))
             << shift;
    return r;
}
// The sum of f over the lanes, as one 32-bit value (the __vsad forms).
template <int W, class F>
inline unsigned sum2(unsigned a, unsigned b, F f) {
    unsigned r = 0;
    for (int shift = 0; shift < 32; shift += W) r += unsigned(f(lane_at<W>(a, shift), lane_at<W>(b, shift)));
    return r;
}

template <int W>
inline int sat_s(int v) {
    constexpr int hi = (1 << (W - 1)) - 1, lo = -(1 << (W - 1));
    return v > hi ? hi : (v < lo ? lo : v);
}
template <int W>
inline int sat_u(int v) {
    constexpr int hi = (1 << W) - 1;
    return v > hi ? hi : (v < 0 ? 0 : v);
}
inline int iabs(int v) { return v < 0 ? -v : v; }
inline int avg_away(int sum) { return sum >= 0 ? (sum + 1) >> 1 : -((1 - sum) >> 1); }
inline int imax(int a, int b) { return a > b ? a : b; }
inline int imin(int a, int b) { return a < b ? a : b; }

}  // namespace simt::simd

// Binary ops, one definition per lane width: NAME2 on halfwords, NAME4 on bytes.
#define SIMT_SIMD_BINARY(NAME, EXPR)                                                  \
    inline unsigned NAME##2(unsigned a, unsigned b) {                                 \
        return simt::simd::map2<16>(a, b, [](simt::simd::lane x, simt::simd::lane y) { \
            using namespace simt::simd;                                               \
            constexpr int W = 16;                                                     \
            (void)W;                                                                  \
            return EXPR;                                                              \
        });                                                                           \
    }                                                                                 \
    inline unsigned NAME##4(unsigned a, unsigned b) {                                 \
        return simt::simd::map2<8>(a, b, [](simt::simd::lane x, simt::simd::lane y) {  \
            using namespace simt::simd;                                               \
            constexpr int W = 8;                                                      \
            (void)W;                                                                  \
            return EXPR;                                                              \
        });                                                                           \
    }
#define SIMT_SIMD_UNARY(NAME, EXPR)                                                            \
    inline unsigned NAME##2(unsigned a) {                                                      \
        return simt::simd::map2<16>(a, 0u, [](simt::simd::lane x, simt::simd::lane) {           \
            using namespace simt::simd;                                                        \
            constexpr int W = 16;                                                              \
            (void)W;                                                                           \
            return EXPR;                                                                       \
        });                                                                                    \
    }                                                                                          \
    inline unsigned NAME##4(unsigned a) {                                                      \
        return simt::simd::map2<8>(a, 0u, [](simt::simd::lane x, simt::simd::lane) {            \
            using namespace simt::simd;                                                        \
            constexpr int W = 8;                                                               \
            (void)W;                                                                           \
            return EXPR;                                                                       \
        });                                                                                    \
    }
// A comparison: __vcmp* sets every bit of a lane where it holds, __vset* the
// lane's lowest bit.
#define SIMT_SIMD_COMPARE(SUFFIX, EXPR)                  \
    SIMT_SIMD_BINARY(__vcmp##SUFFIX, (EXPR) ? -1 : 0) \
    SIMT_SIMD_BINARY(__vset##SUFFIX, (EXPR) ? 1 : 0)

SIMT_SIMD_BINARY(__vadd, x.u + y.u)
SIMT_SIMD_BINARY(__vaddss, sat_s<W>(x.s + y.s))
SIMT_SIMD_BINARY(__vaddus, sat_u<W>(int(x.u + y.u)))
SIMT_SIMD_BINARY(__vsub, x.u - y.u)
SIMT_SIMD_BINARY(__vsubss, sat_s<W>(x.s - y.s))
SIMT_SIMD_BINARY(__vsubus, sat_u<W>(int(x.u) - int(y.u)))
SIMT_SIMD_BINARY(__vabsdiffs, iabs(x.s - y.s))
SIMT_SIMD_BINARY(__vabsdiffu, iabs(int(x.u) - int(y.u)))
// Rounded averages, in a wider type: a half rounds away from zero (for the
// signed form, -0.5 gives -1, as an H100 computes it); the plain unsigned
// average truncates.
SIMT_SIMD_BINARY(__vavgs, avg_away(x.s + y.s))
SIMT_SIMD_BINARY(__vavgu, (x.u + y.u + 1) >> 1)
SIMT_SIMD_BINARY(__vhaddu, (x.u + y.u) >> 1)
SIMT_SIMD_BINARY(__vmaxs, imax(x.s, y.s))
SIMT_SIMD_BINARY(__vmaxu, x.u > y.u ? x.u : y.u)
SIMT_SIMD_BINARY(__vmins, imin(x.s, y.s))
SIMT_SIMD_BINARY(__vminu, x.u < y.u ? x.u : y.u)
SIMT_SIMD_COMPARE(eq, x.u == y.u)
SIMT_SIMD_COMPARE(ne, x.u != y.u)
SIMT_SIMD_COMPARE(ges, x.s >= y.s)
SIMT_SIMD_COMPARE(geu, x.u >= y.u)
SIMT_SIMD_COMPARE(gts, x.s > y.s)
SIMT_SIMD_COMPARE(gtu, x.u > y.u)
SIMT_SIMD_COMPARE(les, x.s <= y.s)
SIMT_SIMD_COMPARE(leu, x.u <= y.u)
SIMT_SIMD_COMPARE(lts, x.s < y.s)
SIMT_SIMD_COMPARE(ltu, x.u < y.u)
// Negation and absolute value wrap (the most negative lane stays itself)
// unless saturated (ss: it becomes the most positive).
SIMT_SIMD_UNARY(__vneg, -x.s)
SIMT_SIMD_UNARY(__vnegss, sat_s<W>(-x.s))
SIMT_SIMD_UNARY(__vabs, iabs(x.s))
SIMT_SIMD_UNARY(__vabsss, sat_s<W>(iabs(x.s)))

#undef SIMT_SIMD_COMPARE
#undef SIMT_SIMD_UNARY
#undef SIMT_SIMD_BINARY

// Sums of absolute differences over the lanes.
inline unsigned __vsads2(unsigned a, unsigned b) {
    return simt::simd::sum2<16>(a, b, [](simt::simd::lane x, simt::simd::lane y) { return simt::simd::iabs(x.s - y.s); });
}
inline unsigned __vsads4(unsigned a, unsigned b) {
    return simt::simd::sum2<8>(a, b, [](simt::simd::lane x, simt::simd::lane y) { return simt::simd::iabs(x.s - y.s); });
}
inline unsigned __vsadu2(unsigned a, unsigned b) {
    return simt::simd::sum2<16>(a, b,
                                [](simt::simd::lane x, simt::simd::lane y) { return simt::simd::iabs(int(x.u) - int(y.u)); });
}
inline unsigned __vsadu4(unsigned a, unsigned b) {
    return simt::simd::sum2<8>(a, b,
                               [](simt::simd::lane x, simt::simd::lane y) { return simt::simd::iabs(int(x.u) - int(y.u)); });
}

// DPX (sm_90 accelerates them; every architecture accepts them). The 32-bit
// forms add with wrap-around, as the halfword forms do per lane; _relu
// clamps the signed result below at 0.
namespace simt::simd {
inline int wrap_add(int a, int b) { return int(unsigned(a) + unsigned(b)); }
inline int relu(int v) { return v < 0 ? 0 : v; }
template <class F>
inline unsigned s16x2(unsigned a, unsigned b, unsigned c, F f) {
    return map3<16>(a, b, c, [&](lane x, lane y, lane z) { return f(x.s, y.s, z.s); });
}
template <class F>
inline unsigned u16x2(unsigned a, unsigned b, unsigned c, F f) {
    return map3<16>(a, b, c, [&](lane x, lane y, lane z) { return f(x.u, y.u, z.u); });
}
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
}  // namespace simt::simd

inline int __vimax_s32_relu(int a, int b) { return simt::simd::relu(simt::simd::imax(a, b)); }
inline int __vimin_s32_relu(int a, int b) { return simt::simd::relu(simt::simd::imin(a, b)); }
inline unsigned __vimax_s16x2_relu(unsigned a, unsigned b) {
    return simt::simd::s16x2(a, b, 0u, [](int x, int y, int) { return simt::simd::relu(simt::simd::imax(x, y)); });
}
inline unsigned __vimin_s16x2_relu(unsigned a, unsigned b) {
    return simt::simd::s16x2(a, b, 0u, [](int x, int y, int) { return simt::simd::relu(simt::simd::imin(x, y)); });
}

inline int __vimax3_s32(int a, int b, int c) { return simt::simd::imax(simt::simd::imax(a, b), c); }
inline int __vimin3_s32(int a, int b, int c) { return simt::simd::imin(simt::simd::imin(a, b), c); }
inline unsigned __vimax3_u32(unsigned a, unsigned b, unsigned c) { return simt::simd::umax(simt::simd::umax(a, b), c); }
inline unsigned __vimin3_u32(unsigned a, unsigned b, unsigned c) { return simt::simd::umin(simt::simd::umin(a, b), c); }
inline int __vimax3_s32_relu(int a, int b, int c) { return simt::simd::relu(__vimax3_s32(a, b, c)); }
inline int __vimin3_s32_relu(int a, int b, int c) { return simt::simd::relu(__vimin3_s32(a, b, c)); }
inline unsigned __vimax3_s16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return __vimax3_s32(x, y, z); });
}
inline unsigned __vimin3_s16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return __vimin3_s32(x, y, z); });
}
inline unsigned __vimax3_u16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::u16x2(a, b, c, [](unsigned x, unsigned y, unsigned z) { return __vimax3_u32(x, y, z); });
}
inline unsigned __vimin3_u16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::u16x2(a, b, c, [](unsigned x, unsigned y, unsigned z) { return __vimin3_u32(x, y, z); });
}
inline unsigned __vimax3_s16x2_relu(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return __vimax3_s32_relu(x, y, z); });
}
inline unsigned __vimin3_s16x2_relu(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return __vimin3_s32_relu(x, y, z); });
}

inline int __viaddmax_s32(int a, int b, int c) { return simt::simd::imax(simt::simd::wrap_add(a, b), c); }
inline int __viaddmin_s32(int a, int b, int c) { return simt::simd::imin(simt::simd::wrap_add(a, b), c); }
inline unsigned __viaddmax_u32(unsigned a, unsigned b, unsigned c) { return simt::simd::umax(a + b, c); }
inline unsigned __viaddmin_u32(unsigned a, unsigned b, unsigned c) { return simt::simd::umin(a + b, c); }
inline int __viaddmax_s32_relu(int a, int b, int c) { return simt::simd::relu(__viaddmax_s32(a, b, c)); }
inline int __viaddmin_s32_relu(int a, int b, int c) { return simt::simd::relu(__viaddmin_s32(a, b, c)); }
// Per halfword the sum wraps to 16 bits before the comparison.
inline unsigned __viaddmax_s16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return simt::simd::imax(short(x + y), z); });
}
inline unsigned __viaddmin_s16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return simt::simd::imin(short(x + y), z); });
}
inline unsigned __viaddmax_u16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::u16x2(a, b, c, [](unsigned x, unsigned y, unsigned z) { return simt::simd::umax((x + y) & 0xffffu, z); });
}
inline unsigned __viaddmin_u16x2(unsigned a, unsigned b, unsigned c) {
    return simt::simd::u16x2(a, b, c, [](unsigned x, unsigned y, unsigned z) { return simt::simd::umin((x + y) & 0xffffu, z); });
}
inline unsigned __viaddmax_s16x2_relu(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return simt::simd::relu(simt::simd::imax(short(x + y), z)); });
}
inline unsigned __viaddmin_s16x2_relu(unsigned a, unsigned b, unsigned c) {
    return simt::simd::s16x2(a, b, c, [](int x, int y, int z) { return simt::simd::relu(simt::simd::imin(short(x + y), z)); });
}

// max/min that also report which operand won: pred = (a >= b) for max,
// (a <= b) for min; the halfword forms report each half.
inline int __vibmax_s32(int a, int b, bool* pred) {
    *pred = a >= b;
    return simt::simd::imax(a, b);
}
inline unsigned __vibmax_u32(unsigned a, unsigned b, bool* pred) {
    *pred = a >= b;
    return simt::simd::umax(a, b);
}
inline int __vibmin_s32(int a, int b, bool* pred) {
    *pred = a <= b;
    return simt::simd::imin(a, b);
}
inline unsigned __vibmin_u32(unsigned a, unsigned b, bool* pred) {
    *pred = a <= b;
    return simt::simd::umin(a, b);
}
namespace simt::simd {
template <bool Signed, bool Max>
inline unsigned pick16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
    unsigned r = 0;
    for (int shift = 0; shift < 32; shift += 16) {
        const lane x = lane_at<16>(a, shift), y = lane_at<16>(b, shift);
        const bool first = Signed ? (Max ? x.s >= y.s : x.s <= y.s) : (Max ? x.u >= y.u : x.u <= y.u);
        r |= (first ? x.u : y.u) << shift;
        *(shift == 0 ? pred_lo : pred_hi) = first;
    }
    return r;
}
}  // namespace simt::simd
inline unsigned __vibmax_s16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
    return simt::simd::pick16x2<true, true>(a, b, pred_hi, pred_lo);
}
inline unsigned __vibmax_u16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
    return simt::simd::pick16x2<false, true>(a, b, pred_hi, pred_lo);
}
inline unsigned __vibmin_s16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
    return simt::simd::pick16x2<true, false>(a, b, pred_hi, pred_lo);
}
inline unsigned __vibmin_u16x2(unsigned a, unsigned b, bool* pred_hi, bool* pred_lo) {
    return simt::simd::pick16x2<false, false>(a, b, pred_hi, pred_lo);
}
