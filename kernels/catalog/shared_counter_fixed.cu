// FIXED TWIN of shared_counter.cu: atomicAdd makes each increment indivisible.
#include <cstdio>

constexpr int THREADS = 256;

__global__ void count(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    atomicAdd(&counter, 1);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = counter;
}

int main() {
    int* out;
    cudaMalloc(&out, 4 * sizeof(int));
    count<<<4, THREADS>>>(out);
    int host[4];
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int b = 0; b < 4; ++b) wrong += host[b] != THREADS;
    printf("count: %d of 4 block counters wrong\n", wrong);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: count: 0 of 4 block counters wrong
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
