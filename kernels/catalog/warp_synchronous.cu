// BUG CLASS: warp-synchronous assumption.
// The last 64 partial sums are reduced by one warp without __syncwarp(),
// relying on lockstep execution through volatile shared memory. Correct on
// pre-Volta GPUs and AMD; a race since Volta (twin: warp_synchronous_fixed.cu).
#include <cstdio>

constexpr int THREADS = 256, BLOCKS = 32;

__device__ void warp_reduce(volatile int* s, unsigned t) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status-its: 1
// expect-status-lockstep: 0
// expect-its: error: race hazard (RAW, intra-warp)
// expect-its: reduce::s[
// expect-its: Fix: add __syncwarp() between line
// expect-its: simt: ERROR SUMMARY: 60 errors, 0 warnings
// expect-lockstep: warning: race hazard (RAW, warp-synchronous)
// expect-lockstep: correct only where warps run in lockstep
// expect-lockstep: simt: ERROR SUMMARY: 0 errors, 10 warnings
