// BUG CLASS: shared counter without atomics.
// Every thread increments one __shared__ counter with a plain read-modify-
// write: increments are lost (twin: shared_counter_fixed.cu uses atomicAdd).
#include <cstdio>

constexpr int THREADS = 256;

__global__ void count(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    counter = counter + 1;
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: race hazard (
// expect-its: count::counter
// expect-its: shared_counter.cu:12
// expect-its: simt: ERROR SUMMARY: 6 errors, 0 warnings
// expect-lockstep: error: race hazard (
// expect-lockstep: count::counter
// expect-lockstep: shared_counter.cu:12
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 1 warning
