// W6: barrier-free elementwise kernel, grid-stride axpy y = a * x + y, in place.
// The grid has n / 4096 blocks of 256 threads, so each thread updates 16
// elements. Every repetition updates y again (and so does the serial loop on
// its own copy); with small integers the result after reps passes is exact.
// Usage: w6_axpy [n = 2^22] [reps = 5]; n is a multiple of 4096.
// Prints: name=W6 size=<n> kernel_ms=<median> serial_ms=<median> ok=<0|1>
#include "workload.h"

constexpr int BLOCK = 256, PER_THREAD = 16;

__global__ void axpy(float a, const float* x, float* y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = a * x[i] + y[i];
}

SERIAL_LOOP void serial_axpy(float a, const float* x, float* y, int n) {
    for (int i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 22;
    const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    if (n <= 0 || n % (BLOCK * PER_THREAD) != 0) {
        std::fprintf(stderr, "n must be a positive multiple of %d\n", BLOCK * PER_THREAD);
        return 2;
    }
    const int blocks = n / (BLOCK * PER_THREAD);
    const float a = 2.0f;
    std::vector<float> x(n), y(n), expected(n), got(n);
    for (int i = 0; i < n; ++i) {
        x[i] = static_cast<float>(i % 13) - 6.0f;
        y[i] = static_cast<float>(i % 7);
    }
    expected = y;

    float *d_x = nullptr, *d_y = nullptr;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_y, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    std::vector<double> kernel_ms, serial_ms;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        axpy<<<blocks, BLOCK>>>(a, d_x, d_y, n);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        kernel_ms.push_back(ms_since(start));
    }
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        serial_axpy(a, x.data(), expected.data(), n);
        serial_ms.push_back(ms_since(start));
    }
    CUDA_CHECK(cudaMemcpy(got.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));
    const bool ok = got == expected;
    std::printf("name=W6 size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d\n", n, median(kernel_ms), median(serial_ms),
                ok ? 1 : 0);
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    return ok ? 0 : 1;
}
