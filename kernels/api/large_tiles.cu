// Cooperative-groups tiles larger than a warp (tiled_partition<64..512>,
// block_tile_memory) and tile shuffles of values larger than 8 bytes (a
// uint4, a 12-byte struct). Each kernel's results are checked on the host;
// the program prints counts of wrong values and a few results.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>

namespace cg = cooperative_groups;

constexpr int kBlock = 256;
constexpr int kBlocks = 2;
constexpr int kThreads = kBlock * kBlocks;

// One record per thread: what its tiles of 64 and 128 told it.
struct Facts {
    unsigned rank64, meta64, metas64, rank128, meta128, metas128, inner_meta, inner_metas;
    int sum64, sum128, max128, inclusive128, exclusive128, exclusive64, broadcast, any128, all128, neighbour;
    double wide;
};

__global__ void large(Facts* facts) {
    __shared__ cg::block_tile_memory<kBlock> scratch;
    __shared__ int arrived[2];
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile64 = cg::tiled_partition<64>(block);
    auto tile128 = cg::tiled_partition<128>(block);
    auto inner = cg::tiled_partition<32>(tile128);
    const unsigned t = block.thread_rank();
    const int v = int(t % 13) + int(blockIdx.x) * 5 + 1;
    if (t < 2) arrived[t] = 0;
    block.sync();
    Facts f;
    f.rank64 = tile64.thread_rank();
    f.meta64 = tile64.meta_group_rank();
    f.metas64 = tile64.meta_group_size();
    f.rank128 = tile128.thread_rank();
    f.meta128 = tile128.meta_group_rank();
    f.metas128 = tile128.meta_group_size();
    f.inner_meta = inner.meta_group_rank();
    f.inner_metas = inner.meta_group_size();
    f.sum64 = cg::reduce(tile64, v, cg::plus<int>());
    f.sum128 = cg::reduce(tile128, v, cg::plus<int>());
    f.max128 = cg::reduce(tile128, v * 7 % 101, cg::greater<int>());
    f.inclusive128 = cg::inclusive_scan(tile128, v);
    f.exclusive128 = cg::exclusive_scan(tile128, v, cg::plus<int>());
    f.exclusive64 = cg::exclusive_scan(tile64, v);
    f.broadcast = tile128.shfl(v * 3, 77);
    f.wide = tile64.shfl(double(v) / 4, 63) + cg::reduce(tile64, double(v) / 8, cg::plus<double>());
    f.any128 = tile128.any(t == 200);
    f.all128 = tile128.all(v > 0);
    // The tile's barrier: every warp of the tile has counted before any reads.
    atomicAdd(&arrived[tile128.meta_group_rank()], 1);
    tile128.sync();
    f.neighbour = atomicAdd(&arrived[tile128.meta_group_rank()], 0);
    tile128.sync();
    facts[blockIdx.x * kBlock + t] = f;
}

struct Triple {
    unsigned a, b, c;
};

__global__ void wide_shuffles(uint4* xor_out, uint4* down_out, Triple* up_out, uint4* index_out) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    const unsigned t = threadIdx.x;
    const uint4 mine = make_uint4(t, t * 10, t * 100, t * 1000);
    xor_out[t] = tile.shfl_xor(mine, 3);
    down_out[t] = tile.shfl_down(mine, 5);
    up_out[t] = tile.shfl_up(Triple{t, t + 1, t + 2}, 2);
    auto tile8 = cg::tiled_partition<8>(cg::this_thread_block());
    index_out[t] = tile8.shfl(mine, 6);
}

static int host_value(unsigned thread) { return int(thread % kBlock % 13) + int(thread / kBlock) * 5 + 1; }

