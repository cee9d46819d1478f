// Kernels that never finish (a GPU hangs on them too) and one that is only
// slow: `endless_loop alu|memory|slow`.
#include <cstdio>
#include <cstring>

__global__ void alu(unsigned* out, unsigned n) {
    unsigned x = threadIdx.x;
    for (unsigned i = 0; i != n; i += 2) x = x * 1664525u + 1013904223u;  // n is odd: never ends
    out[threadIdx.x] = x;
}

__global__ void memory(int* out) {
    for (int x = 0; out[1024] == 0; ++x) out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

// Long, but every round opens a barrier: progress.
__global__ void slow(int* out, int rounds) {
    __shared__ int s[64];
    for (int r = 0; r < rounds; ++r) {
        s[threadIdx.x] = r;
        __syncthreads();
        out[blockIdx.x * 64 + threadIdx.x] += s[(threadIdx.x + 1) % 64];
        __syncthreads();
    }
}

int main(int argc, char** argv) {
    const char* which = argc > 1 ? argv[1] : "alu";
    int* out;
    cudaMalloc(&out, 2048 * sizeof(int));
    cudaMemset(out, 0, 2048 * sizeof(int));
    std::printf("launching %s\n", which);
    if (std::strcmp(which, "alu") == 0) alu<<<1, 32>>>(reinterpret_cast<unsigned*>(out), 7u);
    if (std::strcmp(which, "memory") == 0) memory<<<4, 64>>>(out);
    if (std::strcmp(which, "slow") == 0) slow<<<2, 64>>>(out, 50000);
    std::printf("%s: %s\n", which, cudaGetErrorString(cudaDeviceSynchronize()));
    cudaFree(out);
    return 0;
}
