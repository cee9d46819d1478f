// BUG CLASS: single-buffer scan.
// A Hillis-Steele inclusive scan updates one shared buffer in place: in each
// step thread t reads s[t - offset] while thread t - offset may already have
// overwritten it with this step's value (twin: single_buffer_scan_fixed.cu
// reads into a register, synchronises, then writes).
#include <cstdio>

constexpr int N = 128;

__global__ void scan(const int* in, int* out) {
    __shared__ int s[N];
    const int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (int offset = 1; offset < N; offset *= 2) {
        if (t >= offset) s[t] += s[t - offset];
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

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: race hazard (
// expect-its: scan::s[
// expect-its: single_buffer_scan.cu:16
// expect-its: simt: ERROR SUMMARY: 4 errors, 0 warnings
// expect-lockstep: error: race hazard (RAW)
// expect-lockstep: single_buffer_scan.cu:16
// expect-lockstep: simt: ERROR SUMMARY: 2 errors, 1 warning
