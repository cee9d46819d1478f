// CUDA's built-in vector types and make_* helpers.
#pragma once

#include <cstdint>

#define SIMT_VECTOR2(T, N, A)                                     \
    struct __attribute__((aligned(A))) N##2 { T x, y; };          \
    inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }
#define SIMT_VECTOR3(T, N)                                        \
    struct N##3 { T x, y, z; };                                   \
    inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }
#define SIMT_VECTOR4(T, N, A)                                     \
    struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };    \
    inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
#define SIMT_VECTOR1(T, N) \
    struct N##1 { T x; };  \
    inline N##1 make_##N##1(T x) { return N##1{x}; }
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

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};
