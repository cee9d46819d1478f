// BUG CLASS: shuffle from an inactive lane.
// 48 values are summed with a full-warp __shfl_down_sync reduction, but the
// second warp has only 16 threads: its lanes read lanes 16-31, which do not
// exist, and get undefined values (twin: shuffle_inactive_lane_fixed.cu names
// only the lanes that exist and never reads past them).
#include <cstdio>

constexpr int N = 48;

__global__ void warp_sums(const int* in, int* out) {
    int v = in[threadIdx.x];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: shuffle hazard (inactive source, value used) in kernel warp_sums
// expect-its: Shuffle from lane
// expect-its: shuffle_inactive_lane.cu:12
// expect-its: simt: ERROR SUMMARY: 1 error, 0 warnings
// expect-lockstep: error: shuffle hazard (inactive source, value used) in kernel warp_sums
// expect-lockstep: shuffle_inactive_lane.cu:12
// expect-lockstep: simt: ERROR SUMMARY: 1 error, 0 warnings
