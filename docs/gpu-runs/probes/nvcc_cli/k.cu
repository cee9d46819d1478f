#include <cstdio>
__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x; }
int main() { int *d; cudaMalloc(&d, 128); k<<<1, 32>>>(d); int h[32]; cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost); printf("h[31]=%d\n", h[31]); return 0; }
