// NVTX ranges around a launch (cuda-samples' cudaGraphsPerfScaling): with no
// profiler attached, NVTX's header-only library answers push and pop with
// NVTX_NO_PUSH_POP_TRACKING (-2, nvtx3/nvToolsExt.h) and the launch runs.
#include <cstdio>
#include <nvtx3/nvToolsExt.h>
__global__ void k(int* p) { p[threadIdx.x] = threadIdx.x; }
int main() {
    int* d;
    cudaMalloc(&d, 128);
    const int pushed = nvtxRangePushA("launch");
    nvtxMarkA("before");
    k<<<1, 32>>>(d);
    const int popped = nvtxRangePop();
    std::printf("push %d pop %d sync %s\n", pushed, popped, cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
