// cuRAND's uniform, normal and log-normal draws for the three generators,
// with cuRAND's choices of how many raw draws each takes, which transform,
// and the state's Box-Muller cache: curand_normal computes a pair and keeps
// the second for the next call (boxmuller_flag says whether it holds a
// normal or a log-normal; asking for the other kind discards it), the
// *2 and *4 forms never touch the cache. The double forms have their own
// cache (boxmuller_flag_double).
#pragma once

#include "simt/curand_mrg32k3a.h"
#include "simt/curand_philox.h"
#include "simt/curand_transforms.h"
#include "simt/curand_xorwow.h"

// ------------------------------------------------------------------ uniform
inline float curand_uniform(curandStateXORWOW_t* state) { return simt::rng::uniform(curand(state)); }
inline float curand_uniform(curandStatePhilox4_32_10_t* state) { return simt::rng::uniform(curand(state)); }
// MRG32k3a: the output over m1 + 1, rounded to double, then to float.
inline float curand_uniform(curandStateMRG32k3a_t* state) {
    return static_cast<float>(curand_MRG32k3a(state) * MRG32K3A_NORM);
}
inline float4 curand_uniform4(curandStatePhilox4_32_10_t* state) { return simt::rng::uniform4(curand4(state)); }

// XORWOW takes two draws (53 bits); Philox one (32 bits, x / 2^32 + 2^-32),
// unless asked for two doubles at once (curand_uniform2_double: 53 bits
// each from one curand4).
inline double curand_uniform_double(curandStateXORWOW_t* state) {
    const unsigned int x = curand(state);
    const unsigned int y = curand(state);
    return simt::rng::uniform_double(x, y);
}
inline double curand_uniform_double(curandStatePhilox4_32_10_t* state) {
    return simt::rng::uniform_double(curand(state));
}
inline double curand_uniform_double(curandStateMRG32k3a_t* state) { return curand_MRG32k3a(state) * MRG32K3A_NORM; }
inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t* state) {
    const uint4 x = curand4(state);
    return double2{simt::rng::uniform_double(x.x, x.y), simt::rng::uniform_double(x.z, x.w)};
}
inline double4 curand_uniform4_double(curandStatePhilox4_32_10_t* state) {
    const uint4 x = curand4(state);
    const uint4 y = curand4(state);
    return double4{simt::rng::uniform_double(x.x, x.y), simt::rng::uniform_double(x.z, x.w),
                   simt::rng::uniform_double(y.x, y.y), simt::rng::uniform_double(y.z, y.w)};
}

// ------------------------------------------------------- Box-Muller pairs
namespace simt::rng {

// XORWOW and Philox: Box-Muller on two 32-bit draws.
template <class State>
inline float2 normal_pair(State* state) {
    const unsigned int x = curand(state);
    const unsigned int y = curand(state);
    return box_muller(x, y);
}
// MRG32k3a: on two of its float uniforms, the angle their float product
// with 2pi.
inline float2 normal_pair(curandStateMRG32k3a_t* state) {
    const float u = curand_uniform(state);
    const float angle = curand_uniform(state) * CURAND_2PI;
    return box_muller_from(u, angle);
}

inline double2 normal_pair_double(curandStateXORWOW_t* state) {
    const unsigned int x0 = curand(state);
    const unsigned int x1 = curand(state);
    const unsigned int y0 = curand(state);
    const unsigned int y1 = curand(state);
    return box_muller_double(x0, x1, y0, y1);
}
inline double2 normal_pair_double(curandStatePhilox4_32_10_t* state) {
    const uint4 x = curand4(state);
    return box_muller_double(x.x, x.y, x.z, x.w);
}
inline double2 normal_pair_double(curandStateMRG32k3a_t* state) {
    const double u = curand_uniform_double(state);
    const double v = curand_uniform_double(state) * 2.0;
    return box_muller_from_double(u, v);
}

// The cached forms: a pair's first value now, its second on the next call
// of the same kind.
template <class State>
inline float cached_normal(State* state) {
    if (state->boxmuller_flag != EXTRA_FLAG_NORMAL) {
        const float2 v = normal_pair(state);
        state->boxmuller_extra = v.y;
        state->boxmuller_flag = EXTRA_FLAG_NORMAL;
        return v.x;
    }
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
}
template <class State>
inline float cached_log_normal(State* state, float mean, float stddev) {
    if (state->boxmuller_flag != EXTRA_FLAG_LOG_NORMAL) {
        const float2 v = normal_pair(state);
        state->boxmuller_extra = log_normal(v.y, mean, stddev);
        state->boxmuller_flag = EXTRA_FLAG_LOG_NORMAL;
        return log_normal(v.x, mean, stddev);
    }
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
}
template <class State>
inline double cached_normal_double(State* state) {
    if (state->boxmuller_flag_double != EXTRA_FLAG_NORMAL) {
        const double2 v = normal_pair_double(state);
        state->boxmuller_extra_double = v.y;
        state->boxmuller_flag_double = EXTRA_FLAG_NORMAL;
        return v.x;
    }
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}
template <class State>
inline double cached_log_normal_double(State* state, double mean, double stddev) {
    if (state->boxmuller_flag_double != EXTRA_FLAG_LOG_NORMAL) {
        const double2 v = normal_pair_double(state);
        state->boxmuller_extra_double = log_normal(v.y, mean, stddev);
        state->boxmuller_flag_double = EXTRA_FLAG_LOG_NORMAL;
        return log_normal(v.x, mean, stddev);
    }
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}

inline float4 normal_quad(curandStatePhilox4_32_10_t* state) {
    const uint4 x = curand4(state);
    const float2 a = box_muller(x.x, x.y);
    const float2 b = box_muller(x.z, x.w);
    return float4{a.x, a.y, b.x, b.y};
}
inline double4 normal_quad_double(curandStatePhilox4_32_10_t* state) {
    const double2 a = normal_pair_double(state);
    const double2 b = normal_pair_double(state);
    return double4{a.x, a.y, b.x, b.y};
}

}  // namespace simt::rng

