// FIXED TWIN of shuffle_inactive_lane.cu: the mask names the lanes that
// exist, each lane reads an existing lane, and values from past the end are
// not added.
#include <cstdio>

constexpr int N = 48;

__global__ void warp_sums(const int* in, int* out) {
    const unsigned lane = threadIdx.x % 32;
    const unsigned active = min(32u, blockDim.x - threadIdx.x / 32 * 32);
    const unsigned mask = active == 32 ? 0xffffffffu : (1u << active) - 1;
    int v = in[threadIdx.x];
    for (unsigned offset = 16; offset > 0; offset /= 2) {
        const int other = __shfl_sync(mask, v, int(min(lane + offset, active - 1)));
        if (lane + offset < active) v += other;
    }
    if (lane == 0) out[threadIdx.x / 32] = v;
}

int main() {
    int *in, *out;
    cudaMalloc(&in, N * sizeof(int));
    cudaMalloc(&out, 2 * sizeof(int));
    int host[N];
    for (int i = 0; i < N; ++i) host[i] = 1;
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    warp_sums<<<1, N>>>(in, out);
    int sums[2];
    cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
    printf("warp_sums: %d %d (expected 32 16)\n", sums[0], sums[1]);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: warp_sums: 32 16 (expected 32 16)
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