int main() {
    Facts* facts = nullptr;
    cudaMallocManaged(&facts, kThreads * sizeof(Facts));
    large<<<kBlocks, kBlock>>>(facts);
    std::printf("large tiles: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int wrong_ranks = 0, wrong_sums = 0, wrong_scans = 0, wrong_other = 0;
    for (unsigned i = 0; i < kThreads; ++i) {
        const Facts& f = facts[i];
        const unsigned t = i % kBlock, base = i - t;
        if (f.rank64 != t % 64 || f.meta64 != t / 64 || f.metas64 != 4 || f.rank128 != t % 128 ||
            f.meta128 != t / 128 || f.metas128 != 2 || f.inner_meta != t % 128 / 32 || f.inner_metas != 4)
            ++wrong_ranks;
        int sum64 = 0, sum128 = 0, max128 = 0, inclusive = 0, exclusive64 = 0;
        for (unsigned j = t / 64 * 64; j < t / 64 * 64 + 64; ++j) {
            sum64 += host_value(base + j);
            if (j < t) exclusive64 += host_value(base + j);
        }
        for (unsigned j = t / 128 * 128; j < t / 128 * 128 + 128; ++j) {
            sum128 += host_value(base + j);
            max128 = host_value(base + j) * 7 % 101 > max128 ? host_value(base + j) * 7 % 101 : max128;
            if (j <= t) inclusive += host_value(base + j);
        }
        if (f.sum64 != sum64 || f.sum128 != sum128 || f.max128 != max128) ++wrong_sums;
        if (f.inclusive128 != inclusive || f.exclusive128 != inclusive - host_value(i) || f.exclusive64 != exclusive64)
            ++wrong_scans;
        const unsigned tile = t / 128 * 128;
        if (f.broadcast != host_value(base + tile + 77) * 3 || f.any128 != (tile == 128) || f.all128 != 1 ||
            f.neighbour != 128 || f.wide != host_value(base + t / 64 * 64 + 63) / 4.0 + sum64 / 8.0)
            ++wrong_other;
    }
    std::printf("ranks and meta groups: %d wrong\n", wrong_ranks);
    std::printf("reduce: %d wrong; block 0 sums %d %d, block 1 sum %d, max %d\n", wrong_sums, facts[0].sum64,
                facts[0].sum128, facts[kBlock].sum128, facts[0].max128);
    std::printf("scans: %d wrong; inclusive %d exclusive %d at thread 200\n", wrong_scans, facts[200].inclusive128,
                facts[200].exclusive128);
    std::printf("shfl, any, all, sync: %d wrong; any %d %d; double %.4f\n", wrong_other, facts[0].any128,
                facts[128].any128, facts[0].wide);

    uint4 *xor_out, *down_out, *index_out;
    Triple* up_out;
    cudaMallocManaged(&xor_out, 64 * sizeof(uint4));
    cudaMallocManaged(&down_out, 64 * sizeof(uint4));
    cudaMallocManaged(&index_out, 64 * sizeof(uint4));
    cudaMallocManaged(&up_out, 64 * sizeof(Triple));
    wide_shuffles<<<1, 64>>>(xor_out, down_out, up_out, index_out);
    std::printf("wide shuffles: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int wrong = 0;
    for (unsigned t = 0; t < 64; ++t) {
        const unsigned x = t ^ 3, d = t % 32 + 5 < 32 ? t + 5 : t, u = t % 32 >= 2 ? t - 2 : t, s = t / 8 * 8 + 6;
        if (xor_out[t].x != x || xor_out[t].y != x * 10 || xor_out[t].z != x * 100 || xor_out[t].w != x * 1000) ++wrong;
        if (down_out[t].x != d || down_out[t].w != d * 1000) ++wrong;
        if (up_out[t].a != u || up_out[t].b != u + 1 || up_out[t].c != u + 2) ++wrong;
        if (index_out[t].x != s || index_out[t].z != s * 100) ++wrong;
    }
    std::printf("uint4 and 12-byte shuffles: %d wrong; lane 33 got %u %u %u %u\n", wrong, xor_out[33].x,
                xor_out[33].y, xor_out[33].z, xor_out[33].w);
    cudaFree(facts);
    cudaFree(xor_out);
    cudaFree(down_out);
    cudaFree(index_out);
    cudaFree(up_out);
    std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
