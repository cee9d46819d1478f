// Warp matrix functions misused: 0 half a warp at mma_sync, 1 a partial warp (16 threads), 2 two call
// sites, 3 half the warp exited. The H200's behaviour: docs/gpu-runs/2026-11-26-h200-wmma-misuse.txt.
#include <cstdio>
#include <cstring>
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

__global__ void kernel(const __half* a, const __half* b, float* d, int which) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    if (which == 3 && threadIdx.x >= 16) return;  // half the warp exits first
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    if (which == 0) {  // half a warp
        if (threadIdx.x < 16) wmma::mma_sync(fc, fa, fb, fc);
    } else if (which == 1 || which == 3) {  // partial warp (block of 16 threads) or exited lanes
        wmma::mma_sync(fc, fa, fb, fc);
    } else {  // two call sites
        if (threadIdx.x < 16) wmma::mma_sync(fc, fa, fb, fc);
        else wmma::mma_sync(fc, fa, fb, fc);
    }
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

int main(int argc, char** argv) {
    int which = argc > 1 ? atoi(argv[1]) : 0;
    __half h[256];
    for (int i = 0; i < 256; i++) h[i] = __float2half(float(i % 7));
    __half *a, *b; float* d;
    cudaMalloc(&a, 512); cudaMalloc(&b, 512); cudaMalloc(&d, 1024);
    cudaMemcpy(a, h, 512, cudaMemcpyHostToDevice); cudaMemcpy(b, h, 512, cudaMemcpyHostToDevice);
    cudaMemset(d, 0, 1024);
    kernel<<<1, which == 1 ? 16 : 32>>>(a, b, d, which);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    float r[256];
    cudaError_t copy = cudaMemcpy(r, d, 1024, cudaMemcpyDeviceToHost);
    double sum = 0; for (int i = 0; i < 256; i++) sum += r[i];
    printf("case %d: launch %s sync %s copy %s d[0] %g d[255] %g sum %g\n", which, cudaGetErrorName(launch),
           cudaGetErrorName(sync), cudaGetErrorName(copy), r[0], r[255], sum);
}