// ------------------------------------------------------------------- normal
inline float curand_normal(curandStateXORWOW_t* state) { return simt::rng::cached_normal(state); }
inline float curand_normal(curandStatePhilox4_32_10_t* state) { return simt::rng::cached_normal(state); }
inline float curand_normal(curandStateMRG32k3a_t* state) { return simt::rng::cached_normal(state); }
inline float2 curand_normal2(curandStateXORWOW_t* state) { return simt::rng::normal_pair(state); }
inline float2 curand_normal2(curandStatePhilox4_32_10_t* state) { return simt::rng::normal_pair(state); }
inline float2 curand_normal2(curandStateMRG32k3a_t* state) { return simt::rng::normal_pair(state); }
inline float4 curand_normal4(curandStatePhilox4_32_10_t* state) { return simt::rng::normal_quad(state); }

inline double curand_normal_double(curandStateXORWOW_t* state) { return simt::rng::cached_normal_double(state); }
inline double curand_normal_double(curandStatePhilox4_32_10_t* state) {
    return simt::rng::cached_normal_double(state);
}
inline double curand_normal_double(curandStateMRG32k3a_t* state) { return simt::rng::cached_normal_double(state); }
inline double2 curand_normal2_double(curandStateXORWOW_t* state) { return simt::rng::normal_pair_double(state); }
inline double2 curand_normal2_double(curandStatePhilox4_32_10_t* state) {
    return simt::rng::normal_pair_double(state);
}
inline double2 curand_normal2_double(curandStateMRG32k3a_t* state) { return simt::rng::normal_pair_double(state); }
inline double4 curand_normal4_double(curandStatePhilox4_32_10_t* state) {
    return simt::rng::normal_quad_double(state);
}

// --------------------------------------------------------------- log-normal
inline float curand_log_normal(curandStateXORWOW_t* state, float mean, float stddev) {
    return simt::rng::cached_log_normal(state, mean, stddev);
}
inline float curand_log_normal(curandStatePhilox4_32_10_t* state, float mean, float stddev) {
    return simt::rng::cached_log_normal(state, mean, stddev);
}
inline float curand_log_normal(curandStateMRG32k3a_t* state, float mean, float stddev) {
    return simt::rng::cached_log_normal(state, mean, stddev);
}

namespace simt::rng {
template <class State>
inline float2 log_normal_pair(State* state, float mean, float stddev) {
    const float2 v = normal_pair(state);
    return float2{log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev)};
}
template <class State>
inline double2 log_normal_pair_double(State* state, double mean, double stddev) {
    const double2 v = normal_pair_double(state);
    return double2{log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev)};
}
}  // namespace simt::rng

inline float2 curand_log_normal2(curandStateXORWOW_t* state, float mean, float stddev) {
    return simt::rng::log_normal_pair(state, mean, stddev);
}
inline float2 curand_log_normal2(curandStatePhilox4_32_10_t* state, float mean, float stddev) {
    return simt::rng::log_normal_pair(state, mean, stddev);
}
inline float2 curand_log_normal2(curandStateMRG32k3a_t* state, float mean, float stddev) {
    return simt::rng::log_normal_pair(state, mean, stddev);
}
inline float4 curand_log_normal4(curandStatePhilox4_32_10_t* state, float mean, float stddev) {
    using simt::rng::log_normal;
    const float4 v = simt::rng::normal_quad(state);
    return float4{log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev), log_normal(v.z, mean, stddev),
                  log_normal(v.w, mean, stddev)};
}

inline double curand_log_normal_double(curandStateXORWOW_t* state, double mean, double stddev) {
    return simt::rng::cached_log_normal_double(state, mean, stddev);
}
inline double curand_log_normal_double(curandStatePhilox4_32_10_t* state, double mean, double stddev) {
    return simt::rng::cached_log_normal_double(state, mean, stddev);
}
inline double curand_log_normal_double(curandStateMRG32k3a_t* state, double mean, double stddev) {
    return simt::rng::cached_log_normal_double(state, mean, stddev);
}
inline double2 curand_log_normal2_double(curandStateXORWOW_t* state, double mean, double stddev) {
    return simt::rng::log_normal_pair_double(state, mean, stddev);
}
inline double2 curand_log_normal2_double(curandStatePhilox4_32_10_t* state, double mean, double stddev) {
    return simt::rng::log_normal_pair_double(state, mean, stddev);
}
inline double2 curand_log_normal2_double(curandStateMRG32k3a_t* state, double mean, double stddev) {
    return simt::rng::log_normal_pair_double(state, mean, stddev);
}
inline double4 curand_log_normal4_double(curandStatePhilox4_32_10_t* state, double mean, double stddev) {
    using simt::rng::log_normal;
    const double4 v = simt::rng::normal_quad_double(state);
    return double4{log_normal(v.x, mean, stddev), log_normal(v.y, mean, stddev), log_normal(v.z, mean, stddev),
                   log_normal(v.w, mean, stddev)};
}
