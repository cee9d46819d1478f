// CUDA's built-in vector types and make_* helpers, for C too (a .c file
// that includes cuda_runtime_api.h sees the types and dim3's fields).
#pragma once

#include <stdint.h>

#ifdef __cplusplus
#define SIMT_VECTOR_FUNCTION inline
#else
#define SIMT_VECTOR_FUNCTION static inline
#endif
#define SIMT_VECTOR2(T, N, A)                                                  \
    typedef struct __attribute__((aligned(A))) N##2 { T x, y; } N##2;          \
    SIMT_VECTOR_FUNCTION N##2 make_##N##2(T x, T y) {                          \
        N##2 v = {x, y};                                                       \
        return v;                                                              \
    }
#define SIMT_VECTOR3(T, N)                                                     \
    typedef struct N##3 { T x, y, z; } N##3;                                   \
    SIMT_VECTOR_FUNCTION N##3 make_##N##3(T x, T y, T z) {                     \
        N##3 v = {x, y, z};                                                    \
        return v;                                                              \
    }
#define SIMT_VECTOR4(T, N, A)                                                  \
    typedef struct __attribute__((aligned(A))) N##4 { T x, y, z, w; } N##4;    \
    SIMT_VECTOR_FUNCTION N##4 make_##N##4(T x, T y, T z, T w) {                \
        N##4 v = {x, y, z, w};                                                 \
        return v;                                                              \
    }
#define SIMT_VECTOR1(T, N)                        \
    typedef struct N##1 { T x; } N##1;            \
    SIMT_VECTOR_FUNCTION N##1 make_##N##1(T x) {  \
        N##1 v = {x};                             \
        return v;                                 \
    }
#define SIMT_VECTORS(T, N, A2, A4) \
    SIMT_VECTOR1(T, N) SIMT_VECTOR2(T, N, A2) SIMT_VECTOR3(T, N) SIMT_VECTOR4(T, N, A4)

SIMT_VECTORS(signed char, char, 2, 4)
SIMT_VECTORS(unsigned char, uchar, 2, 4)
SIMT_VECTORS(short, short, 4, 8)
SIMT_VECTORS(unsigned short, ushort, 4, 8)
SIMT_VECTORS(int, int, 8, 16)
SIMT_VECTORS(unsigned int, uint, 8, 16)
SIMT_VECTORS(long, long, 16, 16)
SIMT_VECTORS(unsigned long, ulong, 16, 16)
SIMT_VECTORS(long long, longlong, 16, 16)
SIMT_VECTORS(unsigned long long, ulonglong, 16, 16)
SIMT_VECTORS(float, float, 8, 16)
SIMT_VECTORS(double, double, 16, 16)

#undef SIMT_VECTOR1
#undef SIMT_VECTOR2
#undef SIMT_VECTOR3
#undef SIMT_VECTOR4
#undef SIMT_VECTORS
#undef SIMT_VECTOR_FUNCTION

typedef struct dim3 {
    unsigned int x, y, z;
#ifdef __cplusplus
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
} dim3;
