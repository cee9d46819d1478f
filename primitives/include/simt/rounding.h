// IEEE arithmetic in a named rounding mode: __fadd_rz, __dmul_ru, __fmaf_rd,
// __fsqrt_ru, __drcp_rz ... (rn: to nearest even, rz: toward zero, ru: toward
// +inf, rd: toward -inf). Each result is the correctly rounded one, bit for
// bit what the GPU computes without -ftz (subnormals kept), NaN results
// included (see gpu_nan).
//
// How: the host's own IEEE unit, switched to the mode with fesetround for
// the one operation and switched back. g++ compiles kernels without
// -frounding-math, so it assumes round-to-nearest: it would fold an
// operation on known operands at compile time, and it may move arithmetic
// across the fesetround calls. Neither can happen here: the operands are
// read from volatile copies after the switch (a volatile access is not moved
// across a call), and the result is stored to a volatile before the switch
// back, so the operation sits between the two calls by data dependence and
// its operands are unknown to the compiler.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstring>

namespace simt::fp {

// NaN results as an H100 gives them. Single precision: always the
// canonical NaN 0x7fffffff, whatever NaN went in. Double precision: a NaN
// operand comes out quietened, and an invalid operation on numbers (inf -
// inf, 0 * inf, sqrt(-1)) gives 0xfff8000000000000. Which of two NaN
// operands comes out follows the order nvcc happens to place them in (it
// changed between two builds of one test, for fma too); here fma's addend,
// then the first in argument order.
// Written out rather than left to the host's unit, which differs between
// hosts (AArch64's default NaN is positive).
inline constexpr unsigned kCanonicalNanF = 0x7fffffffu;
inline constexpr unsigned long long kDefaultNanD = 0xfff8000000000000ull;

inline float bits_to_float(unsigned bits) {
    float r;
    std::memcpy(&r, &bits, sizeof r);
    return r;
}
inline double bits_to_double(unsigned long long bits) {
    double r;
    std::memcpy(&r, &bits, sizeof r);
    return r;
}
inline double quietened(double x) {
    unsigned long long bits;
    std::memcpy(&bits, &x, sizeof bits);
    return bits_to_double(bits | 0x0008000000000000ull);
}

template <class... Operands>
inline float gpu_nan(float r, Operands...) {
    return r == r ? r : bits_to_float(kCanonicalNanF);
}
inline double gpu_nan(double r) { return r == r ? r : bits_to_double(kDefaultNanD); }
template <class... Operands>
inline double gpu_nan(double r, double first, Operands... rest) {
    if (r == r) return r;
    return first != first ? quietened(first) : gpu_nan(r, rest...);
}

// The calling thread's rounding mode set to `mode` for the scope's lifetime
// (left alone when it already is the mode).
class rounding_scope {
public:
    explicit rounding_scope(int mode) : saved_(std::fegetround()), changed_(saved_ != mode) {
        if (changed_) std::fesetround(mode);
    }
    ~rounding_scope() {
        if (changed_) std::fesetround(saved_);
    }
    rounding_scope(const rounding_scope&) = delete;
    rounding_scope& operator=(const rounding_scope&) = delete;

private:
    int saved_;
    bool changed_;
};

// op() evaluated in `mode`; op must read its operands from volatile objects
// (see above). The result passes through a volatile on its way out.
template <class T, class Op>
inline T in_mode(int mode, Op op) {
    volatile T result;
    {
        rounding_scope scope(mode);
        result = op();
    }
    return result;
}

template <class T>
inline T add(T a, T b, int mode) {
    volatile T x = a, y = b;
    return gpu_nan(in_mode<T>(mode, [&] { return T(x + y); }), a, b);
}
template <class T>
inline T sub(T a, T b, int mode) {
    volatile T x = a, y = b;
    return gpu_nan(in_mode<T>(mode, [&] { return T(x - y); }), a, b);
}
template <class T>
inline T mul(T a, T b, int mode) {
    volatile T x = a, y = b;
    return gpu_nan(in_mode<T>(mode, [&] { return T(x * y); }), a, b);
}
template <class T>
inline T div(T a, T b, int mode) {
    volatile T x = a, y = b;
    return gpu_nan(in_mode<T>(mode, [&] { return T(x / y); }), a, b);
}
template <class T>
inline T fma(T a, T b, T c, int mode) {
    volatile T x = a, y = b, z = c;
    return gpu_nan(in_mode<T>(mode, [&] { return T(std::fma(T(x), T(y), T(z))); }), c, a, b);
}
template <class T>
inline T sqrt(T a, int mode) {
    volatile T x = a;
    return gpu_nan(in_mode<T>(mode, [&] { return T(std::sqrt(T(x))); }), a);
}

// 1/sqrt(x) rounded to nearest float. The double quotient is within a
// double ulp or so of the true value, so its float rounding is off by at most
// one step; the step is settled exactly by comparing the true value with the
// midpoints on either side: t > m  <=>  m*m*x < 1, where m*m is exact in
// double and fma gives the sign of m*m*x - 1 exactly. (No float x has
// 1/sqrt(x) on a midpoint, so there are no ties.)
inline float rsqrt_rn(float x) {
    if (x != x || x < 0.0f) return bits_to_float(kCanonicalNanF);
    if (x == 0.0f) return std::copysign(HUGE_VALF, x);
    if (std::isinf(x)) return 0.0f;
    float r = float(1.0 / std::sqrt(double(x)));
    for (int i = 0; i < 2; ++i) {
        const double above = (double(r) + double(std::nextafter(r, HUGE_VALF))) / 2;
        const double below = (double(r) + double(std::nextafter(r, 0.0f))) / 2;
        if (std::fma(above * above, double(x), -1.0) < 0) r = std::nextafter(r, HUGE_VALF);
        else if (std::fma(below * below, double(x), -1.0) > 0) r = std::nextafter(r, 0.0f);
        else break;
    }
    return r;
}

}  // namespace simt::fp

