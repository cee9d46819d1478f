// Seed 004 "Warp-Level Synchronization": conditional warp synchronization.
// The whole warp votes with __ballot_sync(full mask) on which lanes are
// active (lanes 0-15); only those lanes enter the branch, where they
// synchronize with __syncwarp(active_mask) and broadcast lane 0's value with
// __shfl_sync(active_mask, ..., 0). The mask names exactly the lanes that take
// the branch, and the source lane 0 is one of them, so this is correct.
//
// The document's value is lane_id * 3.0f, which makes every broadcast 0.0;
// here it is (threadIdx.x + 1) * 3.0f so that each warp broadcasts a value of
// its own and the host can tell them apart. The document prints from the
// device; here the results go to global memory and the host prints them.
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

constexpr int THREADS = 128, WARPS = THREADS / 32;
constexpr float NOT_WRITTEN = -1.0f;

__global__ void conditional_warp_sync(float* received, unsigned* masks) {
    const int tid = threadIdx.x;
    const int lane_id = tid % 32;
    const bool is_active = lane_id < 16;
    const unsigned active_mask = __ballot_sync(0xffffffffu, is_active);
    if (lane_id == 0) masks[tid / 32] = active_mask;
    if (is_active) {
        const float result = (tid + 1) * 3.0f;
        __syncwarp(active_mask);
        const float broadcast_value = __shfl_sync(active_mask, result, 0);
        received[tid] = broadcast_value;
    }
}

int main() {
    float* d_received = nullptr;
    unsigned* d_masks = nullptr;
    CUDA_CHECK(cudaMalloc(&d_received, THREADS * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_masks, WARPS * sizeof(unsigned)));
    float received[THREADS];
    for (float& r : received) r = NOT_WRITTEN;
    CUDA_CHECK(cudaMemcpy(d_received, received, sizeof received, cudaMemcpyHostToDevice));
    conditional_warp_sync<<<1, THREADS>>>(d_received, d_masks);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    unsigned masks[WARPS];
    CUDA_CHECK(cudaMemcpy(received, d_received, sizeof received, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(masks, d_masks, sizeof masks, cudaMemcpyDeviceToHost));

    // Host reference: lanes 0-15 of warp w receive lane 0's value,
    // (32 w + 1) * 3; lanes 16-31 write nothing.
    int wrong = 0;
    for (int t = 0; t < THREADS; ++t) {
        const int lane = t % 32, warp = t / 32;
        const float want = lane < 16 ? (32 * warp + 1) * 3.0f : NOT_WRITTEN;
        wrong += received[t] != want;
    }
    for (int w = 0; w < WARPS; ++w) wrong += masks[w] != 0x0000ffffu;
    std::printf("conditional syncwarp: active mask 0x%08x, %d lanes received", masks[0], THREADS / 2);
    for (int w = 0; w < WARPS; ++w) std::printf(" %.1f", received[32 * w]);
    std::printf(": %s\n", wrong == 0 ? "correct" : "wrong");
    CUDA_CHECK(cudaFree(d_received));
    CUDA_CHECK(cudaFree(d_masks));
    return wrong == 0 ? 0 : 1;
}
