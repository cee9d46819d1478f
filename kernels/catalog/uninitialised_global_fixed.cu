// FIXED TWIN of uninitialised_global.cu: the bins are cleared with
// cudaMemset before the kernel adds into them.
#include <cstdio>

__global__ void histogram(const int* values, int n, int* bins) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[values[i] % 16], 1);
}

int main() {
    const int n = 256;
    int host[n];
    for (int i = 0; i < n; ++i) host[i] = i * 7;
    int *values, *bins;
    cudaMalloc(&values, n * sizeof(int));
    cudaMalloc(&bins, 16 * sizeof(int));
    cudaMemcpy(values, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemset(bins, 0, 16 * sizeof(int));
    histogram<<<2, 128>>>(values, n, bins);
    int counts[16];
    cudaMemcpy(counts, bins, sizeof counts, cudaMemcpyDeviceToHost);
    int total = 0;
    for (int c : counts) total += c;
    printf("histogram: %s, %d values counted\n", cudaGetErrorString(cudaGetLastError()), total);
    cudaFree(values);
    cudaFree(bins);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: histogram: no error, 256 values counted
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
