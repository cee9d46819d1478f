// FIXED TWIN of missing_barrier_war.cu: a second __syncthreads() after the
// read, so no thread stores the next round before every neighbour has read.
#include <cstdio>

constexpr int N = 128, ROUNDS = 4;

__global__ void smooth(int* data) {
    __shared__ int buf[N];
    int v = data[threadIdx.x];
    for (int r = 0; r < ROUNDS; ++r) {
        buf[threadIdx.x] = v;
        __syncthreads();
        v += buf[(threadIdx.x + N - 1) % N];
        __syncthreads();
    }
    data[threadIdx.x] = v;
}

int main() {
    int* data;
    cudaMalloc(&data, N * sizeof(int));
    int host[N];
    for (int i = 0; i < N; ++i) host[i] = 1;
    cudaMemcpy(data, host, sizeof host, cudaMemcpyHostToDevice);
    smooth<<<1, N>>>(data);
    cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < N; ++i) wrong += host[i] != (1 << ROUNDS);
    printf("smooth: %d of %d elements wrong\n", wrong, N);
    cudaFree(data);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: smooth: 0 of 128 elements wrong
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
