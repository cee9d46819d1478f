// FIXED TWIN of divergent_barrier.cu: every thread reaches the same
// __syncthreads(), outside any thread-dependent branch.
#include <cstdio>

__global__ void stage(int* out) {
    __shared__ int s[64];
    s[threadIdx.x] = int(threadIdx.x);
    __syncthreads();
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

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: stage: no error
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
