// The program every fixture of tests/check_expectations_selftest.py runs:
// 64 threads, two warps, add to one __shared__ counter without atomics.
#include <cstdio>

__global__ void count(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    counter = counter + 1;
    __syncthreads();
    if (threadIdx.x == 0) *out = counter;
}

int main() {
    int* out;
    cudaMalloc(&out, sizeof(int));
    count<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    printf("count: done\n");
    cudaFree(out);
    return 0;
}
