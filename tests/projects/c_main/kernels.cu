// Launch spellings and arguments nvcc takes: spaces between the chevrons
// (formatters write them), a literal 0 for a pointer parameter, a derived
// object for a base parameter, an int for a long.
#include <cuda_runtime.h>

struct Scale { int factor; };
struct NamedScale : Scale { const char* name; };

__global__ void scale(int* values, const int* offsets, long n, Scale s) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) values[i] = values[i] * s.factor + (offsets == 0 ? 0 : offsets[i]);
}

extern "C" int scale_on_device(int* values, int n, int factor) {
    int* d = 0;
    if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) return 1;
    cudaMemcpy(d, values, n * sizeof(int), cudaMemcpyHostToDevice);
    NamedScale s;
    s.factor = factor;
    s.name = "scale";
    scale << < 1, n >> > (d, 0, n, s);
    scale< < <1, n> > >(d, NULL, n, s);
    cudaMemcpy(values, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
