// W2: tiled matrix multiply, C = A * B for n x n floats. One 16x16 block per
// 16x16 tile of C; for each step along K the block loads a tile of A and a
// tile of B into shared memory (one element per thread), synchronises, takes
// 16 products, and synchronises again before the next load.
// Usage: w2_tiled_matmul [n = 128] [reps = 5]; n is a multiple of 16.
// Prints: name=W2 size=<n> kernel_ms=<median> serial_ms=<median> ok=<0|1>
#include "workload.h"

constexpr int TILE = 16;

__global__ void tiled_matmul(const float* a, const float* b, float* c, int n) {
    __shared__ float tile_a[TILE][TILE];
    __shared__ float tile_b[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        tile_a[ty][tx] = a[row * n + k0 + tx];
        tile_b[ty][tx] = b[(k0 + ty) * n + col];
        __syncthreads();  // both tiles complete before anyone reads them
        for (int k = 0; k < TILE; ++k) acc += tile_a[ty][k] * tile_b[k][tx];
        __syncthreads();  // everyone done reading before the next load overwrites them
    }
    c[row * n + col] = acc;
}

// Same arithmetic as a thread of the kernel: one float accumulator per element of
// C, products added in increasing k.
SERIAL_LOOP void serial_matmul(const float* a, const float* b, float* c, int n) {
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float acc = 0.0f;
            for (int k = 0; k < n; ++k) acc += a[i * n + k] * b[k * n + j];
            c[i * n + j] = acc;
        }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 128;
    const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    if (n <= 0 || n % TILE != 0) {
        std::fprintf(stderr, "n must be a positive multiple of %d\n", TILE);
        return 2;
    }
    const size_t elems = size_t(n) * n, bytes = elems * sizeof(float);
    // Small integers: all products and sums are exact, so the result is bit-exact.
    std::vector<float> a(elems), b(elems), expected(elems), got(elems);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            a[i * n + j] = static_cast<float>((i + 2 * j) % 9) - 4.0f;
            b[i * n + j] = static_cast<float>((3 * i + j) % 7) - 3.0f;
        }

    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    CUDA_CHECK(cudaMalloc(&d_a, bytes));
    CUDA_CHECK(cudaMalloc(&d_b, bytes));
    CUDA_CHECK(cudaMalloc(&d_c, bytes));
    CUDA_CHECK(cudaMemcpy(d_a, a.data(), bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_b, b.data(), bytes, cudaMemcpyHostToDevice));

    std::vector<double> kernel_ms, serial_ms;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        tiled_matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(d_a, d_b, d_c, n);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        kernel_ms.push_back(ms_since(start));
    }
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        serial_matmul(a.data(), b.data(), expected.data(), n);
        serial_ms.push_back(ms_since(start));
    }
    CUDA_CHECK(cudaMemcpy(got.data(), d_c, bytes, cudaMemcpyDeviceToHost));
    const bool ok = got == expected;
    std::printf("name=W2 size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d\n", n, median(kernel_ms), median(serial_ms),
                ok ? 1 : 0);
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    CUDA_CHECK(cudaFree(d_c));
    return ok ? 0 : 1;
}
