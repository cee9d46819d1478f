// Seed 001 "Warp Communication" (Puzzle 25), example 2: multi-offset 3-point
// moving average over 64 elements in 2 blocks of one warp each. Each lane
// gets input[i+1] and input[i+2] with __shfl_down_sync offsets 1 and 2; the
// window shrinks at the end of each warp (lane 30: 2-point average, lane 31:
// the value itself), handled explicitly because shuffles do not cross warps.
#include "puzzle25_common.h"

constexpr int WARP_SIZE = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

constexpr int SIZE_2 = 64;
constexpr int BLOCKS_PER_GRID = 2;

__global__ void moving_average_3(const float* input, float* output, int size) {
    const int global_i = blockDim.x * blockIdx.x + threadIdx.x;
    const int lane = threadIdx.x % WARP_SIZE;
    const float current = global_i < size ? input[global_i] : 0.0f;
    const float next = __shfl_down_sync(FULL_MASK, current, 1);
    const float next_next = __shfl_down_sync(FULL_MASK, current, 2);
    if (global_i < size) {
        if (lane < WARP_SIZE - 2 && global_i < size - 2)
            output[global_i] = (current + next + next_next) / 3.0f;
        else if (lane < WARP_SIZE - 1 && global_i < size - 1)
            output[global_i] = (current + next) / 2.0f;  // one neighbour left
        else
            output[global_i] = current;                  // no neighbour left
    }
}

int main() {
    // The document's expected output implies input[i] = (i+1)(i+2)/2
    // (1, 3, 6, 10, ...): output[0] = (1+3+6)/3, output[31] = input[31] = 528.
    float host_in[SIZE_2], host_out[SIZE_2];
    for (int i = 0; i < SIZE_2; ++i) host_in[i] = static_cast<float>((i + 1) * (i + 2) / 2);
    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(d_in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof host_out));
    moving_average_3<<<BLOCKS_PER_GRID, WARP_SIZE>>>(d_in, d_out, SIZE_2);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, d_out, sizeof host_out, cudaMemcpyDeviceToHost));
    print_output(host_out, SIZE_2);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return 0;
}
