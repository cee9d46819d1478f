// W5: 256-bin histogram with shared then global atomics. Each 256-thread block
// zeroes a shared histogram (one bin per thread), synchronises, counts its
// grid-stride share of the input with atomicAdd on shared memory, synchronises,
// and adds each of its bins to the global histogram with one atomicAdd per bin.
// The grid has n / 4096 blocks, so each thread counts 16 values.
// Usage: w5_histogram [n = 2^20] [reps = 5]; n is a multiple of 4096.
// Prints: name=W5 size=<n> kernel_ms=<median> serial_ms=<median> ok=<0|1>
#include "workload.h"

constexpr int BLOCK = 256, BINS = 256, PER_THREAD = 16;

__global__ void histogram(const unsigned* in, int n, unsigned* bins) {
    __shared__ unsigned local[BINS];
    local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[in[i] % BINS], 1u);
    __syncthreads();
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

SERIAL_LOOP void serial_histogram(const unsigned* in, int n, unsigned* bins) {
    for (int b = 0; b < BINS; ++b) bins[b] = 0;
    for (int i = 0; i < n; ++i) ++bins[in[i] % BINS];
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    if (n <= 0 || n % (BLOCK * PER_THREAD) != 0) {
        std::fprintf(stderr, "n must be a positive multiple of %d\n", BLOCK * PER_THREAD);
        return 2;
    }
    const int blocks = n / (BLOCK * PER_THREAD);
    // Pseudo-random bytes (Knuth's multiplicative hash), uneven over the bins.
    std::vector<unsigned> in(n), expected(BINS), got(BINS);
    for (int i = 0; i < n; ++i) in[i] = (static_cast<unsigned>(i) * 2654435761u) >> 20;

    unsigned *d_in = nullptr, *d_bins = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(unsigned)));
    CUDA_CHECK(cudaMalloc(&d_bins, BINS * sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));

    std::vector<double> kernel_ms, serial_ms;
    for (int r = 0; r < reps; ++r) {
        CUDA_CHECK(cudaMemset(d_bins, 0, BINS * sizeof(unsigned)));  // not timed
        CUDA_CHECK(cudaDeviceSynchronize());
        const auto start = Clock::now();
        histogram<<<blocks, BLOCK>>>(d_in, n, d_bins);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        kernel_ms.push_back(ms_since(start));
    }
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        serial_histogram(in.data(), n, expected.data());
        serial_ms.push_back(ms_since(start));
    }
    CUDA_CHECK(cudaMemcpy(got.data(), d_bins, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    const bool ok = got == expected;
    std::printf("name=W5 size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d\n", n, median(kernel_ms), median(serial_ms),
                ok ? 1 : 0);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_bins));
    return ok ? 0 : 1;
}
