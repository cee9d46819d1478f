// curand_poisson: cuRAND's three regimes, chosen by lambda.
// * lambda < 64: Knuth's product of uniforms (TAOCP vol. 2, 3.4.1), started
//   at e^lambda and multiplied by curand_uniform draws until it is at most 1.
// * 64 <= lambda <= 4000: rejection sampling from a closed-form
//   approximation of the regularized incomplete gamma function P(a, x)
//   (a logistic curve in a - x whose two parameters depend on a), inverted
//   for the proposal; accepted against e^(x ln lambda - lambda - ln x!).
// * lambda > 4000: the normal approximation, round(lambda + sqrt(lambda) n)
//   with n from curand_normal_double (and its cache).
// The GPU evaluates the middle regime with the special function unit's
// approximate rsqrt, exp2, log2 and reciprocal; simt uses the accurate
// functions, so the integers agree except where a value lands within those
// approximations' error of an integer boundary or of the acceptance test.
#pragma once

#include <cmath>

#include "simt/curand_distributions.h"

namespace simt::rng::poisson {

// The GPU's forms: rsqrt.approx, ex2.approx of x log2(e) (the product in
// double, as the C source's double constant makes it), lg2.approx times
// ln 2 (likewise), rcp.approx.
inline float rsqrt(float a) { return 1.0f / sqrtf(a); }
inline float exp(float a) { return exp2f(float(double(a) * 1.4426950408889634074)); }
inline float log(float a) { return float(double(log2f(a)) * 0.69314718055994530942); }
inline float reciprocal(float a) { return 1.0f / a; }

// The curve's parameters for shape a: alpha = 1.4325 / sqrt(a - 0.1240) +
// 0.000254, beta = 0.2110 / sqrt(a - 1.9738) + 0.9420 (cuRAND's fitted
// constants, to all their digits below).
struct Curve {
    float alpha, beta;
};
inline Curve curve(float a) {
    const float ma1 = 1.43248035075540910f, ma2 = 0.12400979329415655f, ma3 = 0.00025361074907033f;
    const float mb1 = 0.21096734870196546f, mb2 = 1.97381164089999420f, mb3 = 0.94201734077887530f;
    return Curve{std::fmaf(ma1, rsqrt(a - ma2), ma3), std::fmaf(mb1, rsqrt(a - mb2), mb3)};
}

// P(a, x) ~ 1 / (1 + e^(alpha (a - x) - beta))^2.
inline float gammainc(float a, float x) {
    const Curve c = curve(a);
    float t = std::fmaf(c.alpha, a - x, -c.beta);
    t = 1.0f + exp(t);
    return reciprocal(t * t);
}

// Its inverse in x.
inline float gammainc_inverse(float a, float y) {
    const Curve c = curve(a);
    const float t = c.beta + log(rsqrt(y) - 1.0f);
    return std::fmaf(-t, reciprocal(c.alpha), a);
}

// ln((a - 1)!) for a >= 1: a table to 8!, beyond it Stirling's series
// (Hart et al., Computer Approximations, 1968, no. 5404).
inline double log_factorial_of_predecessor(int a) {
    const double fa = std::fabs(double(float(a)));
    if (a > 8) {
        double s = 1.0 / fa;
        const double t = s * s;
        double sum = -0.1633436431e-2;
        sum = std::fma(sum, t, 0.83645878922e-3);
        sum = std::fma(sum, t, -0.5951896861197e-3);
        sum = std::fma(sum, t, 0.793650576493454e-3);
        sum = std::fma(sum, t, -0.277777777735865004e-2);
        sum = std::fma(sum, t, 0.833333333333331018375e-1);
        sum = std::fma(sum, s, 0.918938533204672);
        s = 0.5 * ::log(fa) * (fa - 0.5);
        return (s - fa) + (s + sum);
    }
    static constexpr double table[9] = {0.0,
                                        0.0,
                                        6.931471805599453094e-1,
                                        1.791759469228055001e0,
                                        3.178053830347945620e0,
                                        4.787491742782045994e0,
                                        6.579251212010100995e0,
                                        8.525161361065414300e0,
                                        1.060460290274525023e1};
    return table[int(fa) - 1];
}

// float to unsigned as cvt.rzi.u32.f32: toward zero, saturating.
inline unsigned int to_uint(float x) { return to_uint_saturating(double(x)); }

template <class State>
inline unsigned int knuth(State* state, float exp_lambda) {
    unsigned int k = 0;
    float p = exp_lambda;
    do {
        ++k;
        p *= curand_uniform(state);
    } while (p > 1.0);
    return k - 1;
}

template <class State>
inline unsigned int rejection(State* state, float lambda) {
    const float log_lambda = log(lambda);
    for (;;) {
        const float y = curand_uniform(state);
        const float x = floorf(gammainc_inverse(lambda, y));
        float z = curand_uniform(state);
        const float v = (gammainc(lambda, x + 1.0f) - gammainc(lambda, x)) * 1.3f;
        z = z * v;
        const float t = exp(std::fmaf(x, log_lambda, -lambda) -
                            float(log_factorial_of_predecessor(int(1.0f + x))));
        if (z < t && v >= 1e-20) return to_uint(x);
    }
}

inline unsigned int from_normal(double lambda, double n) {
    return to_uint_saturating(std::fma(std::sqrt(lambda), n, lambda) + 0.5);
}

template <class State>
inline unsigned int draw(State* state, double lambda) {
    if (lambda < 64) return knuth(state, expf(float(lambda)));
    if (lambda > 4000) return from_normal(lambda, curand_normal_double(state));
    return rejection(state, float(lambda));
}

}  // namespace simt::rng::poisson

inline unsigned int curand_poisson(curandStateXORWOW_t* state, double lambda) {
    return simt::rng::poisson::draw(state, lambda);
}
inline unsigned int curand_poisson(curandStatePhilox4_32_10_t* state, double lambda) {
    return simt::rng::poisson::draw(state, lambda);
}
inline unsigned int curand_poisson(curandStateMRG32k3a_t* state, double lambda) {
    return simt::rng::poisson::draw(state, lambda);
}

// Four at once (Philox): each of the four as curand_poisson would draw it in
// turn, except that above 4000 the normals come from two curand4 calls
// (curand_normal4_double) rather than the cache.
inline uint4 curand_poisson4(curandStatePhilox4_32_10_t* state, double lambda) {
    using namespace simt::rng::poisson;
    if (lambda < 64) {
        const float e = expf(float(lambda));
        uint4 k;
        k.x = knuth(state, e);
        k.y = knuth(state, e);
        k.z = knuth(state, e);
        k.w = knuth(state, e);
        return k;
    }
    if (lambda > 4000) {
        const double4 n = curand_normal4_double(state);
        return uint4{from_normal(lambda, n.x), from_normal(lambda, n.y), from_normal(lambda, n.z),
                     from_normal(lambda, n.w)};
    }
    uint4 k;
    k.x = rejection(state, float(lambda));
    k.y = rejection(state, float(lambda));
    k.z = rejection(state, float(lambda));
    k.w = rejection(state, float(lambda));
    return k;
}
