// Block 1 loops m * m times, m a bound block 0 sets at its end (16), read
// once with a plain load (a race across blocks). In block order it reads 16;
// on a GPU, and in simt's side-by-side attempt, it may read the value from
// before the launch (0x7f7f7f7f) and loop ~2^62 times. simt must
// notice that block 1 ran on block 0's partial work soon after block 0
// ends, stop it, and run the launch again in block order: it reports the
// race and prints block order's values (tests/test_cli.cpp runs it with the
// watchdog off, so only that can end it).
#include <cstdio>

__global__ void wait_for_bound(int* n, const float* in, float* out) {
    if (blockIdx.x == 0) {
        float s = 0;
        for (int i = 0; i < 4096; ++i) s += in[(i + threadIdx.x) & 1023];
        out[threadIdx.x] = s;
        __syncthreads();
        if (threadIdx.x == 0) *n = 16;
        return;
    }
    const long long m = *n;
    float s = 0;
    for (long long i = threadIdx.x; i < m * m; i += blockDim.x) s += in[i & 1023];
    out[32 + threadIdx.x] = s + float(m);
}

int main() {
    int* n;
    float *in, *out;
    cudaMalloc(&n, sizeof(int));
    cudaMalloc(&in, 1024 * sizeof(float));
    cudaMalloc(&out, 64 * sizeof(float));
    cudaMemset(n, 0x7f, sizeof(int));
    cudaMemset(in, 0, 1024 * sizeof(float));
    wait_for_bound<<<2, 32>>>(n, in, out);
    float host[64];
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("out[0] %g out[32] %g\n", host[0], host[32]);
    return 0;
}
