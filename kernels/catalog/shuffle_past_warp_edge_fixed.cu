// FIXED TWIN of shuffle_past_warp_edge.cu: the last lane of each warp reads
// its right neighbour from global memory instead of trusting the shuffle.
#include <cstdio>

constexpr int N = 128;

__global__ void differences(const float* in, float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float v = in[i];
    const int lane = threadIdx.x % warpSize;
    const bool warp_edge = lane == warpSize - 1;
    const float shuffled = __shfl_sync(0xffffffff, v, warp_edge ? lane : lane + 1);
    const float next = warp_edge && i + 1 < N ? in[i + 1] : shuffled;
    out[i] = i + 1 < N ? next - v : 0.0f;
}

int main() {
    float host[N];
    for (int i = 0; i < N; ++i) host[i] = float(i * i);
    float *in, *out;
    cudaMalloc(&in, sizeof host);
    cudaMalloc(&out, sizeof host);
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    differences<<<1, N>>>(in, out);
    float diff[N];
    cudaMemcpy(diff, out, sizeof diff, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i + 1 < N; ++i) wrong += diff[i] != float(2 * i + 1);
    printf("differences: %d of %d wrong\n", wrong, N - 1);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// run-options: --severity note
// expect-status: 0
// expect-stdout: differences: 0 of 127 wrong
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
