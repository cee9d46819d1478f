// Dies by a signal on the host after a clean launch: the driver names it.
#include <csignal>
#include <cstdio>

__global__ void noop() {}

int main() {
    noop<<<1, 1>>>();
    cudaDeviceSynchronize();
    std::printf("before the crash\n");
    std::fflush(stdout);
    std::raise(SIGSEGV);
    return 0;
}
