// cuda_fp16.h and cuda_bf16.h over fixed inputs: conversions in each
// rounding mode (zeros, subnormals, 65504, 65520, ties, overflow, inf, NaN
// payloads, values that double rounding would get wrong), arithmetic, fused
// multiply-add, comparisons, the math functions, half2 / bfloat162, the C++
// operators and implicit conversions, warp shuffles and atomicAdd. Results
// are printed as hex bit patterns, one line per function, so that a GPU's
// output and simt's can be diffed (nvcc -arch=sm_90 builds it unchanged).
//
// Each result is also checked against a reference computed on the host by
// other means (long double arithmetic and libm, rounded by scaling, not bit
// manipulation of the formats); "half: N of M wrong" and "bf16: N of M
// wrong" sum it up, and each wrong value prints its own line. What the
// reference encodes as measured on an H100 rather than derived: NaN results
// are 0x7fff (also for __hneg and __habs), except that __double2half and
// __double2bfloat16 keep a NaN's sign and leading payload bits, and
// __bfloat162float keeps them too; _sat and _relu turn -0 into +0.
// htanh_approx is printed but not checked: it is the hardware's
// approximation, within one unit of the rounded tanh. No product here feeds
// a sum: nvcc contracts a * b + c, and __hadd(__hmul(a, b), c), into an fma
// by default (-fmad=true), which rounds once; simt rounds each operation.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

typedef unsigned long long u64;

// ------------------------------------------------------------------ inputs
// Each list exists twice: in constant memory for the kernels, on the host
// for the reference.
#define FLOATS                                                                                                   \
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3fc00000u, 0x477fe000u, 0x477fefffu, 0x477ff000u,    \
        0xc77ff000u, 0x47800000u, 0x501502f9u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f800001u, \
        0x33800000u, 0x33000000u, 0x33000001u, 0xb3000001u, 0x33400000u, 0x38800000u, 0x387fc000u, 0x3f801000u, \
        0x3f803000u, 0x3f801001u, 0xbf801000u, 0x3f800800u, 0xbf800800u, 0x3dcccccdu, 0x3eaaaaabu, 0x00000001u, \
        0x80000001u, 0x3f808000u, 0x3f818000u, 0x3f808001u, 0x7f7fffffu, 0xff7fffffu, 0x00008000u, 0x00018000u, \
        0x007fffffu, 0x0b000000u
#define DOUBLES                                                                                                  \
    0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0x40effc0000000000ull,                \
        0x40effdffffffffffull, 0x40effe0000000000ull, 0x7e37e43c8800759cull, 0xfe37e43c8800759cull,            \
        0x3e60000000000000ull, 0x3e60000000000001ull, 0x3ff0020000000001ull, 0x3ff0100000000001ull,            \
        0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff4000000000001ull,            \
        0xfff8000000000000ull, 0xfff0200000000000ull, 0x3810000000000000ull, 0x37a0000000000000ull,            \
        0x47efffffe0000000ull, 0x3e70000000000000ull
#define HALVES                                                                                                   \
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3800, 0xb800, 0x3c00, 0xbc00, 0x3e00, 0xbe00, 0x4100,    \
        0xc100, 0x3555, 0x4248, 0x5bf8, 0x5c00, 0x57f8, 0xd808, 0x7800, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, \
        0xfe00, 0x7c01, 0x7fff, 0x6400, 0x4b00, 0x1c08, 0x2e66, 0x4a00
#define BFLOATS                                                                                                  \
    0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x3fc0, 0xbfc0, 0x4020,    \
        0xc020, 0x3eab, 0x4049, 0x437f, 0x4380, 0x42ff, 0xc301, 0x4700, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, \
        0xffc0, 0x7f81, 0x7fff, 0x5f80, 0x5f00, 0xdf00, 0x4f00, 0xcf00, 0x3b81, 0x4940
#define INTS                                                                                                     \
    0, 1, -1, 3, 2047, 2049, 2051, 4097, 65504, 65519, 65520, 65535, 0x7fffffff, (int)0x80000000, -65520,     \
        0x01000001, 257, 259, -259, -2049
#define LONGS                                                                                                    \
    0ull, 1ull, 0xffffffffffffffffull, 0x7fffffffffffffffull, 0x8000000000000000ull, 0x0020000000000001ull,    \
        65520ull, 0x00000000ffffffffull, 0xfff0000000000001ull, 0x0000000000000803ull, 0xff7fffffffffffffull
#define SHORTS 0, 1, -1, 2049, 2051, 0x7fff, -0x8000, 257, 259, -259, -2051
// Pairs (a, b) of operands.
#define HALF_PAIRS                                                                                               \
    0x3c00, 0x3c00, 0x3c00, 0x8000, 0x8000, 0x8000, 0x0000, 0x8000, 0x6800, 0x3c00, 0x6800, 0x4000, 0x6801,    \
        0x3c00, 0x7bff, 0x4c00, 0x7bff, 0x4bfe, 0x0001, 0x0001, 0x0400, 0x8001, 0x3555, 0x4200, 0x3c00, 0x4200, \
        0x7c00, 0xfc00, 0x7c00, 0x0000, 0x7e00, 0x3c00, 0x3c00, 0x7e01, 0xfe00, 0x7c01, 0x3c00, 0x0000, 0x0000, \
        0x0000, 0x3a00, 0x3800, 0xb800, 0x3400, 0x5bf8, 0x5c00, 0x1000, 0x1000, 0x3e00, 0xbe00, 0x4248, 0x0003, \
        0x7bff, 0x3c01
#define BF16_PAIRS                                                                                               \
    0x3f80, 0x3f80, 0x3f80, 0x8000, 0x8000, 0x8000, 0x0000, 0x8000, 0x4380, 0x3f80, 0x4380, 0x4000, 0x4381,    \
        0x3f80, 0x7f7f, 0x7400, 0x7f7f, 0x7300, 0x0001, 0x0001, 0x0080, 0x8001, 0x3eab, 0x4040, 0x3f80, 0x4040, \
        0x7f80, 0xff80, 0x7f80, 0x0000, 0x7fc0, 0x3f80, 0x3f80, 0x7fc1, 0xffc0, 0x7f81, 0x3f80, 0x0000, 0x0000, \
        0x0000, 0x3f40, 0x3f00, 0xbf00, 0x3e80, 0x437f, 0x4380, 0x2000, 0x2000, 0x3fc0, 0xbfc0, 0x4049, 0x0003, \
        0x7f7f, 0x3f81
// Triples (a, b, c) for fma: the first one rounds differently fused.
#define HALF_TRIPLES                                                                                             \
    0x3e00, 0x3956, 0x0001, 0x3c01, 0x3c01, 0xbc02, 0x7bff, 0x4000, 0xfbff, 0x7c00, 0x0000, 0x3c00, 0x3c00,    \
        0x8000, 0x8000, 0xbc00, 0x0000, 0x8000, 0x3800, 0x3800, 0xb400, 0x4000, 0x4000, 0xc000, 0xc000, 0x4000, \
        0x3c00, 0x0001, 0x3800, 0x0000, 0x0001, 0x3a00, 0x0000, 0x7e00, 0x3c00, 0x3c00, 0x3e00, 0x3956, 0x8001
