// BUG CLASS: out-of-bounds global access, in memory a thrust::device_vector owns.
// Each thread adds its element to the next one; the guard `i < n` keeps `i`
// inside the vector but not `i + 1`, so the last thread reads one element
// past its end. Thrust's vectors are cudaMalloc'd memory under simt as on a
// GPU (README, "Thrust"), so the read is reported and not performed (twin:
// thrust_stencil_past_end_fixed.cu stops the stencil at the last pair).
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/sequence.h>

__global__ void pair_sums(const int* in, int* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] + in[i + 1];
}

int main() {
    const int n = 1000;
    thrust::device_vector<int> in(n), out(n);
    thrust::sequence(in.begin(), in.end());
    pair_sums<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(in.data()), thrust::raw_pointer_cast(out.data()), n);
    const cudaError_t e = cudaDeviceSynchronize();
    printf("pair_sums: %s\n", cudaGetErrorString(e));
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect: invalid global read of size 4 in kernel pair_sums by thread (231,0,0) of block (3,0,0)
// expect: thrust_stencil_past_end.cu:13
// expect: is 0 bytes past the end of allocation #1 (4000 bytes at
// expect: the access was not performed
// expect: simt: ERROR SUMMARY: 1 error, 0 warnings
