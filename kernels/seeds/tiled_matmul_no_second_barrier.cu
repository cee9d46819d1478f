// Seed 000/003 (Mojo "block and warp operations"): tiled matrix multiply
// without the barrier after the multiply-accumulate.
// C = A * B for 64x64 matrices, one 16x16 block of threads per 16x16 tile of
// C (a 4x4 grid). For each step along K the block cooperatively loads a 16x16
// tile of A and one of B into shared memory (one element per thread, zero
// outside the matrix), waits at a barrier until both tiles are complete,
// accumulates the 16 products from the tiles, and waits at a second barrier
// before the next step's load overwrites the tiles.
//
// BROKEN: the second barrier (after the multiply-accumulate) is removed, so a
// fast thread's next load can overwrite tile elements that slower threads are
// still reading for the current step: a write-after-read race on tile_a and
// tile_b (fixed: tiled_matmul.cu).
#include <cmath>
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

constexpr int SIZE = 64, TILE = 16;

__global__ void tiled_matmul(const float* a, const float* b, float* c) {
    __shared__ float tile_a[TILE][TILE];
    __shared__ float tile_b[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float accumulator = 0.0f;
    for (int k_tile = 0; k_tile < SIZE; k_tile += TILE) {
        const int a_col = k_tile + tx, b_row = k_tile + ty;
        tile_a[ty][tx] = (row < SIZE && a_col < SIZE) ? a[row * SIZE + a_col] : 0.0f;
        tile_b[ty][tx] = (b_row < SIZE && col < SIZE) ? b[b_row * SIZE + col] : 0.0f;
        __syncthreads();  // every element of both tiles is loaded before anyone reads them
        for (int k = 0; k < TILE; ++k) accumulator += tile_a[ty][k] * tile_b[k][tx];
        // (missing: __syncthreads() here)
    }
    if (row < SIZE && col < SIZE) c[row * SIZE + col] = accumulator;
}

int main() {
    static float a[SIZE * SIZE], b[SIZE * SIZE], c[SIZE * SIZE], reference[SIZE * SIZE];
    for (int i = 0; i < SIZE; ++i)
        for (int j = 0; j < SIZE; ++j) {
            a[i * SIZE + j] = static_cast<float>((i + 2 * j) % 9) - 4.0f;
            b[i * SIZE + j] = static_cast<float>((3 * i + j) % 7) - 3.0f;
        }
    for (int i = 0; i < SIZE; ++i)
        for (int j = 0; j < SIZE; ++j) {
            float sum = 0.0f;
            for (int k = 0; k < SIZE; ++k) sum += a[i * SIZE + k] * b[k * SIZE + j];
            reference[i * SIZE + j] = sum;
        }
    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    CUDA_CHECK(cudaMalloc(&d_a, sizeof a));
    CUDA_CHECK(cudaMalloc(&d_b, sizeof b));
    CUDA_CHECK(cudaMalloc(&d_c, sizeof c));
    CUDA_CHECK(cudaMemcpy(d_a, a, sizeof a, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_b, b, sizeof b, cudaMemcpyHostToDevice));
    tiled_matmul<<<dim3(SIZE / TILE, SIZE / TILE), dim3(TILE, TILE)>>>(d_a, d_b, d_c);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(c, d_c, sizeof c, cudaMemcpyDeviceToHost));
    float max_error = 0.0f;
    for (int i = 0; i < SIZE * SIZE; ++i) max_error = std::fmax(max_error, std::fabs(c[i] - reference[i]));
    const bool ok = max_error <= 1e-3f;
    std::printf("tiled matmul %dx%d, %dx%d tiles: max error %g vs host reference: %s\n", SIZE, SIZE, TILE, TILE,
                max_error, ok ? "correct" : "wrong");
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    CUDA_CHECK(cudaFree(d_c));
    return ok ? 0 : 1;
}
