// Integer intrinsics beyond device_math.h's: the dot products (__dp4a,
// __dp2a_lo/hi, in their integer and vector forms), the unsigned halving
// adds, __fns and the byte swaps. Sums wrap modulo 2^32 as on the GPU.
#pragma once

#include "simt/vector_types.h"

namespace simt::integer {
// Byte i (0 = lowest) and halfword i of a word, sign- or zero-extended.
inline int sbyte(unsigned w, int i) { return int(w << (24 - 8 * i)) >> 24; }
inline unsigned ubyte(unsigned w, int i) { return (w >> (8 * i)) & 0xffu; }
inline int shalf(unsigned w, int i) { return int(w << (16 - 16 * i)) >> 16; }
inline unsigned uhalf(unsigned w, int i) { return (w >> (16 * i)) & 0xffffu; }

inline unsigned dp4a_s(unsigned a, unsigned b, unsigned c) {
    for (int i = 0; i < 4; ++i) c += unsigned(sbyte(a, i) * sbyte(b, i));
    return c;
}
inline unsigned dp4a_u(unsigned a, unsigned b, unsigned c) {
    for (int i = 0; i < 4; ++i) c += ubyte(a, i) * ubyte(b, i);
    return c;
}
// Halfwords of a times bytes `first` and `first + 1` of b.
inline unsigned dp2a_s(unsigned a, unsigned b, unsigned c, int first) {
    for (int i = 0; i < 2; ++i) c += unsigned(shalf(a, i) * sbyte(b, first + i));
    return c;
}
inline unsigned dp2a_u(unsigned a, unsigned b, unsigned c, int first) {
    for (int i = 0; i < 2; ++i) c += uhalf(a, i) * ubyte(b, first + i);
    return c;
}
inline unsigned word(char4 v) {
    return unsigned((unsigned char)v.x) | unsigned((unsigned char)v.y) << 8 | unsigned((unsigned char)v.z) << 16 |
           unsigned((unsigned char)v.w) << 24;
}
inline unsigned word(uchar4 v) { return unsigned(v.x) | unsigned(v.y) << 8 | unsigned(v.z) << 16 | unsigned(v.w) << 24; }
inline unsigned word(short2 v) { return unsigned((unsigned short)v.x) | unsigned((unsigned short)v.y) << 16; }
inline unsigned word(ushort2 v) { return unsigned(v.x) | unsigned(v.y) << 16; }
}  // namespace simt::integer

inline int __dp4a(int a, int b, int c) { return int(simt::integer::dp4a_s(unsigned(a), unsigned(b), unsigned(c))); }
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) { return simt::integer::dp4a_u(a, b, c); }
inline int __dp4a(char4 a, char4 b, int c) {
    return int(simt::integer::dp4a_s(simt::integer::word(a), simt::integer::word(b), unsigned(c)));
}
inline unsigned __dp4a(uchar4 a, uchar4 b, unsigned c) {
    return simt::integer::dp4a_u(simt::integer::word(a), simt::integer::word(b), c);
}

inline int __dp2a_lo(int a, int b, int c) { return int(simt::integer::dp2a_s(unsigned(a), unsigned(b), unsigned(c), 0)); }
inline unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) { return simt::integer::dp2a_u(a, b, c, 0); }
inline int __dp2a_lo(short2 a, char4 b, int c) {
    return int(simt::integer::dp2a_s(simt::integer::word(a), simt::integer::word(b), unsigned(c), 0));
}
inline unsigned __dp2a_lo(ushort2 a, uchar4 b, unsigned c) {
    return simt::integer::dp2a_u(simt::integer::word(a), simt::integer::word(b), c, 0);
}
inline int __dp2a_hi(int a, int b, int c) { return int(simt::integer::dp2a_s(unsigned(a), unsigned(b), unsigned(c), 2)); }
inline unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) { return simt::integer::dp2a_u(a, b, c, 2); }
inline int __dp2a_hi(short2 a, char4 b, int c) {
    return int(simt::integer::dp2a_s(simt::integer::word(a), simt::integer::word(b), unsigned(c), 2));
}
inline unsigned __dp2a_hi(ushort2 a, uchar4 b, unsigned c) {
    return simt::integer::dp2a_u(simt::integer::word(a), simt::integer::word(b), c, 2);
}

// (x + y) >> 1 and (x + y + 1) >> 1 without losing the carry.
inline unsigned __uhadd(unsigned x, unsigned y) { return unsigned((static_cast<unsigned long long>(x) + y) >> 1); }
inline unsigned __urhadd(unsigned x, unsigned y) { return unsigned((static_cast<unsigned long long>(x) + y + 1) >> 1); }

// The position of the offset-th set bit of mask counted from bit base
// (upwards for offset > 0, downwards for offset < 0, base itself included);
// offset 0 asks whether bit base is set. 0xffffffff when there is none. PTX
// leaves a base above 31 undefined; here no bit is found there.
inline unsigned __fns(unsigned mask, unsigned base, int offset) {
    if (base > 31u) return 0xffffffffu;
    if (offset == 0) return (mask >> base) & 1u ? base : 0xffffffffu;
    const int step = offset > 0 ? 1 : -1;
    long long left = offset > 0 ? offset : -static_cast<long long>(offset);
    for (int pos = int(base); pos >= 0 && pos < 32; pos += step)
        if ((mask >> pos) & 1u && --left == 0) return unsigned(pos);
    return 0xffffffffu;
}

inline unsigned short __nv_bswap16(unsigned short x) { return static_cast<unsigned short>(__builtin_bswap16(x)); }
inline unsigned int __nv_bswap32(unsigned int x) { return __builtin_bswap32(x); }
inline unsigned long long __nv_bswap64(unsigned long long x) { return __builtin_bswap64(x); }
