// Seed 001 "Warp Communication" (Puzzle 25), broadcast example 2: conditional
// broadcast. Lane 0 finds the maximum of the first 8 elements of its block and
// broadcasts it with __shfl_sync(..., 0); each lane doubles its element when it
// is >= max/2 and halves it otherwise. Input repeats [3, 1, 7, 2, 9, 4, 6, 8].
#include "puzzle25_common.h"

constexpr int WARP_SIZE = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

constexpr int SIZE = WARP_SIZE;

__global__ void conditional_broadcast(const float* input, float* output, int size) {
    const int global_i = blockDim.x * blockIdx.x + threadIdx.x;
    const int lane = threadIdx.x % WARP_SIZE;
    float decision_value = 0.0f;
    if (lane == 0) {
        const int block_start = blockIdx.x * blockDim.x;
        if (block_start < size) {
            decision_value = input[block_start];
            int limit = size - block_start;
            if (limit > WARP_SIZE) limit = WARP_SIZE;
            if (limit > 8) limit = 8;
            for (int i = 1; i < limit; ++i) {
                const float v = input[block_start + i];
                if (v > decision_value) decision_value = v;
            }
        }
    }
    decision_value = __shfl_sync(FULL_MASK, decision_value, 0);
    if (global_i < size) {
        const float current = input[global_i];
        const float threshold = decision_value / 2.0f;
        if (current >= threshold)
            output[global_i] = current * 2.0f;
        else
            output[global_i] = current / 2.0f;
    }
}

int main() {
    const float pattern[8] = {3.0f, 1.0f, 7.0f, 2.0f, 9.0f, 4.0f, 6.0f, 8.0f};
    float host_in[SIZE], host_out[SIZE];
    for (int i = 0; i < SIZE; ++i) host_in[i] = pattern[i % 8];
    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(d_in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof host_out));
    conditional_broadcast<<<1, WARP_SIZE>>>(d_in, d_out, SIZE);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, d_out, sizeof host_out, cudaMemcpyDeviceToHost));
    print_output(host_out, SIZE);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return 0;
}
