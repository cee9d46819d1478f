// Device math functions and integer/float intrinsics, by their CUDA names.
// The fast-math intrinsics (__expf...) compute the accurate result: simt
// favours reproducibility over mimicking a GPU's approximation error.
// Elsewhere: the rounding-mode arithmetic (__fadd_rz, __dsqrt_rn ...) in
// rounding.h, the conversions (__float2int_rn ...) in conversions.h, the dot
// products and __fns in integer_intrinsics.h, the SIMD video and DPX
// intrinsics in simd_video.h, erfinv, sinpi, the norms ... in special_math.h.
#pragma once

#include <math.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

// CUDA's min/max overloads take two integers or two floating-point values;
// nvcc finds min(1.0f, 2) ambiguous, so mixing the two kinds does not
// compile here either.
template <class A, class B>
inline constexpr bool same_number_kind =
    std::is_arithmetic_v<A> && std::is_arithmetic_v<B> && std::is_floating_point_v<A> == std::is_floating_point_v<B>;
template <class A, class B, class = std::enable_if_t<same_number_kind<A, B>>>
inline std::common_type_t<A, B> min(A a, B b) {
    using C = std::common_type_t<A, B>;
    return C(a) < C(b) ? C(a) : C(b);
}
template <class A, class B, class = std::enable_if_t<same_number_kind<A, B>>>
inline std::common_type_t<A, B> max(A a, B b) {
    using C = std::common_type_t<A, B>;
    return C(a) > C(b) ? C(a) : C(b);
}
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rsqrt(float x) { return rsqrtf(x); }
inline float exp10f(float x) { return powf(10.0f, x); }
inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return powf(10.0f, x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
inline float __powf(float x, float y) { return powf(x, y); }
// A GPU's fast division: x times the reciprocal of y, a reciprocal below
// the smallest normal float flushed to zero, so that for
// 2^126 < |y| < 2^128 the math API's 0 (and NaN for x = inf) comes out.
inline float __fdividef(float x, float y) {
    const float r = 1.0f / y;
    return x * (std::fabs(r) < 0x1p-126f ? std::copysign(0.0f, r) : r);
}
inline float fdividef(float x, float y) { return x / y; }
// Clamped to [0, 1]; NaN and -0 give +0 (the GPU's .sat).
inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

template <class To, class From>
inline To simt_bit_cast(From v) {
    static_assert(sizeof(To) == sizeof(From));
    To r;
    std::memcpy(&r, &v, sizeof r);
    return r;
}
inline int __float_as_int(float x) { return simt_bit_cast<int>(x); }
inline unsigned __float_as_uint(float x) { return simt_bit_cast<unsigned>(x); }
inline float __int_as_float(int x) { return simt_bit_cast<float>(x); }
inline float __uint_as_float(unsigned x) { return simt_bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return simt_bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return simt_bit_cast<double>(x); }
inline int __double2hiint(double x) { return int(simt_bit_cast<unsigned long long>(x) >> 32); }
inline int __double2loint(double x) { return int(simt_bit_cast<unsigned long long>(x)); }

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(unsigned(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
    return (static_cast<unsigned long long>(__brev(unsigned(x))) << 32) | __brev(unsigned(x >> 32));
}
// hi:lo as one 64-bit value shifted; _l keeps the high word, _r the low
// one; the plain forms shift by `shift & 31`, the clamped (c) ones by at most 32.
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
    const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
    return unsigned((both << (shift & 31u)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
    const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
    return unsigned((both << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
    const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
    return unsigned(both >> (shift & 31u));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
    const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
    return unsigned(both >> (shift < 32u ? shift : 32u));
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
    const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
    unsigned r = 0;
    for (int i = 0; i < 4; ++i) {
        const unsigned selector = (s >> (4 * i)) & 7u;
        r |= unsigned((bytes >> (8 * selector)) & 0xffu) << (8 * i);
    }
    return r;
}
inline int __mul24(int x, int y) { return int((long long)((x << 8) >> 8) * ((y << 8) >> 8)); }
inline unsigned __umul24(unsigned x, unsigned y) { return (x & 0xffffffu) * (y & 0xffffffu); }
inline int __mulhi(int x, int y) { return int(((long long)x * y) >> 32); }
inline unsigned __umulhi(unsigned x, unsigned y) { return unsigned(((unsigned long long)x * y) >> 32); }
inline long long __mul64hi(long long x, long long y) { return (long long)(((__int128)x * y) >> 64); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
    return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
inline unsigned __sad(int x, int y, unsigned z) {
    return unsigned(x > y ? (long long)x - y : (long long)y - x) + z;
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }
inline int __hadd(int x, int y) { return int(((long long)x + y) >> 1); }
inline int __rhadd(int x, int y) { return int(((long long)x + y + 1) >> 1); }
