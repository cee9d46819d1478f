// One launch prints far more than the 1 MiB device printf buffer:
// `printf_flood [buffer-bytes]` (with an argument, cudaDeviceSetLimit first).
#include <cstdio>
#include <cstdlib>

__global__ void flood(int lines) {
    for (int i = 0; i < lines; ++i) printf("block %3d thread %2d line %4d of the flood...........\n", blockIdx.x, threadIdx.x, i);
}

int main(int argc, char** argv) {
    if (argc > 1) {
        const std::size_t bytes = std::strtoull(argv[1], nullptr, 10);
        std::printf("limit: %s\n", cudaGetErrorString(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, bytes)));
    }
    std::size_t fifo = 0;
    cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
    std::printf("printf buffer: %zu bytes\n", fifo);
    flood<<<4, 32>>>(400);  // 51200 lines of 56 bytes: 2.8 MB
    std::printf("flood: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
