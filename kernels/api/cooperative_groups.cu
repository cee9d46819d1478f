// Cooperative groups beyond tiles: thread_group and the dynamic
// tiled_partition, tile match_any/match_all, labeled and binary partitions,
// scans, invoke_one, and the grid group under cudaLaunchCooperativeKernel
// (a grid-wide barrier). Each kernel's results are checked on the host.
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <cstdio>

namespace cg = cooperative_groups;

// Works on any group: rank and size through the base type.
__device__ unsigned describe(const cg::thread_group& g) { return unsigned(g.thread_rank() * 100 + g.size()); }

__global__ void groups(unsigned* block_view, unsigned* tile_view, unsigned* matches, unsigned* labels) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_group tile = cg::tiled_partition(block, 8);
    block_view[threadIdx.x] = describe(block);
    tile_view[threadIdx.x] = describe(tile);
    tile.sync();
    auto tile16 = cg::tiled_partition<16>(block);
    int all_equal = -1;
    const unsigned any = tile16.match_any(int(threadIdx.x % 3));
    const unsigned all = tile16.match_all(int(threadIdx.x / 16), all_equal);
    matches[threadIdx.x] = any ^ (all_equal ? all : 0xdead0000u);
    // One group per label, then per predicate: sizes and ranks.
    cg::coalesced_group by_label = cg::labeled_partition(tile16, int(threadIdx.x % 5));
    cg::coalesced_group by_sign = cg::binary_partition(tile16, threadIdx.x % 4 == 1);
    labels[threadIdx.x] = by_label.size() * 1000 + by_label.thread_rank() * 100 + by_sign.size() * 10 +
                          by_sign.thread_rank();
}

__global__ void scans(int* inclusive, int* exclusive, int* coalesced_sums, int* first) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int v = int(threadIdx.x % 7) + 1;
    inclusive[threadIdx.x] = cg::inclusive_scan(tile, v);
    exclusive[threadIdx.x] = cg::exclusive_scan(tile, v, cg::plus<int>());
    if (threadIdx.x % 3 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        coalesced_sums[threadIdx.x] = cg::inclusive_scan(g, v);
        // One member reserves space for the group; all learn where.
        const int base = cg::invoke_one_broadcast(g, [&] { return atomicAdd(first, int(g.size())); });
        coalesced_sums[threadIdx.x] += base * 1000;
    }
}

// Each block writes its part, waits for the whole grid, then reads the next
// block's part: without the grid barrier the read would race.
__global__ void rotate(const int* in, int* staged, int* out, unsigned long long* facts) {
    cg::grid_group grid = cg::this_grid();
    const unsigned long long i = grid.thread_rank();
    staged[i] = in[i] * 2;
    grid.sync();
    const unsigned long long n = grid.size();
    out[i] = staged[(i + blockDim.x) % n];
    grid.sync();
    out[i] += staged[(i + 2 * blockDim.x) % n];
    if (i == 0) {
        facts[0] = grid.num_blocks();
        facts[1] = grid.size();
        facts[2] = grid.is_valid();
    }
    if (threadIdx.x == 0) facts[3 + grid.block_rank()] = grid.block_rank() + 1;
}

template <class T>
T* managed(int n) {
    T* p = nullptr;
    cudaMallocManaged(&p, n * sizeof(T));
    return p;
}

int main() {
    const int n = 64;
    unsigned *block_view = managed<unsigned>(n), *tile_view = managed<unsigned>(n);
    unsigned *matches = managed<unsigned>(n), *labels = managed<unsigned>(n);
    groups<<<1, n>>>(block_view, tile_view, matches, labels);
    std::printf("groups: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    int wrong = 0;
    for (int t = 0; t < n; ++t) {
        wrong += block_view[t] != unsigned(t * 100 + n);
        wrong += tile_view[t] != unsigned(t % 8 * 100 + 8);
        unsigned any = 0;
        for (int r = 0; r < 16; ++r) any |= unsigned(((t / 16) * 16 + r) % 3 == t % 3) << r;
        wrong += matches[t] != (any ^ 0xffffu);
        int label_size = 0, label_rank = 0, sign_size = 0, sign_rank = 0;
        for (int r = 0; r < 16; ++r) {
            const int u = t / 16 * 16 + r;
            if (u % 5 == t % 5) label_size++, label_rank += u < t;
            if ((u % 4 == 1) == (t % 4 == 1)) sign_size++, sign_rank += u < t;
        }
        wrong += labels[t] != unsigned(label_size * 1000 + label_rank * 100 + sign_size * 10 + sign_rank);
    }
    std::printf("thread_group, dynamic tiles, match, partitions: %d wrong\n", wrong);

    int *inclusive = managed<int>(n), *exclusive = managed<int>(n), *sums = managed<int>(n), *first = managed<int>(1);
    *first = 0;
    scans<<<1, n>>>(inclusive, exclusive, sums, first);
    std::printf("scans: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    wrong = 0;
    for (int w = 0; w < n / 32; ++w) {
        int running = 0, group_running = 0, group_size = 0;
        for (int l = 0; l < 32; ++l) group_size += l % 3 == 0;
        for (int l = 0; l < 32; ++l) {
            const int t = w * 32 + l, v = t % 7 + 1;
            wrong += exclusive[t] != running;
            running += v;
            wrong += inclusive[t] != running;
            if (t % 3 == 0) {
                group_running += v;
                wrong += sums[t] % 1000 != group_running;
            }
        }
        (void)group_size;
    }
    // The two warps' groups reserved disjoint ranges: 11 + 11 of 22.
    std::printf("inclusive and exclusive scans: %d wrong; reserved %d\n", wrong, *first);

    int blocks = 4, threads = 128, total = blocks * threads;
    int *in = managed<int>(total), *staged = managed<int>(total), *out = managed<int>(total);
    unsigned long long* facts = managed<unsigned long long>(3 + blocks);
    for (int i = 0; i < total; ++i) in[i] = i;
    void* args[] = {&in, &staged, &out, &facts};
    std::printf("cooperative launch: %s\n",
                cudaGetErrorString(cudaLaunchCooperativeKernel(rotate, blocks, threads, args, 0, 0)));
    std::printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    wrong = 0;
    for (int i = 0; i < total; ++i) wrong += out[i] != 2 * ((i + threads) % total) + 2 * ((i + 2 * threads) % total);
    std::printf("grid.sync: %d wrong; blocks %llu, threads %llu, valid %llu, block ranks %llu %llu %llu %llu\n", wrong,
                facts[0], facts[1], facts[2], facts[3], facts[4], facts[5], facts[6]);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    // More blocks than can be resident at once cannot meet at a grid barrier.
    const cudaError_t too_large = cudaLaunchCooperativeKernel(rotate, dim3(sms * 64), dim3(1024), args, 0, 0);
    std::printf("cooperative launch of %d blocks of 1024: %s\n", sms * 64, cudaGetErrorName(too_large));
    std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
