// CUDA atomics. Written with GCC's __atomic builtins so that, in kernel code
// compiled with -fsanitize=thread, each becomes a __tsan_atomic* call that the
// engine observes (as an atomic access) and performs for real. Operations with
// no builtin (float add, min/max, inc/dec) are compare-and-swap loops.
#pragma once

#include <cstdint>
#include <type_traits>

#include "simt/vector_types.h"

#define SIMT_ATOMIC_INLINE inline __attribute__((always_inline))

namespace simt::cuda {

template <class T>
using atomic_bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T, class F>
SIMT_ATOMIC_INLINE T atomic_update(T* address, F update) {
    using B = atomic_bits_t<T>;
    static_assert(sizeof(T) == sizeof(B), "atomics work on 4- and 8-byte values");
    B* p = reinterpret_cast<B*>(address);
    B old = __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        T current;
        __builtin_memcpy(&current, &old, sizeof(T));
        T next = update(current);
        B desired;
        __builtin_memcpy(&desired, &next, sizeof(T));
        if (__atomic_compare_exchange_n(p, &old, desired, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST))
            return current;
    }
}

}  // namespace simt::cuda

#define SIMT_ATOMIC_INTEGER(T)                                                                 \
    SIMT_ATOMIC_INLINE T atomicAdd(T* a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
    SIMT_ATOMIC_INLINE T atomicSub(T* a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
    SIMT_ATOMIC_INLINE T atomicExch(T* a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
    SIMT_ATOMIC_INLINE T atomicAnd(T* a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
    SIMT_ATOMIC_INLINE T atomicOr(T* a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }   \
    SIMT_ATOMIC_INLINE T atomicXor(T* a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
    SIMT_ATOMIC_INLINE T atomicMin(T* a, T v) {                                                 \
        return simt::cuda::atomic_update(a, [v](T old) { return old < v ? old : v; });          \
    }                                                                                           \
    SIMT_ATOMIC_INLINE T atomicMax(T* a, T v) {                                                 \
        return simt::cuda::atomic_update(a, [v](T old) { return old > v ? old : v; });          \
    }                                                                                           \
    SIMT_ATOMIC_INLINE T atomicCAS(T* a, T compare, T v) {                                      \
        __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
        return compare;                                                                         \
    }

SIMT_ATOMIC_INTEGER(int)
SIMT_ATOMIC_INTEGER(unsigned int)
SIMT_ATOMIC_INTEGER(unsigned long long)
SIMT_ATOMIC_INTEGER(long long)
#undef SIMT_ATOMIC_INTEGER

// sm_70's 16-bit compare-and-swap.
SIMT_ATOMIC_INLINE unsigned short int atomicCAS(unsigned short int* a, unsigned short int compare,
                                                unsigned short int v) {
    __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return compare;
}

SIMT_ATOMIC_INLINE float atomicAdd(float* a, float v) {
    return simt::cuda::atomic_update(a, [v](float old) { return old + v; });
}
SIMT_ATOMIC_INLINE double atomicAdd(double* a, double v) {
    return simt::cuda::atomic_update(a, [v](double old) { return old + v; });
}
// sm_90's vector adds: each element atomically, the vector as a whole not
// (CUDA's guide says so); the old values back.
SIMT_ATOMIC_INLINE float2 atomicAdd(float2* a, float2 v) {
    return float2{atomicAdd(&a->x, v.x), atomicAdd(&a->y, v.y)};
}
SIMT_ATOMIC_INLINE float4 atomicAdd(float4* a, float4 v) {
    return float4{atomicAdd(&a->x, v.x), atomicAdd(&a->y, v.y), atomicAdd(&a->z, v.z), atomicAdd(&a->w, v.w)};
}
SIMT_ATOMIC_INLINE float atomicSub(float* a, float v) {
    return simt::cuda::atomic_update(a, [v](float old) { return old - v; });
}
SIMT_ATOMIC_INLINE float atomicExch(float* a, float v) {
    return simt::cuda::atomic_update(a, [v](float) { return v; });
}
SIMT_ATOMIC_INLINE float atomicMin(float* a, float v) {
    return simt::cuda::atomic_update(a, [v](float old) { return old < v ? old : v; });
}
SIMT_ATOMIC_INLINE float atomicMax(float* a, float v) {
    return simt::cuda::atomic_update(a, [v](float old) { return old > v ? old : v; });
}
// ((old >= limit) ? 0 : old + 1), as the CUDA guide defines it.
SIMT_ATOMIC_INLINE unsigned atomicInc(unsigned* a, unsigned limit) {
    return simt::cuda::atomic_update(a, [limit](unsigned old) { return old >= limit ? 0u : old + 1; });
}
// (((old == 0) || (old > limit)) ? limit : old - 1)
SIMT_ATOMIC_INLINE unsigned atomicDec(unsigned* a, unsigned limit) {
    return simt::cuda::atomic_update(
        a, [limit](unsigned old) { return (old == 0 || old > limit) ? limit : old - 1; });
}

// Scoped forms: on one emulated device every scope is the strongest.
#define SIMT_SCOPED_ATOMIC(NAME)                                                  \
    template <class T, class... U>                                                \
    SIMT_ATOMIC_INLINE T NAME##_block(T* a, U... v) { return NAME(a, T(v)...); }  \
    template <class T, class... U>                                                \
    SIMT_ATOMIC_INLINE T NAME##_system(T* a, U... v) { return NAME(a, T(v)...); }
SIMT_SCOPED_ATOMIC(atomicAdd)
SIMT_SCOPED_ATOMIC(atomicSub)
SIMT_SCOPED_ATOMIC(atomicExch)
SIMT_SCOPED_ATOMIC(atomicMin)
SIMT_SCOPED_ATOMIC(atomicMax)
SIMT_SCOPED_ATOMIC(atomicInc)
SIMT_SCOPED_ATOMIC(atomicDec)
SIMT_SCOPED_ATOMIC(atomicCAS)
SIMT_SCOPED_ATOMIC(atomicAnd)
SIMT_SCOPED_ATOMIC(atomicOr)
SIMT_SCOPED_ATOMIC(atomicXor)
#undef SIMT_SCOPED_ATOMIC
