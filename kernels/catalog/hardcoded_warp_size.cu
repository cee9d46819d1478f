// BUG CLASS: hard-coded warp size.
// Lane and warp numbers computed with 32 and a full mask written as
// 0xffffffff: correct on NVIDIA GPUs, wrong on 64-lane warps (AMD wave64,
// simt --warp-size 64), where lanes 32-63 are not in the mask (twin:
// hardcoded_warp_size_fixed.cu uses warpSize and the portable collectives).
#include <cstdio>

constexpr int THREADS = 128;

__global__ void warp_sums(const int* in, int* out) {
    int v = in[threadIdx.x];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
}

int main() {
    int host[THREADS];
    for (int i = 0; i < THREADS; ++i) host[i] = 1;
    int *in, *out;
    cudaMalloc(&in, sizeof host);
    cudaMalloc(&out, 4 * sizeof(int));
    cudaMemset(out, 0, 4 * sizeof(int));
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    warp_sums<<<1, THREADS>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    int sums[4] = {};
    cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
    int total = 0;
    for (int w = 0; w < 4; ++w) total += sums[w];
    printf("warp_sums: total %d of %d (%s)\n", total, THREADS, cudaGetErrorString(e));
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// run-options: --warp-size 64
// expect-status: 1
// expect: error: warp-sync hazard (mask without caller) in kernel warp_sums
// expect: Mask 0xffffffff of warp 0
// expect: ) calls the collective at hardcoded_warp_size.cu:12
// expect: the mask does not name the calling lane
// expect: simt: ERROR SUMMARY: 2 errors, 0 warnings
