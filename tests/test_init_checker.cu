// The init checker: reading shared memory no thread of the block has written.
#include "support.h"

#include "checkers/hazard_log.h"

namespace {

// Only half the tile is loaded, but every thread reads its own element.
__global__ void half_loaded(const int* in, int* out) {
    __shared__ int tile[64];
    if (threadIdx.x < 32) tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}
__global__ void fully_loaded(const int* in, int* out) {
    __shared__ int tile[64];
    tile[threadIdx.x] = threadIdx.x < 32 ? in[threadIdx.x] : 0;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}
// Bytes: each thread writes one char; reading a 4-byte word needs all four.
__global__ void words_of_bytes(int* out) {
    __shared__ int words[16];
    reinterpret_cast<char*>(words)[threadIdx.x] = 1;
    __syncthreads();
    if (threadIdx.x < 16) out[threadIdx.x] = words[threadIdx.x];
}

}  // namespace

TEST_CASE("a read of shared memory that no thread wrote is reported with the variable and the line") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<int> in(64, 5), out(64);
    half_loaded<<<2, 64>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    const auto& groups = simt::cuda::last_launch_hazards();
    REQUIRE(groups.size() == 1);
    const simt::check::HazardReport& r = groups[0].example;
    CHECK(r.checker == "init");
    CHECK(r.kind == "uninitialised read");
    CHECK(r.severity == simt::check::Severity::Error);
    CHECK(groups[0].instances == 64);  // 32 threads in each of 2 blocks
    CHECK_THAT(r.location, Catch::StartsWith("__shared__ half_loaded::tile["));
    CHECK(r.current.who.thread.x >= 32);
}

TEST_CASE("the fully loaded tile, and a word written byte by byte, have no init report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<int> in(64, 5), out(64);
    fully_loaded<<<2, 64>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    words_of_bytes<<<1, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    CHECK(out[3] == 0x01010101);
}
