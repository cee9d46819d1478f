// BUG CLASS: host code reads a launch's results before waiting for it.
// The host adds up a kernel's results before waiting for the launch. On a
// GPU a launch returns at once and the kernel runs later, so the loop may
// add zeros or a mix of old and new values; managed memory makes the read
// legal, not ordered. Under simt the launch has run by the time it returns,
// so the sum comes out right, and the race checker reports the read as a
// race between the host and the kernel, naming both lines (twin:
// host_reads_before_sync_fixed.cu waits first).
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
    long long total = 0;
    for (int i = 0; i < n; ++i) total += out[i];
    cudaDeviceSynchronize();
    printf("sum of squares below %d: %lld\n", n, total);
    cudaFree(out);
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-stdout: sum of squares below 256: 5559680
// expect: error: race hazard (RAW, host and kernel) on global memory in kernel squares
// expect: Read of size 4 at global allocation #1 (1024 bytes), byte offset 0 (element [0]), from cudaMallocManaged by the host thread at host_reads_before_sync.cu:22
// expect: Previous write of size 4 by thread (0,0,0) of block (0,0,0) (warp 0, lane 0) at host_reads_before_sync.cu:13
// expect: Fix: wait for the launch before the host reads
// expect: (256 instances
// expect: simt: ERROR SUMMARY: 1 error, 0 warnings
