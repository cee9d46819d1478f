// FIXED TWIN of read_before_write.cu: the first and last threads also load
// the halo elements (zero past the ends of the array).
#include <cstdio>

constexpr int N = 256, THREADS = 64;

__global__ void blur(const float* in, float* out) {
    __shared__ float tile[THREADS + 2];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    tile[threadIdx.x + 1] = in[i];
    if (threadIdx.x == 0) tile[0] = i > 0 ? in[i - 1] : 0.0f;
    if (threadIdx.x == THREADS - 1) tile[THREADS + 1] = i + 1 < N ? in[i + 1] : 0.0f;
    __syncthreads();
    out[i] = (tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2]) / 3.0f;
}

int main() {
    float *in, *out;
    cudaMalloc(&in, N * sizeof(float));
    cudaMalloc(&out, N * sizeof(float));
    float host[N];
    for (int i = 0; i < N; ++i) host[i] = 3.0f;
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    blur<<<N / THREADS, THREADS>>>(in, out);
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    printf("blur: out[1] = %.1f\n", host[1]);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: blur: out[1] = 3.0
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
