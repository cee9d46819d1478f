// Seed 004 "Warp-Level Synchronization": warp_reduce_sum, which the document's
// explicit-synchronization demo calls but does not define. The usual tree of
// __shfl_down_sync steps (offsets 16, 8, 4, 2, 1) over the full warp leaves
// the sum of the warp's 32 values in lane 0. Here every warp sums its 32
// elements of an array of 1000 (lanes past the end contribute 0, but still
// take part in every shuffle), and lane 0 stores the warp's partial sum.
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
constexpr int N = 1000, THREADS = 256, BLOCKS = (N + THREADS - 1) / THREADS;
constexpr int WARPS = BLOCKS * THREADS / 32;

__device__ float warp_reduce_sum(float value) {
    for (int offset = 16; offset > 0; offset /= 2)
        value += __shfl_down_sync(FULL_MASK, value, offset);
    return value;
}

__global__ void warp_sums(const float* in, float* partial, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float value = i < n ? in[i] : 0.0f;
    const float sum = warp_reduce_sum(value);
    if (threadIdx.x % 32 == 0) partial[i / 32] = sum;
}

int main() {
    static float in[N];
    float partial[WARPS], expected[WARPS] = {};
    for (int i = 0; i < N; ++i) {
        in[i] = static_cast<float>(i + 1);
        expected[i / 32] += in[i];
    }
    float *d_in = nullptr, *d_partial = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof in));
    CUDA_CHECK(cudaMalloc(&d_partial, sizeof partial));
    CUDA_CHECK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    warp_sums<<<BLOCKS, THREADS>>>(d_in, d_partial, N);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(partial, d_partial, sizeof partial, cudaMemcpyDeviceToHost));
    int wrong = 0;
    double total = 0;
    for (int w = 0; w < WARPS; ++w) {
        wrong += partial[w] != expected[w];
        total += partial[w];
    }
    std::printf("warp reduce sum: %d warp sums, %d wrong, total %.0f (expected %d)\n", WARPS, wrong, total,
                N * (N + 1) / 2);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_partial));
    return wrong == 0 && total == N * (N + 1) / 2 ? 0 : 1;
}
