// One racy kernel launched five times: one hazard group, found in five launches.
#include <cstdio>

__global__ void bump(int* total) {
    __shared__ int count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    count = count + 1;  // every thread, no barrier: a race
    __syncthreads();
    if (threadIdx.x == 0) *total = count;
}

int main() {
    int* total;
    cudaMalloc(&total, sizeof(int));
    for (int launch = 0; launch < 5; ++launch) bump<<<1, 64>>>(total);
    cudaDeviceSynchronize();
    cudaFree(total);
    std::printf("done\n");
    return 0;
}
