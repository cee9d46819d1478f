// BUG CLASS: shuffle past the warp edge.
// Each element's difference with its right neighbour comes from
// __shfl_down_sync(mask, v, 1). The last lane of every warp has no right
// neighbour in the warp: the shuffle hands it its own value, so its
// difference is 0 instead of next - current. simt runs the launch again
// with other values there, sees out[] change, and reports the shuffle as a
// warning: CUDA defines the own value, and a clamp-to-edge stencil relies on
// it on purpose, so simt cannot call it a bug (a shuffle whose own value is
// never used stays a note); twin: shuffle_past_warp_edge_fixed.cu reads the
// neighbour from global memory at the warp edge.
#include <cstdio>

constexpr int N = 128;

__global__ void differences(const float* in, float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float v = in[i];
    const float next = __shfl_down_sync(0xffffffff, v, 1);
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect: simt: warning: shuffle hazard (source outside segment, value used) in kernel differences
// expect: Shuffle from lane 31 of each warp (width 32)
// expect: shuffle_past_warp_edge.cu:18
// expect: global allocation #2 (512 bytes), bytes 124-127 hold 00 40 70 c4 instead of 00 00 00 00
// expect: simt: 1 hazard (0 errors, 1 warning) in 1 launch
// expect: simt: ERROR SUMMARY: 0 errors, 1 warning
// expect-stdout: differences: 3 of 127 wrong
