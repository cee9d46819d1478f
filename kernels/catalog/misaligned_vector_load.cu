// BUG CLASS: misaligned access.
// The copy goes four floats at a time through float4, which a GPU loads in
// one 16-byte instruction that needs a 16-byte aligned address. The caller
// starts one element into the buffer, so the float4 pointer is only 4-byte
// aligned and every GPU faults ("misaligned address"). simt reports it and
// does not perform it (twin: misaligned_vector_load_fixed.cu falls back to
// scalar copies when the pointers are not 16-byte aligned).
#include <cstdio>

__global__ void copy4(const float* in, float* out, int n4) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) reinterpret_cast<float4*>(out)[i] = reinterpret_cast<const float4*>(in)[i];
}

int main() {
    const int n = 1024;
    float *in, *out;
    cudaMalloc(&in, (n + 1) * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMemset(in, 0, (n + 1) * sizeof(float));
    copy4<<<1, n / 4>>>(in + 1, out, n / 4);  // skip a header element
    cudaError_t e = cudaDeviceSynchronize();
    printf("copy4: %s\n", cudaGetErrorString(e));
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: misaligned global read of size 16 in kernel copy4
// expect-its: misaligned_vector_load.cu:12
// expect-its: of allocation #1) is not a multiple of 16
// expect-its: the access was not performed
// expect-its: simt: ERROR SUMMARY: 1 error, 0 warnings
// expect-lockstep: misaligned global read of size 16 in kernel copy4
// expect-lockstep: misaligned_vector_load.cu:12
// expect-lockstep: simt: ERROR SUMMARY: 1 error, 0 warnings