#define SIMT_ROUNDED_FORMS(MODE, FE)                                                                      \
    inline float __fadd_##MODE(float a, float b) { return simt::fp::add(a, b, FE); }                      \
    inline float __fsub_##MODE(float a, float b) { return simt::fp::sub(a, b, FE); }                      \
    inline float __fmul_##MODE(float a, float b) { return simt::fp::mul(a, b, FE); }                      \
    inline float __fdiv_##MODE(float a, float b) { return simt::fp::div(a, b, FE); }                      \
    inline float __frcp_##MODE(float a) { return simt::fp::div(1.0f, a, FE); }                            \
    inline float __fsqrt_##MODE(float a) { return simt::fp::sqrt(a, FE); }                                \
    inline float __fmaf_##MODE(float a, float b, float c) { return simt::fp::fma(a, b, c, FE); }          \
    inline float __fmaf_ieee_##MODE(float a, float b, float c) { return simt::fp::fma(a, b, c, FE); }     \
    inline double __dadd_##MODE(double a, double b) { return simt::fp::add(a, b, FE); }                   \
    inline double __dsub_##MODE(double a, double b) { return simt::fp::sub(a, b, FE); }                   \
    inline double __dmul_##MODE(double a, double b) { return simt::fp::mul(a, b, FE); }                   \
    inline double __ddiv_##MODE(double a, double b) { return simt::fp::div(a, b, FE); }                   \
    inline double __drcp_##MODE(double a) { return simt::fp::div(1.0, a, FE); }                           \
    inline double __dsqrt_##MODE(double a) { return simt::fp::sqrt(a, FE); }                             \
    inline double __fma_##MODE(double a, double b, double c) { return simt::fp::fma(a, b, c, FE); }

SIMT_ROUNDED_FORMS(rn, FE_TONEAREST)
SIMT_ROUNDED_FORMS(rz, FE_TOWARDZERO)
SIMT_ROUNDED_FORMS(ru, FE_UPWARD)
SIMT_ROUNDED_FORMS(rd, FE_DOWNWARD)
#undef SIMT_ROUNDED_FORMS

inline float __frsqrt_rn(float x) { return simt::fp::rsqrt_rn(x); }
