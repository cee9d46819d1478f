#include <cstdio>

__global__ void report(const int* data) {
    __shared__ int sum;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    atomicAdd(&sum, data[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x % 8 == 0) printf("block %d thread %d sees sum %d\n", blockIdx.x, threadIdx.x, sum);
}

int main() {
    const int blocks = 16, threads = 64;
    int* data;
    cudaMallocManaged(&data, blocks * threads * sizeof(int));
    for (int i = 0; i < blocks * threads; ++i) data[i] = i % 5;
    printf("host before\n");
    report<<<blocks, threads>>>(data);
    cudaDeviceSynchronize();
    printf("host after\n");
    return 0;
}
