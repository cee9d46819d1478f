// BUG CLASS: missing barrier, read-after-write.
// Each thread stores its element to shared memory, then reads its right
// neighbour's element. Without __syncthreads() the neighbour may not have
// stored yet (its twin: missing_barrier_raw_fixed.cu).
#include <cstdio>

constexpr int N = 256;

__global__ void rotate(const int* in, int* out) {
    __shared__ int ring[N];
    ring[threadIdx.x] = in[threadIdx.x];
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: race hazard (
// expect-its: rotate::ring[
// expect-its: missing_barrier_raw.cu:11
// expect-its: missing_barrier_raw.cu:12
// expect-its: Fix: add __syncthreads() between line 11 and line 12
// expect-its: simt: ERROR SUMMARY: 5 errors, 0 warnings
// expect-lockstep: error: race hazard (
// expect-lockstep: rotate::ring[
// expect-lockstep: Fix: add __syncthreads() between line
// expect-lockstep: missing_barrier_raw.cu:11
// expect-lockstep: simt: ERROR SUMMARY: 3 errors, 1 warning
