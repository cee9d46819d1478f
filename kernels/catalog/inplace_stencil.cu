// BUG CLASS: race on global memory.
// A smoothing step updates the array in place: each thread reads its left
// and right neighbours and overwrites its own element, which its neighbours
// still have to read: lanes of a warp, warps of a block and, at a block's
// edge, other blocks (they run in no fixed order) may see the old or the new
// value, so the result depends on scheduling.
// compute-sanitizer's racecheck only looks at shared memory and misses it;
// simt reports it (twin: inplace_stencil_fixed.cu writes a second array).
#include <cstdio>

__global__ void smooth(float* a, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) {
        const float v = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
        a[i] = v;
    }
}

int main() {
    const int n = 1024;
    float host[n];
    for (int i = 0; i < n; ++i) host[i] = float(i % 7);
    float* a;
    cudaMalloc(&a, n * sizeof(float));
    cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice);
    smooth<<<n / 256, 256>>>(a, n);
    cudaMemcpy(host, a, sizeof host, cudaMemcpyDeviceToHost);
    float sum = 0;
    for (float v : host) sum += v;
    printf("smooth: %s, sum %.2f\n", cudaGetErrorString(cudaGetLastError()), sum);
    cudaFree(a);
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: race hazard (
// expect-its: on global memory in kernel smooth
// expect-its: across blocks
// expect-its: global allocation #1 (4096 bytes)
// expect-its: inplace_stencil.cu:14
// expect-its: inplace_stencil.cu:15
// expect-its: simt: ERROR SUMMARY: 10 errors, 0 warnings
// expect-lockstep: race hazard (
// expect-lockstep: on global memory in kernel smooth
// expect-lockstep: inplace_stencil.cu:14
// expect-lockstep: inplace_stencil.cu:15
// expect-lockstep: simt: ERROR SUMMARY: 4 errors, 2 warnings
