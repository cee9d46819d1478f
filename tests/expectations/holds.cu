// A fixture of tests/check_expectations_selftest.py: every kind of expectation, all true: the checker passes it.
#include <cstdio>

// 64 threads, two warps, add to one __shared__ counter without atomics.
__global__ void count(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    counter = counter + 1;
    __syncthreads();
    if (threadIdx.x == 0) *out = counter;
}

int main() {
    int* out;
    cudaMalloc(&out, sizeof(int));
    count<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    printf("count: done\n");
    cudaFree(out);
    return 0;
}

// expect-status: 1
// run-options: --print-limit 1
// expect-not: WAW
// expect-its: simt: error: race hazard (RAW, intra-warp) on shared memory in kernel count
// expect-lockstep: simt: warning: race hazard (WAR, warp-synchronous)
// expect: more hazard groups not shown (--print-limit 1)
// expect-its: simt: ERROR SUMMARY: 6 errors, 0 warnings
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 1 warning
// expect-stdout: count: done
