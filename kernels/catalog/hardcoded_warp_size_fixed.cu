// FIXED TWIN of hardcoded_warp_size.cu: lanes and warps come from warpSize
// and the warp sum from simt/collectives.h, which names the right lanes for
// any warp size (the output counts warps however many there are).
#include <cstdio>

#include "simt/collectives.h"

constexpr int THREADS = 128;

__global__ void warp_sums(const int* in, int* out) {
    const int v = simt::warp::sum(in[threadIdx.x]);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = v;
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

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// run-options: --warp-size 64
// expect-status: 0
// expect-stdout: warp_sums: total 128 of 128 (no error)
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
