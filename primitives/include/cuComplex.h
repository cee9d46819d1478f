// CUDA's <cuComplex.h>: single and double precision complex numbers as
// float2 and double2, with the toolkit's function names. Division and the
// absolute value scale their operands first (as the toolkit documents), so
// they neither overflow nor underflow where the result is representable.
#pragma once

#include <cmath>

#include "simt/cuda.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__host__ __device__ inline float cuCrealf(cuFloatComplex x) { return x.x; }
__host__ __device__ inline float cuCimagf(cuFloatComplex x) { return x.y; }
__host__ __device__ inline cuFloatComplex make_cuFloatComplex(float r, float i) { return cuFloatComplex{r, i}; }
__host__ __device__ inline cuFloatComplex cuConjf(cuFloatComplex x) { return make_cuFloatComplex(x.x, -x.y); }
__host__ __device__ inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
    return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
__host__ __device__ inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
    return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
__host__ __device__ inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
    return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
// x / y with y scaled by 1 / (|re y| + |im y|) first.
__host__ __device__ inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
    const float scale = 1.0f / (std::fabs(y.x) + std::fabs(y.y));
    const float xr = x.x * scale, xi = x.y * scale;
    const float yr = y.x * scale, yi = y.y * scale;
    const float norm = 1.0f / (yr * yr + yi * yi);
    return make_cuFloatComplex((xr * yr + xi * yi) * norm, (xi * yr - xr * yi) * norm);
}
// |x| as larger * sqrt(1 + (smaller / larger)^2).
__host__ __device__ inline float cuCabsf(cuFloatComplex x) {
    float a = std::fabs(x.x), b = std::fabs(x.y);
    if (a < b) {
        const float t = a;
        a = b;
        b = t;
    }
    if (a == 0.0f || a > 3.402823466e38f || b > 3.402823466e38f) return a + b;  // zero, inf or NaN
    const float q = b / a;
    return a * std::sqrt(1.0f + q * q);
}

__host__ __device__ inline double cuCreal(cuDoubleComplex x) { return x.x; }
__host__ __device__ inline double cuCimag(cuDoubleComplex x) { return x.y; }
__host__ __device__ inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return cuDoubleComplex{r, i}; }
__host__ __device__ inline cuDoubleComplex cuConj(cuDoubleComplex x) { return make_cuDoubleComplex(x.x, -x.y); }
__host__ __device__ inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
    return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
__host__ __device__ inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
    return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
__host__ __device__ inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
    return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
__host__ __device__ inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
    const double scale = 1.0 / (std::fabs(y.x) + std::fabs(y.y));
    const double xr = x.x * scale, xi = x.y * scale;
    const double yr = y.x * scale, yi = y.y * scale;
    const double norm = 1.0 / (yr * yr + yi * yi);
    return make_cuDoubleComplex((xr * yr + xi * yi) * norm, (xi * yr - xr * yi) * norm);
}
__host__ __device__ inline double cuCabs(cuDoubleComplex x) {
    double a = std::fabs(x.x), b = std::fabs(x.y);
    if (a < b) {
        const double t = a;
        a = b;
        b = t;
    }
    if (a == 0.0 || a > 1.7976931348623157e308 || b > 1.7976931348623157e308) return a + b;
    const double q = b / a;
    return a * std::sqrt(1.0 + q * q);
}

__host__ __device__ inline cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }
__host__ __device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
    return make_cuDoubleComplex(double(c.x), double(c.y));
}
__host__ __device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
    return make_cuFloatComplex(float(c.x), float(c.y));
}
// x * y + d, each part with its own rounding as written.
__host__ __device__ inline cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
    const float real = (x.x * y.x) + d.x - (x.y * y.y);
    const float imag = (x.x * y.y) + d.y + (x.y * y.x);
    return make_cuComplex(real, imag);
}
__host__ __device__ inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
    const double real = (x.x * y.x) + d.x - (x.y * y.y);
    const double imag = (x.x * y.y) + d.y + (x.y * y.x);
    return make_cuDoubleComplex(real, imag);
}
