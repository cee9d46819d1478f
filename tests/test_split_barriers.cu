// Split-phase barriers (the engine's side of cuda::barrier): phases in every
// mode and warp size, the race checker's view of arrive and wait, and the
// faults of misuse, read from the engine directly.
#include "support.h"

#include <cuda/barrier>

#include "driver/hazard_log.h"

namespace {

// Rounds of neighbour exchange through shared memory, ordered only by the
// barrier: write, arrive, independent work, wait, read, arrive_and_wait.
__global__ void exchange_rounds(const int* in, int* out, int rounds) {
    __shared__ int slot[256];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int r = 0; r < rounds; ++r) {
        slot[threadIdx.x] = v;
        auto token = bar.arrive();
        const int own = v + r;
        bar.wait(std::move(token));
        v = slot[(threadIdx.x + 1) % blockDim.x] + own;
        bar.arrive_and_wait();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// The same without the wait: a read of a neighbour's slot that nothing orders.
__global__ void read_without_wait(int* out) {
    __shared__ int slot[256];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    slot[threadIdx.x] = int(threadIdx.x);
    auto token = bar.arrive();
    out[threadIdx.x] = slot[(threadIdx.x + 37) % blockDim.x];
    bar.wait(std::move(token));
}

// Half the threads leave after one phase; the other half go on alone.
__global__ void half_drop(int* out) {
    __shared__ int cell;
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    if (threadIdx.x >= blockDim.x / 2) {
        bar.arrive_and_drop();
        return;
    }
    for (int r = 0; r < 4; ++r) {
        if (threadIdx.x == 0) cell = r * 100;
        bar.arrive_and_wait();
        out[r * (blockDim.x / 2) + threadIdx.x] = cell;
        bar.arrive_and_wait();
    }
}

// Thread 0 leaves without arriving: the phase can never complete.
__global__ void one_missing(int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    if (threadIdx.x == 0) return;
    bar.arrive_and_wait();
    out[threadIdx.x] = 1;
}

std::vector<simt::driver::HazardGroup> hazards() {
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return simt::cuda::last_launch_hazards();
}

}  // namespace

TEST_CASE("cuda::barrier rounds exchange values between warps with no race reported, in every mode and warp size") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
        simt::cuda::reset_device(simt::test::options(opts.mode, opts.warp_size, seed), simt::test::race_only());
        const int block = 128, rounds = 5;
        simt::test::Managed<int> in(block * 2), out(block * 2);
        for (int i = 0; i < block * 2; ++i) in[i] = i * 7 % 31;
        exchange_rounds<<<2, block>>>(in, out, rounds);
        CHECK(hazards().empty());
        for (int b = 0; b < 2; ++b) {
            std::vector<int> v(in.get() + b * block, in.get() + (b + 1) * block);
            for (int r = 0; r < rounds; ++r) {
                std::vector<int> next(block);
                for (int t = 0; t < block; ++t) next[t] = v[(t + 1) % block] + v[t] + r;
                v = next;
            }
            for (int t = 0; t < block; ++t) REQUIRE(out[b * block + t] == v[t]);
        }
    }
}

TEST_CASE("a read of another warp's write after arriving but before waiting is a race") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(simt::test::options(opts.mode, 32), simt::test::race_only());
    simt::test::Managed<int> out(128);
    read_without_wait<<<1, 128>>>(out);
    const auto groups = hazards();
    REQUIRE_FALSE(groups.empty());
    CHECK(simt::driver::family_of(groups.front().example.rule) == simt::driver::Family::Race);
}

TEST_CASE("arrive_and_drop leaves the later phases to the threads that stay, in every mode and warp size") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(simt::test::options(opts.mode, opts.warp_size), simt::test::race_only());
    const int block = 128;
    simt::test::Managed<int> out(4 * block / 2, -1);
    half_drop<<<1, block>>>(out);
    CHECK(hazards().empty());
    for (int r = 0; r < 4; ++r)
        for (int t = 0; t < block / 2; ++t) REQUIRE(out[r * (block / 2) + t] == r * 100);
}

TEST_CASE("a split-phase barrier a thread never arrives at is a deadlock naming the wait, the barrier and the "
          "arrival missing") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(simt::test::options(opts.mode, 32));
    simt::test::Managed<int> out(64);
    const simt::LaunchOutcome r =
        simt::test::run_on_engine("one_missing", one_missing, dim3(1), dim3(64), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::Deadlock);
    CHECK_THAT(r.fault.message, Catch::Contains("63 threads wait at a split-phase barrier's wait (its phase still "
                                                "expects arrivals) at test_split_barriers.cu:67: threads 1-63"));
    CHECK_THAT(r.fault.message, Catch::Contains("(initialised at test_split_barriers.cu:64) expects 1 more of its 64 "
                                                "arrivals in phase 0"));
    CHECK_THAT(r.fault.message, Catch::Contains("1 threads have exited: threads 0"));
}
