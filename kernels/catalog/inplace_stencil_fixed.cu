// FIXED TWIN of inplace_stencil.cu: the step reads one array and writes
// another, so no thread overwrites what another block still has to read.
#include <cstdio>

__global__ void smooth(const float* in, float* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1)
        out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
    else if (i < n)
        out[i] = in[i];
}

int main() {
    const int n = 1024;
    float host[n];
    for (int i = 0; i < n; ++i) host[i] = float(i % 7);
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice);
    smooth<<<n / 256, 256>>>(a, b, n);
    cudaMemcpy(host, b, sizeof host, cudaMemcpyDeviceToHost);
    float sum = 0;
    for (float v : host) sum += v;
    printf("smooth: %s, sum %.2f\n", cudaGetErrorString(cudaGetLastError()), sum);
    cudaFree(a);
    cudaFree(b);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: smooth: no error, sum 3067.00
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
