// A launch that takes about three seconds of wall time, whatever the machine:
// each block sleeps (simt's device code is the CPU's, so usleep is there;
// this program is for simt only). For the progress line on a terminal.
#include <cstdio>
#include <unistd.h>

__global__ void slow(int* out) {
    if (threadIdx.x == 0) usleep(100000);
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

int main() {
    int* out;
    cudaMalloc(&out, 30 * 32 * sizeof(int));
    slow<<<30, 32>>>(out);
    cudaDeviceSynchronize();
    std::printf("done\n");
    cudaFree(out);
    return 0;
}
