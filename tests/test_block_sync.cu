// __syncthreads and its count/and/or forms.
#include "support.h"

namespace {

__global__ void tree_sum(const float* in, float* out) {
    __shared__ float s[1024];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void votes(const int* predicate, int* count, int* all, int* any) {
    const int p = predicate[blockIdx.x * blockDim.x + threadIdx.x];
    const int c = __syncthreads_count(p);
    const int a = __syncthreads_and(p);
    const int o = __syncthreads_or(p);
    if (threadIdx.x == 0) {
        count[blockIdx.x] = c;
        all[blockIdx.x] = a;
        any[blockIdx.x] = o;
    }
}

// Threads that return early no longer take part in later barriers.
__global__ void early_exit(int* out, int live) {
    if (int(threadIdx.x) >= live) return;
    __shared__ int s[256];
    s[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = __syncthreads_count(s[(threadIdx.x + 1) % live]);
}

}  // namespace

TEST_CASE("a shared-memory tree reduction with __syncthreads sums every block") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const unsigned block = GENERATE(32u, 256u, 1024u);
    const int blocks = 6;
    simt::test::Managed<float> in(block * blocks), out(blocks);
    for (unsigned i = 0; i < block * blocks; ++i) in[i] = float(i % 7);
    tree_sum<<<blocks, block>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int b = 0; b < blocks; ++b) {
        double expect = 0;
        for (unsigned i = 0; i < block; ++i) expect += double((b * block + i) % 7);
        REQUIRE(out[b] == float(expect));
    }
}

TEST_CASE("__syncthreads_count/and/or return the block-wide count, conjunction and disjunction") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int block = 96;
    simt::test::Managed<int> p(block * 3), count(3), all(3), any(3);
    for (int i = 0; i < block; ++i) {
        p[i] = i % 3 == 0;       // block 0: some
        p[block + i] = 1;        // block 1: all
        p[2 * block + i] = 0;    // block 2: none
    }
    votes<<<3, block>>>(p, count, all, any);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(count[0] == 32);
    CHECK(all[0] == 0);
    CHECK(any[0] == 1);
    CHECK(count[1] == block);
    CHECK(all[1] == 1);
    CHECK(any[1] == 1);
    CHECK(count[2] == 0);
    CHECK(all[2] == 0);
    CHECK(any[2] == 0);
}

TEST_CASE("threads that exited do not hold up a later __syncthreads") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(128, -1);
    early_exit<<<1, 128>>>(out, 100);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 100; ++i) REQUIRE(out[i] == 100);
    CHECK(out[100] == -1);
}
