// The part of the CUDA API that __half (cuda_fp16.h) and __nv_bfloat16
// (cuda_bf16.h) share, written once: each type's header instantiates these
// macros with its own names (half / bfloat16), types and format. Non-template
// overloads, as NVIDIA declares them, so that the same code compiles, or not,
// as with nvcc (h + 1.0f is ambiguous in both; checked on 43 snippets).
//
// What an H100 computes, measured exhaustively on one (every input of the
// one-operand functions and conversions, all 2^32 operand pairs of the
// two-operand ones, 2^32 random fma triples): + - * / and sqrt, exp, log,
// sin... are correctly rounded to nearest even; fma rounds once; a NaN result
// is the canonical NaN 0x7fff, also for __hneg and __habs; _sat and _relu
// results that are NaN, negative or -0 become +0 (_relu keeps NaN). So each
// operation here is the exact (or libm double) result rounded once, except
// htanh_approx (tanh_approx.h). The float arithmetic is exact enough: a
// float sum, product or quotient of 11-bit operands, rounded again to 11
// (or 8) bits, equals the once-rounded result, since 24 >= 2 * 11 + 2.
// One difference stays: nvcc contracts a * b + c (and __hadd(__hmul(a, b),
// c)) into an fma by default, which rounds once; simt rounds each operation,
// as nvcc -fmad=false does (the _rn forms forbid contraction in both).
#pragma once

#include <cmath>
#include <cstdint>

#include "simt/narrow_float.h"
#include "simt/tanh_approx.h"
#include "simt/vector_types.h"

