// Warp collectives with different masks, one after another: a half-warp
// collective (two disjoint masks, or a 16-lane tile) followed by a full-warp
// one. Lanes meet only lanes that pass the same mask, so each half finishes
// its own collective before the warp meets again.
// H100 (feature audit, sm_90): every case below computes the expected values;
// `__ballot_sync` after the half-warp xor gives 0x55555555.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

// Per-half-warp masks, then a full-mask ballot.
__global__ void halves_then_ballot(unsigned* out) {
    const unsigned lane = threadIdx.x % 32;
    const unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    const int v = __shfl_xor_sync(half, int(lane), 1, 16);
    out[threadIdx.x] = __ballot_sync(0xffffffffu, v & 1);
}

// A 16-lane tile: the low half runs three shuffle rounds, the high half one,
// then the whole warp votes.
__global__ void tiles_then_any(int* out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int v = int(threadIdx.x) + 1;
    const int rounds = tile.meta_group_rank() % 2 == 0 ? 3 : 1;
    for (int r = 0; r < rounds; ++r) v += tile.shfl_down(v, 1u << r);
    out[threadIdx.x] = v * 2 + __any_sync(0xffffffffu, v > 1000);
}

// Lanes 0-15 sync among themselves in a branch, then the warp syncs.
__global__ void partial_then_full_syncwarp(int* out) {
    __shared__ int a[32], b[32];
    const int lane = threadIdx.x;
    a[lane] = lane;
    if (lane < 16) {
        __syncwarp(0x0000ffffu);
        b[lane] = a[lane ^ 1] * 2;
    } else {
        b[lane] = -1;
    }
    __syncwarp();
    out[lane] = b[lane ^ 16];
}

// cg::reduce over a 16-lane tile, then warp-wide operations.
__global__ void tile_reduce_then_warp(int* out) {
    auto block = cg::this_thread_block();
    auto tile16 = cg::tiled_partition<16>(block);
    auto tile32 = cg::tiled_partition<32>(block);
    const int sum = cg::reduce(tile16, int(threadIdx.x), cg::plus<int>());
    __syncwarp();
    const int total = __shfl_sync(0xffffffffu, sum, 31);
    out[threadIdx.x] = total * 100 + int(tile32.ballot(sum > 100) != 0);
}

int main() {
    int wrong = 0;
    unsigned* u;
    int* o;
    cudaMallocManaged(&u, 64 * sizeof(unsigned));
    cudaMallocManaged(&o, 64 * sizeof(int));

    halves_then_ballot<<<1, 64>>>(u);
    cudaError_t e = cudaDeviceSynchronize();
    for (int i = 0; i < 64; ++i) wrong += u[i] != 0x55555555u;
    printf("halves_then_ballot: %s, ballot %#x\n", cudaGetErrorString(e), u[0]);

    tiles_then_any<<<1, 64>>>(o);
    e = cudaDeviceSynchronize();
    for (int t = 0; t < 64; ++t) {
        // The host replays each tile's rounds.
        int v[64];
        for (int i = 0; i < 64; ++i) v[i] = i + 1;
        const int base = t / 16 * 16, rounds = (t / 16) % 2 == 0 ? 3 : 1;
        for (int r = 0; r < rounds; ++r) {
            int next[16];
            for (int l = 0; l < 16; ++l) next[l] = v[base + l] + (l + (1 << r) < 16 ? v[base + l + (1 << r)] : v[base + l]);
            for (int l = 0; l < 16; ++l) v[base + l] = next[l];
        }
        wrong += o[t] != v[t] * 2;
    }
    printf("tiles_then_any: %s, out[0]=%d out[16]=%d\n", cudaGetErrorString(e), o[0], o[16]);

    partial_then_full_syncwarp<<<1, 32>>>(o);
    e = cudaDeviceSynchronize();
    for (int l = 0; l < 32; ++l) {
        const int src = l ^ 16;
        wrong += o[l] != (src < 16 ? (src ^ 1) * 2 : -1);
    }
    printf("partial_then_full_syncwarp: %s\n", cudaGetErrorString(e));

    tile_reduce_then_warp<<<1, 64>>>(o);
    e = cudaDeviceSynchronize();
    for (int t = 0; t < 64; ++t) {
        const int w = t / 32 * 32;
        const int hi = (w + 16) * 16 + 120;  // sum of the warp's upper tile
        const int lo = w * 16 + 120;
        wrong += o[t] != hi * 100 + int(lo > 100 || hi > 100);
    }
    printf("tile_reduce_then_warp: %s, out[0]=%d\n", cudaGetErrorString(e), o[0]);

    printf("overlapping_masks: %d wrong\n", wrong);
    cudaFree(u);
    cudaFree(o);
    return wrong == 0 ? 0 : 1;
}
