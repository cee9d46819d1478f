// cuda/pipeline's thread-scoped form as the tensor-core samples use it: a
// stage committed per copy, pipeline_consumer_wait_prior before each use;
// and libcu++'s cuda::std:: names for the standard headers.
#include "support.h"

#include <cuda/pipeline>
#include <cuda/std/type_traits>

namespace {

static_assert(cuda::std::is_same_v<cuda::std::remove_cv_t<const int>, int>);

// Each thread sums its row of `in` through two shared-memory buffers, the
// next chunk's copy issued before the current one is used.
__global__ void double_buffered_sums(const float* in, float* out, int chunks) {
    __shared__ float staged[2][64][8];
    const int t = threadIdx.x;
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const float* row = in + (blockIdx.x * blockDim.x + t) * chunks * 8;
    cuda::memcpy_async(staged[0][t], row, sizeof staged[0][t], pipe);
    pipe.producer_commit();
    float sum = 0;
    for (int c = 0; c < chunks; ++c) {
        if (c + 1 < chunks) {
            cuda::memcpy_async(staged[(c + 1) % 2][t], row + (c + 1) * 8, sizeof staged[0][t], pipe);
            pipe.producer_commit();
            cuda::pipeline_consumer_wait_prior<1>(pipe);
        } else {
            cuda::pipeline_consumer_wait_prior<0>(pipe);
        }
        for (int i = 0; i < 8; ++i) sum += staged[c % 2][t][i];
        pipe.consumer_release();
    }
    out[blockIdx.x * blockDim.x + t] = sum;
}

}  // namespace

TEST_CASE("a thread's pipeline stages copies and pipeline_consumer_wait_prior orders their use") {
    SIMT_EACH_MODE();
    const int blocks = 2, threads = 64, chunks = 5;
    simt::test::Managed<float> in(blocks * threads * chunks * 8), out(blocks * threads);
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = float(i % 13);
    double_buffered_sums<<<blocks, threads>>>(in, out, chunks);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int r = 0; r < blocks * threads; ++r) {
        float expected = 0;
        for (int i = 0; i < chunks * 8; ++i) expected += in[r * chunks * 8 + i];
        REQUIRE(out[r] == expected);
    }
}