namespace simt::narrow {

template <class T>
inline std::uint16_t bits(const T& v) { return __builtin_bit_cast(std::uint16_t, v); }
template <class T>
inline T make(std::uint16_t b) { return __builtin_bit_cast(T, b); }

template <class F>
inline float widen(std::uint16_t h) { return __builtin_bit_cast(float, to_float_bits<F>(h)); }
template <class F>
inline std::uint16_t narrow(float f, Rounding mode = Rounding::nearest_even) {
    return from_float_bits<F>(__builtin_bit_cast(std::uint32_t, f), mode);
}
// A libm result: NaN becomes the canonical NaN, as the hardware gives it.
template <class F>
inline std::uint16_t narrow(double d) { return from_double_bits<F>(__builtin_bit_cast(std::uint64_t, d)); }
template <class F>
inline std::uint16_t convert_double(double d) { return convert_double_bits<F>(__builtin_bit_cast(std::uint64_t, d)); }
template <class F, class I>
inline std::uint16_t from_int(I v, Rounding mode) {
    if constexpr (I(-1) < I(0)) return from_signed<F>(std::int64_t(v), mode);
    else return from_integer<F>(false, std::uint64_t(v), mode);
}

template <class F>
inline std::uint16_t add(std::uint16_t a, std::uint16_t b) { return narrow<F>(widen<F>(a) + widen<F>(b)); }
template <class F>
inline std::uint16_t sub(std::uint16_t a, std::uint16_t b) { return narrow<F>(widen<F>(a) - widen<F>(b)); }
template <class F>
inline std::uint16_t mul(std::uint16_t a, std::uint16_t b) { return narrow<F>(widen<F>(a) * widen<F>(b)); }
// __hdiv on a GPU is rcp.approx times the dividend with a correction; for
// every pair of operands it gives the correctly rounded quotient.
template <class F>
inline std::uint16_t div(std::uint16_t a, std::uint16_t b) { return narrow<F>(widen<F>(a) / widen<F>(b)); }
template <class F>
inline std::uint16_t negate(std::uint16_t a) { return is_nan<F>(a) ? F::canonical_nan : std::uint16_t(a ^ 0x8000); }
template <class F>
inline std::uint16_t absolute(std::uint16_t a) { return is_nan<F>(a) ? F::canonical_nan : std::uint16_t(a & 0x7fff); }
template <class F>
inline std::uint16_t saturate(std::uint16_t r) {
    if (is_nan<F>(r) || (r & 0x8000)) return 0;
    return widen<F>(r) > 1.0f ? F::one : r;
}
template <class F>
inline std::uint16_t relu(std::uint16_t r) {
    if (is_nan<F>(r)) return F::canonical_nan;
    return (r & 0x8000) ? 0 : r;
}
// __hmax/__hmin: a NaN operand gives way to the other one (two NaNs: the
// canonical NaN) and +0 > -0; the _nan forms return the canonical NaN.
template <class F>
inline std::uint16_t extremum(std::uint16_t a, std::uint16_t b, bool maximum, bool nan_wins) {
    const bool a_nan = is_nan<F>(a), b_nan = is_nan<F>(b);
    if (a_nan || b_nan) return (nan_wins || (a_nan && b_nan)) ? F::canonical_nan : (a_nan ? b : a);
    const float fa = widen<F>(a), fb = widen<F>(b);
    if (fa != fb) return ((fa > fb) == maximum) ? a : b;
    return ((a & 0x8000) != 0) == maximum ? b : a;
}
template <class F>
inline std::uint16_t max(std::uint16_t a, std::uint16_t b) { return extremum<F>(a, b, true, false); }
template <class F>
inline std::uint16_t min(std::uint16_t a, std::uint16_t b) { return extremum<F>(a, b, false, false); }
template <class F>
inline std::uint16_t max_nan(std::uint16_t a, std::uint16_t b) { return extremum<F>(a, b, true, true); }
template <class F>
inline std::uint16_t min_nan(std::uint16_t a, std::uint16_t b) { return extremum<F>(a, b, false, true); }

enum class Fn { sqrt, rsqrt, rcp, exp, exp2, exp10, log, log2, log10, sin, cos, tanh, ceil, floor, trunc, rint, tanh_approx };
template <class F, Fn fn>
inline std::uint16_t math(std::uint16_t h) {
    const double x = widen<F>(h);
    switch (fn) {
    case Fn::sqrt: return narrow<F>(std::sqrt(x));
    case Fn::rsqrt: return narrow<F>(1.0 / std::sqrt(x));
    case Fn::rcp: return narrow<F>(1.0 / x);
    case Fn::exp: return narrow<F>(std::exp(x));
    case Fn::exp2: return narrow<F>(std::exp2(x));
    case Fn::exp10: return narrow<F>(std::pow(10.0, x));
    case Fn::log: return narrow<F>(std::log(x));
    case Fn::log2: return narrow<F>(std::log2(x));
    case Fn::log10: return narrow<F>(std::log10(x));
    case Fn::sin: return narrow<F>(std::sin(x));
    case Fn::cos: return narrow<F>(std::cos(x));
    case Fn::tanh: return narrow<F>(std::tanh(x));
    case Fn::ceil: return narrow<F>(std::ceil(x));
    case Fn::floor: return narrow<F>(std::floor(x));
    case Fn::trunc: return narrow<F>(std::trunc(x));
    case Fn::rint: return narrow<F>(std::nearbyint(x));
    case Fn::tanh_approx: return tanh_approx<F>(h, narrow<F>(std::tanh(x)));
    }
    return F::canonical_nan;
}

// Comparisons, as float compares them (exact); the u forms are also true
// when either operand is NaN.
enum class Cmp { eq, ne, lt, le, gt, ge, equ, neu, ltu, leu, gtu, geu };
template <class F, Cmp c>
inline bool compare(std::uint16_t ha, std::uint16_t hb) {
    const float a = widen<F>(ha), b = widen<F>(hb);
    const bool unordered = a != a || b != b;
    switch (c) {
    case Cmp::eq: return a == b;
    case Cmp::ne: return a != b && !unordered;
    case Cmp::lt: return a < b;
    case Cmp::le: return a <= b;
    case Cmp::gt: return a > b;
    case Cmp::ge: return a >= b;
    case Cmp::equ: return unordered || a == b;
    case Cmp::neu: return a != b;
    case Cmp::ltu: return unordered || a < b;
    case Cmp::leu: return unordered || a <= b;
    case Cmp::gtu: return unordered || a > b;
    case Cmp::geu: return unordered || a >= b;
    }
    return false;
}

template <class T, class Op>
inline T lift(T a, Op op) { return make<T>(op(bits(a))); }
template <class T, class Op>
inline T lift(T a, T b, Op op) { return make<T>(op(bits(a), bits(b))); }
template <class T2, class Op>
inline T2 lift2(T2 a, Op op) { return T2(lift(a.x, op), lift(a.y, op)); }
template <class T2, class Op>
inline T2 lift2(T2 a, T2 b, Op op) { return T2(lift(a.x, b.x, op), lift(a.y, b.y, op)); }

// atomicAdd: a compare-and-swap loop with GCC's builtins (the engine
// observes them); one 16-bit word, or both halves of a 32-bit word at once,
// as atom.add.noftz.f16 and .f16x2 update them.
template <class F>
inline __attribute__((always_inline)) std::uint16_t atomic_add(std::uint16_t* p, std::uint16_t v) {
    std::uint16_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(p, &old, add<F>(old, v), false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
}
template <class F>
inline __attribute__((always_inline)) std::uint32_t atomic_add_pair(std::uint32_t* p, std::uint32_t v) {
    std::uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        const std::uint32_t sum = add<F>(std::uint16_t(old), std::uint16_t(v)) |
                                  std::uint32_t(add<F>(std::uint16_t(old >> 16), std::uint16_t(v >> 16))) << 16;
        if (__atomic_compare_exchange_n(p, &old, sum, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return old;
    }
}

}  // namespace simt::narrow

#define SIMT_N ::simt::narrow

// Rounding-mode suffixes of CUDA's conversion names.
#define SIMT_NARROW_INTEGER_MODE(N, T, F, I, Type, Bits, M, Mode)                                             \
    inline Type __##N##2##I##_##M(const T h) {                                                                \
        return static_cast<Type>(SIMT_N::to_integer<F>(SIMT_N::bits(h), SIMT_N::Rounding::Mode, Bits, (Type)-1 < (Type)0)); \
    }                                                                                                         \
    inline T __##I##2##N##_##M(const Type i) { return SIMT_N::make<T>(SIMT_N::from_int<F>(i, SIMT_N::Rounding::Mode)); }
#define SIMT_NARROW_INTEGER(N, T, F, I, Type, Bits)                                 \
    SIMT_NARROW_INTEGER_MODE(N, T, F, I, Type, Bits, rn, nearest_even)              \
    SIMT_NARROW_INTEGER_MODE(N, T, F, I, Type, Bits, rz, toward_zero)               \
    SIMT_NARROW_INTEGER_MODE(N, T, F, I, Type, Bits, rd, down)                      \
    SIMT_NARROW_INTEGER_MODE(N, T, F, I, Type, Bits, ru, up)

#define SIMT_NARROW_BINARY(NAME, T, OP) \
    inline T NAME(const T a, const T b) { return SIMT_N::lift(a, b, OP); }
#define SIMT_NARROW_PAIR_BINARY(NAME, T2, OP) \
    inline T2 NAME(const T2 a, const T2 b) { return SIMT_N::lift2(a, b, OP); }

// One scalar type's functions. N: the name in CUDA's function names.
#define SIMT_NARROW_SCALAR_API(N, T, F)                                                                       \
    inline short __##N##_as_short(const T h) { return short(SIMT_N::bits(h)); }                               \
    inline unsigned short __##N##_as_ushort(const T h) { return SIMT_N::bits(h); }                            \
    inline T __short_as_##N(const short i) { return SIMT_N::make<T>(std::uint16_t(i)); }                      \
    inline T __ushort_as_##N(const unsigned short i) { return SIMT_N::make<T>(i); }                           \
    inline float __##N##2float(const T a) { return SIMT_N::widen<F>(SIMT_N::bits(a)); }                       \
    inline T __float2##N(const float a) { return SIMT_N::make<T>(SIMT_N::narrow<F>(a)); }                     \
    inline T __float2##N##_rn(const float a) { return SIMT_N::make<T>(SIMT_N::narrow<F>(a)); }                \
    inline T __float2##N##_rz(const float a) {                                                                \
        return SIMT_N::make<T>(SIMT_N::narrow<F>(a, SIMT_N::Rounding::toward_zero));                          \
    }                                                                                                         \
    inline T __float2##N##_rd(const float a) { return SIMT_N::make<T>(SIMT_N::narrow<F>(a, SIMT_N::Rounding::down)); } \
    inline T __float2##N##_ru(const float a) { return SIMT_N::make<T>(SIMT_N::narrow<F>(a, SIMT_N::Rounding::up)); }   \
    inline T __double2##N(const double a) { return SIMT_N::make<T>(SIMT_N::convert_double<F>(a)); }           \
    inline signed char __##N##2char_rz(const T h) {                                                           \
        return (signed char)SIMT_N::to_integer<F>(SIMT_N::bits(h), SIMT_N::Rounding::toward_zero, 8, true);   \
    }                                                                                                         \
    inline unsigned char __##N##2uchar_rz(const T h) {                                                        \
        return (unsigned char)SIMT_N::to_integer<F>(SIMT_N::bits(h), SIMT_N::Rounding::toward_zero, 8, false); \
    }                                                                                                         \
    SIMT_NARROW_INTEGER(N, T, F, short, short, 16)                                                            \
    SIMT_NARROW_INTEGER(N, T, F, ushort, unsigned short, 16)                                                  \
    SIMT_NARROW_INTEGER(N, T, F, int, int, 32)                                                                \
    SIMT_NARROW_INTEGER(N, T, F, uint, unsigned int, 32)                                                      \
    SIMT_NARROW_INTEGER(N, T, F, ll, long long, 64)                                                           \
    SIMT_NARROW_INTEGER(N, T, F, ull, unsigned long long, 64)                                                 \
    SIMT_NARROW_BINARY(__hadd, T, SIMT_N::add<F>)                                                             \
    SIMT_NARROW_BINARY(__hsub, T, SIMT_N::sub<F>)                                                             \
    SIMT_NARROW_BINARY(__hmul, T, SIMT_N::mul<F>)                                                             \
    SIMT_NARROW_BINARY(__hdiv, T, SIMT_N::div<F>)                                                             \
    SIMT_NARROW_BINARY(__hadd_rn, T, SIMT_N::add<F>)                                                          \
    SIMT_NARROW_BINARY(__hsub_rn, T, SIMT_N::sub<F>)                                                          \
    SIMT_NARROW_BINARY(__hmul_rn, T, SIMT_N::mul<F>)                                                          \
    SIMT_NARROW_BINARY(__hmax, T, SIMT_N::max<F>)                                                             \
    SIMT_NARROW_BINARY(__hmin, T, SIMT_N::min<F>)                                                             \
    SIMT_NARROW_BINARY(__hmax_nan, T, SIMT_N::max_nan<F>)                                                     \
    SIMT_NARROW_BINARY(__hmin_nan, T, SIMT_N::min_nan<F>)                                                     \
    inline T __hadd_sat(const T a, const T b) { return SIMT_N::lift(__hadd(a, b), SIMT_N::saturate<F>); }     \
    inline T __hsub_sat(const T a, const T b) { return SIMT_N::lift(__hsub(a, b), SIMT_N::saturate<F>); }     \
    inline T __hmul_sat(const T a, const T b) { return SIMT_N::lift(__hmul(a, b), SIMT_N::saturate<F>); }     \
    inline T __hfma(const T a, const T b, const T c) {                                                        \
        return SIMT_N::make<T>(SIMT_N::fma<F>(SIMT_N::bits(a), SIMT_N::bits(b), SIMT_N::bits(c)));            \
    }                                                                                                         \
    inline T __hfma_sat(const T a, const T b, const T c) { return SIMT_N::lift(__hfma(a, b, c), SIMT_N::saturate<F>); } \
    inline T __hfma_relu(const T a, const T b, const T c) { return SIMT_N::lift(__hfma(a, b, c), SIMT_N::relu<F>); }   \
    inline T __hneg(const T a) { return SIMT_N::lift(a, SIMT_N::negate<F>); }                                 \
    inline T __habs(const T a) { return SIMT_N::lift(a, SIMT_N::absolute<F>); }                               \
    inline bool __heq(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::eq>(SIMT_N::bits(a), SIMT_N::bits(b)); }   \
    inline bool __hne(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::ne>(SIMT_N::bits(a), SIMT_N::bits(b)); }   \
    inline bool __hlt(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::lt>(SIMT_N::bits(a), SIMT_N::bits(b)); }   \
    inline bool __hle(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::le>(SIMT_N::bits(a), SIMT_N::bits(b)); }   \
    inline bool __hgt(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::gt>(SIMT_N::bits(a), SIMT_N::bits(b)); }   \
    inline bool __hge(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::ge>(SIMT_N::bits(a), SIMT_N::bits(b)); }   \
    inline bool __hequ(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::equ>(SIMT_N::bits(a), SIMT_N::bits(b)); } \
    inline bool __hneu(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::neu>(SIMT_N::bits(a), SIMT_N::bits(b)); } \
    inline bool __hltu(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::ltu>(SIMT_N::bits(a), SIMT_N::bits(b)); } \
    inline bool __hleu(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::leu>(SIMT_N::bits(a), SIMT_N::bits(b)); } \
    inline bool __hgtu(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::gtu>(SIMT_N::bits(a), SIMT_N::bits(b)); } \
    inline bool __hgeu(const T a, const T b) { return SIMT_N::compare<F, SIMT_N::Cmp::geu>(SIMT_N::bits(a), SIMT_N::bits(b)); } \
    inline bool __hisnan(const T a) { return SIMT_N::is_nan<F>(SIMT_N::bits(a)); }                            \
    inline int __hisinf(const T a) {                                                                          \
        const std::uint16_t b = SIMT_N::bits(a);                                                              \
        return (b & 0x7fff) != F::infinity ? 0 : ((b & 0x8000) ? -1 : 1);                                     \
    }                                                                                                         \
    SIMT_NARROW_MATH(T, F, sqrt) SIMT_NARROW_MATH(T, F, rsqrt) SIMT_NARROW_MATH(T, F, rcp)                    \
    SIMT_NARROW_MATH(T, F, exp) SIMT_NARROW_MATH(T, F, exp2) SIMT_NARROW_MATH(T, F, exp10)                    \
    SIMT_NARROW_MATH(T, F, log) SIMT_NARROW_MATH(T, F, log2) SIMT_NARROW_MATH(T, F, log10)                    \
    SIMT_NARROW_MATH(T, F, sin) SIMT_NARROW_MATH(T, F, cos) SIMT_NARROW_MATH(T, F, tanh)                      \
    SIMT_NARROW_MATH(T, F, tanh_approx) SIMT_NARROW_MATH(T, F, ceil) SIMT_NARROW_MATH(T, F, floor)            \
    SIMT_NARROW_MATH(T, F, trunc) SIMT_NARROW_MATH(T, F, rint)

