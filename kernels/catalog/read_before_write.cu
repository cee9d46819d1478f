// BUG CLASS: read before write (uninitialised shared memory).
// A 1-D stencil loads its block's elements into shared memory but forgets the
// halo: the first and last threads read neighbours that nobody wrote
// (twin: read_before_write_fixed.cu loads the halo too).
#include <cstdio>

constexpr int N = 256, THREADS = 64;

__global__ void blur(const float* in, float* out) {
    __shared__ float tile[THREADS + 2];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    tile[threadIdx.x + 1] = in[i];
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
