// Seed 004 "Warp-Level Synchronization": warp matrix multiply. Each warp of
// the block computes one row of C = A * B; its lanes take the columns 32 at a
// time (lane l computes columns l, l + 32, ...), all reading the same A
// element in each step of the dot product. No shared memory and no warp
// collective: the warps need no synchronization at all.
//
// The kernel derives the row from threadIdx alone (row = threadIdx.x / 32),
// so one block of 32 * M threads computes all M rows; that is how it is
// launched here (M = 16: 512 threads). The inputs are small integers, so the
// float results are exact and compared with == against a host reference.
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

constexpr int M = 16, N = 48, K = 24;  // N > 32: two column passes, the second partial

__global__ void warp_matrix_multiply(const float* A, const float* B, float* C, int m, int n, int k_dim) {
    const int tid = threadIdx.x;
    const int warp_id = tid / 32;
    const int lane_id = tid % 32;
    const int row = warp_id;
    if (row < m) {
        for (int col_base = 0; col_base < n; col_base += 32) {
            const int col = col_base + lane_id;
            if (col < n) {
                float result = 0.0f;
                for (int k = 0; k < k_dim; k++) {
                    const float a_val = A[row * k_dim + k];  // the same for the whole warp
                    const float b_val = B[k * n + col];      // one per lane
                    result += a_val * b_val;
                }
                C[row * n + col] = result;
            }
        }
    }
}

int main() {
    static float a[M * K], b[K * N], c[M * N], reference[M * N];
    for (int i = 0; i < M; ++i)
        for (int k = 0; k < K; ++k) a[i * K + k] = static_cast<float>((i * 3 + k) % 7 - 3);
    for (int k = 0; k < K; ++k)
        for (int j = 0; j < N; ++j) b[k * N + j] = static_cast<float>((k + 2 * j) % 5 - 2);
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            float sum = 0.0f;
            for (int k = 0; k < K; ++k) sum += a[i * K + k] * b[k * N + j];
            reference[i * N + j] = sum;
        }
    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    CUDA_CHECK(cudaMalloc(&d_a, sizeof a));
    CUDA_CHECK(cudaMalloc(&d_b, sizeof b));
    CUDA_CHECK(cudaMalloc(&d_c, sizeof c));
    CUDA_CHECK(cudaMemcpy(d_a, a, sizeof a, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_b, b, sizeof b, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_c, 0, sizeof c));
    warp_matrix_multiply<<<1, 32 * M>>>(d_a, d_b, d_c, M, N, K);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(c, d_c, sizeof c, cudaMemcpyDeviceToHost));
    int wrong = 0;
    float max_error = 0.0f;
    for (int i = 0; i < M * N; ++i) {
        wrong += c[i] != reference[i];
        max_error = std::fmax(max_error, std::fabs(c[i] - reference[i]));
    }
    std::printf("warp matrix multiply: C[%dx%d] = A[%dx%d] * B[%dx%d], %d of %d elements wrong, max error %g\n",
                M, N, M, K, K, N, wrong, M * N, max_error);
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    CUDA_CHECK(cudaFree(d_c));
    return wrong == 0 ? 0 : 1;
}
