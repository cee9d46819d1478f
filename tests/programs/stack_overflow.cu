#include <cstdio>

// Each level keeps a 2 KiB array live: 100 levels need about 200 KiB of stack.
__device__ int deep(int level, volatile int* sink) {
    volatile int frame[512];
    for (int i = 0; i < 512; ++i) frame[i] = level + i;
    int below = level > 0 ? deep(level - 1, sink) : 0;
    return frame[level % 512] + below;
}

__global__ void recurse(int* out) { out[threadIdx.x] = deep(100, out); }

int main() {
    int* out;
    cudaMallocManaged(&out, 4 * sizeof(int));
    recurse<<<1, 4>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("result %d (%s)\n", out[0], cudaGetErrorString(e));
    return 0;
}
