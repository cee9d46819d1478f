// host_reads_before_sync with 2^24 elements: how much of a kernel's output
// the host sees when it reads right after the launch.
#include <cstdio>

__global__ void fill(int* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1;
}

int main() {
    const int n = 1 << 24;
    int* out;
    cudaMallocManaged(&out, n * sizeof(int));
    cudaMemset(out, 0, n * sizeof(int));
    cudaDeviceSynchronize();
    fill<<<(n + 255) / 256, 256>>>(out, n);
    long long seen = 0;
    for (int i = 0; i < n; ++i) seen += out[i];
    cudaDeviceSynchronize();
    long long after = 0;
    for (int i = 0; i < n; ++i) after += out[i];
    printf("ones seen before the wait: %lld of %d; after: %lld\n", seen, n, after);
    cudaFree(out);
    return 0;
}
