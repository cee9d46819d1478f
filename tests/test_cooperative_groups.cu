// cooperative_groups: thread blocks, tiles, coalesced groups and cg::reduce.
#include "support.h"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

namespace {

__global__ void tile_facts(unsigned* rank, unsigned* meta, unsigned* size, int* sum, int* mx, int* mn) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    const unsigned t = block.thread_rank();
    rank[t] = tile.thread_rank();
    meta[t] = tile.meta_group_rank();
    size[t] = tile.size();
    sum[t] = cg::reduce(tile, int(t), cg::plus<int>());
    mx[t] = cg::reduce(tile, int(t), cg::greater<int>());
    mn[t] = cg::reduce(tile, int(t), cg::less<int>());
    block.sync();
}

__global__ void tile_shuffles(int* down, int* xr, int* from0, unsigned* ballot, int* any, int* all) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    const int t = threadIdx.x;
    down[t] = tile.shfl_down(t, 1);
    xr[t] = tile.shfl_xor(t, 4);
    from0[t] = tile.shfl(t, 0);
    ballot[t] = tile.ballot(t % 2 == 0);
    any[t] = tile.any(t == 3);
    all[t] = tile.all(t < 100);
    tile.sync();
}

__global__ void coalesced(int* rank, int* size, int* total) {
    if (threadIdx.x % 4 == 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        rank[threadIdx.x] = int(g.thread_rank());
        size[threadIdx.x] = int(g.size());
        total[threadIdx.x] = cg::reduce(g, int(threadIdx.x), cg::plus<int>());
    }
}

}  // namespace

TEST_CASE("tiled_partition<8> gives ranks, meta-group ranks and cg::reduce with plus, greater, less") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 128;
    simt::test::Managed<unsigned> rank(n), meta(n), size(n);
    simt::test::Managed<int> sum(n), mx(n), mn(n);
    tile_facts<<<1, n>>>(rank, meta, size, sum, mx, mn);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int t = 0; t < n; ++t) {
        const int first = t / 8 * 8;
        REQUIRE(rank[t] == unsigned(t % 8));
        REQUIRE(meta[t] == unsigned(t / 8));
        REQUIRE(size[t] == 8u);
        REQUIRE(sum[t] == 8 * first + 28);
        REQUIRE(mx[t] == first + 7);
        REQUIRE(mn[t] == first);
    }
}

TEST_CASE("thread_block_tile shuffles, ballot, any and all stay inside the tile") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 64;
    simt::test::Managed<int> down(n), xr(n), from0(n), any(n), all(n);
    simt::test::Managed<unsigned> ballot(n);
    tile_shuffles<<<1, n>>>(down, xr, from0, ballot, any, all);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int t = 0; t < n; ++t) {
        const int base = t / 16 * 16;
        REQUIRE(down[t] == (t % 16 == 15 ? t : t + 1));
        REQUIRE(xr[t] == (t ^ 4));
        REQUIRE(from0[t] == base);
        REQUIRE(ballot[t] == 0x5555u);
        REQUIRE(any[t] == (base == 0 ? 1 : 0));
        REQUIRE(all[t] == 1);
    }
}

TEST_CASE("coalesced_threads() is the group of lanes that took the branch") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> rank(32, -1), size(32, -1), total(32, -1);
    coalesced<<<1, 32>>>(rank, size, total);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    int expect_total = 0;
    for (int t = 1; t < 32; t += 4) expect_total += t;
    for (int t = 0; t < 32; ++t) {
        if (t % 4 != 1) {
            REQUIRE(rank[t] == -1);
            continue;
        }
        REQUIRE(rank[t] == t / 4);
        REQUIRE(size[t] == 8);
        REQUIRE(total[t] == expect_total);
    }
}

namespace {
__global__ void nested_tiles(unsigned* out) {
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    auto tile4 = cg::tiled_partition<4>(tile32);
    out[threadIdx.x] = tile4.meta_group_rank() * 100 + tile4.meta_group_size() * 1000 + tile4.thread_rank();
}
}  // namespace

TEST_CASE("a tile of a tile ranks its meta group within the parent tile") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<unsigned> out(64);
    nested_tiles<<<1, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (unsigned t = 0; t < 64; ++t) {
        CAPTURE(t);
        CHECK(out[t] == t % 32 / 4 * 100 + 8 * 1000 + t % 4);  // thread 37: 8105 (CUDA: rank 1 of 8)
    }
}