// hsqrt(T) and h2sqrt(T2) ...
#define SIMT_NARROW_MATH(T, F, FN) \
    inline T h##FN(const T a) { return SIMT_N::lift(a, SIMT_N::math<F, SIMT_N::Fn::FN>); }
#define SIMT_NARROW_PAIR_MATH(T2, F, FN) \
    inline T2 h2##FN(const T2 a) { return SIMT_N::lift2(a, SIMT_N::math<F, SIMT_N::Fn::FN>); }

// Comparisons of pairs: per lane 1.0 or 0.0 (__heq2), 0xffff or 0 (_mask),
// or whether both lanes hold (__hbeq2).
#define SIMT_NARROW_PAIR_COMPARE(T, T2, F, C)                                                                 \
    inline T2 __h##C##2(const T2 a, const T2 b) {                                                             \
        return T2(SIMT_N::make<T>(__h##C(a.x, b.x) ? F::one : 0), SIMT_N::make<T>(__h##C(a.y, b.y) ? F::one : 0)); \
    }                                                                                                         \
    inline unsigned __h##C##2_mask(const T2 a, const T2 b) {                                                  \
        return (__h##C(a.x, b.x) ? 0xffffu : 0u) | (__h##C(a.y, b.y) ? 0xffff0000u : 0u);                      \
    }                                                                                                         \
    inline bool __hb##C##2(const T2 a, const T2 b) { return __h##C(a.x, b.x) && __h##C(a.y, b.y); }

#define SIMT_NARROW_PAIR_API(N, T, T2, F)                                                                     \
    inline T2 make_##N##2(const T x, const T y) { return T2(x, y); }                                          \
    inline T2 __halves2##N##2(const T a, const T b) { return T2(a, b); }                                      \
    inline T2 __##N##2##N##2(const T a) { return T2(a, a); }                                                  \
    inline T __low2##N(const T2 a) { return a.x; }                                                            \
    inline T __high2##N(const T2 a) { return a.y; }                                                           \
    inline T2 __low2##N##2(const T2 a) { return T2(a.x, a.x); }                                               \
    inline T2 __high2##N##2(const T2 a) { return T2(a.y, a.y); }                                              \
    inline T2 __lows2##N##2(const T2 a, const T2 b) { return T2(a.x, b.x); }                                  \
    inline T2 __highs2##N##2(const T2 a, const T2 b) { return T2(a.y, b.y); }                                 \
    inline T2 __lowhigh2highlow(const T2 a) { return T2(a.y, a.x); }                                          \
    inline float __low2float(const T2 a) { return __##N##2float(a.x); }                                      \
    inline float __high2float(const T2 a) { return __##N##2float(a.y); }                                     \
    inline T2 __float2##N##2_rn(const float a) { return T2(__float2##N##_rn(a), __float2##N##_rn(a)); }       \
    inline T2 __floats2##N##2_rn(const float a, const float b) { return T2(__float2##N##_rn(a), __float2##N##_rn(b)); } \
    inline T2 __float22##N##2_rn(const float2 a) { return T2(__float2##N##_rn(a.x), __float2##N##_rn(a.y)); } \
    inline float2 __##N##22float2(const T2 a) { return make_float2(__##N##2float(a.x), __##N##2float(a.y)); } \
    SIMT_NARROW_PAIR_BINARY(__hadd2, T2, SIMT_N::add<F>)                                                      \
    SIMT_NARROW_PAIR_BINARY(__hsub2, T2, SIMT_N::sub<F>)                                                      \
    SIMT_NARROW_PAIR_BINARY(__hmul2, T2, SIMT_N::mul<F>)                                                      \
    SIMT_NARROW_PAIR_BINARY(__h2div, T2, SIMT_N::div<F>)                                                      \
    SIMT_NARROW_PAIR_BINARY(__hadd2_rn, T2, SIMT_N::add<F>)                                                   \
    SIMT_NARROW_PAIR_BINARY(__hsub2_rn, T2, SIMT_N::sub<F>)                                                   \
    SIMT_NARROW_PAIR_BINARY(__hmul2_rn, T2, SIMT_N::mul<F>)                                                   \
    SIMT_NARROW_PAIR_BINARY(__hmax2, T2, SIMT_N::max<F>)                                                      \
    SIMT_NARROW_PAIR_BINARY(__hmin2, T2, SIMT_N::min<F>)                                                      \
    SIMT_NARROW_PAIR_BINARY(__hmax2_nan, T2, SIMT_N::max_nan<F>)                                              \
    SIMT_NARROW_PAIR_BINARY(__hmin2_nan, T2, SIMT_N::min_nan<F>)                                              \
    inline T2 __hadd2_sat(const T2 a, const T2 b) { return T2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); }  \
    inline T2 __hsub2_sat(const T2 a, const T2 b) { return T2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); }  \
    inline T2 __hmul2_sat(const T2 a, const T2 b) { return T2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); }  \
    inline T2 __hfma2(const T2 a, const T2 b, const T2 c) { return T2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); } \
    inline T2 __hfma2_sat(const T2 a, const T2 b, const T2 c) {                                               \
        return T2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));                                      \
    }                                                                                                         \
    inline T2 __hfma2_relu(const T2 a, const T2 b, const T2 c) {                                              \
        return T2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));                                    \
    }                                                                                                         \
    /* (a.x + i a.y)(b.x + i b.y) + c as NVIDIA orders its four fmas. */                                      \
    inline T2 __hcmadd(const T2 a, const T2 b, const T2 c) {                                                  \
        return T2(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)), __hfma(a.y, b.x, __hfma(a.x, b.y, c.y)));  \
    }                                                                                                         \
    inline T2 __hneg2(const T2 a) { return T2(__hneg(a.x), __hneg(a.y)); }                                    \
    inline T2 __habs2(const T2 a) { return T2(__habs(a.x), __habs(a.y)); }                                    \
    inline T2 __hisnan2(const T2 a) {                                                                         \
        return T2(SIMT_N::make<T>(__hisnan(a.x) ? F::one : 0), SIMT_N::make<T>(__hisnan(a.y) ? F::one : 0));  \
    }                                                                                                         \
    SIMT_NARROW_PAIR_COMPARE(T, T2, F, eq) SIMT_NARROW_PAIR_COMPARE(T, T2, F, ne)                             \
    SIMT_NARROW_PAIR_COMPARE(T, T2, F, lt) SIMT_NARROW_PAIR_COMPARE(T, T2, F, le)                             \
    SIMT_NARROW_PAIR_COMPARE(T, T2, F, gt) SIMT_NARROW_PAIR_COMPARE(T, T2, F, ge)                             \
    SIMT_NARROW_PAIR_COMPARE(T, T2, F, equ) SIMT_NARROW_PAIR_COMPARE(T, T2, F, neu)                           \
    SIMT_NARROW_PAIR_COMPARE(T, T2, F, ltu) SIMT_NARROW_PAIR_COMPARE(T, T2, F, leu)                           \
    SIMT_NARROW_PAIR_COMPARE(T, T2, F, gtu) SIMT_NARROW_PAIR_COMPARE(T, T2, F, geu)                           \
    SIMT_NARROW_PAIR_MATH(T2, F, sqrt) SIMT_NARROW_PAIR_MATH(T2, F, rsqrt) SIMT_NARROW_PAIR_MATH(T2, F, rcp)  \
    SIMT_NARROW_PAIR_MATH(T2, F, exp) SIMT_NARROW_PAIR_MATH(T2, F, exp2) SIMT_NARROW_PAIR_MATH(T2, F, exp10)  \
    SIMT_NARROW_PAIR_MATH(T2, F, log) SIMT_NARROW_PAIR_MATH(T2, F, log2) SIMT_NARROW_PAIR_MATH(T2, F, log10)  \
    SIMT_NARROW_PAIR_MATH(T2, F, sin) SIMT_NARROW_PAIR_MATH(T2, F, cos) SIMT_NARROW_PAIR_MATH(T2, F, tanh)    \
    SIMT_NARROW_PAIR_MATH(T2, F, tanh_approx) SIMT_NARROW_PAIR_MATH(T2, F, ceil)                              \
    SIMT_NARROW_PAIR_MATH(T2, F, floor) SIMT_NARROW_PAIR_MATH(T2, F, trunc) SIMT_NARROW_PAIR_MATH(T2, F, rint)

