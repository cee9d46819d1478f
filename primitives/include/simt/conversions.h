// Conversions between floating-point and integer types in a named rounding
// mode (__float2int_rn, __ll2float_rz, __double2float_ru, __double2ull_rd
// ...), and __hiloint2double.
//
// Floating point to integer: rounded to an integer in the mode, then clamped
// to the destination's range (the GPU's cvt saturates: too large gives the
// largest value, too small the smallest, 0 for an unsigned one); NaN: see
// to_integer.
// Integer to floating point and double to float: rounded in the mode by the
// host's IEEE unit (see rounding.h).
#pragma once

#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "simt/rounding.h"

namespace simt::convert {

enum class rnd { rn, rz, ru, rd };

// x rounded to an integral value, ties to even for rn (independent of the
// thread's rounding mode).
template <class F>
inline F integral(F x, rnd mode) {
    switch (mode) {
        case rnd::rz: return std::trunc(x);
        case rnd::ru: return std::ceil(x);
        case rnd::rd: return std::floor(x);
        case rnd::rn: break;
    }
    F r = std::round(x);  // ties away from zero
    if (std::fabs(r - x) == F(0.5) && std::fmod(r, F(2)) != F(0)) r -= std::copysign(F(1), x);
    return r;
}

template <class I, class F>
inline I to_integer(F x, rnd mode) {
    // NaN: 0 from float to a 32-bit integer; from double, or to a 64-bit
    // integer, the pattern with only the top bit set (for the unsigned types
    // too), as an H100 gives it.
    if (x != x) {
        if (sizeof(F) == 4 && sizeof(I) == 4) return 0;
        return I(std::numeric_limits<std::make_signed_t<I>>::min());
    }
    const F r = integral(x, mode);
    // 2^31, 2^32, 2^63 or 2^64: exact in float and double.
    const F limit = std::ldexp(F(1), std::numeric_limits<I>::digits);
    if (r >= limit) return std::numeric_limits<I>::max();
    if (std::numeric_limits<I>::is_signed ? r < -limit : r < F(0)) return std::numeric_limits<I>::min();
    return I(r);
}

inline int fe(rnd mode) {
    switch (mode) {
        case rnd::rz: return FE_TOWARDZERO;
        case rnd::ru: return FE_UPWARD;
        case rnd::rd: return FE_DOWNWARD;
        case rnd::rn: break;
    }
    return FE_TONEAREST;
}

// An integer or a double converted to To in the mode.
template <class To, class From>
inline To to_floating(From x, rnd mode) {
    volatile From v = x;
    return simt::fp::in_mode<To>(fe(mode), [&] { return To(From(v)); });
}
// A NaN double as a float: quietened, its sign and the top of its payload kept.
inline float nan_to_float(double x) {
    unsigned long long bits;
    std::memcpy(&bits, &x, sizeof bits);
    return simt::fp::bits_to_float(unsigned(bits >> 63) << 31 | 0x7fc00000u | unsigned(bits >> 29 & 0x3fffffu));
}

}  // namespace simt::convert

#define SIMT_CONVERSIONS(MODE)                                                                                \
    inline int __float2int_##MODE(float x) { return simt::convert::to_integer<int>(x, simt::convert::rnd::MODE); } \
    inline unsigned __float2uint_##MODE(float x) {                                                            \
        return simt::convert::to_integer<unsigned>(x, simt::convert::rnd::MODE);                               \
    }                                                                                                         \
    inline long long __float2ll_##MODE(float x) {                                                             \
        return simt::convert::to_integer<long long>(x, simt::convert::rnd::MODE);                              \
    }                                                                                                         \
    inline unsigned long long __float2ull_##MODE(float x) {                                                   \
        return simt::convert::to_integer<unsigned long long>(x, simt::convert::rnd::MODE);                     \
    }                                                                                                         \
    inline int __double2int_##MODE(double x) { return simt::convert::to_integer<int>(x, simt::convert::rnd::MODE); } \
    inline unsigned __double2uint_##MODE(double x) {                                                          \
        return simt::convert::to_integer<unsigned>(x, simt::convert::rnd::MODE);                               \
    }                                                                                                         \
    inline long long __double2ll_##MODE(double x) {                                                           \
        return simt::convert::to_integer<long long>(x, simt::convert::rnd::MODE);                              \
    }                                                                                                         \
    inline unsigned long long __double2ull_##MODE(double x) {                                                 \
        return simt::convert::to_integer<unsigned long long>(x, simt::convert::rnd::MODE);                     \
    }                                                                                                         \
    inline float __int2float_##MODE(int x) { return simt::convert::to_floating<float>(x, simt::convert::rnd::MODE); } \
    inline float __uint2float_##MODE(unsigned x) {                                                            \
        return simt::convert::to_floating<float>(x, simt::convert::rnd::MODE);                                 \
    }                                                                                                         \
    inline float __ll2float_##MODE(long long x) {                                                             \
        return simt::convert::to_floating<float>(x, simt::convert::rnd::MODE);                                 \
    }                                                                                                         \
    inline float __ull2float_##MODE(unsigned long long x) {                                                   \
        return simt::convert::to_floating<float>(x, simt::convert::rnd::MODE);                                 \
    }                                                                                                         \
    inline double __ll2double_##MODE(long long x) {                                                           \
        return simt::convert::to_floating<double>(x, simt::convert::rnd::MODE);                                \
    }                                                                                                         \
    inline double __ull2double_##MODE(unsigned long long x) {                                                 \
        return simt::convert::to_floating<double>(x, simt::convert::rnd::MODE);                                \
    }                                                                                                         \
    inline float __double2float_##MODE(double x) {                                                            \
        return x != x ? simt::convert::nan_to_float(x) : simt::convert::to_floating<float>(x, simt::convert::rnd::MODE); \
    }

SIMT_CONVERSIONS(rn)
SIMT_CONVERSIONS(rz)
SIMT_CONVERSIONS(ru)
SIMT_CONVERSIONS(rd)
#undef SIMT_CONVERSIONS

// Exact conversions: every int fits a double.
inline double __int2double_rn(int x) { return double(x); }
inline double __uint2double_rn(unsigned x) { return double(x); }

inline double __hiloint2double(int hi, int lo) {
    const unsigned long long bits =
        (static_cast<unsigned long long>(unsigned(hi)) << 32) | static_cast<unsigned long long>(unsigned(lo));
    double r;
    std::memcpy(&r, &bits, sizeof r);
    return r;
}
