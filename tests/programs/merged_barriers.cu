// Two branches that differ only in which threads take them, each ending in
// __syncthreads(): g++ -O2 would merge them into one call, so the barrier
// must keep each call site by itself (compute-sanitizer's synccheck reports
// the divergent barrier on an H100).
#include <cstdio>

__global__ void halves(int* out) {
    __shared__ int s[64];
    if (threadIdx.x < 32) {
        s[threadIdx.x] = 1;
        __syncthreads();
    } else {
        s[threadIdx.x] = 1;
        __syncthreads();
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}

int main() {
    int* out;
    cudaMallocManaged(&out, 64 * sizeof(int));
    halves<<<1, 64>>>(out);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s %d %d\n", cudaGetErrorName(e), out[0], out[63]);
    return 0;
}
