// Spin-waits: a thread that polls memory until another thread writes it gets
// there in both modes (the spinner sleeps until the write), lockstep mode
// reports the waits that hang before Volta (a lane waiting for a lane of its
// own warp), and a spin nobody can end is reported, never hung on.
#include "support.h"

#include "driver/hazard_log.h"
#include "emulator/symbolizer.h"

namespace {

// Lane 0 waits for lane 1 of its own warp.
__global__ void same_warp_flag(int* out) {
    __shared__ volatile int flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        while (flag == 0) {
        }
        out[0] = 1;
    } else if (threadIdx.x == 1) {
        flag = 1;
        out[1] = 2;
    }
}

// Warp 1 waits for warp 0, which first does some work. Flag: volatile int, or int (the fence keeps its load in the loop).
template <class Flag> __global__ void other_warp_flag(const int* in, int* out) {
    __shared__ Flag ready;
    __shared__ int sum;
    if (threadIdx.x == 0) ready = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < 64; ++i) s += in[i];
        sum = s;
        __threadfence_block();
        ready = 1;
    }
    if (threadIdx.x / warpSize == 1) {
        while (ready == 0) __threadfence_block();
        out[threadIdx.x] = sum;
    }
}

__device__ int lock = 0;
__device__ int guarded = 0;
// The naive lock taken by every lane of a warp: a lane holds it while the
// others of its warp retry.
__global__ void warp_spin_lock() {
    while (atomicCAS(&lock, 0, 1) != 0) {
    }
    guarded += 1;
    __threadfence();
    atomicExch(&lock, 0);
}

__global__ void nobody_sets_it(volatile int* flag, int* out) {
    if (threadIdx.x == 0) {
        while (*flag == 0) {
        }
    }
    out[threadIdx.x] = 1;
}

std::vector<simt::driver::HazardGroup> hazards(cudaError_t expected = cudaSuccess) {
    REQUIRE(cudaDeviceSynchronize() == expected);
    return simt::cuda::last_launch_hazards();
}

}  // namespace

TEST_CASE("a lane spinning on a flag another lane of its warp sets finishes, lockstep reports the pre-Volta hang") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::warp_sync_only());
    simt::test::Managed<int> out(2, 0);
    same_warp_flag<<<1, 32>>>(out);
    const auto h = hazards();
    CHECK(out[0] == 1);
    CHECK(out[1] == 2);
    if (simt_mode_ == simt::ScheduleMode::Independent) {
        CHECK(h.empty());  // Volta and later: independent thread scheduling
    } else {
        REQUIRE(h.size() == 1);
        const auto& r = h[0].example;
        CHECK(r.rule == simt::driver::Rule::WarpSyncSpinWait);
        CHECK(r.current.who.lane == 0);
        CHECK(r.previous.who.lane == 1);
        CHECK_THAT(simt::describe(r.current.pc), Catch::EndsWith("test_spin_waits.cu:18"));
        CHECK_THAT(simt::describe(r.previous.pc), Catch::EndsWith("test_spin_waits.cu:22"));
    }
}

TEST_CASE("a warp spinning on a flag another warp sets finishes with no report in both modes") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::warp_sync_only());
    const int ws = int(simt_warp_);
    simt::test::Managed<int> in(64, 2), out(2 * ws, 0);
    other_warp_flag<volatile int><<<1, 2 * ws>>>(in, out);
    CHECK(hazards().empty());
    for (int t = ws; t < 2 * ws; ++t) CHECK(out[t] == 128);
}

