// FIXED TWIN of misaligned_vector_load.cu: the vector path is taken only when
// both pointers are 16-byte aligned; otherwise each thread copies its four
// floats one by one.
#include <cstdint>
#include <cstdio>

__global__ void copy4(const float* in, float* out, int n4) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    if (reinterpret_cast<std::uintptr_t>(in) % 16 == 0 && reinterpret_cast<std::uintptr_t>(out) % 16 == 0) {
        reinterpret_cast<float4*>(out)[i] = reinterpret_cast<const float4*>(in)[i];
    } else {
        for (int k = 0; k < 4; ++k) out[4 * i + k] = in[4 * i + k];
    }
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

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: copy4: no error
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
