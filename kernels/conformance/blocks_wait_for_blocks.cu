// Blocks that wait for other blocks: a hand-written grid barrier (every block
// arrives, then waits for all), and a block that waits for a flag a
// higher-numbered block sets. A GPU keeps these blocks resident together, so
// they make progress; so must simt, whatever the number of workers.
// H100 (feature audit, sm_90): "gridbar no error 0" (correct), no hang.
#include <cstdio>

__device__ unsigned arrived = 0;

__global__ void two_phase(int* a, int* b) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    a[t] = t;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(&arrived, 1u);
        while (atomicAdd(&arrived, 0u) < gridDim.x) {
        }
    }
    __syncthreads();
    b[t] = a[(t + blockDim.x) % (gridDim.x * blockDim.x)];
}

// Block 0 consumes what the last block produces.
__global__ void producer_consumer(volatile int* flag, int* data, int* out) {
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *flag = 1;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        while (*flag == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}

int main() {
    const int blocks = 4, threads = 64, n = blocks * threads;
    int *a, *b;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    two_phase<<<blocks, threads>>>(a, b);
    cudaError_t e = cudaDeviceSynchronize();
    int host[blocks * threads];
    cudaMemcpy(host, b, sizeof host, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int t = 0; t < n; ++t) wrong += host[t] != (t + threads) % n;
    printf("gridbar %s %d\n", cudaGetErrorString(e), wrong);

    int *flag, *data, *out;
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&data, sizeof(int));
    cudaMalloc(&out, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    cudaMemset(out, 0, sizeof(int));
    producer_consumer<<<3, 32>>>(flag, data, out);
    e = cudaDeviceSynchronize();
    int got = 0;
    cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost);
    wrong += got != 42;
    printf("producer_consumer %s %d\n", cudaGetErrorString(e), got);
    printf("blocks_wait_for_blocks: %d wrong\n", wrong);
    return wrong == 0 ? 0 : 1;
}
