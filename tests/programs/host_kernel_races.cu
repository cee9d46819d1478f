// Host code racing with launches nothing has waited for: a write of what a
// kernel reads (WAR), a write of what it writes (WAW), a read of pinned
// memory a kernel writes (RAW). Each is one report with its count.
#include <cstdio>

__global__ void scale(const float* in, float* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i];
}

int main() {
    const int n = 256;
    float *in, *out, *pinned;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    cudaMallocHost(&pinned, n * sizeof(float));
    for (int i = 0; i < n; ++i) in[i] = float(i);
    scale<<<4, 64>>>(in, out, n);
    in[3] = -1.0f;    // WAR: the kernel reads in[3]
    out[100] = 0.0f;  // WAW: the kernel writes out[100]
    scale<<<4, 64>>>(out, pinned, n);
    float sum = 0;
    for (int i = 0; i < n; ++i) sum += pinned[i];  // RAW, every element
    cudaDeviceSynchronize();
    printf("sum %.0f\n", sum);
    cudaFree(in);
    cudaFree(out);
    cudaFreeHost(pinned);
    return 0;
}
