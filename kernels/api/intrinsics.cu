// Device intrinsics over fixed inputs, printed so that a GPU's output and
// simt's can be diffed line by line (nvcc -arch=sm_90 builds it unchanged).
//
// Exact families (one line per intrinsic, results as hex bit patterns, edge
// cases: overflow, saturation, NaN, inf, ties, signed zero, subnormals,
// values that round differently in each mode): the SIMD video and DPX
// intrinsics, dot products, the other integer intrinsics, the rounding-mode
// arithmetic and the conversions.
//
// Math functions (CUDA bounds their error in ulp; no two implementations
// agree bit for bit): each result is checked against a long double reference
// computed on the host, within CUDA's documented bound; one line per
// function says how many passed, and a failure prints its own line.
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

// ---------------------------------------------------------------- printing
struct Line {
    char text[1024];
    int n;
    __device__ explicit Line(const char* name) : n(0) {
        while (*name != '\0' && n < 64) text[n++] = *name++;
    }
    __device__ __noinline__ void hex(unsigned long long v, int digits) {
        if (n + digits + 2 >= int(sizeof text)) return;
        text[n++] = ' ';
#pragma unroll 1
        for (int i = digits - 1; i >= 0; --i) text[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
    }
    __device__ ~Line() {
        text[n] = '\0';
        printf("%s\n", text);
    }
};
// Out of line and not unrolled: nvcc would otherwise unroll every line into
// one huge kernel and take many minutes over it.
template <class F>
__device__ __noinline__ void line32(const char* name, int count, F f) {
    Line l(name);
#pragma unroll 1
    for (int i = 0; i < count; ++i) l.hex((unsigned)f(i), 8);
}
template <class F>
__device__ __noinline__ void line64(const char* name, int count, F f) {
    Line l(name);
#pragma unroll 1
    for (int i = 0; i < count; ++i) l.hex((unsigned long long)f(i), 16);
}
__device__ float F(unsigned bits) { return __uint_as_float(bits); }
__device__ double D(unsigned long long bits) { return __longlong_as_double((long long)bits); }
__device__ unsigned FB(float x) { return __float_as_uint(x); }
__device__ unsigned long long DB(double x) { return (unsigned long long)__double_as_longlong(x); }

// ------------------------------------------------------- integer families
#define NV 7
__device__ const unsigned kV[NV] = {0x00000000u, 0xffffffffu, 0x80008000u, 0x7fff7fffu,
                                    0x807f01ffu, 0x7f80fe01u, 0x12345678u};
// All ordered pairs (a, b) of kV: i = a * NV + b.
#define PAIRS(fn) line32(#fn, NV * NV, [](int i) { return fn(kV[i / NV], kV[i % NV]); })
#define PAIRS_INT(fn) line32(#fn, NV * NV, [](int i) { return fn((int)kV[i / NV], (int)kV[i % NV]); })
#define UNARY(fn) line32(#fn, NV, [](int i) { return fn(kV[i]); })
#define TRIPLES(fn, T) \
    line32(#fn, NV * NV, [](int i) { return fn((T)kV[i / NV], (T)kV[i % NV], (T)kV[(i / NV + i % NV + 3) % NV]); })

__device__ char4 c4(unsigned w) {
    return make_char4((signed char)w, (signed char)(w >> 8), (signed char)(w >> 16), (signed char)(w >> 24));
}
__device__ uchar4 uc4(unsigned w) {
    return make_uchar4((unsigned char)w, (unsigned char)(w >> 8), (unsigned char)(w >> 16), (unsigned char)(w >> 24));
}

__global__ void simd_kernel() {
    PAIRS(__vadd2); PAIRS(__vadd4); PAIRS(__vaddss2); PAIRS(__vaddss4); PAIRS(__vaddus2); PAIRS(__vaddus4);
    PAIRS(__vsub2); PAIRS(__vsub4); PAIRS(__vsubss2); PAIRS(__vsubss4); PAIRS(__vsubus2); PAIRS(__vsubus4);
    PAIRS(__vabsdiffs2); PAIRS(__vabsdiffs4); PAIRS(__vabsdiffu2); PAIRS(__vabsdiffu4);
    PAIRS(__vavgs2); PAIRS(__vavgs4); PAIRS(__vavgu2); PAIRS(__vavgu4); PAIRS(__vhaddu2); PAIRS(__vhaddu4);
    PAIRS(__vmaxs2); PAIRS(__vmaxs4); PAIRS(__vmaxu2); PAIRS(__vmaxu4);
    PAIRS(__vmins2); PAIRS(__vmins4); PAIRS(__vminu2); PAIRS(__vminu4);
    PAIRS(__vsads2); PAIRS(__vsads4); PAIRS(__vsadu2); PAIRS(__vsadu4);
    PAIRS(__vcmpeq2); PAIRS(__vcmpeq4); PAIRS(__vcmpne2); PAIRS(__vcmpne4);
    PAIRS(__vcmpges2); PAIRS(__vcmpges4); PAIRS(__vcmpgeu2); PAIRS(__vcmpgeu4);
    PAIRS(__vcmpgts2); PAIRS(__vcmpgts4); PAIRS(__vcmpgtu2); PAIRS(__vcmpgtu4);
    PAIRS(__vcmples2); PAIRS(__vcmples4); PAIRS(__vcmpleu2); PAIRS(__vcmpleu4);
    PAIRS(__vcmplts2); PAIRS(__vcmplts4); PAIRS(__vcmpltu2); PAIRS(__vcmpltu4);
    PAIRS(__vseteq2); PAIRS(__vseteq4); PAIRS(__vsetne2); PAIRS(__vsetne4);
    PAIRS(__vsetges2); PAIRS(__vsetges4); PAIRS(__vsetgeu2); PAIRS(__vsetgeu4);
    PAIRS(__vsetgts2); PAIRS(__vsetgts4); PAIRS(__vsetgtu2); PAIRS(__vsetgtu4);
    PAIRS(__vsetles2); PAIRS(__vsetles4); PAIRS(__vsetleu2); PAIRS(__vsetleu4);
    PAIRS(__vsetlts2); PAIRS(__vsetlts4); PAIRS(__vsetltu2); PAIRS(__vsetltu4);
    UNARY(__vneg2); UNARY(__vneg4); UNARY(__vnegss2); UNARY(__vnegss4);
    UNARY(__vabs2); UNARY(__vabs4); UNARY(__vabsss2); UNARY(__vabsss4);
    // DPX
    PAIRS_INT(__vimax_s32_relu); PAIRS_INT(__vimin_s32_relu); PAIRS(__vimax_s16x2_relu); PAIRS(__vimin_s16x2_relu);
    TRIPLES(__vimax3_s32, int); TRIPLES(__vimin3_s32, int); TRIPLES(__vimax3_u32, unsigned);
    TRIPLES(__vimin3_u32, unsigned); TRIPLES(__vimax3_s32_relu, int); TRIPLES(__vimin3_s32_relu, int);
    TRIPLES(__vimax3_s16x2, unsigned); TRIPLES(__vimin3_s16x2, unsigned); TRIPLES(__vimax3_u16x2, unsigned);
    TRIPLES(__vimin3_u16x2, unsigned); TRIPLES(__vimax3_s16x2_relu, unsigned); TRIPLES(__vimin3_s16x2_relu, unsigned);
    TRIPLES(__viaddmax_s32, int); TRIPLES(__viaddmin_s32, int); TRIPLES(__viaddmax_u32, unsigned);
    TRIPLES(__viaddmin_u32, unsigned); TRIPLES(__viaddmax_s32_relu, int); TRIPLES(__viaddmin_s32_relu, int);
    TRIPLES(__viaddmax_s16x2, unsigned); TRIPLES(__viaddmin_s16x2, unsigned); TRIPLES(__viaddmax_u16x2, unsigned);
    TRIPLES(__viaddmin_u16x2, unsigned); TRIPLES(__viaddmax_s16x2_relu, unsigned);
    TRIPLES(__viaddmin_s16x2_relu, unsigned);
    // The predicates of __vib*: 1 digit each (hi then lo for the halfword forms).
    line32("__vibmax_s32", NV * NV, [](int i) { bool p; return (unsigned)__vibmax_s32((int)kV[i / NV], (int)kV[i % NV], &p); });
    line32("__vibmax_s32.pred", NV * NV, [](int i) { bool p; __vibmax_s32((int)kV[i / NV], (int)kV[i % NV], &p); return (unsigned)p; });
    line32("__vibmin_u32", NV * NV, [](int i) { bool p; return __vibmin_u32(kV[i / NV], kV[i % NV], &p); });
    line32("__vibmin_u32.pred", NV * NV, [](int i) { bool p; __vibmin_u32(kV[i / NV], kV[i % NV], &p); return (unsigned)p; });
    line32("__vibmax_u32", NV * NV, [](int i) { bool p; return __vibmax_u32(kV[i / NV], kV[i % NV], &p); });
    line32("__vibmin_s32", NV * NV, [](int i) { bool p; return (unsigned)__vibmin_s32((int)kV[i / NV], (int)kV[i % NV], &p); });
    line32("__vibmax_s16x2", NV * NV, [](int i) { bool h, l; return __vibmax_s16x2(kV[i / NV], kV[i % NV], &h, &l); });
    line32("__vibmax_s16x2.pred", NV * NV, [](int i) { bool h, l; __vibmax_s16x2(kV[i / NV], kV[i % NV], &h, &l); return (h ? 0x10u : 0u) | (l ? 1u : 0u); });
    line32("__vibmin_u16x2", NV * NV, [](int i) { bool h, l; return __vibmin_u16x2(kV[i / NV], kV[i % NV], &h, &l); });
    line32("__vibmin_u16x2.pred", NV * NV, [](int i) { bool h, l; __vibmin_u16x2(kV[i / NV], kV[i % NV], &h, &l); return (h ? 0x10u : 0u) | (l ? 1u : 0u); });
    line32("__vibmax_u16x2.pred", NV * NV, [](int i) { bool h, l; __vibmax_u16x2(kV[i / NV], kV[i % NV], &h, &l); return (h ? 0x10u : 0u) | (l ? 1u : 0u); });
    line32("__vibmin_s16x2.pred", NV * NV, [](int i) { bool h, l; __vibmin_s16x2(kV[i / NV], kV[i % NV], &h, &l); return (h ? 0x10u : 0u) | (l ? 1u : 0u); });
}

#define NW 6
__device__ const unsigned long long kW[NW] = {0ull, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull,
                                              0x123456789abcdef0ull, 3ull};
__global__ void integer_kernel() {
    TRIPLES(__dp4a, int); TRIPLES(__dp4a, unsigned); TRIPLES(__dp2a_lo, int); TRIPLES(__dp2a_lo, unsigned);
    TRIPLES(__dp2a_hi, int); TRIPLES(__dp2a_hi, unsigned);
    line32("__dp4a(char4)", NV * NV, [](int i) { return __dp4a(c4(kV[i / NV]), c4(kV[i % NV]), (int)kV[(i + 2) % NV]); });
    line32("__dp4a(uchar4)", NV * NV, [](int i) { return __dp4a(uc4(kV[i / NV]), uc4(kV[i % NV]), kV[(i + 2) % NV]); });
    line32("__dp2a_lo(short2)", NV * NV, [](int i) {
        unsigned a = kV[i / NV];
        return __dp2a_lo(make_short2((short)a, (short)(a >> 16)), c4(kV[i % NV]), (int)kV[(i + 2) % NV]);
    });
    line32("__dp2a_hi(ushort2)", NV * NV, [](int i) {
        unsigned a = kV[i / NV];
        return __dp2a_hi(make_ushort2((unsigned short)a, (unsigned short)(a >> 16)), uc4(kV[i % NV]), kV[(i + 2) % NV]);
    });
    PAIRS(__uhadd); PAIRS(__urhadd); PAIRS_INT(__hadd); PAIRS_INT(__rhadd);
    PAIRS_INT(__mul24); PAIRS(__umul24); PAIRS_INT(__mulhi); PAIRS(__umulhi);
    line32("__sad", NV * NV, [](int i) { return __sad((int)kV[i / NV], (int)kV[i % NV], 5u); });
    line32("__usad", NV * NV, [](int i) { return __usad(kV[i / NV], kV[i % NV], 0xfffffff0u); });
    line64("__mul64hi", NW * NW, [](int i) { return __mul64hi((long long)kW[i / NW], (long long)kW[i % NW]); });
    line64("__umul64hi", NW * NW, [](int i) { return __umul64hi(kW[i / NW], kW[i % NW]); });
    UNARY(__brev); UNARY(__popc);
    line32("__clz", NV, [](int i) { return __clz((int)kV[i]); });
    line32("__ffs", NV, [](int i) { return __ffs((int)kV[i]); });
    line64("__brevll", NW, [](int i) { return __brevll(kW[i]); });
    line32("__clzll", NW, [](int i) { return __clzll((long long)kW[i]); });
    line32("__ffsll", NW, [](int i) { return __ffsll((long long)kW[i]); });
    line32("__popcll", NW, [](int i) { return __popcll(kW[i]); });
    const unsigned sel[10] = {0x3210u, 0x7654u, 0x0123u, 0x4444u, 0x89abu, 0xffffu, 0x1032u, 0x5140u, 0xffff7654u, 0x7777u};
    line32("__byte_perm", 10, [&](int i) { return __byte_perm(0x33221100u, 0x77665544u, sel[i]); });
    const unsigned sh[10] = {0u, 1u, 4u, 31u, 32u, 33u, 63u, 64u, 100u, 0xffffffffu};
    line32("__funnelshift_l", 10, [&](int i) { return __funnelshift_l(0x12345678u, 0x9abcdef0u, sh[i]); });
    line32("__funnelshift_lc", 10, [&](int i) { return __funnelshift_lc(0x12345678u, 0x9abcdef0u, sh[i]); });
    line32("__funnelshift_r", 10, [&](int i) { return __funnelshift_r(0x12345678u, 0x9abcdef0u, sh[i]); });
    line32("__funnelshift_rc", 10, [&](int i) { return __funnelshift_rc(0x12345678u, 0x9abcdef0u, sh[i]); });
    const unsigned masks[5] = {0u, 0xffffffffu, 0xaaaaaaaau, 0x80000001u, 0x00f00f00u};
    const unsigned bases[4] = {0u, 3u, 16u, 31u};
    const int offsets[9] = {-33, -5, -1, 0, 1, 2, 5, 32, 33};
#pragma unroll 1
    for (int m = 0; m < 5; ++m) {
        Line l("__fns");
        l.hex(masks[m], 8);
#pragma unroll 1
        for (int b = 0; b < 4; ++b)
#pragma unroll 1
            for (int o = 0; o < 9; ++o) l.hex(__fns(masks[m], bases[b], offsets[o]), 8);
    }
    const float sat[10] = {-1.0f, -0.0f, 0.0f, 0.5f, 1.0f, 2.0f, F(0x7f800000u), F(0xff800000u), F(0x7fc00001u), F(0x00000001u)};
    line32("__saturatef", 10, [&](int i) { return FB(__saturatef(sat[i])); });
}

// ------------------------------------------------ rounding-mode arithmetic
#define NFP 20
__device__ const unsigned kFP[NFP][2] = {
    {0x3f800000u, 0x30800000u}, {0xbf800000u, 0x30800000u}, {0x3f800000u, 0x40400000u}, {0xbf800000u, 0x40400000u},
    {0x7f7fffffu, 0x7f7fffffu}, {0xff7fffffu, 0x40000000u}, {0x7f800000u, 0xff800000u}, {0x7fc00001u, 0x3f800000u},
    {0x00000000u, 0x80000000u}, {0x3fc00000u, 0xbfc00000u}, {0x00800000u, 0x80800001u}, {0x0dc00000u, 0x26800000u},
    {0x3f800001u, 0x3f800001u}, {0x40e00000u, 0x41200000u}, {0x40000000u, 0x00000000u}, {0x80000000u, 0x40a00000u},
    {0x3dcccccdu, 0x3e4ccccdu}, {0x00000001u, 0x3f000000u}, {0x80000001u, 0x3f000000u}, {0xff800000u, 0x7f7fffffu}};
#define NF1 16
__device__ const unsigned kF1[NF1] = {0x40000000u, 0x40400000u, 0x3dcccccdu, 0x00000001u, 0x40800000u, 0x00000000u,
                                      0x80000000u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0x7f7fffffu,
                                      0x00800000u, 0x41200000u, 0x40e00000u, 0x007fffffu};
#define NF3 12
__device__ const unsigned kF3[NF3][3] = {
    {0x3f800000u, 0x3f800000u, 0x30800000u}, {0x3f800000u, 0xbf800000u, 0x30800000u},
    {0x3f800001u, 0x3f800001u, 0xbf800000u}, {0x3f800000u, 0x3f800000u, 0xbf800000u},
    {0x00000000u, 0xbf800000u, 0x00000000u}, {0x7f7fffffu, 0x40000000u, 0xff7fffffu},
    {0x7f7fffffu, 0x7f7fffffu, 0xff800000u}, {0x7f800000u, 0x00000000u, 0x3f800000u},
    {0x40400000u, 0x3eaaaaabu, 0xbf800000u}, {0x0dc00000u, 0x26800000u, 0x00000001u},
    {0x7fc00001u, 0x3f800000u, 0x3f800000u}, {0x00000001u, 0x3f000000u, 0x80000000u}};
#define F2(fn) line32(#fn, NFP, [](int i) { return FB(fn(F(kFP[i][0]), F(kFP[i][1]))); })
#define F1(fn) line32(#fn, NF1, [](int i) { return FB(fn(F(kF1[i]))); })
#define F3(fn) line32(#fn, NF3, [](int i) { return FB(fn(F(kF3[i][0]), F(kF3[i][1]), F(kF3[i][2]))); })
#define F_ALL(M) F2(__fadd_##M); F2(__fsub_##M); F2(__fmul_##M); F2(__fdiv_##M); F1(__frcp_##M); F1(__fsqrt_##M); F3(__fmaf_##M)

#define NDP 19
__device__ const unsigned long long kDP[NDP][2] = {
    {0x3ff0000000000000ull, 0x3c30000000000000ull}, {0xbff0000000000000ull, 0x3c30000000000000ull},
    {0x3ff0000000000000ull, 0x4008000000000000ull}, {0xbff0000000000000ull, 0x4008000000000000ull},
    {0x7fefffffffffffffull, 0x7fefffffffffffffull}, {0xffefffffffffffffull, 0x4000000000000000ull},
    {0x7ff0000000000000ull, 0xfff0000000000000ull}, {0x7ff8000000000001ull, 0x3ff0000000000000ull},
    {0x0000000000000000ull, 0x8000000000000000ull}, {0x3ff8000000000000ull, 0xbff8000000000000ull},
    {0x0010000000000000ull, 0x8010000000000001ull}, {0x1a78000000000000ull, 0x2250000000000000ull},
    {0x3ff0000000000001ull, 0x3ff0000000000001ull}, {0x401c000000000000ull, 0x4024000000000000ull},
    {0x4000000000000000ull, 0x0000000000000000ull}, {0x8000000000000000ull, 0x4014000000000000ull},
    {0x3fb999999999999aull, 0x3fc999999999999aull}, {0x0000000000000001ull, 0x3fe0000000000000ull},
    {0x8000000000000001ull, 0x3fe0000000000000ull}};
#define ND1 14
__device__ const unsigned long long kD1[ND1] = {
    0x4000000000000000ull, 0x4008000000000000ull, 0x3fb999999999999aull, 0x0000000000000001ull,
    0x4010000000000000ull, 0x0000000000000000ull, 0x8000000000000000ull, 0xbff0000000000000ull,
    0x7ff0000000000000ull, 0x7ff8000000000001ull, 0x7fefffffffffffffull, 0x0010000000000000ull,
    0x4024000000000000ull, 0x000fffffffffffffull};
#define ND3 10
__device__ const unsigned long long kD3[ND3][3] = {
    {0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3c30000000000000ull},
    {0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3c30000000000000ull},
    {0x3ff0000000000001ull, 0x3ff0000000000001ull, 0xbff0000000000000ull},
    {0x3ff0000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull},
    {0x0000000000000000ull, 0xbff0000000000000ull, 0x0000000000000000ull},
    {0x7fefffffffffffffull, 0x4000000000000000ull, 0xffefffffffffffffull},
    {0x4008000000000000ull, 0x3fd5555555555555ull, 0xbff0000000000000ull},
    {0x1a78000000000000ull, 0x2250000000000000ull, 0x0000000000000001ull},
    {0x7ff0000000000000ull, 0x0000000000000000ull, 0x3ff0000000000000ull},
    {0x0000000000000001ull, 0x3fe0000000000000ull, 0x8000000000000000ull}};
#define D2(fn) line64(#fn, NDP, [](int i) { return DB(fn(D(kDP[i][0]), D(kDP[i][1]))); })
#define D1(fn) line64(#fn, ND1, [](int i) { return DB(fn(D(kD1[i]))); })
#define D3(fn) line64(#fn, ND3, [](int i) { return DB(fn(D(kD3[i][0]), D(kD3[i][1]), D(kD3[i][2]))); })
#define D_ALL(M) D2(__dadd_##M); D2(__dsub_##M); D2(__dmul_##M); D2(__ddiv_##M); D1(__drcp_##M); D1(__dsqrt_##M); D3(__fma_##M)

__global__ void rounding_kernel() {
    F_ALL(rn); F_ALL(rz); F_ALL(ru); F_ALL(rd);
    F3(__fmaf_ieee_rn); F3(__fmaf_ieee_rz); F3(__fmaf_ieee_ru); F3(__fmaf_ieee_rd);
    F1(__frsqrt_rn);
    D_ALL(rn); D_ALL(rz); D_ALL(ru); D_ALL(rd);
    // A NaN operand (a quiet one with payload 1, a negative signaling one with
    // payload 2) in each position. (Of two NaN operands, which comes out
    // follows the order nvcc happens to place them in, fma's too: not shown.)
    line64("double-nan-operands", 8, [](int i) {
        const double a = D(0x7ff8000000000001ull), b = D(0xfff4000000000002ull);
        switch (i) {
            case 0: return DB(__fma_rn(1.0, a, 2.0)); case 1: return DB(__fma_ru(b, 1.0, 2.0)); case 2: return DB(__fma_rd(3.0, 1.0, a));
            case 3: return DB(__ddiv_rn(b, 3.0)); case 4: return DB(__fma_rz(1.0, 1.0, b)); case 5: return DB(__dsqrt_rn(b));
            case 6: return DB(__drcp_rd(b)); default: return DB(__dadd_rz(1.0, b));
        }
    });
    line32("float-nan-operands", 6, [](int i) {
        const float a = F(0x7fc00001u), b = F(0xff800002u);
        switch (i) {
            case 0: return FB(__fadd_rn(a, b)); case 1: return FB(__fmul_rz(b, 1.0f)); case 2: return FB(__fmaf_ru(1.0f, 1.0f, b));
            case 3: return FB(__fsqrt_rd(b)); case 4: return FB(__frcp_rn(b)); default: return FB(__frsqrt_rn(b));
        }
    });
}

// ------------------------------------------------------------ conversions
#define NFC 27
__device__ const unsigned kFC[NFC] = {
    0x3f000000u, 0x3fc00000u, 0x40200000u, 0xbf000000u, 0xbfc00000u, 0xc0200000u, 0x3effffffu,
    0x80000000u, 0x000116c2u, 0x800116c2u, 0x4effffffu, 0x4f000000u, 0xcf000000u, 0xcf000001u,
    0x4f7fffffu, 0x4f800000u, 0x5f000000u, 0xdf000000u, 0x5f800000u, 0x60ad78ecu, 0xe0ad78ecu,
    0x7f800000u, 0xff800000u, 0x7fc00001u, 0xbfd9999au, 0x406ccccdu, 0xffc00001u};
#define NDC 31
__device__ const unsigned long long kDC[NDC] = {
    0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x4004000000000000ull, 0xbfe0000000000000ull,
    0xbff8000000000000ull, 0xc004000000000000ull, 0x3fdfffffffffffffull, 0x8000000000000000ull,
    0x0000000000000001ull, 0x8000000000000001ull, 0x41dfffffffe00000ull, 0x41dfffffffc00000ull,
    0x41e0000000000000ull, 0xc1e0000000100000ull, 0xc1e0000000200000ull, 0x41efffffffff0000ull,
    0x41f0000000000000ull, 0x43dfffffffffffffull, 0x43e0000000000000ull, 0xc3e0000000000000ull,
    0xc3e0000000000001ull, 0x43efffffffffffffull, 0x43f0000000000000ull, 0x7e37e43c8800759cull,
    0xfe37e43c8800759cull, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000001ull,
    0xbffb333333333333ull, 0x400d99999999999aull, 0xfff8000000000000ull};
#define NIC 12
__device__ const int kIC[NIC] = {0, 1, -1, 16777217, -16777217, 16777219, 2147483647, (int)0x80000000u,
                                 33554435, -33554435, 0x7fffffc0, 16777218};
#define NUC 8
__device__ const unsigned kUC[NUC] = {0u, 1u, 16777217u, 0x80000001u, 0xffffffffu, 0xffffff7fu, 0xffffff80u, 0xffffff81u};
#define NLC 12
__device__ const long long kLC[NLC] = {0, 1, -1, 9007199254740993ll, -9007199254740993ll, 9007199254740995ll,
                                       0x7fffffffffffffffll, (long long)0x8000000000000000ull, 0x7ffffffffffffdffll,
                                       16777217ll, -16777217ll, 0x4000000000000200ll};
#define NULC 8
__device__ const unsigned long long kULC[NULC] = {0ull, 1ull, ~0ull, 0x8000000000000001ull, 0x8000000000000400ull,
                                                  0x80000000000007ffull, 0x8000008000000000ull, 9007199254740993ull};
#define NDF 18
__device__ const unsigned long long kDF[NDF] = {
    0x3fd5555555555555ull, 0xbfd5555555555555ull, 0x48078287f49c4a1dull, 0xc8078287f49c4a1dull,
    0x47efffffe0000001ull, 0x3677d4e7f8e1b3eaull, 0xb677d4e7f8e1b3eaull, 0x3ff0000010000000ull,
    0x3ff0000010000001ull, 0x3ff0000030000000ull, 0x7ff8000000000001ull, 0x7ff0000000000000ull,
    0x8000000000000000ull, 0x3698000000000000ull, 0x3598000000000000ull, 0xfff4000000000000ull,
    0x7ff0000000000001ull, 0x7fffffffe0000000ull};
#define CONV_F(fn, W) line##W(#fn, NFC, [](int i) { return fn(F(kFC[i])); })
#define CONV_D(fn, W) line##W(#fn, NDC, [](int i) { return fn(D(kDC[i])); })
#define CONV_MODES(M)                                                                                     \
    CONV_F(__float2int_##M, 32); CONV_F(__float2uint_##M, 32); CONV_F(__float2ll_##M, 64);               \
    CONV_F(__float2ull_##M, 64); CONV_D(__double2int_##M, 32); CONV_D(__double2uint_##M, 32);            \
    CONV_D(__double2ll_##M, 64); CONV_D(__double2ull_##M, 64);                                           \
    line32("__int2float_" #M, NIC, [](int i) { return FB(__int2float_##M(kIC[i])); });                    \
    line32("__uint2float_" #M, NUC, [](int i) { return FB(__uint2float_##M(kUC[i])); });                  \
    line32("__ll2float_" #M, NLC, [](int i) { return FB(__ll2float_##M(kLC[i])); });                      \
    line32("__ull2float_" #M, NULC, [](int i) { return FB(__ull2float_##M(kULC[i])); });                  \
    line64("__ll2double_" #M, NLC, [](int i) { return DB(__ll2double_##M(kLC[i])); });                    \
    line64("__ull2double_" #M, NULC, [](int i) { return DB(__ull2double_##M(kULC[i])); });                \
    line32("__double2float_" #M, NDF, [](int i) { return FB(__double2float_##M(D(kDF[i]))); })

__global__ void conversion_kernel() {
    CONV_MODES(rn); CONV_MODES(rz); CONV_MODES(ru); CONV_MODES(rd);
    line64("__int2double_rn", NIC, [](int i) { return DB(__int2double_rn(kIC[i])); });
    line64("__uint2double_rn", NUC, [](int i) { return DB(__uint2double_rn(kUC[i])); });
    line32("__double2hiint", NDF, [](int i) { return __double2hiint(D(kDF[i])); });
    line32("__double2loint", NDF, [](int i) { return __double2loint(D(kDF[i])); });
    line64("__hiloint2double", NIC, [](int i) { return DB(__hiloint2double(kIC[i], kIC[(i + 5) % NIC])); });
    line32("__float_as_int", NFC, [](int i) { return __float_as_int(F(kFC[i])); });
    line64("__double_as_longlong", NDC, [](int i) { return __double_as_longlong(D(kDC[i])); });
}

// ---------------------------------------------------------- math functions
enum Fn {
    ERFINVF, ERFCINVF, ERFCXF, NORMCDFF, NORMCDFINVF, I0F, I1F, SINPIF, COSPIF, SINCOSPIF_S, SINCOSPIF_C, RCBRTF,
    EXP10F, RHYPOTF, NORM3DF, RNORM3DF, NORM4DF, RNORM4DF, NORMF, RNORMF,
    ERFINV, ERFCINV, ERFCX, NORMCDF, NORMCDFINV, I0, I1, SINPI, COSPI, SINCOSPI_S, SINCOSPI_C, RCBRT,
    EXP10, RHYPOT, NORM3D, RNORM3D, NORM4D, RNORM4D, NORM, RNORM, NFN
};
// Name and the bound CUDA documents for it (ulp from the correctly rounded
// result; the check allows half an ulp more, measuring from the exact value).
struct FnInfo {
    const char* name;
    double ulps;
};
static const FnInfo kFn[NFN] = {
    {"erfinvf", 2}, {"erfcinvf", 4}, {"erfcxf", 4}, {"normcdff", 5}, {"normcdfinvf", 5}, {"cyl_bessel_i0f", 6},
    {"cyl_bessel_i1f", 6}, {"sinpif", 1}, {"cospif", 1}, {"sincospif.sin", 1}, {"sincospif.cos", 1}, {"rcbrtf", 1},
    {"exp10f", 2}, {"rhypotf", 2}, {"norm3df", 2}, {"rnorm3df", 2}, {"norm4df", 2}, {"rnorm4df", 2}, {"normf", 4},
    {"rnormf", 4}, {"erfinv", 5}, {"erfcinv", 6}, {"erfcx", 4}, {"normcdf", 5}, {"normcdfinv", 8},
    {"cyl_bessel_i0", 6}, {"cyl_bessel_i1", 6}, {"sinpi", 2}, {"cospi", 2}, {"sincospi.sin", 2}, {"sincospi.cos", 2},
    {"rcbrt", 1}, {"exp10", 1}, {"rhypot", 2}, {"norm3d", 2}, {"rnorm3d", 2}, {"norm4d", 2}, {"rnorm4d", 2},
    {"norm", 4}, {"rnorm", 4}};
static bool single(int fn) { return fn < ERFINV; }

struct Case {
    int fn, dim;  // dim: the vector length for norm(f)/rnorm(f)
    double a[4];  // the arguments (rounded to float for the float functions)
};
__device__ double eval(const Case& c) {
    const float f0 = (float)c.a[0], f1 = (float)c.a[1], f2 = (float)c.a[2], f3 = (float)c.a[3];
    const double d0 = c.a[0], d1 = c.a[1], d2 = c.a[2], d3 = c.a[3];
    float fs, fc;
    double ds, dc;
    const float fp[4] = {f0, f1, f2, f3};
    const double dp[4] = {d0, d1, d2, d3};
    switch (c.fn) {
        case ERFINVF: return erfinvf(f0);
        case ERFCINVF: return erfcinvf(f0);
        case ERFCXF: return erfcxf(f0);
        case NORMCDFF: return normcdff(f0);
        case NORMCDFINVF: return normcdfinvf(f0);
        case I0F: return cyl_bessel_i0f(f0);
        case I1F: return cyl_bessel_i1f(f0);
        case SINPIF: return sinpif(f0);
        case COSPIF: return cospif(f0);
        case SINCOSPIF_S: sincospif(f0, &fs, &fc); return fs;
        case SINCOSPIF_C: sincospif(f0, &fs, &fc); return fc;
        case RCBRTF: return rcbrtf(f0);
        case EXP10F: return exp10f(f0);
        case RHYPOTF: return rhypotf(f0, f1);
        case NORM3DF: return norm3df(f0, f1, f2);
        case RNORM3DF: return rnorm3df(f0, f1, f2);
        case NORM4DF: return norm4df(f0, f1, f2, f3);
        case RNORM4DF: return rnorm4df(f0, f1, f2, f3);
        case NORMF: return normf(c.dim, fp);
        case RNORMF: return rnormf(c.dim, fp);
        case ERFINV: return erfinv(d0);
        case ERFCINV: return erfcinv(d0);
        case ERFCX: return erfcx(d0);
        case NORMCDF: return normcdf(d0);
        case NORMCDFINV: return normcdfinv(d0);
        case I0: return cyl_bessel_i0(d0);
        case I1: return cyl_bessel_i1(d0);
        case SINPI: return sinpi(d0);
        case COSPI: return cospi(d0);
        case SINCOSPI_S: sincospi(d0, &ds, &dc); return ds;
        case SINCOSPI_C: sincospi(d0, &ds, &dc); return dc;
        case RCBRT: return rcbrt(d0);
        case EXP10: return exp10(d0);
        case RHYPOT: return rhypot(d0, d1);
        case NORM3D: return norm3d(d0, d1, d2);
        case RNORM3D: return rnorm3d(d0, d1, d2);
        case NORM4D: return norm4d(d0, d1, d2, d3);
        case RNORM4D: return rnorm4d(d0, d1, d2, d3);
        case NORM: return norm(c.dim, dp);
        case RNORM: return rnorm(c.dim, dp);
    }
    return 0;
}
__global__ void math_kernel(const Case* cases, int n, double* out) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) out[i] = eval(cases[i]);
}

// The host's references, in long double, by other means where there is one
// (bisection for the inverses, other reductions and thresholds).
typedef long double ld;
static const ld kPiL = 3.141592653589793238462643383279502884L;
static ld ref_erfinv(ld x) {
    if (std::isnan(x) || fabsl(x) > 1) return NAN;
    if (x == 0 || fabsl(x) == 1) return x == 0 ? x : copysignl(INFINITY, x);
    const ld ax = fabsl(x), z = 1 - ax;
    ld lo = ax > 0.5L ? 0 : 0.8L * ax, hi = ax > 0.5L ? 30 : ax;  // erfinv(x) is within [0.88x, x] up to 1/2
    for (int i = 0; i < 400; ++i) {
        const ld mid = (lo + hi) / 2;
        if (mid <= lo || mid >= hi) break;
        if (ax > 0.5L ? erfcl(mid) > z : erfl(mid) < ax) lo = mid;
        else hi = mid;
    }
    return copysignl((lo + hi) / 2, x);
}
static ld ref_erfc_tail(ld z) {  // erfc(y) = z, z < 1/2
    ld lo = 0, hi = 30;
    for (int i = 0; i < 400; ++i) {
        const ld mid = (lo + hi) / 2;
        if (mid <= lo || mid >= hi) break;
        if (erfcl(mid) > z) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}
static ld ref_erfcinv(ld z) {
    if (std::isnan(z) || z < 0 || z > 2) return NAN;
    if (z == 0 || z == 2) return z == 0 ? INFINITY : -INFINITY;
    if (z < 0.5L) return ref_erfc_tail(z);
    if (z > 1.5L) return -ref_erfc_tail(2 - z);
    return ref_erfinv(1 - z);
}
static ld ref_erfcx(ld x) {
    if (std::isnan(x) || std::isinf(x)) return std::isnan(x) ? x : (x > 0 ? 0 : INFINITY);
    if (x < -106) return INFINITY;
    if (x <= 100) {
        const ld h = x * x, l = fmal(x, x, -h);
        return expl(h) * (1 + l) * erfcl(x);
    }
    ld term = 1, sum = 1;
    for (int k = 1; k < 40 && fabsl(term) > 1e-24L; ++k) sum += (term *= -(2 * k - 1) / (2 * x * x));
    return sum / (x * sqrtl(kPiL));
}
static ld ref_normcdf(ld x) {
    if (std::isnan(x) || std::isinf(x)) return std::isnan(x) ? x : (x > 0 ? 1 : 0);
    // -x / sqrt(2) as t + te exactly enough, and erfc(t + te) to first order.
    const ld c = sqrtl(0.5L), c_lo = fmal(-c, c, 0.5L) / (2 * c);
    const ld t = -x * c, te = fmal(-x, c, -t) + -x * c_lo;
    return (erfcl(t) - te * 2 / sqrtl(kPiL) * expl(-t * t)) / 2;
}
static ld ref_normcdfinv(ld p) {
    if (std::isnan(p) || p < 0 || p > 1) return NAN;
    if (p == 0 || p == 1) return p == 0 ? -INFINITY : INFINITY;
    if (p == 0.5L) return 0;
    return -sqrtl(2.0L) * ref_erfcinv(2 * p);
}
static ld ref_bessel(int order, ld x) {
    if (std::isnan(x)) return x;
    const ld ax = fabsl(x);
    ld r;
    if (std::isinf(ax)) {
        r = INFINITY;
    } else if (ax < 60) {
        ld term = order == 0 ? 1 : ax / 2, sum = term;
        for (int k = 1; k < 400; ++k) sum += (term *= (ax / 2) * (ax / 2) / (ld(k) * (k + order)));
        r = sum;
    } else {
        ld term = 1, sum = 1;
        for (int k = 1; k < 200; ++k) {
            const ld next = term * -(4 * order * order - ld(2 * k - 1) * (2 * k - 1)) / (k * 8 * ax);
            if (fabsl(next) >= fabsl(term) || fabsl(next) < 1e-25L) break;
            sum += (term = next);
        }
        r = expl(ax) / sqrtl(2 * kPiL * ax) * sum;
    }
    return order == 1 && std::signbit(x) ? -r : r;
}
static ld ref_sinpi(ld x) {
    if (!std::isfinite(x)) return NAN;
    ld r = fmodl(fabsl(x), 2), sign = std::signbit(x) ? -1 : 1;
    if (r >= 1) r -= 1, sign = -sign;
    if (r > 0.5L) r = 1 - r;
    const ld s = sinl(kPiL * r);
    return s == 0 ? copysignl(0, x) : sign * s;
}
static ld ref_cospi(ld x) {
    if (!std::isfinite(x)) return NAN;
    ld r = fmodl(fabsl(x), 2), sign = 1;
    if (r > 1) r = 2 - r;
    if (r > 0.5L) r = 1 - r, sign = -1;
    const ld c = r <= 0.25L ? cosl(kPiL * r) : sinl(kPiL * (0.5L - r));
    return c == 0 ? 0 : sign * c;
}
static ld ref_norm(int dim, const ld* p, bool reciprocal) {
    bool inf = false, nan = false;
    ld sum = 0;
    for (int i = 0; i < dim; ++i) {
        if (std::isinf(p[i])) inf = true;
        else if (std::isnan(p[i])) nan = true;
        else sum += p[i] * p[i];
    }
    if (inf) return reciprocal ? 0 : INFINITY;
    if (nan) return NAN;
    return reciprocal ? 1 / sqrtl(sum) : sqrtl(sum);
}
static ld reference(const Case& c) {
    ld a[4];
    for (int i = 0; i < 4; ++i) a[i] = single(c.fn) ? (ld)(float)c.a[i] : (ld)c.a[i];
    switch (c.fn) {
        case ERFINVF: case ERFINV: return ref_erfinv(a[0]);
        case ERFCINVF: case ERFCINV: return ref_erfcinv(a[0]);
        case ERFCXF: case ERFCX: return ref_erfcx(a[0]);
        case NORMCDFF: case NORMCDF: return ref_normcdf(a[0]);
        case NORMCDFINVF: case NORMCDFINV: return ref_normcdfinv(a[0]);
        case I0F: case I0: return ref_bessel(0, a[0]);
        case I1F: case I1: return ref_bessel(1, a[0]);
        case SINPIF: case SINCOSPIF_S: case SINPI: case SINCOSPI_S: return ref_sinpi(a[0]);
        case COSPIF: case SINCOSPIF_C: case COSPI: case SINCOSPI_C: return ref_cospi(a[0]);
        case RCBRTF: case RCBRT: return 1 / cbrtl(a[0]);
        case EXP10F: case EXP10: return powl(10, a[0]);
        case RHYPOTF: case RHYPOT: return ref_norm(2, a, true);
        case NORM3DF: case NORM3D: return ref_norm(3, a, false);
        case RNORM3DF: case RNORM3D: return ref_norm(3, a, true);
        case NORM4DF: case NORM4D: return ref_norm(4, a, false);
        case RNORM4DF: case RNORM4D: return ref_norm(4, a, true);
        case NORMF: case NORM: return ref_norm(c.dim, a, false);
        default: return ref_norm(c.dim, a, true);
    }
}
// Whether got is within tol ulp of the exact ref (NaN for NaN, signed zero
// and infinity exactly; an overflowing ref may give inf).
static bool within(ld ref, double got, bool is_float, double tol, double* ulps) {
    *ulps = 0;
    if (std::isnan(ref) || std::isnan(got)) return std::isnan(ref) && std::isnan(got);
    if (ref == 0 || std::isinf(ref)) return got == ref && std::signbit(got) == std::signbit(ref);
    const ld max = is_float ? (ld)FLT_MAX : (ld)DBL_MAX;
    if (std::isinf(got)) return fabsl(ref) > max && (got > 0) == (ref > 0);
    const int mant = is_float ? 23 : 52, emin = is_float ? -126 : -1022, emax = is_float ? 127 : 1023;
    const int e = ilogbl(ref) < emin ? emin : (ilogbl(ref) > emax ? emax : ilogbl(ref));
    *ulps = (double)(fabsl((ld)got - ref) / ldexpl(1, e - mant));
    return *ulps <= tol;
}

#define C1(fn, x) {fn, 0, {x, 0, 0, 0}}
#define C2(fn, x, y) {fn, 0, {x, y, 0, 0}}
#define C3(fn, x, y, z) {fn, 0, {x, y, z, 0}}
#define C4(fn, x, y, z, w) {fn, 0, {x, y, z, w}}
#define CN(fn, d, x, y, z, w) {fn, d, {x, y, z, w}}
static const double kInf = INFINITY, kNan = NAN;
static const Case kCases[] = {
    C1(ERFINVF, 0.0), C1(ERFINVF, -0.0), C1(ERFINVF, 0.5), C1(ERFINVF, -0.5), C1(ERFINVF, 0.1), C1(ERFINVF, 1e-20),
    C1(ERFINVF, 0.9), C1(ERFINVF, 0.999), C1(ERFINVF, 0.99999994), C1(ERFINVF, -0.9999), C1(ERFINVF, 1.0),
    C1(ERFINVF, -1.0), C1(ERFINVF, 1.5), C1(ERFINVF, kNan),
    C1(ERFCINVF, 0.0), C1(ERFCINVF, 2.0), C1(ERFCINVF, 1.0), C1(ERFCINVF, 0.5), C1(ERFCINVF, 1.5), C1(ERFCINVF, 1e-10),
    C1(ERFCINVF, 1e-30), C1(ERFCINVF, 1.4e-45), C1(ERFCINVF, 1.9999999), C1(ERFCINVF, 0.3), C1(ERFCINVF, -1.0),
    C1(ERFCINVF, 3.0), C1(ERFCINVF, kNan),
    C1(ERFCXF, 0.0), C1(ERFCXF, 1.0), C1(ERFCXF, -1.0), C1(ERFCXF, 5.0), C1(ERFCXF, 10.0), C1(ERFCXF, 30.0),
    C1(ERFCXF, 100.0), C1(ERFCXF, 1e10), C1(ERFCXF, -5.0), C1(ERFCXF, -9.3), C1(ERFCXF, -10.0), C1(ERFCXF, 0.3),
    C1(ERFCXF, kInf), C1(ERFCXF, -kInf), C1(ERFCXF, kNan),
    C1(NORMCDFF, 0.0), C1(NORMCDFF, 1.0), C1(NORMCDFF, -1.0), C1(NORMCDFF, -5.0), C1(NORMCDFF, -10.0),
    C1(NORMCDFF, -14.0), C1(NORMCDFF, 5.0), C1(NORMCDFF, 10.0), C1(NORMCDFF, 0.3), C1(NORMCDFF, kInf),
    C1(NORMCDFF, -kInf), C1(NORMCDFF, kNan),
    C1(NORMCDFINVF, 0.0), C1(NORMCDFINVF, 1.0), C1(NORMCDFINVF, 0.5), C1(NORMCDFINVF, 0.025),
    C1(NORMCDFINVF, 0.975), C1(NORMCDFINVF, 1e-10), C1(NORMCDFINVF, 1e-38), C1(NORMCDFINVF, 1.4e-45),
    C1(NORMCDFINVF, 0.9999999), C1(NORMCDFINVF, -0.1), C1(NORMCDFINVF, 1.1), C1(NORMCDFINVF, kNan),
    C1(I0F, 0.0), C1(I0F, 1.0), C1(I0F, -1.0), C1(I0F, 5.0), C1(I0F, 20.0), C1(I0F, 50.0), C1(I0F, 89.0),
    C1(I0F, 100.0), C1(I0F, 1e-20), C1(I0F, kInf), C1(I0F, kNan),
    C1(I1F, 0.0), C1(I1F, -0.0), C1(I1F, 1.0), C1(I1F, -1.0), C1(I1F, 5.0), C1(I1F, 20.0), C1(I1F, 50.0),
    C1(I1F, 89.0), C1(I1F, 100.0), C1(I1F, -100.0), C1(I1F, 1e-20), C1(I1F, kNan),
#define PI_ARGS(fn)                                                                                                 \
    C1(fn, 0.0), C1(fn, -0.0), C1(fn, 0.5), C1(fn, 1.0), C1(fn, 2.0), C1(fn, -1.0), C1(fn, -2.0), C1(fn, 0.25),     \
        C1(fn, 1.0 / 3), C1(fn, 1e-10), C1(fn, 0.75), C1(fn, 1000.3), C1(fn, 8388607.5), C1(fn, 16777216.0),        \
        C1(fn, 1.5), C1(fn, -0.5), C1(fn, 0.999), C1(fn, kInf), C1(fn, kNan)
    PI_ARGS(SINPIF), PI_ARGS(COSPIF), PI_ARGS(SINCOSPIF_S), PI_ARGS(SINCOSPIF_C),
    C1(RCBRTF, 1.0), C1(RCBRTF, 8.0), C1(RCBRTF, -27.0), C1(RCBRTF, 0.0), C1(RCBRTF, -0.0), C1(RCBRTF, kInf),
    C1(RCBRTF, -kInf), C1(RCBRTF, 1.4e-45), C1(RCBRTF, 3e38), C1(RCBRTF, 2.0), C1(RCBRTF, kNan),
    C1(EXP10F, 0.0), C1(EXP10F, 1.0), C1(EXP10F, -1.0), C1(EXP10F, 2.5), C1(EXP10F, 38.0), C1(EXP10F, 38.6),
    C1(EXP10F, -45.0), C1(EXP10F, -46.0), C1(EXP10F, 0.3), C1(EXP10F, kNan), C1(EXP10F, kInf), C1(EXP10F, -kInf),
    C2(RHYPOTF, 3.0, 4.0), C2(RHYPOTF, 0.0, 0.0), C2(RHYPOTF, kInf, kNan), C2(RHYPOTF, kNan, 1.0),
    C2(RHYPOTF, 1e30, 1e30), C2(RHYPOTF, 1e-30, 1e-30), C2(RHYPOTF, -3.0, 4.0),
#define NORM3_ARGS(fn)                                                                                             \
    C3(fn, 1.0, 2.0, 2.0), C3(fn, 1e30, 1e30, 1e30), C3(fn, 1e-40, 1e-40, 1e-40), C3(fn, kInf, kNan, 1.0),          \
        C3(fn, kNan, 1.0, 1.0), C3(fn, 0.0, 0.0, 0.0), C3(fn, -1.0, -2.0, -2.0), C3(fn, 1e300, 1e300, 1.0),         \
        C3(fn, 1e-310, 2e-310, 0.0)
#define NORM4_ARGS(fn)                                                                                             \
    C4(fn, 1.0, 1.0, 1.0, 1.0), C4(fn, 1e30, 1e30, 1e30, 1e30), C4(fn, 1.0, kNan, -kInf, 2.0),                      \
        C4(fn, 0.0, 0.0, 0.0, 0.0), C4(fn, 1.0, 2.0, 3.0, 4.0), C4(fn, 1e300, -1e300, 1e300, 1e300),                \
        C4(fn, 0.1, 0.2, 0.3, kNan)
#define NORMN_ARGS(fn)                                                                                             \
    CN(fn, 1, -3.0, 0, 0, 0), CN(fn, 2, 3.0, 4.0, 0, 0), CN(fn, 3, 1e30, 1e-30, 1.0, 0), CN(fn, 4, 1.0, 2.0, 3.0, 4.0), \
        CN(fn, 4, kNan, 1.0, kInf, 0.0), CN(fn, 2, kNan, 1.0, 0, 0), CN(fn, 2, 0.0, -0.0, 0, 0)
    NORM3_ARGS(NORM3DF), NORM3_ARGS(RNORM3DF), NORM4_ARGS(NORM4DF), NORM4_ARGS(RNORM4DF),
    NORMN_ARGS(NORMF), NORMN_ARGS(RNORMF),
    C1(ERFINV, 0.0), C1(ERFINV, -0.0), C1(ERFINV, 0.5), C1(ERFINV, -0.25), C1(ERFINV, 1e-300), C1(ERFINV, 0.9),
    C1(ERFINV, 0.999999), C1(ERFINV, 1 - 0x1p-53), C1(ERFINV, -0.99999999999), C1(ERFINV, 1.0), C1(ERFINV, -1.0),
    C1(ERFINV, 1.01), C1(ERFINV, kNan),
    C1(ERFCINV, 0.0), C1(ERFCINV, 2.0), C1(ERFCINV, 1.0), C1(ERFCINV, 0.5), C1(ERFCINV, 1.5), C1(ERFCINV, 1e-100),
    C1(ERFCINV, 1e-300), C1(ERFCINV, 4.9e-324), C1(ERFCINV, 2 - 0x1p-52), C1(ERFCINV, 0.3), C1(ERFCINV, 1.7),
    C1(ERFCINV, -1.0), C1(ERFCINV, kNan),
    C1(ERFCX, 0.0), C1(ERFCX, 1.0), C1(ERFCX, -1.0), C1(ERFCX, 5.0), C1(ERFCX, 26.0), C1(ERFCX, 27.5),
    C1(ERFCX, 60.0), C1(ERFCX, 1e10), C1(ERFCX, 1e300), C1(ERFCX, -20.0), C1(ERFCX, -26.5), C1(ERFCX, -27.0),
    C1(ERFCX, 0.3), C1(ERFCX, kInf), C1(ERFCX, -kInf), C1(ERFCX, kNan),
    C1(NORMCDF, 0.0), C1(NORMCDF, 1.0), C1(NORMCDF, -1.0), C1(NORMCDF, -10.0), C1(NORMCDF, -30.0),
    C1(NORMCDF, -37.5), C1(NORMCDF, -38.4), C1(NORMCDF, 8.0), C1(NORMCDF, 40.0), C1(NORMCDF, 0.3),
    C1(NORMCDF, kInf), C1(NORMCDF, -kInf), C1(NORMCDF, kNan),
    C1(NORMCDFINV, 0.0), C1(NORMCDFINV, 1.0), C1(NORMCDFINV, 0.5), C1(NORMCDFINV, 0.025), C1(NORMCDFINV, 0.975),
    C1(NORMCDFINV, 1e-20), C1(NORMCDFINV, 1e-300), C1(NORMCDFINV, 4.9e-324), C1(NORMCDFINV, 1 - 0x1p-53),
    C1(NORMCDFINV, 0.3), C1(NORMCDFINV, -0.1), C1(NORMCDFINV, 1.1), C1(NORMCDFINV, kNan),
    C1(I0, 0.0), C1(I0, 1.0), C1(I0, -1.0), C1(I0, 5.0), C1(I0, 29.9), C1(I0, 30.1), C1(I0, 100.0), C1(I0, 700.0),
    C1(I0, 713.0), C1(I0, 714.0), C1(I0, 1e-200), C1(I0, -kInf), C1(I0, kNan),
    C1(I1, 0.0), C1(I1, -0.0), C1(I1, 1.0), C1(I1, -1.0), C1(I1, 5.0), C1(I1, 29.9), C1(I1, 30.1), C1(I1, 100.0),
    C1(I1, 700.0), C1(I1, -713.0), C1(I1, 714.0), C1(I1, 1e-200), C1(I1, kNan),
    PI_ARGS(SINPI), C1(SINPI, 4503599627370495.5), C1(SINPI, 1e300), PI_ARGS(COSPI), C1(COSPI, 4503599627370495.5),
    C1(COSPI, 1e300), PI_ARGS(SINCOSPI_S), PI_ARGS(SINCOSPI_C),
    C1(RCBRT, 1.0), C1(RCBRT, 8.0), C1(RCBRT, -27.0), C1(RCBRT, 0.0), C1(RCBRT, -0.0), C1(RCBRT, kInf),
    C1(RCBRT, -kInf), C1(RCBRT, 4.9e-324), C1(RCBRT, 1e308), C1(RCBRT, 2.0), C1(RCBRT, kNan),
    C1(EXP10, 0.0), C1(EXP10, 1.0), C1(EXP10, -1.0), C1(EXP10, 2.5), C1(EXP10, 308.0), C1(EXP10, 308.3),
    C1(EXP10, -320.0), C1(EXP10, -324.0), C1(EXP10, 0.3), C1(EXP10, kNan), C1(EXP10, kInf), C1(EXP10, -kInf),
    C2(RHYPOT, 3.0, 4.0), C2(RHYPOT, 0.0, 0.0), C2(RHYPOT, kInf, kNan), C2(RHYPOT, kNan, 1.0),
    C2(RHYPOT, 1e300, 1e300), C2(RHYPOT, 1e-300, 1e-300), C2(RHYPOT, -3.0, 4.0),
    NORM3_ARGS(NORM3D), NORM3_ARGS(RNORM3D), NORM4_ARGS(NORM4D), NORM4_ARGS(RNORM4D), NORMN_ARGS(NORM),
    NORMN_ARGS(RNORM)};

static int run_math_checks() {
    const int n = int(sizeof kCases / sizeof kCases[0]);
    Case* dcases = nullptr;
    double* dout = nullptr;
    cudaMalloc(&dcases, sizeof kCases);
    cudaMalloc(&dout, n * sizeof(double));
    cudaMemcpy(dcases, kCases, sizeof kCases, cudaMemcpyHostToDevice);
    math_kernel<<<1, 1>>>(dcases, n, dout);
    static double out[sizeof kCases / sizeof kCases[0]];
    cudaMemcpy(out, dout, n * sizeof(double), cudaMemcpyDeviceToHost);
    cudaFree(dcases);
    cudaFree(dout);
    int failed = 0;
    for (int fn = 0; fn < NFN; ++fn) {
        int total = 0, passed = 0;
        for (int i = 0; i < n; ++i) {
            if (kCases[i].fn != fn) continue;
            const ld ref = reference(kCases[i]);
            double ulps;
            ++total;
            if (within(ref, out[i], single(fn), kFn[fn].ulps + 0.5, &ulps)) {
                ++passed;
                continue;
            }
            std::printf("  %s(%a, %a, %a, %a) = %a, reference %.21Lg (%.1f ulp)\n", kFn[fn].name, kCases[i].a[0],
                        kCases[i].a[1], kCases[i].a[2], kCases[i].a[3], out[i], ref, ulps);
        }
        std::printf("%s: %d of %d within %g ulp\n", kFn[fn].name, passed, total, kFn[fn].ulps);
        failed += total - passed;
    }
    return failed;
}


int main() {
    simd_kernel<<<1, 1>>>();
    cudaDeviceSynchronize();
    integer_kernel<<<1, 1>>>();
    cudaDeviceSynchronize();
    rounding_kernel<<<1, 1>>>();
    cudaDeviceSynchronize();
    conversion_kernel<<<1, 1>>>();
    cudaDeviceSynchronize();
    const int failed = run_math_checks();
    const cudaError_t err = cudaGetLastError();
    std::printf("errors: %s, math failures: %d\n", cudaGetErrorName(err), failed);
    return err == cudaSuccess && failed == 0 ? 0 : 1;
}
