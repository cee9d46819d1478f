// __half and __half2 (cuda_fp16.h): IEEE binary16 in a 2-byte, trivially
// copyable struct, with the conversions and operators nvcc allows by default
// (__CUDA_NO_HALF_CONVERSIONS__, __CUDA_NO_HALF_OPERATORS__ and
// __CUDA_NO_HALF2_OPERATORS__ remove them, as in CUDA). The functions come
// from narrow_ops.h; what each computes is what an H100 computes (see there).
#pragma once

#include <type_traits>

#include "simt/qualifiers.h"
#include "simt/narrow_ops.h"

#define __CUDA_FP16_TYPES_EXIST__

struct __nv_bfloat16;

typedef struct __attribute__((aligned(2))) {
    unsigned short x;
} __half_raw;
typedef struct __attribute__((aligned(4))) {
    unsigned short x;
    unsigned short y;
} __half2_raw;

struct __attribute__((aligned(2))) __half {
protected:
    unsigned short __x;

    using F = simt::narrow::Binary16;
    // The conversion operators to integers truncate (round toward zero) and
    // saturate, as __half2int_rz and its kin do; 64-bit ones give
    // 0x8000000000000000 for NaN.
    template <class I>
    I to() const {
        constexpr int bits = int(sizeof(I)) * 8;
        return I(simt::narrow::to_integer<F>(__x, simt::narrow::Rounding::toward_zero, bits, I(-1) < I(0)));
    }
    template <class I>
    static unsigned short from(I v) { return simt::narrow::from_int<F>(v, simt::narrow::Rounding::nearest_even); }

public:
    __half() = default;
    constexpr __half(const __half_raw& hr) : __x(hr.x) {}
    __half& operator=(const __half_raw& hr) { __x = hr.x; return *this; }
    volatile __half& operator=(const __half_raw& hr) volatile { __x = hr.x; return *this; }
    volatile __half& operator=(const volatile __half_raw& hr) volatile { __x = hr.x; return *this; }
    operator __half_raw() const { return __half_raw{__x}; }
    operator __half_raw() const volatile { return __half_raw{__x}; }
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
    explicit __half(const __nv_bfloat16 f);  // cuda_bf16.h defines it
    __half(const float f) : __x(simt::narrow::narrow<F>(f)) {}
    __half(const double f) : __x(simt::narrow::convert_double<F>(f)) {}
    // No conversion to double: it would make float's ambiguous.
    operator float() const { return simt::narrow::widen<F>(__x); }
    __half& operator=(const float f) { __x = simt::narrow::narrow<F>(f); return *this; }
    __half& operator=(const double f) { __x = simt::narrow::convert_double<F>(f); return *this; }
    // From integers, rounding to nearest even.
    __half(const short v) : __x(from(v)) {}
    __half(const unsigned short v) : __x(from(v)) {}
    __half(const int v) : __x(from(v)) {}
    __half(const unsigned int v) : __x(from(v)) {}
    __half(const long v) : __x(from(v)) {}
    __half(const unsigned long v) : __x(from(v)) {}
    __half(const long long v) : __x(from(v)) {}
    __half(const unsigned long long v) : __x(from(v)) {}
    __half& operator=(const short v) { __x = from(v); return *this; }
    __half& operator=(const unsigned short v) { __x = from(v); return *this; }
    __half& operator=(const int v) { __x = from(v); return *this; }
    __half& operator=(const unsigned int v) { __x = from(v); return *this; }
    __half& operator=(const long long v) { __x = from(v); return *this; }
    __half& operator=(const unsigned long long v) { __x = from(v); return *this; }
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

struct __attribute__((aligned(4))) __half2 {
    __half x;
    __half y;

    __half2() = default;
    constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
    __half2(const __half2_raw& h2r) : x(__half_raw{h2r.x}), y(__half_raw{h2r.y}) {}
    __half2& operator=(const __half2_raw& h2r) {
        x = __half_raw{h2r.x};
        y = __half_raw{h2r.y};
        return *this;
    }
    operator __half2_raw() const {
        return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
    }
};

static_assert(sizeof(__half) == 2 && alignof(__half) == 2 && std::is_trivially_copyable_v<__half>);
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4 && std::is_trivially_copyable_v<__half2>);

SIMT_NARROW_SCALAR_API(half, __half, simt::narrow::Binary16)
SIMT_NARROW_PAIR_API(half, __half, __half2, simt::narrow::Binary16)
#if !defined(__CUDA_NO_HALF_OPERATORS__)
SIMT_NARROW_OPERATORS(__half, simt::narrow::Binary16)
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
SIMT_NARROW_PAIR_OPERATORS(__half, __half2, simt::narrow::Binary16)
#endif
#if defined(SIMT_INLINE)
SIMT_NARROW_DEVICE_API(__half, __half2, simt::narrow::Binary16)
#endif

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

#if !defined(CUDA_NO_HALF)
typedef __half half;
typedef __half2 half2;
#endif
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;
