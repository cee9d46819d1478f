// W3: warp-shuffle reduction. Each 256-thread block sums its 256 floats: every
// warp reduces its 32 values with __shfl_down_sync (offsets 16 .. 1), lane 0
// stores the warp's sum in shared memory, and after one __syncthreads warp 0
// reduces the 8 warp sums the same way; thread 0 writes the block's sum.
// Usage: w3_warp_shuffle_reduction [n = 2^20] [reps = 5]; n is a multiple of 256.
// Prints: name=W3 size=<n> kernel_ms=<median> serial_ms=<median> ok=<0|1>
#include "workload.h"

constexpr int BLOCK = 256, WARPS = BLOCK / 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(FULL_MASK, v, offset);
    return v;
}

__global__ void shuffle_reduce(const float* in, float* out) {
    __shared__ float warp_sums[WARPS];
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const float v = warp_sum(in[blockIdx.x * BLOCK + t]);
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        const float total = warp_sum(lane < WARPS ? warp_sums[lane] : 0.0f);
        if (lane == 0) out[blockIdx.x] = total;
    }
}

SERIAL_LOOP void serial_block_sums(const float* in, float* out, int blocks) {
    for (int b = 0; b < blocks; ++b) {
        float s = 0.0f;
        for (int i = 0; i < BLOCK; ++i) s += in[b * BLOCK + i];
        out[b] = s;
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    if (n <= 0 || n % BLOCK != 0) {
        std::fprintf(stderr, "n must be a positive multiple of %d\n", BLOCK);
        return 2;
    }
    const int blocks = n / BLOCK;
    // Small integers: every partial sum is exact, so any summation order gives the same floats.
    std::vector<float> in(n), expected(blocks), got(blocks);
    for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 17);

    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, blocks * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    std::vector<double> kernel_ms, serial_ms;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        shuffle_reduce<<<blocks, BLOCK>>>(d_in, d_out);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        kernel_ms.push_back(ms_since(start));
    }
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        serial_block_sums(in.data(), expected.data(), blocks);
        serial_ms.push_back(ms_since(start));
    }
    CUDA_CHECK(cudaMemcpy(got.data(), d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost));
    const bool ok = got == expected;
    std::printf("name=W3 size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d\n", n, median(kernel_ms), median(serial_ms),
                ok ? 1 : 0);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
