// FIXED TWIN of host_reads_before_sync.cu: the host waits for the launch
// (cudaDeviceSynchronize) before it reads the results.
#include <cstdio>

__global__ void squares(int* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i * i;
}

int main() {
    const int n = 256;
    int* out;
    cudaMallocManaged(&out, n * sizeof(int));
    squares<<<(n + 127) / 128, 128>>>(out, n);
    cudaDeviceSynchronize();  // the launch has finished: its results are the host's to read
    long long total = 0;
    for (int i = 0; i < n; ++i) total += out[i];
    printf("sum of squares below %d: %lld\n", n, total);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: sum of squares below 256: 5559680
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
