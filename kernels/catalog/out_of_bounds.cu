// BUG CLASS: out-of-bounds global access.
// The guard `i <= n` lets one thread past the end of the array: on a GPU the
// write may corrupt a neighbouring allocation or fault later. simt reports it
// and does not perform it (twin: out_of_bounds_fixed.cu guards with i < n).
#include <cstdio>

__global__ void scale(float* data, int n, float factor) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) data[i] *= factor;
}

int main() {
    const int n = 1000;
    float* data;
    cudaMalloc(&data, n * sizeof(float));
    cudaMemset(data, 0, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(data, n, 2.0f);
    cudaError_t e = cudaDeviceSynchronize();
    printf("scale: %s\n", cudaGetErrorString(e));
    cudaFree(data);
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: invalid global read of size 4 in kernel scale by thread (232,0,0) of block (3,0,0)
// expect-its: out_of_bounds.cu:9
// expect-its: is 0 bytes past the end of allocation #1 (4000 bytes at
// expect-its: the access was not performed
// expect-its: simt: ERROR SUMMARY: 1 error, 0 warnings
// expect-lockstep: invalid global read of size 4 in kernel scale
// expect-lockstep: out_of_bounds.cu:9
// expect-lockstep: simt: ERROR SUMMARY: 1 error, 0 warnings