// The C++ operators of cuda_fp16.hpp / cuda_bf16.hpp (arithmetic through the
// intrinsics, comparisons ordered except !=, which is true for NaN).
#define SIMT_NARROW_OPERATORS(T, F)                                                    \
    inline T operator+(const T& lh, const T& rh) { return __hadd(lh, rh); }            \
    inline T operator-(const T& lh, const T& rh) { return __hsub(lh, rh); }            \
    inline T operator*(const T& lh, const T& rh) { return __hmul(lh, rh); }            \
    inline T operator/(const T& lh, const T& rh) { return __hdiv(lh, rh); }            \
    inline T& operator+=(T& lh, const T& rh) { return lh = __hadd(lh, rh); }           \
    inline T& operator-=(T& lh, const T& rh) { return lh = __hsub(lh, rh); }           \
    inline T& operator*=(T& lh, const T& rh) { return lh = __hmul(lh, rh); }           \
    inline T& operator/=(T& lh, const T& rh) { return lh = __hdiv(lh, rh); }           \
    inline T& operator++(T& h) { return h = __hadd(h, SIMT_N::make<T>(F::one)); }      \
    inline T& operator--(T& h) { return h = __hsub(h, SIMT_N::make<T>(F::one)); }      \
    inline T operator++(T& h, const int) { const T old = h; ++h; return old; }         \
    inline T operator--(T& h, const int) { const T old = h; --h; return old; }         \
    inline T operator+(const T& h) { return h; }                                       \
    inline T operator-(const T& h) { return __hneg(h); }                               \
    inline bool operator==(const T& lh, const T& rh) { return __heq(lh, rh); }         \
    inline bool operator!=(const T& lh, const T& rh) { return __hneu(lh, rh); }        \
    inline bool operator>(const T& lh, const T& rh) { return __hgt(lh, rh); }          \
    inline bool operator<(const T& lh, const T& rh) { return __hlt(lh, rh); }          \
    inline bool operator>=(const T& lh, const T& rh) { return __hge(lh, rh); }         \
    inline bool operator<=(const T& lh, const T& rh) { return __hle(lh, rh); }
