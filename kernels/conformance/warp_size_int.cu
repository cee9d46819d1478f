// warpSize is a run-time int in CUDA: it prints with %d and mixes with ints
// in min/max and arithmetic.
// H100 (feature audit, sm_90): prints "warpSize 32".
#include <cstdio>

__global__ void use_warp_size(int* out, int n) {
    if (threadIdx.x == 0) printf("warpSize %d\n", warpSize);
    out[0] = min(n, warpSize);
    out[1] = max(warpSize, 1);
    out[2] = int(threadIdx.x) % warpSize + warpSize / 2;
}

int main() {
    int* out;
    cudaMallocManaged(&out, 3 * sizeof(int));
    use_warp_size<<<1, 1>>>(out, 100);
    cudaError_t e = cudaDeviceSynchronize();
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const int ws = prop.warpSize;
    const int wrong = (out[0] != (100 < ws ? 100 : ws)) + (out[1] != ws) + (out[2] != ws / 2);
    printf("warp_size_int: %s, %d wrong\n", cudaGetErrorString(e), wrong);
    return wrong == 0 ? 0 : 1;
}
