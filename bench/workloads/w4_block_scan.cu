// W4: Hillis-Steele inclusive scan of each 256-element block, double-buffered:
// step d reads buffer d%2 and writes the other (x[t] + x[t - offset] for
// t >= offset, else x[t]), offsets 1, 2, .. 128, one __syncthreads per step
// (the buffer a step writes was last read two steps earlier, before the barrier).
// Usage: w4_block_scan [n = 2^20] [reps = 5]; n is a multiple of 256.
// Prints: name=W4 size=<n> kernel_ms=<median> serial_ms=<median> ok=<0|1>
#include "workload.h"

constexpr int BLOCK = 256;

__global__ void block_scan(const float* in, float* out) {
    __shared__ float buf[2][BLOCK];
    const int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
    int src = 0;
    buf[src][t] = in[i];
    __syncthreads();
    for (int offset = 1; offset < BLOCK; offset <<= 1) {
        const int dst = 1 - src;
        buf[dst][t] = t >= offset ? buf[src][t] + buf[src][t - offset] : buf[src][t];
        __syncthreads();
        src = dst;
    }
    out[i] = buf[src][t];
}

SERIAL_LOOP void serial_block_scans(const float* in, float* out, int blocks) {
    for (int b = 0; b < blocks; ++b) {
        float s = 0.0f;
        for (int i = 0; i < BLOCK; ++i) {
            s += in[b * BLOCK + i];
            out[b * BLOCK + i] = s;
        }
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
    // Small integers: every prefix sum is exact, so any summation order gives the same floats.
    std::vector<float> in(n), expected(n), got(n);
    for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 13);

    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    std::vector<double> kernel_ms, serial_ms;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        block_scan<<<blocks, BLOCK>>>(d_in, d_out);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        kernel_ms.push_back(ms_since(start));
    }
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        serial_block_scans(in.data(), expected.data(), blocks);
        serial_ms.push_back(ms_since(start));
    }
    CUDA_CHECK(cudaMemcpy(got.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    const bool ok = got == expected;
    std::printf("name=W4 size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d\n", n, median(kernel_ms), median(serial_ms),
                ok ? 1 : 0);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
