// One warp splits on the lane number and meets again at __syncwarp: the
// trace shows the split (two convergence groups) and the reconvergence.
#include <cstdio>

__global__ void split(unsigned* out) {
    const unsigned lane = threadIdx.x % 32;
    unsigned active;
    if (lane < 16) {
        active = __activemask();
    } else {
        active = __activemask() << 1;
    }
    __syncwarp();
    out[threadIdx.x] = active;
}

int main() {
    unsigned* out;
    cudaMallocManaged(&out, 32 * sizeof(unsigned));
    split<<<1, 32>>>(out);
    cudaDeviceSynchronize();
    printf("lane 0 saw %#x, lane 31 saw %#x\n", out[0], out[31]);
    cudaFree(out);
    return 0;
}
