// Seed 001 "Warp Communication" (Puzzle 25), example 1: basic neighbor
// difference with shuffle_down. One block of one warp computes
// output[i] = input[i+1] - input[i] for input[i] = i*i, taking the neighbour
// from lane+1 with __shfl_down_sync; the last lane of the warp has no
// neighbour and writes 0 explicitly.
#include "puzzle25_common.h"

constexpr int WARP_SIZE = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

constexpr int SIZE = WARP_SIZE;

__global__ void neighbor_difference(const float* input, float* output, int size) {
    const int global_i = blockDim.x * blockIdx.x + threadIdx.x;
    const int lane = threadIdx.x % WARP_SIZE;
    // Every lane takes part in the shuffle; lanes past the end carry 0.
    const float current = global_i < size ? input[global_i] : 0.0f;
    const float next = __shfl_down_sync(FULL_MASK, current, 1);
    if (global_i < size) {
        if (lane < WARP_SIZE - 1 && global_i < size - 1)
            output[global_i] = next - current;
        else
            output[global_i] = 0.0f;  // last lane of the warp: no neighbour
    }
}

int main() {
    float host_in[SIZE], host_out[SIZE];
    for (int i = 0; i < SIZE; ++i) host_in[i] = static_cast<float>(i * i);
    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(d_in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof host_out));
    neighbor_difference<<<1, WARP_SIZE>>>(d_in, d_out, SIZE);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, d_out, sizeof host_out, cudaMemcpyDeviceToHost));
    print_output(host_out, SIZE);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return 0;
}
