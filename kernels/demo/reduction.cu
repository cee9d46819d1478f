// Sum 2^20 floats: a shared-memory tree per block of 256 threads, then the
// block sums on the host. Prints the sum and checks it against a serial loop.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                    \
    do {                                                                               \
        cudaError_t e_ = (call);                                                       \
        if (e_ != cudaSuccess) {                                                       \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                              \
        }                                                                              \
    } while (0)

constexpr int kThreads = 256;

__global__ void block_sum(const float* in, float* out, int n) {
    __shared__ float partial[kThreads];
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    partial[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride) partial[t] += partial[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = partial[0];
}

int main() {
    const int n = 1 << 20, blocks = (n + kThreads - 1) / kThreads;
    std::vector<float> host(n);
    for (int i = 0; i < n; ++i) host[i] = float(i % 100) * 0.25f;

    float *in, *out;
    CHECK(cudaMalloc(&in, n * sizeof(float)));
    CHECK(cudaMalloc(&out, blocks * sizeof(float)));
    CHECK(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    block_sum<<<blocks, kThreads>>>(in, out, n);
    CHECK(cudaGetLastError());
    std::vector<float> sums(blocks);
    CHECK(cudaMemcpy(sums.data(), out, blocks * sizeof(float), cudaMemcpyDeviceToHost));

    double gpu = 0, cpu = 0;
    for (float s : sums) gpu += s;
    for (float v : host) cpu += v;
    std::printf("sum of %d floats in %d blocks of %d threads: %.1f (serial loop: %.1f) %s\n", n, blocks,
                kThreads, gpu, cpu, gpu == cpu ? "OK" : "MISMATCH");
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    return gpu == cpu ? 0 : 1;
}
