// Copies that read device memory nothing has written: initcheck reports the
// source of each, whole or in part. The copies still happen (a GPU copies
// whatever the memory holds), so what the program prints of them is only
// which bytes it wrote itself.
#include <cstdio>

__global__ void fill_half(int *p, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) p[i] = i;
}

int main() {
    const int n = 64;
    int *never = nullptr, *half = nullptr, *copy = nullptr;
    int host[n] = {};
    cudaMalloc(&never, n * sizeof(int));
    cudaMalloc(&half, n * sizeof(int));
    cudaMalloc(&copy, n * sizeof(int));
    cudaMemcpy(host, never, n * sizeof(int), cudaMemcpyDeviceToHost);  // nothing written
    fill_half<<<1, n>>>(half, n);
    cudaMemcpy(host, half, n * sizeof(int), cudaMemcpyDeviceToHost);   // the second half unwritten
    std::printf("half[31] = %d\n", host[31]);
    cudaMemcpy(copy, half, n * sizeof(int), cudaMemcpyDeviceToDevice); // the same, device to device
    cudaMemcpy(host, half, n / 2 * sizeof(int), cudaMemcpyDeviceToHost); // only written bytes: clean
    std::printf("half[0..31] sum = %d\n", [&] { int s = 0; for (int i = 0; i < n / 2; ++i) s += host[i]; return s; }());
    std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(never);
    cudaFree(half);
    cudaFree(copy);
    return 0;
}
