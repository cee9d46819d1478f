// __activemask() and cg::coalesced_threads() name only the lanes on the
// caller's path: under Volta scheduling lanes on two sides of a branch are not
// converged, even when both sides call the same __device__ function.
// H100 (feature audit, sm_90): the masks are 0x3ff / 0xaaaaa800, and the
// warp-aggregated split gives npos=139 nneg=117.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void masks(unsigned* out) {
    const unsigned lane = threadIdx.x % 32;
    unsigned m = 0;
    if (lane < 10)
        m = __activemask();
    else if (lane % 2)
        m = __activemask();
    out[threadIdx.x] = m;
}

// Warp-aggregated increment (the NVIDIA blog's pattern).
__device__ int aggregated_increment(int* counter) {
    auto g = cg::coalesced_threads();
    int previous = 0;
    if (g.thread_rank() == 0) previous = atomicAdd(counter, int(g.size()));
    return g.shfl(previous, 0) + int(g.thread_rank());
}

__global__ void split(const int* src, int* pos, int* neg, int* npos, int* nneg, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (src[i] > 0)
        pos[aggregated_increment(npos)] = src[i];
    else
        neg[aggregated_increment(nneg)] = src[i];
}

int main() {
    int wrong = 0;
    unsigned* m;
    cudaMallocManaged(&m, 32 * sizeof(unsigned));
    masks<<<1, 32>>>(m);
    cudaError_t e = cudaDeviceSynchronize();
    for (unsigned l = 0; l < 32; ++l) {
        const unsigned expected = l < 10 ? 0x3ffu : (l % 2 ? 0xaaaaa800u : 0u);
        wrong += m[l] != expected;
    }
    printf("masks: %s, %#x %#x\n", cudaGetErrorString(e), m[0], m[11]);

    const int n = 256;
    int *src, *pos, *neg, *counts;
    cudaMallocManaged(&src, n * sizeof(int));
    cudaMallocManaged(&pos, n * sizeof(int));
    cudaMallocManaged(&neg, n * sizeof(int));
    cudaMallocManaged(&counts, 2 * sizeof(int));
    int expect_pos = 0, sum_pos = 0, sum_neg = 0;
    for (int i = 0; i < n; ++i) {
        src[i] = (i * 37 % 11) - 4;
        expect_pos += src[i] > 0;
        (src[i] > 0 ? sum_pos : sum_neg) += src[i];
    }
    counts[0] = counts[1] = 0;
    split<<<2, 128>>>(src, pos, neg, &counts[0], &counts[1], n);
    e = cudaDeviceSynchronize();
    int got_pos = 0, got_neg = 0;
    for (int i = 0; i < counts[0] && i < n; ++i) got_pos += pos[i];
    for (int i = 0; i < counts[1] && i < n; ++i) got_neg += neg[i];
    wrong += counts[0] != expect_pos || counts[1] != n - expect_pos || got_pos != sum_pos || got_neg != sum_neg;
    printf("split: %s, npos=%d nneg=%d\n", cudaGetErrorString(e), counts[0], counts[1]);
    printf("divergent_activemask: %d wrong\n", wrong);
    return wrong == 0 ? 0 : 1;
}
