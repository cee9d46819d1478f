// Warp matrix functions misused, one case per argument: "half" (half the warp
// at mma_sync, the other half already at the store), "partial" (a block of 16
// threads), "sites" (the two halves at different mma_sync calls), "exited"
// (half the warp returned first). On an H200 "half" and "sites" hang, the
// others compute garbage (docs/gpu-runs/2026-11-26-h200-wmma-misuse.txt).
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

__global__ void kernel(const __half* a, const __half* b, float* d, int which) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc, fd;
    wmma::fill_fragment(fc, 0.0f);
    wmma::fill_fragment(fd, 1.0f);
    if (which == 3 && threadIdx.x >= 16) return;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    if (which == 0) {
        if (threadIdx.x < 16) wmma::mma_sync(fc, fa, fb, fc);
    } else if (which == 2) {
        // Different work after each call keeps the compiler from merging them.
        if (threadIdx.x < 16) {
            wmma::mma_sync(fc, fa, fb, fc);
            fc.x[0] += 1.0f;
        } else {
            wmma::mma_sync(fc, fa, fb, fd);
            fc.x[1] -= 2.0f;
        }
    } else {
        wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

int main(int argc, char** argv) {
    const char* names[] = {"half", "partial", "sites", "exited"};
    int which = 0;
    for (int i = 0; i < 4; i++)
        if (argc > 1 && strcmp(argv[1], names[i]) == 0) which = i;
    __half h[256];
    for (int i = 0; i < 256; i++) h[i] = __float2half(float(i % 7));
    __half *a, *b;
    float* d;
    cudaMalloc(&a, 512);
    cudaMalloc(&b, 512);
    cudaMalloc(&d, 1024);
    cudaMemcpy(a, h, 512, cudaMemcpyHostToDevice);
    cudaMemcpy(b, h, 512, cudaMemcpyHostToDevice);
    cudaMemset(d, 0, 1024);
    kernel<<<1, which == 1 ? 16 : 32>>>(a, b, d, which);
    printf("%s: %s\n", names[which], cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
