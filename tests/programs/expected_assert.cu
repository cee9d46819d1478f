// A program that expects its kernel's assert to fail, as cuda-samples'
// simpleAssert does: on a GPU it prints each failing thread's line and exits
// 0, because the launch failing with cudaErrorAssert is what it checks for.
#include <cassert>
#include <cstdio>

__global__ void check_bounds(int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    assert(i < n);
}

int main() {
    check_bounds<<<2, 32>>>(60);
    const cudaError_t e = cudaDeviceSynchronize();
    printf("launch: %s\n", cudaGetErrorString(e));
    return e == cudaErrorAssert ? 0 : 1;
}
