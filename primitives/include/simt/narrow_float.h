// The 16-bit floating-point formats (IEEE binary16 and bfloat16) in integer
// arithmetic: rounding an exact value into a format in each of CUDA's four
// rounding modes, widening to float, conversions to integers with CUDA's
// saturation, and the fused multiply-add. cuda_fp16.h and cuda_bf16.h are
// thin typed layers over these functions.
//
// Why integers rather than the host's _Float16 or float casts: the result of
// every rounding mode must be the one an H100's cvt and fma instructions
// give, independently of the host's FPU state and of GCC's excess-precision
// rules; exact integer arithmetic leaves no room for double rounding. The
// functions are constexpr and use no library, so the same code can also run
// on a GPU (nvcc --expt-relaxed-constexpr) to be checked exhaustively there.
#pragma once

#include <cstdint>

namespace simt::narrow {

enum class Rounding { nearest_even, toward_zero, down, up };

// A binary format with `exponent_bits` of biased exponent and `mantissa_bits`
// of stored fraction (IEEE layout: sign, exponent, fraction).
template <int ExponentBits, int MantissaBits>
struct Format {
    static constexpr int exponent_bits = ExponentBits;
    static constexpr int mantissa_bits = MantissaBits;
    static constexpr int bias = (1 << (ExponentBits - 1)) - 1;
    static constexpr std::uint16_t infinity = std::uint16_t(((1u << ExponentBits) - 1) << MantissaBits);
    static constexpr std::uint16_t max_finite = std::uint16_t(infinity - 1);
    static constexpr std::uint16_t one = std::uint16_t(bias << MantissaBits);
    // What NVIDIA's conversions and arithmetic return for any NaN result:
    // all exponent and fraction bits set, sign clear (0x7fff in both formats;
    // CUDART_NAN_FP16 and CUDART_NAN_BF16 name it).
    static constexpr std::uint16_t canonical_nan = 0x7fff;
};
using Binary16 = Format<5, 10>;
using Bfloat16 = Format<8, 7>;

constexpr int bit_length(std::uint64_t v) {
    int n = 0;
    for (int step = 32; step > 0; step >>= 1)
        if (v >> step) {
            v >>= step;
            n += step;
        }
    return n + int(v != 0);
}

template <class F>
constexpr bool is_nan(std::uint16_t h) { return (h & 0x7fff) > F::infinity; }

// The value (-1)^negative * significand * 2^exponent, rounded into F. The
// significand may carry a sticky bit far below the rounding position (the
// fused multiply-add does), never within two bits of it.
template <class F>
constexpr std::uint16_t round_exact(bool negative, std::uint64_t significand, int exponent, Rounding mode) {
    const std::uint16_t sign = negative ? 0x8000 : 0;
    if (significand == 0) return sign;
    constexpr int m = F::mantissa_bits;
    constexpr int min_exponent = 1 - F::bias;  // of the leading bit of a normal number
    const int leading = exponent + bit_length(significand) - 1;
    // The exponent of the result's last place: subnormals share the smallest.
    const int quantum = (leading > min_exponent ? leading : min_exponent) - m;
    const int shift = quantum - exponent;
    std::uint64_t kept = 0;
    bool up = false;
    if (shift <= 0) {
        kept = significand << -shift;  // exact: at most m + 1 bits
    } else {
        std::uint64_t rest = 0, half = 0;
        bool below_half = false;  // the whole significand is under half a place
        if (shift >= 65) {
            below_half = true;
        } else if (shift == 64) {
            rest = significand;
            half = std::uint64_t(1) << 63;
        } else {
            kept = significand >> shift;
            rest = significand & ((std::uint64_t(1) << shift) - 1);
            half = std::uint64_t(1) << (shift - 1);
        }
        const bool inexact = below_half || rest != 0;
        switch (mode) {
        case Rounding::nearest_even: up = !below_half && (rest > half || (rest == half && (kept & 1))); break;
        case Rounding::toward_zero: break;
        case Rounding::down: up = inexact && negative; break;
        case Rounding::up: up = inexact && !negative; break;
        }
    }
    kept += up;
    // Adding the significand (implicit bit included) to the exponent field
    // lets a carry out of the fraction raise the exponent by itself, and
    // makes subnormals (kept < 2^m, field 0) need no case of their own.
    const std::int64_t field = std::int64_t(quantum - (min_exponent - m));
    const std::int64_t bits = (field << m) + std::int64_t(kept);
    if (bits >= F::infinity) {
        const bool to_infinity = mode == Rounding::nearest_even || (mode == Rounding::up && !negative) ||
                                 (mode == Rounding::down && negative);
        return std::uint16_t(sign | (to_infinity ? F::infinity : F::max_finite));
    }
    return std::uint16_t(sign | std::uint16_t(bits));
}

// A binary32 or binary64 value (as its bits) rounded into F. NaN becomes the
// canonical NaN, whatever its sign and payload.
template <class F, int SourceExponentBits, int SourceMantissaBits, class Bits>
constexpr std::uint16_t round_ieee(Bits x, Rounding mode) {
    constexpr int bias = (1 << (SourceExponentBits - 1)) - 1;
    constexpr Bits fraction_mask = (Bits(1) << SourceMantissaBits) - 1;
    constexpr int max_field = (1 << SourceExponentBits) - 1;
    const bool negative = (x >> (SourceExponentBits + SourceMantissaBits)) & 1;
    const int field = int((x >> SourceMantissaBits) & Bits(max_field));
    const Bits fraction = x & fraction_mask;
    if (field == max_field) {
        if (fraction != 0) return F::canonical_nan;
        return std::uint16_t((negative ? 0x8000 : 0) | F::infinity);
    }
    if (field == 0) return round_exact<F>(negative, fraction, 1 - bias - SourceMantissaBits, mode);
    return round_exact<F>(negative, fraction | (Bits(1) << SourceMantissaBits), field - bias - SourceMantissaBits,
                          mode);
}
template <class F>
constexpr std::uint16_t from_float_bits(std::uint32_t x, Rounding mode = Rounding::nearest_even) {
    return round_ieee<F, 8, 23>(x, mode);
}
template <class F>
constexpr std::uint16_t from_double_bits(std::uint64_t x, Rounding mode = Rounding::nearest_even) {
    return round_ieee<F, 11, 52>(x, mode);
}
// What cvt.rn.f16.f64 and cvt.rn.bf16.f64 give (__double2half,
// __double2bfloat16): from_double_bits, except that a NaN keeps its sign and
// the leading bits of its payload, quieted — unlike the conversions from
// float, which return the canonical NaN (both measured on an H100).
template <class F>
constexpr std::uint16_t convert_double_bits(std::uint64_t x) {
    const bool nan = ((x >> 52) & 0x7ff) == 0x7ff && (x & 0xfffffffffffffull) != 0;
    if (!nan) return from_double_bits<F>(x);
    constexpr int m = F::mantissa_bits;
    const std::uint16_t payload = std::uint16_t((x & 0xfffffffffffffull) >> (52 - m));
    return std::uint16_t(std::uint16_t((x >> 48) & 0x8000) | F::infinity | (1u << (m - 1)) | payload);
}

template <class F>
constexpr std::uint16_t from_integer(bool negative, std::uint64_t magnitude, Rounding mode) {
    return round_exact<F>(negative, magnitude, 0, mode);
}
template <class F>
constexpr std::uint16_t from_signed(std::int64_t v, Rounding mode) {
    return from_integer<F>(v < 0, v < 0 ? 0 - std::uint64_t(v) : std::uint64_t(v), mode);
}

// Sign, significand and exponent of a finite value of F.
struct Parts {
    bool negative;
    std::uint64_t significand;
    int exponent;
};
template <class F>
constexpr Parts parts(std::uint16_t h) {
    constexpr int m = F::mantissa_bits;
    const int field = (h >> m) & ((1 << F::exponent_bits) - 1);
    const std::uint64_t fraction = h & ((1u << m) - 1);
    if (field == 0) return {bool(h >> 15), fraction, 1 - F::bias - m};
    return {bool(h >> 15), fraction | (std::uint64_t(1) << m), field - F::bias - m};
}

// Widening to binary32 is exact. A binary16 NaN becomes float's canonical
// NaN (0x7fffffff), as cvt.f32.f16 gives it; bfloat16 is the upper half of a
// float, and cvt.f32.bf16 keeps a NaN's sign and payload.
template <class F>
constexpr std::uint32_t to_float_bits(std::uint16_t h) {
    if (F::exponent_bits == 8 && F::mantissa_bits == 7) return std::uint32_t(h) << 16;
    const std::uint32_t sign = std::uint32_t(h & 0x8000) << 16;
    if ((h & 0x7fff) == F::infinity) return sign | 0x7f800000u;
    if (is_nan<F>(h)) return 0x7fffffffu;
    const Parts p = parts<F>(h);
    if (p.significand == 0) return sign;
    const int leading = p.exponent + bit_length(p.significand) - 1;
    // bfloat16's subnormals are float's subnormals (binary16's are all normal floats).
    if (leading < -126) return sign | std::uint32_t(p.significand << (p.exponent + 149));
    const std::uint32_t fraction = std::uint32_t(p.significand << (23 - (leading - p.exponent))) & 0x7fffffu;
    return sign | (std::uint32_t(leading + 127) << 23) | fraction;
}

// Conversion to an integer of `bits` bits (signed or not) in `mode`, as the
// cvt.{rni,rzi,rmi,rpi} instructions do: out-of-range values and infinities
// saturate, NaN gives 0 — except for 64-bit results, where NaN gives
// 0x8000000000000000 (CUDA's documented value).
template <class F>
constexpr std::uint64_t to_integer(std::uint16_t h, Rounding mode, int bits, bool is_signed) {
    const std::uint64_t max_magnitude =
        is_signed ? (std::uint64_t(1) << (bits - 1)) - 1 : (bits == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1);
    const std::uint64_t min_signed = std::uint64_t(1) << (bits - 1);  // magnitude of the most negative
    const std::uint64_t width_mask = bits == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
    if (is_nan<F>(h)) return bits == 64 ? std::uint64_t(1) << 63 : 0;
    const Parts p = parts<F>(h);
    std::uint64_t magnitude = 0;
    bool saturated = (h & 0x7fff) == F::infinity;
    if (!saturated && p.exponent >= 0) {
        saturated = bit_length(p.significand) + p.exponent > 64;
        if (!saturated) magnitude = p.significand << p.exponent;
    } else if (!saturated) {
        const int shift = -p.exponent;
        const std::uint64_t kept = shift >= 64 ? 0 : p.significand >> shift;
        const std::uint64_t rest = shift >= 64 ? p.significand : p.significand & ((std::uint64_t(1) << shift) - 1);
        const bool beyond_half = shift <= 64 && rest > (std::uint64_t(1) << (shift - 1));
        const bool at_half = shift <= 64 && rest == (std::uint64_t(1) << (shift - 1));
        bool up = false;
        switch (mode) {
        case Rounding::nearest_even: up = beyond_half || (at_half && (kept & 1)); break;
        case Rounding::toward_zero: break;
        case Rounding::down: up = rest != 0 && p.negative; break;
        case Rounding::up: up = rest != 0 && !p.negative; break;
        }
        magnitude = kept + up;
    }
    if (p.negative) {
        if (!is_signed || (magnitude == 0 && !saturated)) return 0;
        if (saturated || magnitude > min_signed) return min_signed & width_mask;
        return (0 - magnitude) & width_mask;
    }
    if (saturated || magnitude > max_magnitude) return max_magnitude;
    return magnitude;
}

// a * b + c rounded once (to nearest even), as fma.rn.f16 and fma.rn.bf16
// compute it. The product is exact in 64 bits; when c and the product are
// too far apart to add exactly, the smaller one shrinks into a sticky bit
// far below the result's last place.
template <class F>
constexpr std::uint16_t fma(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
    const bool a_inf = (a & 0x7fff) == F::infinity, b_inf = (b & 0x7fff) == F::infinity;
    const bool c_inf = (c & 0x7fff) == F::infinity;
    const bool a_zero = (a & 0x7fff) == 0, b_zero = (b & 0x7fff) == 0, c_zero = (c & 0x7fff) == 0;
    const bool product_negative = ((a ^ b) >> 15) & 1;
    const bool c_negative = c >> 15;
    if (is_nan<F>(a) || is_nan<F>(b) || is_nan<F>(c)) return F::canonical_nan;
    if ((a_inf && b_zero) || (b_inf && a_zero)) return F::canonical_nan;
    if (a_inf || b_inf) {
        if (c_inf && c_negative != product_negative) return F::canonical_nan;
        return std::uint16_t((product_negative ? 0x8000 : 0) | F::infinity);
    }
    if (c_inf) return c;
    if (a_zero || b_zero) {
        // An exact zero product: c itself, or a zero whose sign is negative
        // only when both are negative (round to nearest).
        if (!c_zero) return c;
        return (product_negative && c_negative) ? 0x8000 : 0;
    }
    const Parts pa = parts<F>(a), pb = parts<F>(b), pc = parts<F>(c);
    std::uint64_t product = pa.significand * pb.significand;
    int product_exponent = pa.exponent + pb.exponent;
    if (c_zero) return round_exact<F>(product_negative, product, product_exponent, Rounding::nearest_even);
    std::uint64_t addend = pc.significand;
    int addend_exponent = pc.exponent;
    // Bring both to the smaller exponent if the larger then fits in 62 bits.
    const bool product_is_higher = product_exponent >= addend_exponent;
    std::uint64_t& high = product_is_higher ? product : addend;
    std::uint64_t& low = product_is_higher ? addend : product;
    int& high_exponent = product_is_higher ? product_exponent : addend_exponent;
    int& low_exponent = product_is_higher ? addend_exponent : product_exponent;
    const int gap = high_exponent - low_exponent;
    if (bit_length(high) + gap <= 62) {
        high <<= gap;
        high_exponent = low_exponent;
    } else {
        // high moves to bit 61; low, at most 22 bits wide, shifts right by
        // the rest of the gap (> 39 bits) and keeps a sticky bit for what
        // falls off: far below the 11 or 8 bits the result keeps.
        const int lift = 62 - bit_length(high);
        high <<= lift;
        high_exponent -= lift;
        const int drop = high_exponent - low_exponent;
        const std::uint64_t lost = drop >= 64 ? low : low & ((std::uint64_t(1) << drop) - 1);
        low = (drop >= 64 ? 0 : low >> drop) | std::uint64_t(lost != 0);
        low_exponent = high_exponent;
    }
    if (product_negative == c_negative)
        return round_exact<F>(c_negative, product + addend, product_exponent, Rounding::nearest_even);
    if (product == addend) return 0;  // exact cancellation: +0 when rounding to nearest
    const bool product_larger = product > addend;
    return round_exact<F>(product_larger ? product_negative : c_negative,
                          product_larger ? product - addend : addend - product, product_exponent,
                          Rounding::nearest_even);
}

}  // namespace simt::narrow
