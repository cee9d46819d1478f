// A kernel that stores to __constant__ memory: nvcc warns ("Cannot store to
// pointer that points to constant memory space") and an H200 fails the
// launch with cudaErrorLaunchFailure (docs/gpu-runs/2026-11-26-h200-constant-store.txt).
// Not in the nvcc compile checks, which take no warning.
#include <cstdio>

__constant__ float coef[4];

__global__ void store_constant(int i, float* seen) {
    if (threadIdx.x == 0) coef[i] = 2.0f;
    __syncthreads();
    seen[threadIdx.x] = coef[i];
}

int main() {
    const float h[4] = {1, 1, 1, 1};
    cudaMemcpyToSymbol(coef, h, sizeof h);
    float* seen;
    cudaMalloc(&seen, 32 * sizeof(float));
    store_constant<<<1, 32>>>(1, seen);
    std::printf("constant: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
