// Warp shuffles (with width), votes, activemask, match, reductions and
// __syncwarp, against host references, for both warp sizes.
#include "support.h"

#include <algorithm>
#include <type_traits>

namespace {

unsigned long long full(unsigned ws) { return ws == 64 ? ~0ull : 0xffffffffull; }

__global__ void shuffles(const int* in, int* idx, int* up, int* down, int* xr, int width, int delta) {
    const int i = threadIdx.x;
    const unsigned long long mask = simt_full_mask();
    const int v = in[i];
    idx[i] = __shfl_sync(mask, v, (i * 7 + 3) % width, width);
    up[i] = __shfl_up_sync(mask, v, delta, width);
    down[i] = __shfl_down_sync(mask, v, delta, width);
    xr[i] = __shfl_xor_sync(mask, v, delta, width);
}

__global__ void shuffle_types(double* d, long long* ll, float* f) {
    const int i = threadIdx.x;
    const unsigned long long mask = simt_full_mask();
    d[i] = __shfl_down_sync(mask, d[i], 1);
    ll[i] = __shfl_xor_sync(mask, ll[i], 1);
    f[i] = __shfl_sync(mask, f[i], 0);
}

__global__ void voting(const int* pred, unsigned long long* ballot, int* all, int* any) {
    const int i = threadIdx.x;
    const unsigned long long mask = simt_full_mask();
    ballot[i] = simt_ballot64(mask, pred[i]);
    all[i] = __all_sync(mask, pred[i]);
    any[i] = __any_sync(mask, pred[i]);
}

__global__ void active_in_branch(unsigned* mask_out) {
    const int lane = threadIdx.x % warpSize;
    if (lane % 3 == 0) mask_out[threadIdx.x] = __activemask();
    else mask_out[threadIdx.x] = 0;
}

__global__ void matching(const int* value, unsigned* any, unsigned* all, int* pred) {
    const int i = threadIdx.x;
    any[i] = __match_any_sync(simt_full_mask(), value[i]);
    all[i] = __match_all_sync(simt_full_mask(), value[i], &pred[i]);
}

__global__ void reductions(const int* v, int* add, int* mn, int* mx, unsigned* a, unsigned* o, unsigned* x) {
    const int i = threadIdx.x;
    const unsigned long long mask = simt_full_mask();
    add[i] = __reduce_add_sync(mask, v[i]);
    mn[i] = __reduce_min_sync(mask, v[i]);
    mx[i] = __reduce_max_sync(mask, v[i]);
    a[i] = __reduce_and_sync(mask, unsigned(v[i]));
    o[i] = __reduce_or_sync(mask, unsigned(v[i]));
    x[i] = __reduce_xor_sync(mask, unsigned(v[i]));
}

// The warp-level tutorial's conditional __syncwarp: lanes that took the
// branch synchronise among themselves with the mask a ballot gave them.
__global__ void conditional_syncwarp(int* data) {
    __shared__ int s[64];
    const int lane = threadIdx.x;
    const unsigned mask = __ballot_sync(0xffffffff, lane % 2 == 0);
    if (lane % 2 == 0) {
        s[lane] = lane * 10;
        __syncwarp(mask);
        data[lane] = s[(lane + 2) % 32];
    }
}

__global__ void warp_sum(const float* in, float* out) {
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(simt_full_mask(), v, offset);
    if (threadIdx.x % warpSize == 0) out[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
}

}  // namespace

TEST_CASE("__shfl_sync, __shfl_up_sync, __shfl_down_sync and __shfl_xor_sync follow CUDA's segment rules for every width") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    const int width = GENERATE(1, 2, 4, 8, 16, 32, 64);
    const int delta = GENERATE(1, 3, 16);
    if (width > ws) return;
    CAPTURE(width, delta);
    simt::test::Managed<int> in(ws), idx(ws), up(ws), down(ws), xr(ws);
    for (int i = 0; i < ws; ++i) in[i] = 1000 + i * i;
    shuffles<<<1, ws>>>(in, idx, up, down, xr, width, delta);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int lane = 0; lane < ws; ++lane) {
        const int base = lane / width * width, pos = lane - base;
        REQUIRE(idx[lane] == in[base + ((lane * 7 + 3) % width) % width]);
        REQUIRE(up[lane] == (pos >= delta ? in[lane - delta] : in[lane]));
        REQUIRE(down[lane] == (pos + delta < width ? in[lane + delta] : in[lane]));
        const int src = lane ^ delta;  // an earlier segment is read (PTX: src <= the segment's last lane)
        REQUIRE(xr[lane] == (src < base + width ? in[src] : in[lane]));
    }
}