#define SIMT_NARROW_PAIR_OPERATORS(T, T2, F)                                                        \
    inline T2 operator+(const T2& lh, const T2& rh) { return __hadd2(lh, rh); }                     \
    inline T2 operator-(const T2& lh, const T2& rh) { return __hsub2(lh, rh); }                     \
    inline T2 operator*(const T2& lh, const T2& rh) { return __hmul2(lh, rh); }                     \
    inline T2 operator/(const T2& lh, const T2& rh) { return __h2div(lh, rh); }                     \
    inline T2& operator+=(T2& lh, const T2& rh) { return lh = __hadd2(lh, rh); }                    \
    inline T2& operator-=(T2& lh, const T2& rh) { return lh = __hsub2(lh, rh); }                    \
    inline T2& operator*=(T2& lh, const T2& rh) { return lh = __hmul2(lh, rh); }                    \
    inline T2& operator/=(T2& lh, const T2& rh) { return lh = __h2div(lh, rh); }                    \
    inline T2& operator++(T2& h) { const T one = SIMT_N::make<T>(F::one); return h = __hadd2(h, T2(one, one)); } \
    inline T2& operator--(T2& h) { const T one = SIMT_N::make<T>(F::one); return h = __hsub2(h, T2(one, one)); } \
    inline T2 operator++(T2& h, const int) { const T2 old = h; ++h; return old; }                   \
    inline T2 operator--(T2& h, const int) { const T2 old = h; --h; return old; }                   \
    inline T2 operator+(const T2& h) { return h; }                                                  \
    inline T2 operator-(const T2& h) { return __hneg2(h); }                                         \
    inline bool operator==(const T2& lh, const T2& rh) { return __hbeq2(lh, rh); }                  \
    inline bool operator!=(const T2& lh, const T2& rh) { return __hbneu2(lh, rh); }                 \
    inline bool operator>(const T2& lh, const T2& rh) { return __hbgt2(lh, rh); }                   \
    inline bool operator<(const T2& lh, const T2& rh) { return __hblt2(lh, rh); }                   \
    inline bool operator>=(const T2& lh, const T2& rh) { return __hbge2(lh, rh); }                  \
    inline bool operator<=(const T2& lh, const T2& rh) { return __hble2(lh, rh); }

