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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: init hazard (uninitialised read) on shared memory in kernel blur
// expect-its: blur::tile[
// expect-its: read_before_write.cu:14
// expect-its: simt: ERROR SUMMARY: 2 errors, 0 warnings
// expect-lockstep: error: init hazard (uninitialised read)
// expect-lockstep: read_before_write.cu:14
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 0 warnings
