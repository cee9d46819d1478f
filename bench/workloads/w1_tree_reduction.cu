// W1: shared-memory tree reduction. Each 256-thread block loads 256 floats into
// shared memory and halves the active threads at every step (stride 128 .. 1),
// one __syncthreads per step; thread 0 writes the block's sum.
// Usage: w1_tree_reduction [n = 2^18] [reps = 5]; n is a multiple of 256.
// Prints: name=W1 size=<n> kernel_ms=<median> serial_ms=<median> ok=<0|1>
#include "workload.h"

constexpr int BLOCK = 256;

__global__ void tree_reduce(const float* in, float* out) {
    __shared__ float s[BLOCK];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

SERIAL_LOOP void serial_block_sums(const float* in, float* out, int blocks) {
    for (int b = 0; b < blocks; ++b) {
        float s = 0.0f;
        for (int i = 0; i < BLOCK; ++i) s += in[b * BLOCK + i];
        out[b] = s;
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 18;
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
        tree_reduce<<<blocks, BLOCK>>>(d_in, d_out);
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
    std::printf("name=W1 size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d\n", n, median(kernel_ms), median(serial_ms),
                ok ? 1 : 0);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
