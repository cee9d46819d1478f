// A block-wide sum in shared memory. Built with -DSKIP_BARRIER it leaves out
// the barrier between the stores and the reads: a race a CI job must catch.
#include "params.h"
#include "reduce.h"

namespace {
__global__ void block_sum(const float *x, float *out, int n) {
    __shared__ float partial[BLOCK];
    float v = 0.0f;
    for (int i = threadIdx.x; i < n; i += BLOCK) v += x[i];
    partial[threadIdx.x] = v;
#ifndef SKIP_BARRIER
    __syncthreads();
#endif
    if (threadIdx.x == 0) {
        float total = 0.0f;
        for (int i = 0; i < BLOCK; ++i) total += partial[i];
        *out = total;
    }
}
}  // namespace

float sum_on_device(const float *x, int n) {
    float *d = nullptr;
    cudaMalloc(&d, sizeof(float));
    block_sum<<<1, BLOCK>>>(x, d, n);
    float h = 0.0f;
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    return h;
}
