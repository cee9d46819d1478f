// FIXED TWIN of single_buffer_scan.cu: each step reads its addend into a
// register, every thread synchronises, and only then do they write.
#include <cstdio>

constexpr int N = 128;

__global__ void scan(const int* in, int* out) {
    __shared__ int s[N];
    const int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (int offset = 1; offset < N; offset *= 2) {
        const int addend = t >= offset ? s[t - offset] : 0;
        __syncthreads();
        s[t] += addend;
        __syncthreads();
    }
    out[t] = s[t];
}

int main() {
    int host[N];
    for (int i = 0; i < N; ++i) host[i] = 1;
    int *in, *out;
    cudaMalloc(&in, sizeof host);
    cudaMalloc(&out, sizeof host);
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    scan<<<1, N>>>(in, out);
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < N; ++i) wrong += host[i] != i + 1;
    printf("scan: %d of %d prefix sums wrong\n", wrong, N);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: scan: 0 of 128 prefix sums wrong
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
