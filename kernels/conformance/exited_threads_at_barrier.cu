// Half the block returns before a __syncthreads that the other half reaches.
// Since Volta exited threads no longer count at a block barrier: on an H100
// the barrier releases the 16 threads, and synccheck, racecheck, memcheck
// and initcheck are all clean (docs/gpu-runs/2026-11-25-h100-exited-threads.txt).
// simt agrees: no error by default, a note ("barrier after exit") with
// --severity note, since the CUDA guide still asks every thread to arrive.
#include <cstdio>
__global__ void half_returns(int* out) {
    __shared__ int s[32];
    if (threadIdx.x >= 16) return;
    s[threadIdx.x] = int(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = s[15 - threadIdx.x];
}
int main() {
    int* out; cudaMallocManaged(&out, 32 * sizeof(int));
    for (int i = 0; i < 32; ++i) out[i] = -1;
    half_returns<<<1, 32>>>(out);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    int wrong = 0; for (int i = 0; i < 16; ++i) wrong += out[i] != 15 - i;
    printf("%d wrong\n", wrong);
    return 0;
}
