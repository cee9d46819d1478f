// Seed 001 "Warp Communication" (Puzzle 25), broadcast example 1: basic
// broadcast. Lane 0 sums the first 4 elements of its block, __shfl_sync(..., 0)
// hands that sum to every lane of the warp, and each lane adds it to its own
// element: input [1, 2, ..., 32] gives [11, 12, ..., 42].
#include "puzzle25_common.h"

constexpr int WARP_SIZE = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

constexpr int SIZE = WARP_SIZE;

__global__ void basic_broadcast(const float* input, float* output, int size) {
    const int global_i = blockDim.x * blockIdx.x + threadIdx.x;
    const int lane = threadIdx.x % WARP_SIZE;
    float broadcast_value = 0.0f;
    if (lane == 0) {
        const int block_start = blockIdx.x * blockDim.x;
        float sum = 0.0f;
        for (int i = 0; i < 4; ++i)
            if (block_start + i < size) sum += input[block_start + i];
        broadcast_value = sum;
    }
    // Every lane receives lane 0's value; the others' values are ignored.
    broadcast_value = __shfl_sync(FULL_MASK, broadcast_value, 0);
    if (global_i < size) output[global_i] = broadcast_value + input[global_i];
}

int main() {
    float host_in[SIZE], host_out[SIZE];
    for (int i = 0; i < SIZE; ++i) host_in[i] = static_cast<float>(i + 1);
    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(d_in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof host_out));
    basic_broadcast<<<1, WARP_SIZE>>>(d_in, d_out, SIZE);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, d_out, sizeof host_out, cudaMemcpyDeviceToHost));
    print_output(host_out, SIZE);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return 0;
}
