// A grid of millions of one-thread blocks is valid CUDA (grid.x may reach
// 2^31 - 1): it runs, and simt's memory does not grow with the grid.
#include <cstdio>
#include <cstdlib>

__global__ void count(unsigned long long* every_millionth) {
    if (blockIdx.x % 1000000 == 0) atomicAdd(every_millionth, 1ull);
}

int main(int argc, char** argv) {
    const unsigned blocks = argc > 1 ? unsigned(std::strtoul(argv[1], nullptr, 10)) : 2147483647u;
    unsigned long long* n;
    cudaMallocManaged(&n, sizeof *n);
    *n = 0;
    count<<<blocks, 1>>>(n);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%u blocks: %s, %llu\n", blocks, cudaGetErrorString(e), *n);
    cudaFree(n);
    return 0;
}
