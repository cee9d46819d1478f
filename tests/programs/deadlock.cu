#include <cstdio>

__global__ void half_barrier(int* out) {
    if (threadIdx.x < 16) __syncthreads();
    else __syncwarp();
    out[threadIdx.x] = 1;
}

int main() {
    int* out;
    cudaMalloc(&out, 64 * sizeof(int));
    half_barrier<<<2, 64>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("sync: %s\n", cudaGetErrorString(e));
    return 0;
}
