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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: deadlock in kernel stage
// expect-its: 32 threads wait at a block barrier
// expect-its: at divergent_barrier.cu:12: threads 0-15, 32-47
// expect-its: 32 threads wait at a warp collective at divergent_barrier.cu:14: threads 16-31, 48-63
// expect-its: simt: ERROR SUMMARY: 1 error, 0 warnings
// expect-lockstep: deadlock in kernel stage
// expect-lockstep: divergent_barrier.cu:12
// expect-lockstep: divergent_barrier.cu:14
// expect-lockstep: simt: ERROR SUMMARY: 1 error, 0 warnings
