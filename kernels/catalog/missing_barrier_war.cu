// BUG CLASS: missing barrier, write-after-read.
// Several rounds reuse one shared buffer: each thread adds its left
// neighbour's value. The barrier after the store is there, but the one after
// the read is missing, so a fast thread's next store can overwrite a value its
// neighbour has not read yet (twin: missing_barrier_war_fixed.cu).
#include <cstdio>

constexpr int N = 128, ROUNDS = 4;

__global__ void smooth(int* data) {
    __shared__ int buf[N];
    int v = data[threadIdx.x];
    for (int r = 0; r < ROUNDS; ++r) {
        buf[threadIdx.x] = v;
        __syncthreads();
        v += buf[(threadIdx.x + N - 1) % N];
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: race hazard (WAR
// expect-its: smooth::buf[
// expect-its: missing_barrier_war.cu:14
// expect-its: missing_barrier_war.cu:16
// expect-its: add __syncthreads() after line 16 (at the end of the loop body)
// expect-its: simt: ERROR SUMMARY: 4 errors, 0 warnings
// expect-lockstep: error: race hazard (
// expect-lockstep: smooth::buf[
// expect-lockstep: missing_barrier_war.cu:14
// expect-lockstep: missing_barrier_war.cu:16
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 1 warning
