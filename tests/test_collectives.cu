// The portable collectives (simt/collectives.h) against host references:
// every operation, several types, both warp sizes, block shapes with partial
// last warps, both scheduling modes; and no hazard reported on the way.
#include "support.h"

#include <algorithm>
#include <numeric>

#include "simt/collectives.h"

namespace {

template <class T>
__global__ void warp_ops(const T* in, T* sum, T* mx, T* mn, T* bcast, T* incl, T* excl, unsigned* lane) {
    const unsigned t = threadIdx.x;
    const T v = in[t];
    sum[t] = simt::warp::sum(v);
    mx[t] = simt::warp::max(v);
    mn[t] = simt::warp::min(v);
    bcast[t] = simt::warp::broadcast(v);
    incl[t] = simt::warp::prefix_sum(v);
    excl[t] = simt::warp::prefix_sum<true>(v);
    lane[t] = simt::warp::lane_id() + 1000u * unsigned(simt::warp::warp_size());
}

template <class T>
__global__ void block_ops(const T* in, T* sum, T* mx, T* mn, T* bcast, T* incl, T* excl) {
    const unsigned t = threadIdx.x + threadIdx.y * blockDim.x;
    const unsigned b = blockIdx.x;
    const unsigned n = blockDim.x * blockDim.y;
    const T v = in[b * n + t];
    sum[b * n + t] = simt::block::sum(v);
    mx[b * n + t] = simt::block::max(v);
    mn[b * n + t] = simt::block::min(v);
    bcast[b * n + t] = simt::block::broadcast(v, n / 2);
    incl[b * n + t] = simt::block::prefix_sum(v);
    excl[b * n + t] = simt::block::prefix_sum<true>(v);
}

template <class T>
T value_at(unsigned i) {
    return T((i * 37u) % 19u) - T(5);  // negatives for the signed types, small integers: exact in floats
}
template <>
unsigned value_at<unsigned>(unsigned i) {
    return (i * 37u) % 19u;
}

template <class T>
void check_warp_ops(const simt::EngineOptions& opts, unsigned block) {
    const unsigned ws = opts.warp_size;
    simt::test::Managed<T> in(block), sum(block), mx(block), mn(block), bcast(block), incl(block), excl(block);
    simt::test::Managed<unsigned> lane(block);
    for (unsigned i = 0; i < block; ++i) in[i] = value_at<T>(i);
    warp_ops<T><<<1, block>>>(in, sum, mx, mn, bcast, incl, excl, lane);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    for (unsigned i = 0; i < block; ++i) {
        const unsigned first = i / ws * ws, last = std::min(first + ws, block);
        T s = T(0), hi = in[first], lo = in[first], prefix = T(0);
        for (unsigned j = first; j < last; ++j) {
            s = s + in[j];
            hi = std::max(hi, in[j]);
            lo = std::min(lo, in[j]);
        }
        for (unsigned j = first; j < i; ++j) prefix = prefix + in[j];
        REQUIRE(sum[i] == s);
        REQUIRE(mx[i] == hi);
        REQUIRE(mn[i] == lo);
        REQUIRE(bcast[i] == in[first]);
        REQUIRE(excl[i] == prefix);
        REQUIRE(incl[i] == prefix + in[i]);
        REQUIRE(lane[i] == i - first + 1000u * ws);
    }
}

template <class T>
void check_block_ops(unsigned x, unsigned y) {
    const unsigned n = x * y, blocks = 3;
    simt::test::Managed<T> in(n * blocks), sum(n * blocks), mx(n * blocks), mn(n * blocks), bcast(n * blocks),
        incl(n * blocks), excl(n * blocks);
    for (unsigned i = 0; i < n * blocks; ++i) in[i] = value_at<T>(i);
    block_ops<T><<<blocks, dim3(x, y)>>>(in, sum, mx, mn, bcast, incl, excl);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    for (unsigned b = 0; b < blocks; ++b) {
        T s = T(0), hi = in[b * n], lo = in[b * n], prefix = T(0);
        for (unsigned j = 0; j < n; ++j) {
            s = s + in[b * n + j];
            hi = std::max(hi, in[b * n + j]);
            lo = std::min(lo, in[b * n + j]);
        }
        for (unsigned t = 0; t < n; ++t) {
            const unsigned i = b * n + t;
            REQUIRE(sum[i] == s);
            REQUIRE(mx[i] == hi);
            REQUIRE(mn[i] == lo);
            REQUIRE(bcast[i] == in[b * n + n / 2]);
            REQUIRE(excl[i] == prefix);
            prefix = prefix + in[i];
            REQUIRE(incl[i] == prefix);
        }
    }
}

}  // namespace

TEST_CASE("warp sum, max, min, broadcast, prefix sums and lane_id match a host reference, partial warps included") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const unsigned block = GENERATE(32u, 48u, 64u, 100u, 256u);
    CAPTURE(block);
    check_warp_ops<int>(opts, block);
    check_warp_ops<unsigned>(opts, block);
    check_warp_ops<long long>(opts, block);
    check_warp_ops<float>(opts, block);
    check_warp_ops<double>(opts, block);
}

TEST_CASE("block sum, max, min, broadcast and prefix sums match a host reference for 1-D and 2-D blocks up to 1024 threads") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const auto shape = GENERATE(std::pair{32u, 1u}, std::pair{100u, 1u}, std::pair{256u, 1u}, std::pair{16u, 9u},
                                std::pair{1024u, 1u});
    CAPTURE(shape.first, shape.second);
    check_block_ops<int>(shape.first, shape.second);
    check_block_ops<float>(shape.first, shape.second);
    check_block_ops<double>(shape.first, shape.second);
    check_block_ops<long long>(shape.first, shape.second);
    check_block_ops<unsigned>(shape.first, shape.second);
}
