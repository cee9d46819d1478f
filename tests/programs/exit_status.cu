#include <cstdio>

__global__ void noop() {}

int main(int argc, char** argv) {
    noop<<<1, 1>>>();
    cudaDeviceSynchronize();
    std::printf("argc=%d last=%s\n", argc, argv[argc - 1]);
    return 3;
}
