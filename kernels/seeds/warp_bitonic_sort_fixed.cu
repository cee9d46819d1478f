// FIXED TWIN of warp_bitonic_sort.cu (seed 004, warp bitonic sort):
//  1. each warp gets its own row of shared memory, warp_data[WARPS][32],
//     so the warps of a block no longer overwrite each other's keys;
//  2. the compare-exchange keeps the minimum on the lane that must hold the
//     smaller key (the lower lane of an ascending pair, the upper lane of a
//     descending one) and the maximum on its partner, so each step is a
//     permutation and the network sorts.
// (Like the document's kernel it ignores blockIdx and is launched as one block.)
#include <cfloat>
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

constexpr int THREADS = 128, WARPS = THREADS / 32, N = 100;

__device__ void warp_bitonic_sort(float* data, int warp_size = 32) {
    const int lane_id = threadIdx.x % 32;
    float value = data[lane_id];
    for (int stage = 2; stage <= warp_size; stage <<= 1) {
        for (int step = stage >> 1; step > 0; step >>= 1) {
            const int partner = lane_id ^ step;
            const float partner_value = __shfl_sync(0xffffffffu, value, partner);
            const bool ascending = (lane_id & stage) == 0;
            const bool lower = (lane_id & step) == 0;
            value = (lower == ascending) ? fminf(value, partner_value) : fmaxf(value, partner_value);
        }
    }
    data[lane_id] = value;
}

__global__ void warp_sort_demo(float* data, int n) {
    __shared__ float warp_data[WARPS][32];
    const int tid = threadIdx.x;
    const int warp_id = tid / 32;
    const int lane_id = tid % 32;
    const int global_idx = warp_id * 32 + lane_id;
    if (global_idx < n)
        warp_data[warp_id][lane_id] = data[global_idx];
    else
        warp_data[warp_id][lane_id] = FLT_MAX;
    warp_bitonic_sort(warp_data[warp_id]);
    if (global_idx < n) data[global_idx] = warp_data[warp_id][lane_id];
}

int main() {
    float keys[N], sorted[N];
    unsigned state = 12345u;
    for (int i = 0; i < N; ++i) {  // distinct keys in a scrambled order
        state = state * 1103515245u + 12345u;
        keys[i] = static_cast<float>((state >> 8) % 1000) + i / 128.0f;
    }
    float* d_data = nullptr;
    CUDA_CHECK(cudaMalloc(&d_data, sizeof keys));
    CUDA_CHECK(cudaMemcpy(d_data, keys, sizeof keys, cudaMemcpyHostToDevice));
    warp_sort_demo<<<1, THREADS>>>(d_data, N);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(sorted, d_data, sizeof sorted, cudaMemcpyDeviceToHost));

    // Host reference: each warp's segment of 32 keys sorted ascending.
    float expected[N];
    for (int i = 0; i < N; ++i) expected[i] = keys[i];
    for (int begin = 0; begin < N; begin += 32) {
        const int end = begin + 32 < N ? begin + 32 : N;
        for (int i = begin + 1; i < end; ++i)
            for (int j = i; j > begin && expected[j - 1] > expected[j]; --j) {
                const float t = expected[j];
                expected[j] = expected[j - 1];
                expected[j - 1] = t;
            }
    }
    int wrong = 0;
    for (int i = 0; i < N; ++i) wrong += sorted[i] != expected[i];
    std::printf("bitonic sort: %d keys in %d warps sorted: %s\n", N, WARPS, wrong == 0 ? "yes" : "no");
    CUDA_CHECK(cudaFree(d_data));
    return wrong == 0 ? 0 : 1;
}
