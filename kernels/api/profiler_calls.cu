// Profiler start and stop around a launch: on a GPU without a profiler both
// return cudaSuccess and change nothing (an H200, 2026-11-26:
// docs/gpu-runs/2026-11-26-h200-device-queries.txt); simt has no profiler.
#include <cstdio>
#include <cuda_profiler_api.h>
__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }
int main() {
  int *d; cudaMalloc(&d, 128);
  std::printf("cudaProfilerStart %s\n", cudaGetErrorName(cudaProfilerStart()));
  k<<<1, 32>>>(d);
  std::printf("cudaProfilerStop %s\n", cudaGetErrorName(cudaProfilerStop()));
  std::printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
