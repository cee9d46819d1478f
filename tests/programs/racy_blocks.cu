// Blocks that really race on global memory: thread 0 of every block adds its
// block number + 1 to one counter with a plain load and store, and records
// what it saw. On a GPU the numbers change from run to run; simt reports the
// race and prints what block order gives (1 3 6 10 ...), every time and for
// any number of workers. The second kernel's blocks share nothing.
#include <cstdio>

__global__ void accumulate(int* counter, int* seen) {
    if (threadIdx.x == 0) {
        const int v = *counter;
        *counter = v + blockIdx.x + 1;
        seen[blockIdx.x] = *counter;
    }
}

__global__ void scale(float* x, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 2.0f + 1.0f;
}

int main() {
    int *counter, *seen;
    cudaMalloc(&counter, sizeof(int));
    cudaMalloc(&seen, 64 * sizeof(int));
    cudaMemset(counter, 0, sizeof(int));
    cudaMemset(seen, 0, 64 * sizeof(int));
    accumulate<<<64, 32>>>(counter, seen);
    int host[64], total;
    cudaMemcpy(host, seen, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(&total, counter, sizeof total, cudaMemcpyDeviceToHost);
    printf("total %d:", total);
    for (int i = 0; i < 64; ++i) printf(" %d", host[i]);
    printf("\n");
    const int n = 1 << 14;
    float* x;
    cudaMalloc(&x, n * sizeof(float));
    cudaMemset(x, 0, n * sizeof(float));
    for (int r = 0; r < 3; ++r) scale<<<n / 256, 256>>>(x, n);
    float last[2];
    cudaMemcpy(last, x + n - 2, sizeof last, cudaMemcpyDeviceToHost);
    printf("scale %g %g\n", last[0], last[1]);
    cudaFree(x);
    cudaFree(seen);
    cudaFree(counter);
    return 0;
}
