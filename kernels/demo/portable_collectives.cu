// The portable collectives (simt/collectives.h) in one kernel: the same file
// builds with nvcc for a GPU and with simt for the CPU, and prints the same.
#include <cstdio>

#include "simt/collectives.h"

constexpr int THREADS = 200;  // not a multiple of the warp size on purpose

__global__ void stats(const int* in, int* out) {
    const int v = in[threadIdx.x];
    const int total = simt::block::sum(v);
    const int largest = simt::block::max(v);
    const int before = simt::block::prefix_sum<true>(v);
    const int warp_total = simt::warp::sum(v);
    if (threadIdx.x == 0) {
        out[0] = total;
        out[1] = largest;
        out[2] = warp_total;
    }
    if (threadIdx.x == THREADS - 1) out[3] = before;
}

int main() {
    int host[THREADS];
    for (int i = 0; i < THREADS; ++i) host[i] = (i * 7) % 11;
    int *in, *out;
    cudaMalloc(&in, sizeof host);
    cudaMalloc(&out, 4 * sizeof(int));
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    stats<<<1, THREADS>>>(in, out);
    int result[4] = {};
    cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
    int total = 0, largest = 0, warp_total = 0;
    for (int i = 0; i < THREADS; ++i) {
        total += host[i];
        largest = host[i] > largest ? host[i] : largest;
    }
    for (int i = 0; i < 32; ++i) warp_total += host[i];
    const bool ok = result[0] == total && result[1] == largest && result[2] == warp_total &&
                    result[3] == total - host[THREADS - 1];
    printf("block sum %d, max %d, exclusive prefix of the last thread %d: %s\n", result[0], result[1], result[3],
           ok ? "OK" : "WRONG");
    cudaFree(in);
    cudaFree(out);
    return ok ? 0 : 1;
}
