// The barrier checker: one barrier reached at different call sites is an
// error; threads that exited before a barrier are a note.
#include "support.h"

#include "driver/hazard_log.h"
#include "driver/text_report.h"

namespace {

__global__ void two_call_sites(int* out) {
    __shared__ int s[64];
    s[threadIdx.x] = int(threadIdx.x);
    if (threadIdx.x < 32) {
        __syncthreads();
        out[threadIdx.x] = s[63 - threadIdx.x];
    } else {
        __syncthreads();
        out[threadIdx.x] = s[63 - threadIdx.x];
    }
}
__global__ void one_call_site(int* out) {
    __shared__ int s[64];
    s[threadIdx.x] = int(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
__global__ void early_exit(int* out, int n) {
    __shared__ int s[64];
    if (int(threadIdx.x) >= n) return;
    s[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % n];
}

// Two call sites, and the last thread exits instead of arriving: after its
// stores, which keep it running while the others wait, its exit completes
// the barrier.
__global__ void two_call_sites_last_exits(int* out) {
    __shared__ int s[64];
    s[threadIdx.x] = int(threadIdx.x);
    if (threadIdx.x == 63) {
        for (int i = 0; i < 1000; ++i) s[63] = i;
        return;
    }
    if (threadIdx.x < 32) {
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x];
    } else {
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x];
    }
}

}  // namespace

TEST_CASE("a barrier reached at two call sites and completed by a thread's exit names the threads that arrived at each") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::CheckOptions notes = simt::test::barrier_only();
    notes.min_severity = 0;
    simt::cuda::reset_device(opts, notes);
    simt::test::Managed<int> out(64);
    two_call_sites_last_exits<<<1, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    const auto& groups = simt::cuda::last_launch_hazards();
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].example.rule == simt::driver::Rule::BarrierDivergent);
    CHECK(groups[0].example.location == "one barrier reached at 2 call sites (test_barrier_checker.cu:46: threads 0-31; "
                                        "test_barrier_checker.cu:49: threads 32-62)");
    CHECK(groups[1].example.rule == simt::driver::Rule::BarrierAfterExit);
    CHECK(groups[1].example.location == "1 of 64 threads had exited before this __syncthreads");
}

TEST_CASE("one __syncthreads reached at two call sites is a divergent-barrier error naming both lines and their threads") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::barrier_only());
    simt::test::Managed<int> out(64);
    two_call_sites<<<2, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    const auto& groups = simt::cuda::last_launch_hazards();
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].instances == 2);  // once per block
    const simt::driver::HazardReport& r = groups[0].example;
    CHECK(r.rule == simt::driver::Rule::BarrierDivergent);
    CHECK(r.severity == simt::driver::Severity::Error);
    CHECK(r.location == "one barrier reached at 2 call sites (test_barrier_checker.cu:14: threads 0-31; test_barrier_checker.cu:17: threads 32-63)");
    const std::string text = simt::driver::format_text(groups[0]);
    CHECK_THAT(text, Catch::StartsWith("simt: error: barrier hazard (divergent barrier) in kernel two_call_sites\n"));
    CHECK_THAT(text, Catch::Contains("Fix: move the __syncthreads() out of the thread-dependent branch"));
    CHECK(out[0] == 63);
}

TEST_CASE("the same exchange with one __syncthreads before the branch has no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::barrier_only());
    simt::test::Managed<int> out(64);
    one_call_site<<<2, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
}

TEST_CASE("threads that returned before a __syncthreads are a note, shown only with the note severity") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::barrier_only());
    simt::test::Managed<int> out(64);
    early_exit<<<1, 64>>>(out, 40);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    simt::cuda::CheckOptions notes = simt::test::barrier_only();
    notes.min_severity = 0;
    simt::cuda::reset_device(opts, notes);
    simt::test::Managed<int> again(64);
    early_exit<<<1, 64>>>(again, 40);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    const auto& groups = simt::cuda::last_launch_hazards();
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].example.rule == simt::driver::Rule::BarrierAfterExit);
    CHECK(groups[0].example.location == "24 of 64 threads had exited before this __syncthreads");
}