TEST_CASE("shuffles move 8-byte doubles and long longs and 4-byte floats intact") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    simt::test::Managed<double> d(ws);
    simt::test::Managed<long long> ll(ws);
    simt::test::Managed<float> f(ws);
    for (int i = 0; i < ws; ++i) {
        d[i] = 1.0 / (i + 1);
        ll[i] = (1ll << 40) + i;
        f[i] = 0.5f + float(i);
    }
    shuffle_types<<<1, ws>>>(d, ll, f);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < ws; ++i) {
        REQUIRE(d[i] == (i + 1 < ws ? 1.0 / (i + 2) : 1.0 / (i + 1)));
        REQUIRE(ll[i] == (1ll << 40) + (i ^ 1));
        REQUIRE(f[i] == 0.5f);
    }
}

TEST_CASE("__ballot_sync, __all_sync and __any_sync vote over the warp, partial last warps included") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    const int block = GENERATE(32, 48, 100, 128);
    CAPTURE(block);
    simt::test::Managed<int> pred(block), all(block), any(block);
    simt::test::Managed<unsigned long long> ballot(block);
    for (int i = 0; i < block; ++i) pred[i] = (i % 5 == 0) || (i >= 64 && i < 96) ? 1 : 0;
    voting<<<1, block>>>(pred, ballot, all, any);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < block; ++i) {
        const int first = i / ws * ws, last = std::min(first + ws, block);
        unsigned long long expect = 0;
        for (int j = first; j < last; ++j)
            if (pred[j]) expect |= 1ull << (j - first);
        const unsigned long long present = (last - first) == 64 ? ~0ull : ((1ull << (last - first)) - 1);
        REQUIRE(ballot[i] == expect);
        REQUIRE(all[i] == (expect == present ? 1 : 0));
        REQUIRE(any[i] == (expect != 0 ? 1 : 0));
    }
    (void)full;
}

TEST_CASE("__activemask names the lanes that reached it together") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    simt::test::Managed<unsigned> out(ws);
    active_in_branch<<<1, ws>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    unsigned expect = 0;
    for (int l = 0; l < 32; l += 3) expect |= 1u << l;  // the low 32 lanes of the mask
    for (int l = 0; l < ws; ++l) REQUIRE(out[l] == (l % 3 == 0 ? expect : 0u));
}

TEST_CASE("__match_any_sync groups lanes by value, __match_all_sync says whether all agree") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    simt::test::Managed<int> value(ws), pred(ws);
    simt::test::Managed<unsigned> any(ws), all(ws);
    for (int i = 0; i < ws; ++i) value[i] = i % 4;
    matching<<<1, ws>>>(value, any, all, pred);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < ws; ++i) {
        REQUIRE(any[i] == (0x11111111u << (i % 4)));  // the low 32 lanes of the mask
        REQUIRE(all[i] == 0u);
        REQUIRE(pred[i] == 0);
    }
    for (int i = 0; i < ws; ++i) value[i] = 7;
    matching<<<1, ws>>>(value, any, all, pred);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < ws; ++i) {
        REQUIRE(all[i] == 0xffffffffu);
        REQUIRE(pred[i] == 1);
    }
}

