// Two kernels, each with a race on a shared counter, for the kernel filters
// (--kernel-name, --kernel-name-exclude). `consume` reads what `produce`
// wrote, so checking `consume` alone must not call that memory uninitialised.
// With the argument "overrun", `produce` also writes past the end of its
// array, which simt refuses whether or not the kernel is checked.
#include <cstdio>
#include <cstring>

__global__ void produce(int* out, int n, bool overrun) {
    __shared__ int count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    count = count + 1;  // every thread, no barrier: a race
    __syncthreads();
    out[threadIdx.x] = count;
    if (overrun && threadIdx.x == 0) out[n] = 0;  // one past the end
}

__global__ void consume(const int* in, int* total) {
    __shared__ int sum;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    sum = sum + in[threadIdx.x];  // every thread, no barrier: a race
    __syncthreads();
    if (threadIdx.x == 0) *total = sum;
}

int main(int argc, char** argv) {
    const bool overrun = argc > 1 && std::strcmp(argv[1], "overrun") == 0;
    const int n = 64;
    int *values, *total;
    cudaMalloc(&values, n * sizeof(int));
    cudaMalloc(&total, sizeof(int));
    produce<<<1, n>>>(values, n, overrun);
    consume<<<1, n>>>(values, total);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", cudaGetErrorString(e));
    cudaFree(values);
    cudaFree(total);
    return 0;
}