#define BF16_TRIPLES                                                                                             \
    0x3fe0, 0x3f14, 0xb080, 0x3f81, 0x3f81, 0xbf82, 0x7f7f, 0x4000, 0xff7f, 0x7f80, 0x0000, 0x3f80, 0x3f80,    \
        0x8000, 0x8000, 0xbf80, 0x0000, 0x8000, 0x3f00, 0x3f00, 0xbe80, 0x4000, 0x4000, 0xc000, 0xc000, 0x4000, \
        0x3f80, 0x0001, 0x3f00, 0x0000, 0x0001, 0x3f40, 0x0000, 0x7fc0, 0x3f80, 0x3f80, 0x3fe0, 0x3f14, 0x3080

__constant__ unsigned cF[] = {FLOATS};
__constant__ u64 cD[] = {DOUBLES};
__constant__ unsigned short cH[] = {HALVES};
__constant__ unsigned short cB[] = {BFLOATS};
__constant__ int cI[] = {INTS};
__constant__ u64 cL[] = {LONGS};
__constant__ short cS[] = {SHORTS};
__constant__ unsigned short cHP[] = {HALF_PAIRS};
__constant__ unsigned short cBP[] = {BF16_PAIRS};
__constant__ unsigned short cHT[] = {HALF_TRIPLES};
__constant__ unsigned short cBT[] = {BF16_TRIPLES};
static const unsigned hF[] = {FLOATS};
static const u64 hD[] = {DOUBLES};
static const unsigned short hH[] = {HALVES};
static const unsigned short hB[] = {BFLOATS};
static const int hI[] = {INTS};
static const u64 hL[] = {LONGS};
static const short hS[] = {SHORTS};
static const unsigned short hHP[] = {HALF_PAIRS};
static const unsigned short hBP[] = {BF16_PAIRS};
static const unsigned short hHT[] = {HALF_TRIPLES};
static const unsigned short hBT[] = {BF16_TRIPLES};
#define COUNT(a) int(sizeof(a) / sizeof((a)[0]))
enum Input { IN_F, IN_D, IN_H, IN_B, IN_I, IN_L, IN_S, IN_HP, IN_BP, IN_HT, IN_BT };
static const int kInputCount[] = {COUNT(hF), COUNT(hD), COUNT(hH), COUNT(hB), COUNT(hI), COUNT(hL),
                                  COUNT(hS), COUNT(hHP) / 2, COUNT(hBP) / 2, COUNT(hHT) / 3, COUNT(hBT) / 3};

