// Four host threads launch kernels at the same time, as the CUDA runtime
// allows: launches take turns on the device and every one runs.
#include <cstdio>
#include <thread>
#include <vector>

__global__ void stamp(int* p, int v) { p[blockIdx.x * 32 + threadIdx.x] = v; }

int main() {
    int* d[4];
    for (int t = 0; t < 4; ++t) cudaMalloc(&d[t], 128 * sizeof(int));
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&d, t] {
            for (int i = 0; i < 200; ++i) stamp<<<4, 32>>>(d[t], t * 1000 + i);
            cudaDeviceSynchronize();
        });
    for (std::thread& th : threads) th.join();
    long sum = 0;
    for (int t = 0; t < 4; ++t) {
        int h[128];
        cudaMemcpy(h, d[t], sizeof h, cudaMemcpyDeviceToHost);
        for (int v : h) sum += v;
        cudaFree(d[t]);
    }
    std::printf("sum %ld (expected 869888)\n", sum);
    return 0;
}
