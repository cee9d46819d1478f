// Dynamic parallelism: kernels launch child grids from device code; the
// children see what the parent wrote before launching them, and the host
// sees the children's results after synchronising.
// nvcc needs relocatable device code: nvcc -arch=sm_90 -rdc=true.
// (Not in the feature audit's H100 runs: simt crashed on it then.)
#include <cstdio>

__global__ void child(int* data, int base) {
    data[base + threadIdx.x] = data[base + threadIdx.x] * 2 + 1;
}

__global__ void parent(int* data) {
    const int base = blockIdx.x * blockDim.x;
    data[base + threadIdx.x] = base + threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) child<<<1, blockDim.x>>>(data, base);
}

int main() {
    const int blocks = 3, threads = 32, n = blocks * threads;
    int* data;
    cudaMallocManaged(&data, n * sizeof(int));
    parent<<<blocks, threads>>>(data);
    cudaError_t e = cudaDeviceSynchronize();
    int wrong = 0;
    for (int i = 0; i < n; ++i) wrong += data[i] != i * 2 + 1;
    printf("dynamic_parallelism: %s, data[5]=%d, %d wrong\n", cudaGetErrorString(e), data[5], wrong);
    return wrong == 0 ? 0 : 1;
}
