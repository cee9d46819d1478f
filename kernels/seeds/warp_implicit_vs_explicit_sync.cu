// Seed 004 "Warp-Level Synchronization": the implicit and the explicit warp
// synchronization demos.
//
// implicit_warp_sync_demo: each lane takes its right neighbour's value with
// __shfl_sync and the warp counts, with __ballot_sync + __popc, the lanes
// whose value (2 * lane) exceeds 15: 24 lanes (8..31) in every warp.
// explicit_warp_sync_demo: the even lanes do extra work first (divergence),
// __syncwarp(full mask) reconverges the warp, and a shuffle reduction sums
// the lane numbers: 0 + 1 + ... + 31 = 496 in every warp.
//
// Both use only the *_sync collectives with the full mask, so neither relies
// on lockstep execution: they are correct with independent thread scheduling
// too. The document prints from the device; here the results go to global
// memory and the host checks and prints them, so the output does not depend
// on the order in which warps run.
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t err_ = (call);                                              \
        if (err_ != cudaSuccess) {                                              \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,            \
                         cudaGetErrorString(err_));                             \
            std::exit(1);                                                       \
        }                                                                       \
    } while (0)

constexpr unsigned FULL_MASK = 0xffffffffu;
constexpr int BLOCKS = 2, THREADS = 128, WARPS_PER_BLOCK = THREADS / 32;
constexpr int WARPS = BLOCKS * WARPS_PER_BLOCK;

__device__ float warp_reduce_sum(float value) {
    for (int offset = 16; offset > 0; offset /= 2)
        value += __shfl_down_sync(FULL_MASK, value, offset);
    return value;  // the whole sum in lane 0
}

__global__ void implicit_warp_sync_demo(float* neighbours, int* counts) {
    const int tid = threadIdx.x;
    const int lane_id = tid % 32;
    const int warp_id = tid / 32;
    const float value = lane_id * 2.0f;
    const float neighbour = __shfl_sync(FULL_MASK, value, (lane_id + 1) % 32);
    const bool condition = value > 15.0f;
    const int count = __popc(__ballot_sync(FULL_MASK, condition));
    neighbours[blockIdx.x * blockDim.x + tid] = neighbour;
    if (lane_id == 0) counts[blockIdx.x * WARPS_PER_BLOCK + warp_id] = count;
}

__global__ void explicit_warp_sync_demo(float* sums) {
    const int tid = threadIdx.x;
    const int lane_id = tid % 32;
    if (lane_id % 2 == 0) {
        // Even lanes do extra work: the warp diverges here.
        for (int i = 0; i < 100; i++) {
            float dummy = sinf(i * 0.1f);
            (void)dummy;
        }
    }
    __syncwarp(FULL_MASK);  // every lane of the warp meets here
    const float value = lane_id;
    const float sum = warp_reduce_sum(value);
    if (lane_id == 0) sums[blockIdx.x * WARPS_PER_BLOCK + tid / 32] = sum;
}

int main() {
    float *d_neighbours = nullptr, *d_sums = nullptr;
    int* d_counts = nullptr;
    CUDA_CHECK(cudaMalloc(&d_neighbours, BLOCKS * THREADS * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_counts, WARPS * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_sums, WARPS * sizeof(float)));
    implicit_warp_sync_demo<<<BLOCKS, THREADS>>>(d_neighbours, d_counts);
    CUDA_CHECK(cudaGetLastError());
    explicit_warp_sync_demo<<<BLOCKS, THREADS>>>(d_sums);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());

    static float neighbours[BLOCKS * THREADS];
    int counts[WARPS];
    float sums[WARPS];
    CUDA_CHECK(cudaMemcpy(neighbours, d_neighbours, sizeof neighbours, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(counts, d_counts, sizeof counts, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost));

    // Host reference.
    int expected_count = 0, expected_sum = 0;
    for (int lane = 0; lane < 32; ++lane) {
        expected_count += lane * 2.0f > 15.0f;
        expected_sum += lane;
    }
    int wrong_neighbours = 0, wrong_counts = 0, wrong_sums = 0;
    for (int t = 0; t < BLOCKS * THREADS; ++t)
        wrong_neighbours += neighbours[t] != ((t % 32 + 1) % 32) * 2.0f;
    for (int w = 0; w < WARPS; ++w) {
        wrong_counts += counts[w] != expected_count;
        wrong_sums += sums[w] != static_cast<float>(expected_sum);
    }
    std::printf("implicit sync: %d warps, %d of 32 lanes satisfy the condition in each: %s, neighbours: %s\n",
                WARPS, expected_count, wrong_counts == 0 ? "yes" : "no", wrong_neighbours == 0 ? "ok" : "wrong");
    std::printf("explicit sync: %d warp sums of %d.0: %s\n", WARPS, expected_sum, wrong_sums == 0 ? "yes" : "no");
    CUDA_CHECK(cudaFree(d_neighbours));
    CUDA_CHECK(cudaFree(d_counts));
    CUDA_CHECK(cudaFree(d_sums));
    return wrong_neighbours + wrong_counts + wrong_sums == 0 ? 0 : 1;
}