TEST_CASE("__reduce_*_sync give every lane the warp's sum, min, max, and, or and xor") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    simt::test::Managed<int> v(ws), add(ws), mn(ws), mx(ws);
    simt::test::Managed<unsigned> a(ws), o(ws), x(ws);
    int sum = 0, lo = 1 << 30, hi = -(1 << 30);
    unsigned ea = ~0u, eo = 0, ex = 0;
    for (int i = 0; i < ws; ++i) {
        v[i] = (i * 37) % 23 - 11;
        sum += v[i];
        lo = std::min(lo, v[i]);
        hi = std::max(hi, v[i]);
        ea &= unsigned(v[i]);
        eo |= unsigned(v[i]);
        ex ^= unsigned(v[i]);
    }
    reductions<<<1, ws>>>(v, add, mn, mx, a, o, x);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < ws; ++i) {
        REQUIRE(add[i] == sum);
        REQUIRE(mn[i] == lo);
        REQUIRE(mx[i] == hi);
        REQUIRE(a[i] == ea);
        REQUIRE(o[i] == eo);
        REQUIRE(x[i] == ex);
    }
}

TEST_CASE("a conditional __syncwarp with a ballot mask orders the lanes that took the branch") {
    SIMT_EACH_MODE();
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
        simt::cuda::reset_device(simt::test::options(opts.mode, 32, seed));
        simt::test::Managed<int> data(32, -1);
        conditional_syncwarp<<<1, 32>>>(data);
        REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
        for (int l = 0; l < 32; ++l) REQUIRE(data[l] == (l % 2 == 0 ? ((l + 2) % 32) * 10 : -1));
    }
}

TEST_CASE("a __shfl_down_sync warp reduction sums each warp, for warp size 32 and 64") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size), block = 256;
    simt::test::Managed<float> in(block * 2), out(2 * block / ws);
    for (int i = 0; i < block * 2; ++i) in[i] = float(i % 13);
    warp_sum<<<2, block>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int w = 0; w < 2 * block / ws; ++w) {
        float expect = 0;
        for (int i = 0; i < ws; ++i) expect += float((w * ws + i) % 13);
        REQUIRE(out[w] == expect);
    }
}

namespace {
__global__ void warp_size_as_int(int* out, int n) {
    out[0] = min(n, warpSize);
    out[1] = max(warpSize, 1);
    out[2] = int(threadIdx.x) % warpSize + warpSize / 2;
}
}  // namespace

TEST_CASE("warpSize is a run-time int: it mixes with ints in min, max and arithmetic, for both warp sizes") {
    static_assert(std::is_same_v<std::remove_cvref_t<decltype(warpSize)>, int>, "CUDA's warpSize is an int");
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(simt_warp_);
    CHECK(warpSize == ws);
    simt::test::Managed<int> out(3, 0);
    warp_size_as_int<<<1, 1>>>(out, 100);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == ws);
    CHECK(out[1] == ws);
    CHECK(out[2] == ws / 2);
}

namespace {
__global__ void shuffle_edges(int* minus2, int* down33, int* xor33, int* xor16w16) {
    const int lane = threadIdx.x;
    minus2[lane] = __shfl_sync(0xffffffffu, lane, -2);
    down33[lane] = __shfl_down_sync(0xffffffffu, lane, 33);
    xor33[lane] = __shfl_xor_sync(0xffffffffu, lane, 33);
    xor16w16[lane] = __shfl_xor_sync(0xffffffffu, lane, 16, 16);
}
}  // namespace

TEST_CASE("shuffle offsets outside the warp behave as on an H100: low bits of the lane, earlier xor groups") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> minus2(32), down33(32), xor33(32), xor16w16(32);
    shuffle_edges<<<1, 32>>>(minus2, down33, xor33, xor16w16);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int lane = 0; lane < 32; ++lane) {
        CAPTURE(lane);
        CHECK(minus2[lane] == 30);                              // -2 is lane 30 (low 5 bits)
        CHECK(down33[lane] == (lane + 1 < 32 ? lane + 1 : lane));  // 33 is a delta of 1
        CHECK(xor33[lane] == (lane ^ 1));
        CHECK(xor16w16[lane] == (lane < 16 ? lane : lane - 16));  // lanes 16-31 read the group before
    }
}
