// Static plus dynamic shared memory must fit the 48 KiB a block gets without
// opting in: `shared_limits fits|over|optin`.
#include <cstdio>
#include <cstring>

__global__ void tiles(int* out) {
    __shared__ int fixed[10 * 1024];  // 40 KiB
    extern __shared__ int extra[];
    fixed[threadIdx.x] = int(threadIdx.x);
    extra[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = fixed[(threadIdx.x + 1) % 32] + extra[threadIdx.x];
}

int main(int argc, char** argv) {
    const char* which = argc > 1 ? argv[1] : "fits";
    int* out;
    cudaMalloc(&out, 32 * sizeof(int));
    std::size_t dynamic = 8 * 1024;  // 40 + 8 = 48 KiB: fits
    if (std::strcmp(which, "over") == 0) dynamic = 40 * 1024;
    if (std::strcmp(which, "optin") == 0) {
        dynamic = 40 * 1024;
        std::printf("attribute: %s\n", cudaGetErrorString(cudaFuncSetAttribute(
                                           tiles, cudaFuncAttributeMaxDynamicSharedMemorySize, int(dynamic))));
    }
    tiles<<<1, 32, dynamic>>>(out);
    std::printf("launch: %s\n", cudaGetErrorString(cudaGetLastError()));
    std::printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaFree(out);
    return 0;
}
