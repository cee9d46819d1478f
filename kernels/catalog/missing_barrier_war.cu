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
