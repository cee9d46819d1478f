// Every thread of a block adds one to a shared counter with no atomic and no
// barrier between the load and the store: how many updates survive depends
// on where threads are switched (docs/options.md, "Where threads switch").
#include <cstdio>

__global__ void count(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    counter = counter + 1;
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = counter;
}

int main() {
    int* out;
    cudaMallocManaged(&out, 8 * sizeof(int));
    count<<<8, 64>>>(out);
    cudaDeviceSynchronize();
    for (int b = 0; b < 8; ++b) std::printf("%d%c", out[b], b == 7 ? '\n' : ' ');
    cudaFree(out);
    return 0;
}
