// Shuffle arguments at the edges: the hardware uses only the low 5 bits of a
// source lane, delta or xor mask, and an xor may read an earlier width-group.
// H100 (feature audit, sm_90): __shfl_sync(~0, l, -2) = 30;
// __shfl_down_sync(~0, l, 33) = lane+1; __shfl_xor_sync(~0, l, 33) = lane^1;
// __shfl_xor_sync(~0, l, 16, 16): lanes 16-31 get 0-15, lanes 0-15 their own.
#include <cstdio>

__global__ void edges(int* out) {
    const int lane = threadIdx.x;
    out[lane] = __shfl_sync(0xffffffffu, lane, -2);
    out[32 + lane] = __shfl_down_sync(0xffffffffu, lane, 33);
    out[64 + lane] = __shfl_xor_sync(0xffffffffu, lane, 33);
    out[96 + lane] = __shfl_xor_sync(0xffffffffu, lane, 16, 16);
    out[128 + lane] = __shfl_up_sync(0xffffffffu, lane, 34, 8);
}

int main() {
    int* out;
    cudaMallocManaged(&out, 160 * sizeof(int));
    edges<<<1, 32>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    int wrong = 0;
    for (int l = 0; l < 32; ++l) {
        wrong += out[l] != 30;
        wrong += out[32 + l] != (l + 1 < 32 ? l + 1 : l);
        wrong += out[64 + l] != (l ^ 1);
        wrong += out[96 + l] != (l < 16 ? l : l - 16);
        wrong += out[128 + l] != (l % 8 >= 2 ? l - 2 : l);  // 34 is a delta of 2
    }
    printf("shuffle_edges: %s, %d wrong (srcLane -2 -> %d, xor 16 width 16 at lane 20 -> %d)\n",
           cudaGetErrorString(e), wrong, out[0], out[96 + 20]);
    return wrong == 0 ? 0 : 1;
}
