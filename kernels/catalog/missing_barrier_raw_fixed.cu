// FIXED TWIN of missing_barrier_raw.cu: __syncthreads() between the store and the read.

#include <cstdio>

constexpr int N = 256;

__global__ void rotate(const int* in, int* out) {
    __shared__ int ring[N];
    ring[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[(threadIdx.x + 1) % N];
}

int main() {
    int *in, *out;
    cudaMalloc(&in, N * sizeof(int));
    cudaMalloc(&out, N * sizeof(int));
    int host[N];
    for (int i = 0; i < N; ++i) host[i] = i;
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    rotate<<<1, N>>>(in, out);
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < N; ++i) wrong += host[i] != (i + 1) % N;
    printf("rotate: %d of %d elements wrong\n", wrong, N);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: rotate: 0 of 256 elements wrong
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
