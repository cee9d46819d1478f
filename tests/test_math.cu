// Device math functions, intrinsics and vector types against host values.
#include "support.h"

#include <cmath>

namespace {

__global__ void float_math(const float* x, float* out) {
    const int i = threadIdx.x;
    const float v = x[i];
    float* o = out + i * 12;
    o[0] = __expf(v);
    o[1] = rsqrtf(v + 1.0f);
    o[2] = fmaf(v, 2.0f, 1.0f);
    o[3] = __fdividef(v, 3.0f);
    o[4] = min(v, 0.5f);
    o[5] = max(v, 0.5f);
    o[6] = float(__float2int_rn(v * 10.0f));
    o[7] = sqrtf(v);
    o[8] = __saturatef(v - 0.5f);
    o[9] = __sinf(v) * __sinf(v) + __cosf(v) * __cosf(v);
    o[10] = __int_as_float(__float_as_int(v));
    o[11] = __logf(v + 1.0f);
}

__global__ void bit_math(const unsigned* x, int* pop, int* clz, int* ffs, unsigned* brev, unsigned* perm, int* mn) {
    const int i = threadIdx.x;
    pop[i] = __popc(x[i]);
    clz[i] = __clz(int(x[i]));
    ffs[i] = __ffs(int(x[i]));
    brev[i] = __brev(x[i]);
    perm[i] = __byte_perm(x[i], 0xaabbccddu, 0x7351);
    mn[i] = min(int(x[i] % 100), 50) + max(3, int(x[i] % 7));
}

__global__ void vectors(const float4* in, float4* out, int2* ints) {
    const int i = threadIdx.x;
    const float4 v = in[i];
    out[i] = make_float4(v.w, v.z, v.y, v.x);
    ints[i] = make_int2(i, -i);
    const float2 f2 = make_float2(1.0f, 2.0f);
    const float3 f3 = make_float3(f2.x, f2.y, 3.0f);
    if (f3.z != 3.0f) out[i].x = -1.0f;
}

}  // namespace

TEST_CASE("float math functions and fast intrinsics compute the accurate values") {
    SIMT_EACH_MODE();
    const int n = 32;
    simt::test::Managed<float> x(n), out(n * 12);
    for (int i = 0; i < n; ++i) x[i] = 0.05f * float(i);
    float_math<<<1, n>>>(x, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; ++i) {
        const float v = x[i];
        const float* o = &out[i * 12];
        CHECK(o[0] == Approx(std::exp(v)));
        CHECK(o[1] == Approx(1.0f / std::sqrt(v + 1.0f)));
        CHECK(o[2] == std::fma(v, 2.0f, 1.0f));
        CHECK(o[3] == Approx(v / 3.0f));
        CHECK(o[4] == std::min(v, 0.5f));
        CHECK(o[5] == std::max(v, 0.5f));
        CHECK(o[6] == float(std::lrint(v * 10.0f)));
        CHECK(o[7] == Approx(std::sqrt(v)));
        CHECK(o[8] == std::clamp(v - 0.5f, 0.0f, 1.0f));
        CHECK(o[9] == Approx(1.0f));
        CHECK(o[10] == v);
        CHECK(o[11] == Approx(std::log(v + 1.0f)));
    }
}

TEST_CASE("integer intrinsics __popc, __clz, __ffs, __brev, __byte_perm and integer min/max") {
    SIMT_EACH_MODE();
    const unsigned values[] = {0u, 1u, 0x80000000u, 0xdeadbeefu, 0x00f0f000u, 12345u, 0xffffffffu, 64u};
    simt::test::Managed<unsigned> x(8), brev(8), perm(8);
    simt::test::Managed<int> pop(8), clz(8), ffs(8), mn(8);
    for (int i = 0; i < 8; ++i) x[i] = values[i];
    bit_math<<<1, 8>>>(x, pop, clz, ffs, brev, perm, mn);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 8; ++i) {
        const unsigned v = values[i];
        CHECK(pop[i] == __builtin_popcount(v));
        CHECK(clz[i] == (v == 0 ? 32 : __builtin_clz(v)));
        CHECK(ffs[i] == __builtin_ffs(int(v)));
        unsigned r = 0;
        for (int b = 0; b < 32; ++b)
            if (v & (1u << b)) r |= 1u << (31 - b);
        CHECK(brev[i] == r);
        const unsigned long long bytes = (0xaabbccddull << 32) | v;
        const unsigned sel[4] = {1, 5, 3, 7};
        unsigned p = 0;
        for (int k = 0; k < 4; ++k) p |= unsigned((bytes >> (8 * sel[k])) & 0xff) << (8 * k);
        CHECK(perm[i] == p);
        CHECK(mn[i] == std::min(int(v % 100), 50) + std::max(3, int(v % 7)));
    }
}

TEST_CASE("vector types: float4 loads and stores, make_* constructors") {
    SIMT_EACH_MODE();
    simt::test::Managed<float4> in(16), out(16);
    simt::test::Managed<int2> ints(16);
    for (int i = 0; i < 16; ++i) in[i] = make_float4(float(i), float(i) + 0.25f, float(i) + 0.5f, float(i) + 0.75f);
    vectors<<<1, 16>>>(in, out, ints);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 16; ++i) {
        CHECK(out[i].x == float(i) + 0.75f);
        CHECK(out[i].w == float(i));
        CHECK(ints[i].y == -i);
    }
    CHECK(alignof(float4) == 16);
    CHECK(sizeof(int2) == 8);
}

namespace {

__global__ void fast_divisions(const float* x, const float* y, float* out, int n) {
    const int i = threadIdx.x;
    if (i < n) out[i] = __fdividef(x[i], y[i]);
}

}  // namespace

TEST_CASE("__fdividef gives 0, or NaN for an infinite x, for 2^126 < |y| < 2^128, as the math API documents") {
    const float x[] = {3.0f, -3.0f, INFINITY, 3.0f, 1.0f, 6.0f};
    const float y[] = {1.5e38f, 1.5e38f, 1.5e38f, -2e38f, 0x1p126f, 3.0f};
    const int n = 6;
    simt::test::Managed<float> dx(n), dy(n), out(n, -1.0f);
    for (int i = 0; i < n; ++i) {
        dx[i] = x[i];
        dy[i] = y[i];
    }
    fast_divisions<<<1, 32>>>(dx, dy, out, n);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 0.0f);
    CHECK(out[1] == 0.0f);
    CHECK(std::isnan(out[2]));
    CHECK(out[3] == 0.0f);
    CHECK(out[4] == 0x1p-126f);  // 2^126 itself still divides
    CHECK(out[5] == 2.0f);
}

namespace {

__global__ void printf_results(int* r) {
    r[0] = printf("plain\n");
    r[1] = printf("%d\n", 7);
    r[2] = printf("%d %s %f\n", 1, "two", 3.0);
    r[3] = printf("%*d|%.*f\n", 5, 42, 2, 1.5);
    r[4] = printf("100%% %c\n", 'x');
}

}  // namespace

// An H100 (docs/gpu-runs/printf.md): "returns: 0 1 3 2 1"; the line with a
// * precision prints "   42|%.*f": the conversion as written, no argument read.
TEST_CASE("device printf returns the number of arguments its format reads, as CUDA documents, not the characters") {
    simt::test::Managed<int> r(5, -7);
    printf_results<<<1, 1>>>(r);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(r[0] == 0);
    CHECK(r[1] == 1);
    CHECK(r[2] == 3);
    CHECK(r[3] == 2);
    CHECK(r[4] == 1);
}
