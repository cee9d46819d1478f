// Which failing device asserts print before the launch stops (argv[1] picks the case).
#include <cassert>
#include <cstdio>
#include <cstring>
__global__ void blocks() { assert(threadIdx.x != 5); }
__global__ void warps() { assert(threadIdx.x % 32 != 3); }
__global__ void spread() { assert(!(threadIdx.x == 0 && blockIdx.x % 100 == 7)); }
__global__ void loop() { for (int i = 0; i < 32; ++i) assert(i != (int)threadIdx.x || threadIdx.x < 28); }
__global__ void barrier(int* out) {
    if (threadIdx.x == 40) assert(false);
    __syncthreads();
    if (threadIdx.x < 2) assert(threadIdx.x == 1);
    out[threadIdx.x] = 1;
}
__global__ void later(int* out) {
    // block 0 fails at once; the other blocks fail after some work
    if (blockIdx.x == 0) assert(threadIdx.x != 0);
    float v = 0; for (int i = 0; i < 100000; ++i) v += __sinf(i * 0.001f);
    out[blockIdx.x * blockDim.x + threadIdx.x] = (int)v;
    assert(threadIdx.x != 1);
}
int main(int argc, char** argv) {
    const char* w = argc > 1 ? argv[1] : "blocks";
    int* out; cudaMalloc(&out, 1 << 22);
    if (!strcmp(w, "blocks")) blocks<<<4, 64>>>();
    if (!strcmp(w, "warps")) warps<<<2, 128>>>();
    if (!strcmp(w, "spread")) spread<<<1024, 256>>>();
    if (!strcmp(w, "loop")) loop<<<1, 32>>>();
    if (!strcmp(w, "barrier")) barrier<<<1, 64>>>(out);
    if (!strcmp(w, "later")) later<<<64, 64>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("sync: %s\n", cudaGetErrorName(e));
    return 0;
}
