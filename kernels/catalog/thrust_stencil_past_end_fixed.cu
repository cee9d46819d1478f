// FIXED TWIN of thrust_stencil_past_end.cu: the stencil has n - 1 pairs, and
// the guard says so.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>

__global__ void pair_sums(const int* in, int* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) out[i] = in[i] + in[i + 1];
}

int main() {
    const int n = 1000;
    thrust::device_vector<int> in(n), out(n - 1);
    thrust::sequence(in.begin(), in.end());
    pair_sums<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(in.data()), thrust::raw_pointer_cast(out.data()), n);
    const cudaError_t e = cudaDeviceSynchronize();
    printf("pair_sums: %s, sum %d\n", cudaGetErrorString(e), thrust::reduce(out.begin(), out.end()));
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: pair_sums: no error, sum 998001
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
