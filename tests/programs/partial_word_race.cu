// Two threads of different warps each write both halves of one 4-byte word
// with separate 2-byte stores, in shared memory and in global memory (issue
// 16's reproducer): a write-write race on each half, though no single store
// covers the word. The racy launches and their race-free twin (one writer).
#include <cstdio>

__global__ void halves_shared(short* out, unsigned stride) {
    __shared__ short s[64];
    if (threadIdx.x < 64) s[threadIdx.x] = 0;
    __syncthreads();
    if (threadIdx.x % stride == 0) {
        s[42] = short(threadIdx.x);
        s[43] = short(threadIdx.x + 1);
    }
    __syncthreads();
    if (threadIdx.x == 0) out[0] = short(s[42] + s[43]);
}

__global__ void halves_global(short* a, unsigned stride) {
    if (threadIdx.x % stride == 0) {
        a[42] = short(threadIdx.x);
        a[43] = short(threadIdx.x + 1);
    }
}

int main(int argc, char**) {
    const bool racy = argc == 1;  // any argument: the race-free twin
    const unsigned stride = racy ? 32 : 64;
    short* d = nullptr;
    cudaMalloc(&d, 64 * sizeof(short));
    cudaMemset(d, 0, 64 * sizeof(short));
    halves_shared<<<1, 64>>>(d, stride);
    halves_global<<<1, 64>>>(d, stride);
    short h[64];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s: a[42] + a[43] = %d, %s\n", racy ? "two writers" : "one writer", h[42] + h[43],
           cudaGetErrorString(cudaGetLastError()));
    cudaFree(d);
    return 0;
}