TEST_CASE("the naive spin lock inside one warp is reported in lockstep mode and counts right in its mode") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::warp_sync_only());
    const int zero = 0;
    REQUIRE(cudaMemcpyToSymbol(lock, &zero, sizeof zero) == cudaSuccess);
    REQUIRE(cudaMemcpyToSymbol(guarded, &zero, sizeof zero) == cudaSuccess);
    warp_spin_lock<<<2, 32>>>();
    const auto h = hazards();
    int total = 0;
    REQUIRE(cudaMemcpyFromSymbol(&total, guarded, sizeof total) == cudaSuccess);
    CHECK(total == 64);
    if (simt_mode_ == simt::ScheduleMode::Independent) {
        CHECK(h.empty());
    } else {
        REQUIRE(h.size() == 1);
        CHECK(h[0].example.rule == simt::driver::Rule::WarpSyncSpinWait);
        CHECK_THAT(simt::describe(h[0].example.current.pc), Catch::EndsWith("test_spin_waits.cu:51"));
        CHECK_THAT(simt::describe(h[0].example.previous.pc), Catch::EndsWith("test_spin_waits.cu:55"));
    }
}

TEST_CASE("a thread spinning on a flag nobody writes is reported as a deadlock with its line, not hung on") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> flag(1, 0), out(64, 0);
    const simt::LaunchOutcome r = simt::test::run_on_engine("nobody_sets_it", nobody_sets_it, dim3(1), dim3(64),
                                                            static_cast<volatile int*>(flag.get()), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::Deadlock);
    const std::string& message = r.fault.message;
    CHECK_THAT(message, Catch::Contains("spin-wait"));
    CHECK_THAT(message, Catch::Contains("test_spin_waits.cu:60"));
    CHECK_THAT(message, Catch::Contains("threads 0"));
}

namespace {

__device__ unsigned arrived = 0;

// A hand-written grid barrier: every block arrives, then waits for all.
__global__ void grid_barrier_shift(int* a, int* b) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    a[t] = t;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(&arrived, 1u);
        while (atomicAdd(&arrived, 0u) < gridDim.x) {
        }
    }
    __syncthreads();
    b[t] = a[(t + blockDim.x) % (gridDim.x * blockDim.x)];
}

// Block 0 waits for what the last block produces.
__global__ void wait_for_last_block(volatile int* flag, int* data, int* out) {
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *flag = 1;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        while (*flag == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}

// One arrival too many is awaited: no block ever gets past.
__global__ void grid_barrier_never_met() {
    if (threadIdx.x == 0) {
        atomicAdd(&arrived, 1u);
        while (atomicAdd(&arrived, 0u) < gridDim.x + 1) {
        }
    }
    __syncthreads();
}

void reset_arrivals() {
    const unsigned zero = 0;
    REQUIRE(cudaMemcpyToSymbol(arrived, &zero, sizeof zero) == cudaSuccess);
}

}  // namespace

TEST_CASE("a hand-written grid barrier completes with the right values for 1 and 2 workers, with no report") {
    SIMT_EACH_MODE();
    for (unsigned workers : {1u, 2u}) {
        CAPTURE(workers);
        simt::cuda::reset_device(simt::test::options(simt_mode_, 32, 0, workers));
        reset_arrivals();
        const int blocks = 5, threads = 64, n = blocks * threads;
        simt::test::Managed<int> a(n), b(n);
        grid_barrier_shift<<<blocks, threads>>>(a, b);
        CHECK(hazards().empty());
        for (int t = 0; t < n; ++t) CHECK(b[t] == (t + threads) % n);
    }
}

TEST_CASE("a block waiting for a flag that a later block sets completes, with one worker and no checkers") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(simt::test::options(simt_mode_, 32, 0, 1), simt::test::only(false, false, false, false));
    simt::test::Managed<int> flag(1, 0), data(1, 0), out(1, 0);
    wait_for_last_block<<<3, 32>>>(flag, data, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 42);
}

TEST_CASE("blocks that wait for each other forever are reported as a deadlock naming the spin, not hung on") {
    SIMT_EACH_MODE();
    reset_arrivals();
    const simt::LaunchOutcome r =
        simt::test::run_on_engine("grid_barrier_never_met", grid_barrier_never_met, dim3(3), dim3(32));
    REQUIRE(r.fault.kind == simt::FaultKind::Deadlock);
    CHECK_THAT(r.fault.message, Catch::Contains("deadlock in kernel grid_barrier_never_met, block (0,0,0)"));
    CHECK_THAT(r.fault.message, Catch::Contains("spin-wait"));
    CHECK_THAT(r.fault.message, Catch::Contains("test_spin_waits.cu:175"));
    CHECK_THAT(r.fault.message, Catch::Contains("no block of the launch that can still run writes what they poll"));
}