// ------------------------------------------------------------------- lines
// X(op, input, digits, format (0 half, 1 bfloat16), checked)
#define MODES(X, name, in, digits, fmt) \
    X(name##_rn, in, digits, fmt, 1) X(name##_rz, in, digits, fmt, 1) X(name##_rd, in, digits, fmt, 1) X(name##_ru, in, digits, fmt, 1)
#define LINES(X)                                                                                             \
    MODES(X, float2half, IN_F, 4, 0) MODES(X, float2bfloat16, IN_F, 4, 1)                                    \
    X(double2half, IN_D, 4, 0, 1) X(double2bfloat16, IN_D, 4, 1, 1)                                          \
    X(half2float, IN_H, 8, 0, 1) X(bfloat162float, IN_B, 8, 1, 1)                                            \
    X(half2bfloat16, IN_H, 4, 1, 1) X(bfloat162half, IN_B, 4, 0, 1)                                          \
    MODES(X, int2half, IN_I, 4, 0) MODES(X, uint2half, IN_I, 4, 0) MODES(X, short2half, IN_S, 4, 0)          \
    MODES(X, ushort2half, IN_S, 4, 0) MODES(X, ll2half, IN_L, 4, 0) MODES(X, ull2half, IN_L, 4, 0)           \
    MODES(X, int2bfloat16, IN_I, 4, 1) MODES(X, uint2bfloat16, IN_I, 4, 1)                                   \
    MODES(X, short2bfloat16, IN_S, 4, 1) MODES(X, ushort2bfloat16, IN_S, 4, 1)                               \
    MODES(X, ll2bfloat16, IN_L, 4, 1) MODES(X, ull2bfloat16, IN_L, 4, 1)                                     \
    X(half2char_rz, IN_H, 2, 0, 1) X(half2uchar_rz, IN_H, 2, 0, 1)                                           \
    MODES(X, half2short, IN_H, 4, 0) MODES(X, half2ushort, IN_H, 4, 0) MODES(X, half2int, IN_H, 8, 0)        \
    MODES(X, half2uint, IN_H, 8, 0) MODES(X, half2ll, IN_H, 16, 0) MODES(X, half2ull, IN_H, 16, 0)           \
    X(bfloat162char_rz, IN_B, 2, 1, 1) X(bfloat162uchar_rz, IN_B, 2, 1, 1)                                   \
    MODES(X, bfloat162short, IN_B, 4, 1) MODES(X, bfloat162ushort, IN_B, 4, 1)                               \
    MODES(X, bfloat162int, IN_B, 8, 1) MODES(X, bfloat162uint, IN_B, 8, 1)                                   \
    MODES(X, bfloat162ll, IN_B, 16, 1) MODES(X, bfloat162ull, IN_B, 16, 1)                                   \
    UNARIES(X, h, IN_H, 0) UNARIES(X, b, IN_B, 1)                                                            \
    BINARIES(X, h, IN_HP, 0) BINARIES(X, b, IN_BP, 1)                                                        \
    X(h_hfma, IN_HT, 4, 0, 1) X(h_hfma_sat, IN_HT, 4, 0, 1) X(h_hfma_relu, IN_HT, 4, 0, 1)                   \
    X(b_hfma, IN_BT, 4, 1, 1) X(b_hfma_sat, IN_BT, 4, 1, 1) X(b_hfma_relu, IN_BT, 4, 1, 1)                   \
    PAIRS(X, h, IN_HP, IN_HT, 0) PAIRS(X, b, IN_BP, IN_BT, 1)
#define UNARIES(X, p, in, fmt)                                                                               \
    X(p##_hneg, in, 4, fmt, 1) X(p##_habs, in, 4, fmt, 1) X(p##_hsqrt, in, 4, fmt, 1)                        \
    X(p##_hrsqrt, in, 4, fmt, 1) X(p##_hrcp, in, 4, fmt, 1) X(p##_hexp, in, 4, fmt, 1)                       \
    X(p##_hexp2, in, 4, fmt, 1) X(p##_hexp10, in, 4, fmt, 1) X(p##_hlog, in, 4, fmt, 1)                      \
    X(p##_hlog2, in, 4, fmt, 1) X(p##_hlog10, in, 4, fmt, 1) X(p##_hsin, in, 4, fmt, 1)                      \
    X(p##_hcos, in, 4, fmt, 1) X(p##_htanh, in, 4, fmt, 1) X(p##_htanh_approx, in, 4, fmt, 0)                \
    X(p##_hceil, in, 4, fmt, 1) X(p##_hfloor, in, 4, fmt, 1) X(p##_htrunc, in, 4, fmt, 1)                    \
    X(p##_hrint, in, 4, fmt, 1) X(p##_hisnan, in, 1, fmt, 1) X(p##_hisinf, in, 8, fmt, 1)
#define BINARIES(X, p, in, fmt)                                                                              \
    X(p##_hadd, in, 4, fmt, 1) X(p##_hsub, in, 4, fmt, 1) X(p##_hmul, in, 4, fmt, 1)                         \
    X(p##_hdiv, in, 4, fmt, 1) X(p##_hadd_sat, in, 4, fmt, 1) X(p##_hsub_sat, in, 4, fmt, 1)                 \
    X(p##_hmul_sat, in, 4, fmt, 1) X(p##_hmax, in, 4, fmt, 1) X(p##_hmin, in, 4, fmt, 1)                     \
    X(p##_hmax_nan, in, 4, fmt, 1) X(p##_hmin_nan, in, 4, fmt, 1) X(p##_compare, in, 3, fmt, 1)              \
    X(p##_operators, in, 16, fmt, 1)
// Pair forms: lane x holds (a, b[, c]) and lane y (b, a[, c]).
#define PAIRS(X, p, in2, in3, fmt)                                                                           \
    X(p##_hadd2, in2, 8, fmt, 1) X(p##_hmul2, in2, 8, fmt, 1) X(p##_h2div, in2, 8, fmt, 1)                   \
    X(p##_hmin2_nan, in2, 8, fmt, 1) X(p##_hlt2, in2, 8, fmt, 1) X(p##_hgeu2_mask, in2, 8, fmt, 1)           \
    X(p##_hbeq2_hbltu2, in2, 2, fmt, 1) X(p##_hfma2, in3, 8, fmt, 1) X(p##_hcmadd, in3, 8, fmt, 1)

#define ENUM(op, in, digits, fmt, checked) op,
enum Op { LINES(ENUM) NOPS };
struct LineSpec {
    const char* name;
    int input, digits, format, checked;
};
#define SPEC(op, in, digits, fmt, checked) {#op, in, digits, fmt, checked},
static const LineSpec kLines[] = {LINES(SPEC)};

// ------------------------------------------------------------------ device
__device__ __half dh(unsigned short b) { return __ushort_as_half(b); }
__device__ __nv_bfloat16 db(unsigned short b) { return __ushort_as_bfloat16(b); }
__device__ u64 hx(__half h) { return __half_as_ushort(h); }
__device__ u64 bx(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__device__ u64 hx2(__half2 v) { return hx(v.x) | hx(v.y) << 16; }
__device__ u64 bx2(__nv_bfloat162 v) { return bx(v.x) | bx(v.y) << 16; }

// The C++ operators and implicit conversions on one pair (a, b), packed
// into 64 bits (see ref_operators).
template <class T>
__device__ u64 operators(T a, T b) {
    T s = a + b;
    s += b;
    T t = (a - b) * (b / a);  // no product feeds a sum: nvcc would fuse it into an fma
    T u = a;
    ++u;
    u--;
    const float f = a;                    // implicit conversion to float
    const T g = 0.75f;                    // and from float
    const int i = b;                      // truncates, saturates
    const unsigned bits = (a < b) | (a <= b) << 1 | (a == b) << 2 | (a != b) << 3 | (a > b) << 4 | (a >= b) << 5 |
                          (bool(a) ? 1 : 0) << 6 | (-a == b) << 7;
    const T h = T(f) * g;
    u64 r = (u64)__bfloat16_as_ushort(__float2bfloat16(float(s))) << 48;  // s, as bfloat16
    r |= (u64)__bfloat16_as_ushort(__float2bfloat16(float(t))) << 32;
    r |= (u64)(__bfloat16_as_ushort(__float2bfloat16(float(u))) ^ __bfloat16_as_ushort(__float2bfloat16(float(h)))) << 16;
    r |= (u64)((i & 0xff) << 8 | bits);
    return r;
}

__device__ u64 eval(int op, int i) {
    const float f = __uint_as_float(cF[i % COUNT(cF)]);
    const double d = __longlong_as_double((long long)cD[i % COUNT(cD)]);
    const __half h = dh(cH[i % COUNT(cH)]);
    const __nv_bfloat16 b = db(cB[i % COUNT(cB)]);
    const int n = cI[i % COUNT(cI)];
    const unsigned un = (unsigned)n;
    const long long l = (long long)cL[i % COUNT(cL)];
    const u64 ul = cL[i % COUNT(cL)];
    const short s = cS[i % COUNT(cS)];
    const unsigned short us = (unsigned short)s;
    const int p = i % (COUNT(cHP) / 2), q = i % (COUNT(cHT) / 3);
    const __half ha = dh(cHP[2 * p]), hb = dh(cHP[2 * p + 1]);
    const __nv_bfloat16 ba = db(cBP[2 * p]), bb = db(cBP[2 * p + 1]);
    const __half ta = dh(cHT[3 * q]), tb = dh(cHT[3 * q + 1]), tc = dh(cHT[3 * q + 2]);
    const __nv_bfloat16 ua = db(cBT[3 * q]), ub = db(cBT[3 * q + 1]), uc = db(cBT[3 * q + 2]);
    const __half2 hab = __halves2half2(ha, hb), hba = __halves2half2(hb, ha), hcc = __half2half2(tc);
    const __nv_bfloat162 bab = __halves2bfloat162(ba, bb), bba = __halves2bfloat162(bb, ba), bcc = __bfloat162bfloat162(uc);
    switch (op) {
#define CONVERT_MODES(name, arg, out)                                                              \
    case name##_rn: return out(__##name##_rn(arg));                                                \
    case name##_rz: return out(__##name##_rz(arg));                                                \
    case name##_rd: return out(__##name##_rd(arg));                                                \
    case name##_ru: return out(__##name##_ru(arg));
        CONVERT_MODES(float2half, f, hx) CONVERT_MODES(float2bfloat16, f, bx)
        CONVERT_MODES(int2half, n, hx) CONVERT_MODES(uint2half, un, hx) CONVERT_MODES(short2half, s, hx)
        CONVERT_MODES(ushort2half, us, hx) CONVERT_MODES(ll2half, l, hx) CONVERT_MODES(ull2half, ul, hx)
        CONVERT_MODES(int2bfloat16, n, bx) CONVERT_MODES(uint2bfloat16, un, bx) CONVERT_MODES(short2bfloat16, s, bx)
        CONVERT_MODES(ushort2bfloat16, us, bx) CONVERT_MODES(ll2bfloat16, l, bx) CONVERT_MODES(ull2bfloat16, ul, bx)
#define TO_INT(x) (u64)(x)
#define TO_SIGNED(x) (u64)(long long)(x)
        CONVERT_MODES(half2short, h, TO_SIGNED) CONVERT_MODES(half2ushort, h, TO_INT)
        CONVERT_MODES(half2int, h, TO_SIGNED) CONVERT_MODES(half2uint, h, TO_INT)
        CONVERT_MODES(half2ll, h, TO_SIGNED) CONVERT_MODES(half2ull, h, TO_INT)
        CONVERT_MODES(bfloat162short, b, TO_SIGNED) CONVERT_MODES(bfloat162ushort, b, TO_INT)
        CONVERT_MODES(bfloat162int, b, TO_SIGNED) CONVERT_MODES(bfloat162uint, b, TO_INT)
        CONVERT_MODES(bfloat162ll, b, TO_SIGNED) CONVERT_MODES(bfloat162ull, b, TO_INT)
    case double2half: return hx(__double2half(d));
    case double2bfloat16: return bx(__double2bfloat16(d));
    case half2float: return __float_as_uint(__half2float(h));
    case bfloat162float: return __float_as_uint(__bfloat162float(b));
    case half2bfloat16: return bx(__nv_bfloat16(h));
    case bfloat162half: return hx(__half(b));
    case half2char_rz: return (unsigned char)__half2char_rz(h);
    case half2uchar_rz: return __half2uchar_rz(h);
    case bfloat162char_rz: return (unsigned char)__bfloat162char_rz(b);
    case bfloat162uchar_rz: return __bfloat162uchar_rz(b);
#define UNARY_CASES(p, x, out)                                                                                   \
    case p##_hneg: return out(__hneg(x));                                                                        \
    case p##_habs: return out(__habs(x));                                                                        \
    case p##_hsqrt: return out(hsqrt(x));                                                                        \
    case p##_hrsqrt: return out(hrsqrt(x));                                                                      \
    case p##_hrcp: return out(hrcp(x));                                                                          \
    case p##_hexp: return out(hexp(x));                                                                          \
    case p##_hexp2: return out(hexp2(x));                                                                        \
    case p##_hexp10: return out(hexp10(x));                                                                      \
    case p##_hlog: return out(hlog(x));                                                                          \
    case p##_hlog2: return out(hlog2(x));                                                                        \
    case p##_hlog10: return out(hlog10(x));                                                                      \
    case p##_hsin: return out(hsin(x));                                                                          \
    case p##_hcos: return out(hcos(x));                                                                          \
    case p##_htanh: return out(htanh(x));                                                                        \
    case p##_htanh_approx: return out(htanh_approx(x));                                                          \
    case p##_hceil: return out(hceil(x));                                                                        \
    case p##_hfloor: return out(hfloor(x));                                                                      \
    case p##_htrunc: return out(htrunc(x));                                                                      \
    case p##_hrint: return out(hrint(x));                                                                        \
    case p##_hisnan: return __hisnan(x) ? 1 : 0;                                                                 \
    case p##_hisinf: return (unsigned)__hisinf(x);
        UNARY_CASES(h, h, hx) UNARY_CASES(b, b, bx)
#define BINARY_CASES(p, x, y, out)                                                                               \
    case p##_hadd: return out(__hadd(x, y));                                                                     \
    case p##_hsub: return out(__hsub(x, y));                                                                     \
    case p##_hmul: return out(__hmul(x, y));                                                                     \
    case p##_hdiv: return out(__hdiv(x, y));                                                                     \
    case p##_hadd_sat: return out(__hadd_sat(x, y));                                                             \
    case p##_hsub_sat: return out(__hsub_sat(x, y));                                                             \
    case p##_hmul_sat: return out(__hmul_sat(x, y));                                                             \
    case p##_hmax: return out(__hmax(x, y));                                                                     \
    case p##_hmin: return out(__hmin(x, y));                                                                     \
    case p##_hmax_nan: return out(__hmax_nan(x, y));                                                             \
    case p##_hmin_nan: return out(__hmin_nan(x, y));                                                             \
    case p##_compare:                                                                                            \
        return (u64)(__heq(x, y) | __hne(x, y) << 1 | __hlt(x, y) << 2 | __hle(x, y) << 3 | __hgt(x, y) << 4 |   \
                     __hge(x, y) << 5 | __hequ(x, y) << 6 | __hneu(x, y) << 7 | __hltu(x, y) << 8 |              \
                     __hleu(x, y) << 9 | __hgtu(x, y) << 10 | __hgeu(x, y) << 11);                               \
    case p##_operators: return operators(x, y);
        BINARY_CASES(h, ha, hb, hx) BINARY_CASES(b, ba, bb, bx)
    case h_hfma: return hx(__hfma(ta, tb, tc));
    case h_hfma_sat: return hx(__hfma_sat(ta, tb, tc));
    case h_hfma_relu: return hx(__hfma_relu(ta, tb, tc));
    case b_hfma: return bx(__hfma(ua, ub, uc));
    case b_hfma_sat: return bx(__hfma_sat(ua, ub, uc));
    case b_hfma_relu: return bx(__hfma_relu(ua, ub, uc));
#define PAIR_CASES(p, ab, ba, x3, y3, c3, out)                                                                   \
    case p##_hadd2: return out(__hadd2(ab, ba));                                                                 \
    case p##_hmul2: return out(__hmul2(ab, ba));                                                                 \
    case p##_h2div: return out(__h2div(ab, ba));                                                                 \
    case p##_hmin2_nan: return out(__hmin2_nan(ab, ba));                                                         \
    case p##_hlt2: return out(__hlt2(ab, ba));                                                                   \
    case p##_hgeu2_mask: return __hgeu2_mask(ab, ba);                                                            \
    case p##_hbeq2_hbltu2: return (u64)(__hbeq2(ab, ba) | __hbltu2(ab, ba) << 1);                              \
    case p##_hfma2: return out(__hfma2(x3, y3, c3));                                                             \
    case p##_hcmadd: return out(__hcmadd(x3, y3, c3));
        PAIR_CASES(h, hab, hba, __halves2half2(ta, tb), __halves2half2(tb, ta), hcc, hx2)
        PAIR_CASES(b, bab, bba, __halves2bfloat162(ua, ub), __halves2bfloat162(ub, ua), bcc, bx2)
    }
    return ~0ull;
}

// One thread computes every line: the order, and so the output, is fixed.
__global__ void compute(u64* out, int lines, const int* offsets) {
    for (int op = 0; op < lines; ++op)
        for (int i = offsets[op]; i < offsets[op + 1]; ++i) out[i] = eval(op, i - offsets[op]);
}

// Shuffles of each type within 32 lanes (width 32 keeps a 64-lane warp's
// results the same), and the loads through __ldg.
__global__ void shuffles(const __half* in, unsigned* out) {
    const int lane = threadIdx.x;
    const __half h = __ldg(&in[lane]);
    const __half2 h2 = __halves2half2(h, __hneg(h));
    const __nv_bfloat16 b = __float2bfloat16(__half2float(h) * 3.0f);
    const __nv_bfloat162 b2 = __halves2bfloat162(b, __float2bfloat16(-1.0f * lane));
    const unsigned all = 0xffffffffu;
    out[0 * 32 + lane] = __half_as_ushort(__shfl_sync(all, h, (lane * 7) % 32, 32));
    out[1 * 32 + lane] = __half_as_ushort(__shfl_down_sync(all, h, 3, 32));
    out[2 * 32 + lane] = __half_as_ushort(__shfl_up_sync(all, h, 1, 32));
    out[3 * 32 + lane] = __half_as_ushort(__shfl_xor_sync(all, h, 5, 32));
    const __half2 r2 = __shfl_xor_sync(all, h2, 9, 32);
    out[4 * 32 + lane] = __half_as_ushort(r2.x) | (unsigned)__half_as_ushort(r2.y) << 16;
    out[5 * 32 + lane] = __bfloat16_as_ushort(__shfl_sync(all, b, 31 - lane, 32));
    const __nv_bfloat162 s2 = __shfl_down_sync(all, b2, 16, 32);
    out[6 * 32 + lane] = __bfloat16_as_ushort(s2.x) | (unsigned)__bfloat16_as_ushort(s2.y) << 16;
}

// Every sum is exact or a tie that rounds back to where it was, so the
// results do not depend on the order of the additions.
__global__ void atomics(__half* h, __half2* h2, __nv_bfloat16* b, __nv_bfloat162* b2) {
    atomicAdd(&h[0], __float2half(0.25f));   // 256 x 0.25 = 64
    atomicAdd(&h[1], __float2half(1.0f));    // 2048 + 1 ties back to 2048
    atomicAdd(&h[2], __float2half(-0.5f));   // 256 x -0.5 = -128
    atomicAdd(h2, __floats2half2_rn(0.5f, -2.0f));
    atomicAdd(&b[0], __float2bfloat16(1.0f));  // 256 + 1 ties back to 256
    atomicAdd(&b[1], __float2bfloat16(0.125f));
    atomicAdd(b2, __floats2bfloat162_rn(2.0f, 0.0078125f));
}

// ------------------------------------------------------------------- host
typedef long double ld;
struct Format {
    int exponent_bits, mantissa_bits;
};
static const Format kHalf = {5, 10}, kBf16 = {8, 7};
static unsigned infinity_of(Format f) { return ((1u << f.exponent_bits) - 1) << f.mantissa_bits; }

// The value of a 16-bit pattern; NaN as a quiet NaN.
static ld value(unsigned bits, Format f) {
    const int bias = (1 << (f.exponent_bits - 1)) - 1;
    const unsigned field = (bits & 0x7fff) >> f.mantissa_bits, fraction = bits & ((1u << f.mantissa_bits) - 1);
    const ld sign = (bits & 0x8000) ? -1.0L : 1.0L;
    if (field == (1u << f.exponent_bits) - 1) return fraction ? NAN : sign * INFINITY;
    if (field == 0) return sign * ldexpl((ld)fraction, 1 - bias - f.mantissa_bits);
    return sign * ldexpl((ld)(fraction | 1u << f.mantissa_bits), (int)field - bias - f.mantissa_bits);
}
static bool is_nan(unsigned bits, Format f) { return (bits & 0x7fff) > infinity_of(f); }

// v rounded into f, by scaling v so that the last place of the result is 1
// and rounding to an integer. mode: 0 nearest even, 1 toward zero, 2 down, 3 up.
static unsigned round_to(ld v, Format f, int mode) {
    if (v != v) return 0x7fff;
    const unsigned sign = std::signbit(v) ? 0x8000 : 0;
    const ld a = fabsl(v);
    if (a == 0) return sign;
    if (a == INFINITY) return sign | infinity_of(f);  // exact in every mode
    const int bias = (1 << (f.exponent_bits - 1)) - 1, min_exponent = 1 - bias;
    const ld largest = ldexpl(2.0L - ldexpl(1.0L, -f.mantissa_bits), bias);
    int e = 0;
    frexpl(a, &e);  // a = m 2^e, m in [0.5, 1)
    const int quantum = (e - 1 > min_exponent ? e - 1 : min_exponent) - f.mantissa_bits;
    const ld scaled = ldexpl(a, -quantum);
    ld r = scaled;
    if (mode == 0) r = nearbyintl(scaled);
    if (mode == 1 || (mode == 2 && !sign) || (mode == 3 && sign)) r = truncl(scaled);
    if ((mode == 2 && sign) || (mode == 3 && !sign)) r = ceill(scaled);
    const ld rounded = ldexpl(r, quantum);
    if (rounded > largest) {
        const bool to_infinity = mode == 0 || (mode == 2 && sign) || (mode == 3 && !sign);
        return sign | (to_infinity ? infinity_of(f) : infinity_of(f) - 1);
    }
    if (rounded == 0) return sign;
    frexpl(rounded, &e);
    if (e - 1 < min_exponent) return sign | (unsigned)ldexpl(rounded, f.mantissa_bits - min_exponent);
    const unsigned fraction = (unsigned)(ldexpl(rounded, f.mantissa_bits - (e - 1)) - ldexpl(1.0L, f.mantissa_bits));
    return sign | (unsigned)(e - 1 + bias) << f.mantissa_bits | fraction;
}

// To an integer of `bits` bits: NaN gives 0, or 0x8000000000000000 for 64
// bits; out of range saturates.
static u64 to_integer(unsigned h, Format f, int mode, int bits, bool is_signed) {
    if (is_nan(h, f)) return bits == 64 ? 0x8000000000000000ull : 0;
    const ld v = value(h, f);
    ld r = v;
    if (v != INFINITY && v != -INFINITY) r = mode == 0 ? nearbyintl(v) : mode == 1 ? truncl(v) : mode == 2 ? floorl(v) : ceill(v);
    const ld lo = is_signed ? -ldexpl(1.0L, bits - 1) : 0.0L;
    const ld hi = is_signed ? ldexpl(1.0L, bits - 1) - 1 : ldexpl(1.0L, bits) - 1;
    if (r <= lo) r = lo;
    if (r >= hi) r = hi;
    const u64 mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    const u64 magnitude = r < 0 ? (u64)(-r) : (u64)r;
    return (r < 0 ? (0 - magnitude) : magnitude) & mask;
}
static u64 sign_extend(u64 v, int bits) { return bits < 64 && (v >> (bits - 1) & 1) ? v | ~0ull << bits : v; }

static unsigned r_nan_aware(ld v, Format f) { return round_to(v, f, 0); }
static unsigned sat(unsigned r, Format f) {
    if (is_nan(r, f) || (r & 0x8000)) return 0;
    return value(r, f) > 1 ? round_to(1, f, 0) : r;
}
static unsigned relu(unsigned r, Format f) {
    if (is_nan(r, f)) return 0x7fff;
    return (r & 0x8000) ? 0 : r;
}
static unsigned extremum(unsigned a, unsigned b, Format f, bool maximum, bool nan_wins) {
    const bool an = is_nan(a, f), bn = is_nan(b, f);
    if (an || bn) return (nan_wins || (an && bn)) ? 0x7fff : an ? b : a;
    const ld x = value(a, f), y = value(b, f);
    if (x != y) return (x > y) == maximum ? a : b;
    return ((a & 0x8000) != 0) == maximum ? b : a;  // +0 > -0
}
static unsigned fma_ref(unsigned a, unsigned b, unsigned c, Format f) {
    return r_nan_aware(fmal(value(a, f), value(b, f), value(c, f)), f);
}
static unsigned compare_mask(ld x, ld y) {
    const bool u = x != x || y != y;
    return (x == y) | (x != y && !u) << 1 | (x < y) << 2 | (x <= y) << 3 | (x > y) << 4 | (x >= y) << 5 |
           (u || x == y) << 6 | (x != y) << 7 | (u || x < y) << 8 | (u || x <= y) << 9 | (u || x > y) << 10 |
           (u || x >= y) << 11;
}
static unsigned math_ref(int fn, unsigned h, Format f) {
    const double x = (double)value(h, f);
    double r = 0;
    switch (fn) {
    case 0: return is_nan(h, f) ? 0x7fff : h ^ 0x8000;
    case 1: return is_nan(h, f) ? 0x7fff : h & 0x7fff;
    case 2: r = std::sqrt(x); break;
    case 3: r = 1 / std::sqrt(x); break;
    case 4: r = 1 / x; break;
    case 5: r = std::exp(x); break;
    case 6: r = std::exp2(x); break;
    case 7: r = std::pow(10.0, x); break;
    case 8: r = std::log(x); break;
    case 9: r = std::log2(x); break;
    case 10: r = std::log10(x); break;
    case 11: r = std::sin(x); break;
    case 12: r = std::cos(x); break;
    case 13: case 14: r = std::tanh(x); break;
    case 15: r = std::ceil(x); break;
    case 16: r = std::floor(x); break;
    case 17: r = std::trunc(x); break;
    case 18: r = std::nearbyint(x); break;
    case 19: return is_nan(h, f) ? 1 : 0;
    case 20: return (h & 0x7fff) == infinity_of(f) ? ((h & 0x8000) ? 0xffffffffu : 1u) : 0u;
    }
    return round_to(r, f, 0);
}
// __double2half / __double2bfloat16 of a NaN: sign, quiet bit, leading payload.
static unsigned double_ref(u64 d, Format f) {
    double x;
    std::memcpy(&x, &d, 8);
    if (x != x) {
        const unsigned payload = (unsigned)((d & 0xfffffffffffffull) >> (52 - f.mantissa_bits));
        return (unsigned)(d >> 48 & 0x8000) | infinity_of(f) | 1u << (f.mantissa_bits - 1) | payload;
    }
    return round_to(x, f, 0);
}
static unsigned widen_ref(unsigned h, Format f) {
    if (is_nan(h, f)) return f.exponent_bits == 8 ? h << 16 : 0x7fffffffu;
    const float x = (float)value(h, f);
    unsigned u;
    std::memcpy(&u, &x, 4);
    return u;
}
static unsigned to_bf16_bits(ld v) { return round_to(v, kBf16, 0); }
// The host's side of operators(): the same expressions through the reference.
static u64 ref_operators(unsigned a, unsigned b, Format f) {
    const ld x = value(a, f), y = value(b, f);
    const unsigned s1 = round_to(x + y, f, 0), s = round_to(value(s1, f) + y, f, 0);
    const unsigned t = round_to(value(round_to(x - y, f, 0), f) * value(round_to(y / x, f, 0), f), f, 0);
    const unsigned u = round_to(value(round_to(x + 1, f, 0), f) - 1, f, 0);
    const unsigned g = round_to(0.75L, f, 0);
    const unsigned h = round_to(value(round_to(x, f, 0), f) * value(g, f), f, 0);
    const bool nan = x != x || y != y;
    const unsigned neg = is_nan(a, f) ? 0x7fff : a ^ 0x8000;
    const unsigned bits = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
                          ((a & 0x7fff) != 0) << 6 | (value(neg, f) == y && !nan) << 7;
    const int i = (int)to_integer(b, f, 1, 32, true);
    return (u64)to_bf16_bits(value(s, f)) << 48 | (u64)to_bf16_bits(value(t, f)) << 32 |
           (u64)(to_bf16_bits(value(u, f)) ^ to_bf16_bits(value(h, f))) << 16 | (u64)((i & 0xff) << 8 | bits);
}

static u64 reference(int op, int i) {
    const unsigned fb = hF[i % COUNT(hF)];
    float fv;
    std::memcpy(&fv, &fb, 4);
    const ld fl = fv;
    const unsigned h = hH[i % COUNT(hH)], b = hB[i % COUNT(hB)];
    const int n = hI[i % COUNT(hI)];
    const u64 ul = hL[i % COUNT(hL)];
    const short s = hS[i % COUNT(hS)];
    const int p = i % (COUNT(hHP) / 2), q = i % (COUNT(hHT) / 3);
    const unsigned ha = hHP[2 * p], hb = hHP[2 * p + 1], ba = hBP[2 * p], bb = hBP[2 * p + 1];
    const unsigned ta = hHT[3 * q], tb = hHT[3 * q + 1], tc = hHT[3 * q + 2];
    const unsigned ua = hBT[3 * q], ub = hBT[3 * q + 1], uc = hBT[3 * q + 2];
    switch (op) {
#define REF_MODES(name, expr)                                                          \
    case name##_rn: { const int mode = 0; return expr; }                               \
    case name##_rz: { const int mode = 1; return expr; }                               \
    case name##_rd: { const int mode = 2; return expr; }                               \
    case name##_ru: { const int mode = 3; return expr; }
        REF_MODES(float2half, round_to(fl, kHalf, mode)) REF_MODES(float2bfloat16, round_to(fl, kBf16, mode))
        REF_MODES(int2half, round_to(n, kHalf, mode)) REF_MODES(uint2half, round_to((unsigned)n, kHalf, mode))
        REF_MODES(short2half, round_to(s, kHalf, mode))
        REF_MODES(ushort2half, round_to((unsigned short)s, kHalf, mode))
        REF_MODES(ll2half, round_to((long long)ul, kHalf, mode)) REF_MODES(ull2half, round_to(ul, kHalf, mode))
        REF_MODES(int2bfloat16, round_to(n, kBf16, mode)) REF_MODES(uint2bfloat16, round_to((unsigned)n, kBf16, mode))
        REF_MODES(short2bfloat16, round_to(s, kBf16, mode))
        REF_MODES(ushort2bfloat16, round_to((unsigned short)s, kBf16, mode))
        REF_MODES(ll2bfloat16, round_to((long long)ul, kBf16, mode))
        REF_MODES(ull2bfloat16, round_to(ul, kBf16, mode))
        REF_MODES(half2short, sign_extend(to_integer(h, kHalf, mode, 16, true), 16))
        REF_MODES(half2ushort, to_integer(h, kHalf, mode, 16, false))
        REF_MODES(half2int, sign_extend(to_integer(h, kHalf, mode, 32, true), 32))
        REF_MODES(half2uint, to_integer(h, kHalf, mode, 32, false))
        REF_MODES(half2ll, to_integer(h, kHalf, mode, 64, true))
        REF_MODES(half2ull, to_integer(h, kHalf, mode, 64, false))
        REF_MODES(bfloat162short, sign_extend(to_integer(b, kBf16, mode, 16, true), 16))
        REF_MODES(bfloat162ushort, to_integer(b, kBf16, mode, 16, false))
        REF_MODES(bfloat162int, sign_extend(to_integer(b, kBf16, mode, 32, true), 32))
        REF_MODES(bfloat162uint, to_integer(b, kBf16, mode, 32, false))
        REF_MODES(bfloat162ll, to_integer(b, kBf16, mode, 64, true))
        REF_MODES(bfloat162ull, to_integer(b, kBf16, mode, 64, false))
    case double2half: return double_ref(hD[i % COUNT(hD)], kHalf);
    case double2bfloat16: return double_ref(hD[i % COUNT(hD)], kBf16);
    case half2float: return widen_ref(h, kHalf);
    case bfloat162float: return widen_ref(b, kBf16);
    case half2bfloat16: return round_to(value(h, kHalf), kBf16, 0);
    case bfloat162half: return round_to(value(b, kBf16), kHalf, 0);
    case half2char_rz: return to_integer(h, kHalf, 1, 8, true);
    case half2uchar_rz: return to_integer(h, kHalf, 1, 8, false);
    case bfloat162char_rz: return to_integer(b, kBf16, 1, 8, true);
    case bfloat162uchar_rz: return to_integer(b, kBf16, 1, 8, false);
    default: break;
    }
    if (op >= h_hneg && op <= h_hisinf) return math_ref(op - h_hneg, h, kHalf);
    if (op >= b_hneg && op <= b_hisinf) return math_ref(op - b_hneg, b, kBf16);
    const bool bf = op >= b_hadd && op <= b_operators;
    if ((op >= h_hadd && op <= h_operators) || bf) {
        const Format f = bf ? kBf16 : kHalf;
        const unsigned a = bf ? ba : ha, c = bf ? bb : hb;
        const ld x = value(a, f), y = value(c, f);
        switch (op - (bf ? b_hadd : h_hadd)) {
        case 0: return round_to(x + y, f, 0);
        case 1: return round_to(x - y, f, 0);
        case 2: return round_to(x * y, f, 0);
        case 3: return round_to(x / y, f, 0);
        case 4: return sat(round_to(x + y, f, 0), f);
        case 5: return sat(round_to(x - y, f, 0), f);
        case 6: return sat(round_to(x * y, f, 0), f);
        case 7: return extremum(a, c, f, true, false);
        case 8: return extremum(a, c, f, false, false);
        case 9: return extremum(a, c, f, true, true);
        case 10: return extremum(a, c, f, false, true);
        case 11: return compare_mask(x, y);
        case 12: return ref_operators(a, c, f);
        }
    }
    switch (op) {
    case h_hfma: return fma_ref(ta, tb, tc, kHalf);
    case h_hfma_sat: return sat(fma_ref(ta, tb, tc, kHalf), kHalf);
    case h_hfma_relu: return relu(fma_ref(ta, tb, tc, kHalf), kHalf);
    case b_hfma: return fma_ref(ua, ub, uc, kBf16);
    case b_hfma_sat: return sat(fma_ref(ua, ub, uc, kBf16), kBf16);
    case b_hfma_relu: return relu(fma_ref(ua, ub, uc, kBf16), kBf16);
    default: break;
    }
    const bool bp = op >= b_hadd2;
    const Format f = bp ? kBf16 : kHalf;
    const unsigned a = bp ? ba : ha, c = bp ? bb : hb;
    const unsigned x3 = bp ? ua : ta, y3 = bp ? ub : tb, c3 = bp ? uc : tc;
    const unsigned one = round_to(1, f, 0);
    auto lanes = [](unsigned lo, unsigned hi) { return (u64)(lo | hi << 16); };
    switch (op - (bp ? b_hadd2 : h_hadd2)) {
    case 0: return lanes(round_to(value(a, f) + value(c, f), f, 0), round_to(value(c, f) + value(a, f), f, 0));
    case 1: return lanes(round_to(value(a, f) * value(c, f), f, 0), round_to(value(c, f) * value(a, f), f, 0));
    case 2: return lanes(round_to(value(a, f) / value(c, f), f, 0), round_to(value(c, f) / value(a, f), f, 0));
    case 3: return lanes(extremum(a, c, f, false, true), extremum(c, a, f, false, true));
    case 4: return lanes(value(a, f) < value(c, f) ? one : 0, value(c, f) < value(a, f) ? one : 0);
    case 5: {
        const unsigned m1 = (compare_mask(value(a, f), value(c, f)) >> 11) & 1, m2 = (compare_mask(value(c, f), value(a, f)) >> 11) & 1;
        return lanes(m1 ? 0xffff : 0, m2 ? 0xffff : 0);
    }
    case 6: {
        const unsigned ma = compare_mask(value(a, f), value(c, f)), mb = compare_mask(value(c, f), value(a, f));
        return (u64)((ma & mb & 1) | ((ma >> 8) & (mb >> 8) & 1) << 1);
    }
    case 7: return lanes(fma_ref(x3, y3, c3, f), fma_ref(y3, x3, c3, f));
    case 8: {
        // (x3 + i y3) (y3 + i x3) + (c3 + i c3), in NVIDIA's order of fmas.
        const unsigned re = fma_ref(y3 ^ 0x8000, x3, fma_ref(x3, y3, c3, f), f);
        const unsigned im = fma_ref(y3, y3, fma_ref(x3, x3, c3, f), f);
        return lanes(re, im);
    }
    }
    return ~0ull;
}

static void print_values(const char* name, const unsigned* v, int n, int digits) {
    std::printf("%s:", name);
    for (int i = 0; i < n; ++i) std::printf(" %0*x", digits, v[i]);
    std::printf("\n");
}

int main() {
    int offsets[NOPS + 1];
    offsets[0] = 0;
    for (int op = 0; op < NOPS; ++op) offsets[op + 1] = offsets[op] + kInputCount[kLines[op].input];
    const int total = offsets[NOPS];
    u64* out = nullptr;
    int* d_offsets = nullptr;
    cudaMalloc(&out, total * sizeof(u64));
    cudaMalloc(&d_offsets, sizeof offsets);
    cudaMemcpy(d_offsets, offsets, sizeof offsets, cudaMemcpyHostToDevice);
    compute<<<1, 1>>>(out, NOPS, d_offsets);
    u64* results = new u64[total];
    cudaMemcpy(results, out, total * sizeof(u64), cudaMemcpyDeviceToHost);

    int wrong[2] = {0, 0}, checked[2] = {0, 0};
    for (int op = 0; op < NOPS; ++op) {
        const LineSpec& line = kLines[op];
        std::printf("%s:", line.name);
        for (int i = offsets[op]; i < offsets[op + 1]; ++i) {
            const u64 mask = line.digits >= 16 ? ~0ull : (1ull << (4 * line.digits)) - 1;
            std::printf(" %0*llx", line.digits, results[i] & mask);
        }
        std::printf("\n");
        if (!line.checked) continue;
        for (int i = offsets[op]; i < offsets[op + 1]; ++i) {
            const u64 mask = line.digits >= 16 ? ~0ull : (1ull << (4 * line.digits)) - 1;
            const u64 want = reference(op, i - offsets[op]) & mask, got = results[i] & mask;
            ++checked[line.format];
            if (got != want) {
                ++wrong[line.format];
                std::printf("wrong: %s[%d] = %llx, reference %llx\n", line.name, i - offsets[op], got, want);
            }
        }
    }

    // Shuffles: lane i holds i/4 - 3 (exact in both formats).
    __half in_h[32];
    for (int i = 0; i < 32; ++i) in_h[i] = __float2half(i * 0.25f - 3.0f);
    __half* d_in = nullptr;
    unsigned* d_sh = nullptr;
    cudaMalloc(&d_in, sizeof in_h);
    cudaMalloc(&d_sh, 7 * 32 * sizeof(unsigned));
    cudaMemcpy(d_in, in_h, sizeof in_h, cudaMemcpyHostToDevice);
    shuffles<<<1, 32>>>(d_in, d_sh);
    unsigned sh[7 * 32];
    cudaMemcpy(sh, d_sh, sizeof sh, cudaMemcpyDeviceToHost);
    static const char* kShuffleNames[] = {"shfl_sync_half", "shfl_down_sync_half", "shfl_up_sync_half",
                                          "shfl_xor_sync_half", "shfl_xor_sync_half2", "shfl_sync_bfloat16",
                                          "shfl_down_sync_bfloat162"};
    for (int k = 0; k < 7; ++k) print_values(kShuffleNames[k], sh + 32 * k, 32, k == 4 || k == 6 ? 8 : 4);
    for (int lane = 0; lane < 32; ++lane) {
        auto hv = [](int l) { return round_to(l * 0.25L - 3, kHalf, 0); };
        auto bv = [](int l) { return round_to((l * 0.25L - 3) * 3, kBf16, 0); };
        auto bneg = [](int l) { return round_to(-(ld)l, kBf16, 0); };
        const int down = lane + 3 < 32 ? lane + 3 : lane, up = lane >= 1 ? lane - 1 : lane, x9 = lane ^ 9;
        const int d16 = lane + 16 < 32 ? lane + 16 : lane;
        const unsigned neg9 = hv(x9) ^ 0x8000;
        const unsigned want[7] = {hv(lane * 7 % 32), hv(down), hv(up), hv(lane ^ 5), hv(x9) | neg9 << 16,
                                  bv(31 - lane), bv(d16) | bneg(d16) << 16};
        for (int k = 0; k < 7; ++k) {
            ++checked[k >= 5];
            if (sh[32 * k + lane] != want[k]) {
                ++wrong[k >= 5];
                std::printf("wrong: %s[%d] = %x, reference %x\n", kShuffleNames[k], lane, sh[32 * k + lane], want[k]);
            }
        }
    }

    // atomicAdd from 2 blocks of 128 threads.
    __half h_init[3] = {__float2half(0.0f), __float2half(2048.0f), __float2half(0.0f)};
    __half2 h2_init = __floats2half2_rn(0.0f, 0.0f);
    __nv_bfloat16 b_init[2] = {__float2bfloat16(256.0f), __float2bfloat16(0.0f)};
    __nv_bfloat162 b2_init = __floats2bfloat162_rn(0.0f, 0.0f);
    __half* d_h = nullptr;
    __half2* d_h2 = nullptr;
    __nv_bfloat16* d_b = nullptr;
    __nv_bfloat162* d_b2 = nullptr;
    cudaMalloc(&d_h, sizeof h_init);
    cudaMalloc(&d_h2, sizeof h2_init);
    cudaMalloc(&d_b, sizeof b_init);
    cudaMalloc(&d_b2, sizeof b2_init);
    cudaMemcpy(d_h, h_init, sizeof h_init, cudaMemcpyHostToDevice);
    cudaMemcpy(d_h2, &h2_init, sizeof h2_init, cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, b_init, sizeof b_init, cudaMemcpyHostToDevice);
    cudaMemcpy(d_b2, &b2_init, sizeof b2_init, cudaMemcpyHostToDevice);
    atomics<<<2, 128>>>(d_h, d_h2, d_b, d_b2);
    cudaMemcpy(h_init, d_h, sizeof h_init, cudaMemcpyDeviceToHost);
    cudaMemcpy(&h2_init, d_h2, sizeof h2_init, cudaMemcpyDeviceToHost);
    cudaMemcpy(b_init, d_b, sizeof b_init, cudaMemcpyDeviceToHost);
    cudaMemcpy(&b2_init, d_b2, sizeof b2_init, cudaMemcpyDeviceToHost);
    const unsigned atomic_got[7] = {__half_as_ushort(h_init[0]), __half_as_ushort(h_init[1]), __half_as_ushort(h_init[2]),
                                    (unsigned)__half_as_ushort(h2_init.x) | (unsigned)__half_as_ushort(h2_init.y) << 16,
                                    __bfloat16_as_ushort(b_init[0]), __bfloat16_as_ushort(b_init[1]),
                                    (unsigned)__bfloat16_as_ushort(b2_init.x) | (unsigned)__bfloat16_as_ushort(b2_init.y) << 16};
    const unsigned atomic_want[7] = {round_to(64, kHalf, 0), round_to(2048, kHalf, 0), round_to(-128, kHalf, 0),
                                     round_to(128, kHalf, 0) | round_to(-512, kHalf, 0) << 16, round_to(256, kBf16, 0),
                                     round_to(32, kBf16, 0), round_to(512, kBf16, 0) | round_to(2, kBf16, 0) << 16};
    print_values("atomicAdd", atomic_got, 7, 8);
    for (int k = 0; k < 7; ++k) {
        ++checked[k >= 4];
        if (atomic_got[k] != atomic_want[k]) {
            ++wrong[k >= 4];
            std::printf("wrong: atomicAdd[%d] = %x, reference %x\n", k, atomic_got[k], atomic_want[k]);
        }
    }

    const __half constants[4] = {CUDART_INF_FP16, CUDART_NAN_FP16, CUDART_MAX_NORMAL_FP16, CUDART_MIN_DENORM_FP16};
    const __nv_bfloat16 bconstants[4] = {CUDART_INF_BF16, CUDART_NAN_BF16, CUDART_MAX_NORMAL_BF16, CUDART_ONE_BF16};
    const unsigned constant_bits[8] = {__half_as_ushort(constants[0]), __half_as_ushort(constants[1]),
                                       __half_as_ushort(constants[2]), __half_as_ushort(constants[3]),
                                       __bfloat16_as_ushort(bconstants[0]), __bfloat16_as_ushort(bconstants[1]),
                                       __bfloat16_as_ushort(bconstants[2]), __bfloat16_as_ushort(bconstants[3])};
    print_values("constants", constant_bits, 8, 4);
    std::printf("sizes: %d %d %d %d, alignments: %d %d %d %d\n", (int)sizeof(__half), (int)sizeof(__half2),
                (int)sizeof(__nv_bfloat16), (int)sizeof(__nv_bfloat162), (int)alignof(__half), (int)alignof(__half2),
                (int)alignof(__nv_bfloat16), (int)alignof(__nv_bfloat162));
    std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    std::printf("half: %d of %d wrong\n", wrong[0], checked[0]);
    std::printf("bf16: %d of %d wrong\n", wrong[1], checked[1]);
    delete[] results;
    cudaFree(out);
    cudaFree(d_offsets);
    cudaFree(d_in);
    cudaFree(d_sh);
    cudaFree(d_h);
    cudaFree(d_h2);
    cudaFree(d_b);
    cudaFree(d_b2);
    return wrong[0] + wrong[1] == 0 ? 0 : 1;
}
