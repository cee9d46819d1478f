#include <cstdio>

__global__ void broken(int* out) {
    out[threadIdx.x] = 1;
    int y = undefined_name + 1;
}

int main() { return 0; }