TEST_CASE("a grid barrier over more blocks than the device keeps resident is a deadlock that names the limit") {
    SIMT_EACH_MODE();
    simt::DeviceLimits small;
    small.multiprocessors = 1;
    small.max_blocks_per_multiprocessor = 2;  // two blocks resident; the barrier needs three
    simt::Engine engine(opts, small);
    reset_arrivals();
    auto body = [] { grid_barrier_never_met(); };
    simt::KernelLaunch l;
    l.kernel_name = "grid_barrier";
    l.grid = simt::Dim3{3, 1, 1};
    l.block = simt::Dim3{32, 1, 1};
    l.invoke = [](void* c) { (*static_cast<decltype(body)*>(c))(); };
    l.closure = &body;
    const simt::LaunchOutcome r = engine.launch(l);
    REQUIRE(r.fault.kind == simt::FaultKind::Deadlock);
    CHECK_THAT(r.fault.message, Catch::Contains("keeps only 2 blocks of this shape resident"));
}

TEST_CASE("a volatile flag that one lane spins on and another lane of its warp sets is one race warning, as racecheck says") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> out(2, 0);
    same_warp_flag<<<1, 32>>>(out);
    const auto h = hazards();
    REQUIRE(h.size() == 1);
    CHECK(h[0].example.rule == simt::driver::Rule::RaceVolatileFlag);
    CHECK(h[0].example.severity == simt::driver::Severity::Warning);
    const std::string lines = simt::describe(h[0].example.current.pc) + " " + simt::describe(h[0].example.previous.pc);
    CHECK_THAT(lines, Catch::Contains("test_spin_waits.cu:18"));
    CHECK_THAT(lines, Catch::Contains("test_spin_waits.cu:22"));
}

// --check none in its mode: plain accesses take the engine's lean path,
// which must still count a spinner's loads and wake it at the store.
TEST_CASE("with nothing watching accesses (--check none), a warp polling a plain flag that another warp sets finishes") {
    for (unsigned workers : {1u, 2u}) {
        CAPTURE(workers);
        simt::EngineOptions unwatched = simt::test::options(simt::ScheduleMode::Independent, 32, 0, workers);
        unwatched.switch_at_accesses = false;
        simt::cuda::reset_device(unwatched, simt::test::only(false, false, false, false));
        simt::test::Managed<int> in(64, 2), out(64, 0), flag(1, 0), data(1, 0), last(1, 0);
        other_warp_flag<int><<<1, 64>>>(in, out);
        wait_for_last_block<<<3, 32>>>(flag, data, last);
        REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
        for (int t = 32; t < 64; ++t) CHECK(out[t] == 128);
        CHECK(last[0] == 42);
    }
}

namespace {

__device__ unsigned flags = 0;
// Straight-line atomics, no loop: every lane sets a bit three times (all but
// the first find it set), then flips it. None of them waits for anything.
__global__ void straight_line_atomics(unsigned* out) {
    atomicOr(&flags, 1u);
    atomicOr(&flags, 1u);
    atomicOr(&flags, 1u);
    out[threadIdx.x] = atomicXor(&flags, 1u);
}

}  // namespace

TEST_CASE("atomics that leave memory unchanged outside a loop are no spin-wait in either mode") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::warp_sync_only());
    const unsigned zero = 0;
    REQUIRE(cudaMemcpyToSymbol(flags, &zero, sizeof zero) == cudaSuccess);
    const int ws = int(simt_warp_);
    simt::test::Managed<unsigned> out(ws, 7u);
    straight_line_atomics<<<1, ws>>>(out);
    CHECK(hazards().empty());
    for (int t = 0; t < ws; ++t) CHECK(out[t] <= 1u);  // each flip saw the bit set or clear
}
