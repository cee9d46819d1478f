// Plain accesses against atomics: the load that seeds a compare-and-swap loop
// is not a race worth reporting (the loop retries on any interference), but a
// plain read of an atomically updated value that is then used, and a plain
// write next to atomics, are.
#include "support.h"

#include "driver/hazard_log.h"
#include "emulator/symbolizer.h"

namespace {

// The CUDA programming guide's atomicAdd for double, renamed.
__device__ double guide_atomic_add(double* address, double val) {
    auto* a = reinterpret_cast<unsigned long long*>(address);
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void sum_into_global(double* total) { guide_atomic_add(total, 1.0); }

// The usual float maximum by compare-and-swap, on shared memory.
__global__ void max_in_shared(const float* in, float* out) {
    __shared__ float best;
    if (threadIdx.x == 0) best = -1.0f;
    __syncthreads();
    auto* bits = reinterpret_cast<int*>(&best);
    int old = *bits, assumed;
    do {
        assumed = old;
        old = atomicCAS(bits, assumed, __float_as_int(fmaxf(in[threadIdx.x], __int_as_float(assumed))));
    } while (assumed != old);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = best;
}

// A bug: the count is read plainly while other threads still add to it.
__global__ void count_then_read(int* counter, int* seen) {
    atomicAdd(counter, 1);
    seen[blockIdx.x * blockDim.x + threadIdx.x] = *counter;
}

std::vector<simt::driver::HazardGroup> hazards() {
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return simt::cuda::last_launch_hazards();
}

}  // namespace

TEST_CASE("the CUDA guide's compare-and-swap atomicAdd for double has no race and is no spin-wait, in either mode") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        // Race and warp-sync: lockstep must not take the lock-free loop for a held lock.
        simt::cuda::reset_device(simt::test::options(simt_mode_, simt_warp_, seed),
                                 simt::test::only(true, false, false, false, true));
        simt::test::Managed<double> total(1, 0.0);
        sum_into_global<<<2, 64>>>(total);
        CHECK(hazards().empty());
        CHECK(total[0] == 128.0);
    }
}

TEST_CASE("a compare-and-swap float maximum in shared memory has no race report, in either mode") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        simt::cuda::reset_device(simt::test::options(simt_mode_, simt_warp_, seed), simt::test::race_only());
        simt::test::Managed<float> in(128), out(1, 0.0f);
        for (int i = 0; i < 128; ++i) in[i] = float((i * 37) % 101);
        max_in_shared<<<1, 128>>>(in, out);
        CHECK(hazards().empty());
        CHECK(out[0] == 100.0f);
    }
}

TEST_CASE("a plain read of a counter other threads add to atomically is still a race") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> counter(1, 0), seen(64, 0);
    count_then_read<<<1, 64>>>(counter, seen);
    const auto h = hazards();
    REQUIRE(!h.empty());
    bool found = false;
    for (const auto& g : h)
        found |= simt::describe(g.example.current.pc).find("test_atomic_races.cu:43") != std::string::npos ||
                 simt::describe(g.example.previous.pc).find("test_atomic_races.cu:43") != std::string::npos;
    CHECK(found);
}
