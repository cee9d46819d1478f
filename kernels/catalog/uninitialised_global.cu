// BUG CLASS: read of uninitialised device memory.
// A histogram kernel adds into bins it expects to start at zero, but the bins
// come straight from cudaMalloc, which does not clear memory: on a GPU they
// hold whatever the last program left there, so the counts are garbage.
// compute-sanitizer's initcheck and simt both report the atomics (twin:
// uninitialised_global_fixed.cu clears the bins with cudaMemset).
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: init hazard (uninitialised read) on global memory in kernel histogram
// expect-its: Atomic of size 4 at global allocation #2 (64 bytes)
// expect-its: uninitialised_global.cu:11
// expect-its: (256 instances
// expect-its: simt: ERROR SUMMARY: 1 error, 0 warnings
// expect-lockstep: error: init hazard (uninitialised read) on global memory
// expect-lockstep: uninitialised_global.cu:11
// expect-lockstep: simt: ERROR SUMMARY: 1 error, 0 warnings
