// A full-mask collective after some lanes returned: CUDA asks every
// *non-exited* lane named in the mask to arrive, so the exited lanes are
// simply not waited for.
// H100 (feature audit, sm_90): correct values; synccheck 0 errors.
#include <cstdio>

__global__ void reverse_half(int* out) {
    __shared__ int q[32];
    const int l = threadIdx.x;
    if (l >= 16) return;
    q[l] = l;
    __syncwarp();
    out[l] = q[15 - l];
}

// The usual early return before a full-warp shuffle (n is even, so every
// lane's partner is still there).
__global__ void pair_sum(const int* in, int* out, int n) {
    const int i = threadIdx.x;
    if (i >= n) return;
    const int v = in[i];
    out[i] = v + __shfl_xor_sync(0xffffffffu, v, 1);
}

int main() {
    int wrong = 0;
    int *in, *out;
    cudaMallocManaged(&in, 64 * sizeof(int));
    cudaMallocManaged(&out, 64 * sizeof(int));
    reverse_half<<<1, 32>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    for (int l = 0; l < 16; ++l) wrong += out[l] != 15 - l;
    printf("reverse_half: %s\n", cudaGetErrorString(e));

    for (int i = 0; i < 64; ++i) in[i] = i * 3;
    const int n = 44;
    pair_sum<<<1, 64>>>(in, out, n);
    e = cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) wrong += out[i] != in[i] + in[i ^ 1];
    printf("pair_sum: %s\n", cudaGetErrorString(e));
    printf("exited_lanes_in_mask: %d wrong\n", wrong);
    return wrong == 0 ? 0 : 1;
}
