// Seed 001 "Warp Communication" (Puzzle 25), broadcast example 3:
// broadcast + shuffle coordination. Lane 0 averages the first 4 elements of
// its block and broadcasts that scale with __shfl_sync(..., 0); each lane
// takes its neighbour with __shfl_down_sync(..., 1) and writes
// (current + next) * scale, or current * scale on the warp's last lane.
#include "puzzle25_common.h"

constexpr int WARP_SIZE = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

constexpr int SIZE = WARP_SIZE;

__global__ void broadcast_shuffle_coordination(const float* input, float* output, int size) {
    const int global_i = blockDim.x * blockIdx.x + threadIdx.x;
    const int lane = threadIdx.x % WARP_SIZE;
    float scale_factor = 0.0f;
    if (lane == 0) {
        const int block_start = blockIdx.x * blockDim.x;
        float sum = 0.0f;
        for (int i = 0; i < 4; ++i)
            if (block_start + i < size) sum += input[block_start + i];
        scale_factor = sum / 4.0f;
    }
    scale_factor = __shfl_sync(FULL_MASK, scale_factor, 0);
    const float current = global_i < size ? input[global_i] : 0.0f;
    const float next = __shfl_down_sync(FULL_MASK, current, 1);
    if (global_i < size) {
        if (lane < WARP_SIZE - 1 && global_i < size - 1)
            output[global_i] = (current + next) * scale_factor;
        else
            output[global_i] = current * scale_factor;  // no neighbour in the warp
    }
}

int main() {
    // [2, 4, 6, 8] then [1, 3, 5, 7] repeating.
    float host_in[SIZE], host_out[SIZE];
    for (int i = 0; i < SIZE; ++i)
        host_in[i] = i < 4 ? static_cast<float>(2 * (i + 1)) : static_cast<float>(2 * (i % 4) + 1);
    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(d_in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof host_out));
    broadcast_shuffle_coordination<<<1, WARP_SIZE>>>(d_in, d_out, SIZE);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, d_out, sizeof host_out, cudaMemcpyDeviceToHost));
    print_output(host_out, SIZE);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return 0;
}
