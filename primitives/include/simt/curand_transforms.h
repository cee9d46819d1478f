// What cuRAND's device API does to the raw 32-bit draws of any generator:
// the uniform and Box-Muller transforms, with cuRAND's constants and in the
// order of operations an H100 runs them (nvcc contracts a * b + c into one
// fma by default, so the contracted forms are written as fmaf/fma here; g++
// would round the product and the sum separately). The generators are in
// curand_xorwow.h, curand_philox.h and curand_mrg32k3a.h; the distributions
// that call these in curand_distributions.h and curand_poisson.h.
#pragma once

#include <cmath>
#include <cstdint>

#include "simt/device_math.h"
#include "simt/special_math.h"
#include "simt/vector_types.h"

// cuRAND's constants (curand_globals.h): the float ones are float literals,
// so 2^-32 * 2pi is the float 2pi scaled, not the double 2pi rounded.
#define CURAND_2POW32 (4294967296.f)
#define CURAND_2POW32_DOUBLE (4294967296.)
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831855f)
#define CURAND_2POW53_INV_2PI_DOUBLE (1.1102230246251565e-16 * 6.2831853071795860)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI_DOUBLE (6.2831853071795860)

// Which value a state's Box-Muller cache holds (boxmuller_flag): a normal or
// a log-normal; asking for the other kind discards it.
#define EXTRA_FLAG_NORMAL 0x00000001
#define EXTRA_FLAG_LOG_NORMAL 0x00000002

// The generators' arithmetic (jump matrices, Philox rounds, modular
// products) touches only locals and the emulator's own tables: it is
// compiled without the access hooks that every load and store of kernel
// code calls, which would cost a call per table word and observe nothing a
// checker needs. The state itself, in the program's memory, is read and
// written by hooked code, so bounds and race checks still see every access.
#define SIMT_CURAND_UNHOOKED __attribute__((no_sanitize("thread")))

namespace simt::rng {

// (float)x / 2^32 + 2^-33: in (0, 1], never 0 (x = 2^32 - 1 rounds to 1).
// The product is exact, so the fma nvcc emits and a multiply-add agree.
inline float uniform(unsigned int x) { return float(x) * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f); }

// One draw as a double: x / 2^32 + 2^-32 (Philox's curand_uniform_double).
inline double uniform_double(unsigned int x) { return double(x) * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE; }

// Two draws as 53 bits: x ^ (y << 21), scaled by 2^-53, plus 2^-54. The bits
// of x and y overlap in 21..31, as in cuRAND.
inline std::uint64_t bits53(unsigned int x, unsigned int y) {
    return std::uint64_t(x) ^ (std::uint64_t(y) << (53 - 32));
}
inline double uniform_double(unsigned int x, unsigned int y) {
    return double(bits53(x, y)) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

inline float4 uniform4(uint4 x) { return float4{uniform(x.x), uniform(x.y), uniform(x.z), uniform(x.w)}; }

// A double to unsigned int as the GPU converts (cvt.rzi.u32.f64): toward
// zero, saturating, NaN to 0. C++ leaves out-of-range conversions undefined.
inline unsigned int to_uint_saturating(double d) {
    if (!(d > 0.0)) return 0u;
    if (d >= 4294967296.0) return 0xffffffffu;
    return static_cast<unsigned int>(d);
}

// Box-Muller on two draws: u = uniform(x), angle = y scaled to (0, 2pi];
// returns (r sin, r cos) with r = sqrt(-2 ln u). The GPU takes the angle's
// sine and cosine with __sincosf (the special function unit's
// approximation, about 2^-21 absolute error) and logf; simt's are the
// accurate ones, so a normal here is near the GPU's, not equal to it: over
// 240 normals of kernels/api/random_numbers.cu, a fifth were identical and
// none was more than 1.1e-6 away (2e-6 relative for log-normals).
inline float2 box_muller(unsigned int x, unsigned int y) {
    const float u = uniform(x);
    const float v = std::fmaf(float(y), CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2);
    const float s = sqrtf(-2.0f * logf(u));
    float sine, cosine;
    __sincosf(v, &sine, &cosine);
    return float2{sine * s, cosine * s};
}

// The same from a uniform and an angle computed by the caller (MRG32k3a
// draws them as floats).
inline float2 box_muller_from(float u, float angle) {
    const float s = sqrtf(-2.0f * logf(u));
    float sine, cosine;
    __sincosf(angle, &sine, &cosine);
    return float2{sine * s, cosine * s};
}

// Double Box-Muller on four draws: u from (x0, x1) as uniform_double, the
// angle pi * v with v from (y0, y1) in (0, 2]; sincospi gives the GPU's
// sin(pi v) without rounding pi v first. CUDA's log and sincospi are within
// an ulp or two of the exact values, simt's are correctly rounded, so most
// results agree bit for bit, not all (in that program's run 94% of them;
// the others one or two units in the last place apart).
inline double2 box_muller_from_double(double u, double v) {
    const double s = std::sqrt(-2.0 * log(u));
    double sine, cosine;
    sincospi(v, &sine, &cosine);
    return double2{sine * s, cosine * s};
}
inline double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1) {
    const double u = uniform_double(x0, x1);
    const double v = double(bits53(y0, y1)) * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
    return box_muller_from_double(u, v);
}

// exp(mean + stddev * n) as the GPU computes it (one fma, then expf).
inline float log_normal(float n, float mean, float stddev) { return expf(std::fmaf(stddev, n, mean)); }
inline double log_normal(double n, double mean, double stddev) { return exp(std::fma(stddev, n, mean)); }

}  // namespace simt::rng
