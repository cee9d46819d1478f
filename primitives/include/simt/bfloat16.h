// __nv_bfloat16 and __nv_bfloat162 (cuda_bf16.h): bfloat16 (the upper half
// of a float) in a 2-byte, trivially copyable struct, with the conversions
// and operators nvcc allows by default (__CUDA_NO_BFLOAT16_CONVERSIONS__,
// __CUDA_NO_BFLOAT16_OPERATORS__ and __CUDA_NO_BFLOAT162_OPERATORS__ remove
// them). The functions come from narrow_ops.h, as for __half.
#pragma once

#include <type_traits>

#include "simt/half.h"

#define __CUDA_BF16_TYPES_EXIST__

typedef struct __attribute__((aligned(2))) {
    unsigned short x;
} __nv_bfloat16_raw;
typedef struct __attribute__((aligned(4))) {
    unsigned short x;
    unsigned short y;
} __nv_bfloat162_raw;

struct __attribute__((aligned(2))) __nv_bfloat16 {
protected:
    unsigned short __x;

    using F = simt::narrow::Bfloat16;
    // The conversion operators to integers truncate and saturate, as
    // __bfloat162int_rz and its kin do.
    template <class I>
    I to() const {
        constexpr int bits = int(sizeof(I)) * 8;
        return I(simt::narrow::to_integer<F>(__x, simt::narrow::Rounding::toward_zero, bits, I(-1) < I(0)));
    }
    template <class I>
    static unsigned short from(I v) { return simt::narrow::from_int<F>(v, simt::narrow::Rounding::nearest_even); }

public:
    __nv_bfloat16() = default;
    constexpr __nv_bfloat16(const __nv_bfloat16_raw& hr) : __x(hr.x) {}
    __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) { __x = hr.x; return *this; }
    volatile __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) volatile { __x = hr.x; return *this; }
    volatile __nv_bfloat16& operator=(const volatile __nv_bfloat16_raw& hr) volatile { __x = hr.x; return *this; }
    operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
    operator __nv_bfloat16_raw() const volatile { return __nv_bfloat16_raw{__x}; }
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
    // Rounds to nearest even (cvt.rn.bf16.f16); NaN becomes 0x7fff.
    explicit __nv_bfloat16(const __half f)
        : __x(simt::narrow::narrow<F>(simt::narrow::widen<simt::narrow::Binary16>(static_cast<__half_raw>(f).x))) {}
    __nv_bfloat16(const float f) : __x(simt::narrow::narrow<F>(f)) {}
    __nv_bfloat16(const double f) : __x(simt::narrow::convert_double<F>(f)) {}
    // No conversion to double: it would make float's ambiguous.
    operator float() const { return simt::narrow::widen<F>(__x); }
    __nv_bfloat16& operator=(const float f) { __x = simt::narrow::narrow<F>(f); return *this; }
    __nv_bfloat16& operator=(const double f) { __x = simt::narrow::convert_double<F>(f); return *this; }
    // From integers, rounding to nearest even.
    __nv_bfloat16(const short v) : __x(from(v)) {}
    __nv_bfloat16(const unsigned short v) : __x(from(v)) {}
    __nv_bfloat16(const int v) : __x(from(v)) {}
    __nv_bfloat16(const unsigned int v) : __x(from(v)) {}
    __nv_bfloat16(const long v) : __x(from(v)) {}
    __nv_bfloat16(const unsigned long v) : __x(from(v)) {}
    __nv_bfloat16(const long long v) : __x(from(v)) {}
    __nv_bfloat16(const unsigned long long v) : __x(from(v)) {}
    __nv_bfloat16& operator=(const short v) { __x = from(v); return *this; }
    __nv_bfloat16& operator=(const unsigned short v) { __x = from(v); return *this; }
    __nv_bfloat16& operator=(const int v) { __x = from(v); return *this; }
    __nv_bfloat16& operator=(const unsigned int v) { __x = from(v); return *this; }
    __nv_bfloat16& operator=(const long long v) { __x = from(v); return *this; }
    __nv_bfloat16& operator=(const unsigned long long v) { __x = from(v); return *this; }
    operator signed char() const { return to<signed char>(); }
    operator unsigned char() const { return to<unsigned char>(); }
    operator char() const { return char(to<std::conditional_t<(char(-1) < char(0)), signed char, unsigned char>>()); }
    operator short() const { return to<short>(); }
    operator unsigned short() const { return to<unsigned short>(); }
    operator int() const { return to<int>(); }
    operator unsigned int() const { return to<unsigned int>(); }
    operator long() const { return to<long>(); }
    operator unsigned long() const { return to<unsigned long>(); }
    operator long long() const { return to<long long>(); }
    operator unsigned long long() const { return to<unsigned long long>(); }
    // +0 and -0 are false.
    constexpr operator bool() const { return (__x & 0x7FFFU) != 0U; }
#endif
};

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
// Declared in half.h: rounds to nearest even (cvt.rn.f16.bf16); NaN becomes 0x7fff.
inline __half::__half(const __nv_bfloat16 f)
    : __x(simt::narrow::narrow<F>(simt::narrow::widen<simt::narrow::Bfloat16>(static_cast<__nv_bfloat16_raw>(f).x))) {}
#endif

struct __attribute__((aligned(4))) __nv_bfloat162 {
    __nv_bfloat16 x;
    __nv_bfloat16 y;

    __nv_bfloat162() = default;
    constexpr __nv_bfloat162(const __nv_bfloat16& a, const __nv_bfloat16& b) : x(a), y(b) {}
    __nv_bfloat162(const __nv_bfloat162_raw& h2r) : x(__nv_bfloat16_raw{h2r.x}), y(__nv_bfloat16_raw{h2r.y}) {}
    __nv_bfloat162& operator=(const __nv_bfloat162_raw& h2r) {
        x = __nv_bfloat16_raw{h2r.x};
        y = __nv_bfloat16_raw{h2r.y};
        return *this;
    }
    operator __nv_bfloat162_raw() const {
        return __nv_bfloat162_raw{static_cast<__nv_bfloat16_raw>(x).x, static_cast<__nv_bfloat16_raw>(y).x};
    }
};

static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2 &&
              std::is_trivially_copyable_v<__nv_bfloat16>);
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4 &&
              std::is_trivially_copyable_v<__nv_bfloat162>);

SIMT_NARROW_SCALAR_API(bfloat16, __nv_bfloat16, simt::narrow::Bfloat16)
SIMT_NARROW_PAIR_API(bfloat16, __nv_bfloat16, __nv_bfloat162, simt::narrow::Bfloat16)
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
SIMT_NARROW_OPERATORS(__nv_bfloat16, simt::narrow::Bfloat16)
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
SIMT_NARROW_PAIR_OPERATORS(__nv_bfloat16, __nv_bfloat162, simt::narrow::Bfloat16)
#endif
#if defined(SIMT_INLINE)
SIMT_NARROW_DEVICE_API(__nv_bfloat16, __nv_bfloat162, simt::narrow::Bfloat16)
#endif

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
