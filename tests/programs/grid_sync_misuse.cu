// this_grid().sync() in a kernel launched with <<<>>>: its blocks need not
// be resident together, so a GPU may hang; simt stops the launch and says why.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void phases(int* data) {
    data[blockIdx.x * blockDim.x + threadIdx.x] = int(threadIdx.x);
    cg::this_grid().sync();
    data[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}

int main() {
    int* data;
    cudaMalloc(&data, 4 * 64 * sizeof(int));
    phases<<<4, 64>>>(data);
    std::printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
