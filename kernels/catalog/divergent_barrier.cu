// BUG CLASS: divergent barrier.
// Half of warp 0 waits at __syncthreads() inside `if (lane < 16)` while the
// other half waits at a __syncwarp() that needs the first half: neither can
// proceed. A GPU hangs; simt reports every waiting thread and where
// (twin: divergent_barrier_fixed.cu keeps the barrier outside the branch).
#include <cstdio>

__global__ void stage(int* out) {
    __shared__ int s[64];
    s[threadIdx.x] = int(threadIdx.x);
    if (threadIdx.x % 32 < 16) {
        __syncthreads();
    } else {
        __syncwarp();
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}

int main() {
    int* out;
    cudaMalloc(&out, 64 * sizeof(int));
    stage<<<1, 64>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("stage: %s\n", cudaGetErrorString(e));
    cudaFree(out);
    return 0;
}
