// FIXED TWIN of warp_synchronous.cu: each step reads into a register,
// __syncwarp(), then stores and __syncwarp() again, as the CUDA guide
// prescribes since Volta.
#include <cstdio>

constexpr int THREADS = 256, BLOCKS = 32;

__device__ void warp_reduce(int* s, unsigned t) {
    for (unsigned offset = 32; offset > 0; offset /= 2) {
        const int other = s[t + offset];
        __syncwarp();
        s[t] += other;
        __syncwarp();
    }
}

__global__ void reduce(const int* in, int* out) {
    __shared__ int s[THREADS];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * THREADS + t];
    __syncthreads();
    for (unsigned stride = THREADS / 2; stride > 32; stride /= 2) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t < 32) warp_reduce(s, t);
    if (t == 0) out[blockIdx.x] = s[0];
}

int main() {
    int *in, *out;
    cudaMalloc(&in, BLOCKS * THREADS * sizeof(int));
    cudaMalloc(&out, BLOCKS * sizeof(int));
    static int host[BLOCKS * THREADS];
    for (int i = 0; i < BLOCKS * THREADS; ++i) host[i] = 1;
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    reduce<<<BLOCKS, THREADS>>>(in, out);
    int sums[BLOCKS];
    cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int b = 0; b < BLOCKS; ++b) wrong += sums[b] != THREADS;
    printf("reduce: %d of %d block sums wrong\n", wrong, BLOCKS);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: reduce: 0 of 32 block sums wrong
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
