// FIXED TWIN of out_of_bounds.cu: the guard is `i < n`.
#include <cstdio>

__global__ void scale(float* data, int n, float factor) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
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

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: scale: no error
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
