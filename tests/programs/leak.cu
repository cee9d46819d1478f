// Allocates device memory and never frees it: a leak for --leak-check.
#include <cstdio>

int main() {
    int* kept;
    cudaMalloc(&kept, 256);
    std::printf("leaving\n");
    return 0;
}