// Warp shuffles and atomicAdd, where simt's CUDA layer is present (a .cu
// file; cuda_fp16.h in plain host code has neither, as with nvcc). Exact
// non-template overloads win over warp.h's templates, which take only
// arithmetic types; always inline so the engine sees the caller's site.
#define SIMT_NARROW_DEVICE_API(T, T2, F)                                                                      \
    SIMT_NARROW_SHUFFLES(T, std::uint16_t) SIMT_NARROW_SHUFFLES(T2, std::uint32_t)                            \
    SIMT_INLINE T atomicAdd(T* const address, const T val) {                                                  \
        return SIMT_N::make<T>(SIMT_N::atomic_add<F>(reinterpret_cast<std::uint16_t*>(address), SIMT_N::bits(val))); \
    }                                                                                                         \
    SIMT_INLINE T2 atomicAdd(T2* const address, const T2 val) {                                               \
        const std::uint32_t old = SIMT_N::atomic_add_pair<F>(reinterpret_cast<std::uint32_t*>(address),       \
                                                             __builtin_bit_cast(std::uint32_t, val));         \
        return __builtin_bit_cast(T2, old);                                                                   \
    }
// The value travels as its bit pattern (B: an unsigned integer of its size).
#define SIMT_NARROW_SHUFFLE(NAME, T, B, KIND, Lane)                                                           \
    SIMT_INLINE T NAME(unsigned long long mask, T var, Lane lane, int width = warpSize) {                      \
        return __builtin_bit_cast(T, simt::cuda::shuffle_value(mask, __builtin_bit_cast(B, var),             \
                                                               simt::cuda::Shuffle::KIND, int(lane), width)); \
    }
#define SIMT_NARROW_SHUFFLES(T, B)                                \
    SIMT_NARROW_SHUFFLE(__shfl_sync, T, B, Index, int)            \
    SIMT_NARROW_SHUFFLE(__shfl_up_sync, T, B, Up, unsigned)       \
    SIMT_NARROW_SHUFFLE(__shfl_down_sync, T, B, Down, unsigned)   \
    SIMT_NARROW_SHUFFLE(__shfl_xor_sync, T, B, Xor, int)
