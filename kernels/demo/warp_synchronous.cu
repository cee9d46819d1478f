// The classic "last warp unrolled" reduction: the final 32 elements are
// summed without __syncthreads, relying on lockstep warps through volatile
// shared memory. Correct on pre-Volta GPUs (simt --mode lockstep), a race on
// Volta and later (simt --mode its, the default): try a few --seed values.
#include <cstdio>

__device__ void warp_reduce(volatile int* s, unsigned t) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
}

__global__ void reduce(const int* in, int* out) {
    __shared__ int s[256];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 32; stride /= 2) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t < 32) warp_reduce(s, t);
    if (t == 0) out[blockIdx.x] = s[0];
}

int main() {
    const int blocks = 64, threads = 256;
    int *in, *out;
    cudaMallocManaged(&in, blocks * threads * sizeof(int));
    cudaMallocManaged(&out, blocks * sizeof(int));
    for (int i = 0; i < blocks * threads; ++i) in[i] = 1;
    reduce<<<blocks, threads>>>(in, out);
    cudaDeviceSynchronize();
    int wrong = 0;
    for (int b = 0; b < blocks; ++b) wrong += out[b] != threads;
    printf("%d of %d block sums are wrong%s\n", wrong, blocks,
           wrong ? " (this kernel assumes lockstep warps)" : "");
    return 0;
}
