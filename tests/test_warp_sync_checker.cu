// The warp-sync checker: warp collectives whose masks or call sites break
// CUDA's rules are reported (with the lane, the mask and the line) and the
// launch goes on as a GPU most often does; a misuse that can never complete
// (different kinds of collective, different masks) also stops the launch.
#include "support.h"

#include "driver/hazard_log.h"
#include "emulator/symbolizer.h"

namespace {

using simt::driver::HazardGroup;
using simt::driver::Severity;

// A grid-stride-free kernel with the usual early return: the lanes past n
// have exited when the others reach the full-warp __syncwarp (valid CUDA).
__global__ void scale_then_sync(const float* in, float* tmp, float* out, int n) {
    const int i = threadIdx.x;
    if (i >= n) return;
    tmp[i] = in[i] * 2.0f;
    __syncwarp();
    out[i] = tmp[i] + tmp[(i ^ 1) < n ? (i ^ 1) : i];
}
// The same without the early return.
__global__ void scale_then_sync_fixed(const float* in, float* tmp, float* out, int n) {
    const int i = threadIdx.x;
    if (i < n) tmp[i] = in[i] * 2.0f;
    __syncwarp();
    if (i < n) out[i] = tmp[i] + tmp[(i ^ 1) < n ? (i ^ 1) : i];
}

// Written for 32-lane warps: under --warp-size 64 the upper lanes pass a
// mask that does not name them.
__global__ void warp_total(const int* in, int* out) {
    int v = in[threadIdx.x];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
}
// Fixed: the mask and the offsets follow warpSize.
__global__ void warp_total_fixed(const int* in, int* out) {
    int v = in[threadIdx.x];
    const unsigned long long all = warpSize == 64 ? ~0ull : 0xffffffffull;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(all, v, offset);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = v;
}

// Half the warp syncs in one branch, the other half in the other: fine on
// Volta and later, undefined before (the sm_6x rule).
__global__ void split_halves(int* tmp, int* out) {
    const int lane = threadIdx.x % 32;
    if (lane < 16) {
        tmp[threadIdx.x] = 1;
        __syncwarp();
    } else {
        tmp[threadIdx.x] = 2;
        __syncwarp();
    }
    out[threadIdx.x] = tmp[threadIdx.x] + tmp[threadIdx.x ^ 16];
}
// Fixed for every GPU: one __syncwarp after the branch.
__global__ void split_halves_fixed(int* tmp, int* out) {
    const int lane = threadIdx.x % 32;
    if (lane < 16)
        tmp[threadIdx.x] = 1;
    else
        tmp[threadIdx.x] = 2;
    __syncwarp();
    out[threadIdx.x] = tmp[threadIdx.x] + tmp[threadIdx.x ^ 16];
}

// Lanes of one mask at a __syncwarp and at a shuffle: they can never meet.
__global__ void sync_meets_shuffle(int* out) {
    if (threadIdx.x < 16)
        __syncwarp();
    else
        out[threadIdx.x] = __shfl_sync(0xffffffff, int(threadIdx.x), 0);
}

std::vector<HazardGroup> hazards(cudaError_t expected = cudaSuccess) {
    REQUIRE(cudaDeviceSynchronize() == expected);
    return simt::cuda::last_launch_hazards();
}

void reset(const simt::EngineOptions& opts) { simt::cuda::reset_device(opts, simt::test::warp_sync_only()); }

}  // namespace

TEST_CASE("a __syncwarp after an early return waits for the lanes still running, with no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    reset(opts);
    simt::test::Managed<float> in(64, 1.0f), tmp(64, 0.0f), out(64, 0.0f);
    scale_then_sync<<<1, 64>>>(in, tmp, out, 45);
    CHECK(hazards().empty());  // CUDA: all *non-exited* lanes named in the mask must arrive
    for (int i = 0; i < 45; ++i) CHECK(out[i] == 4.0f);
}

TEST_CASE("the early-return kernel that skips work instead of returning has no warp-sync report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
        simt::cuda::reset_device(simt::test::options(simt_mode_, simt_warp_, seed), simt::test::warp_sync_only());
        simt::test::Managed<float> in(64, 1.0f), tmp(64, 0.0f), out(64, 0.0f);
        scale_then_sync_fixed<<<1, 64>>>(in, tmp, out, 45);
        CHECK(hazards().empty());
    }
}

TEST_CASE("a 0xffffffff mask under 64-lane warps is reported for every upper lane, naming the lane") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(simt::test::options(simt_mode_, 64), simt::test::warp_sync_only());
    simt::test::Managed<int> in(64, 1), out(2, 0);
    warp_total<<<1, 64>>>(in, out);
    const auto h = hazards();
    REQUIRE(!h.empty());
    const auto& r = h[0].example;
    CHECK(r.rule == simt::driver::Rule::WarpSyncMaskWithoutCaller);
    CHECK(r.current.who.lane >= 32);
    CHECK_THAT(r.why, Catch::Contains("lane " + std::to_string(r.current.who.lane)));
    CHECK_THAT(simt::describe(r.current.pc), Catch::EndsWith("test_warp_sync_checker.cu:36"));
    CHECK(h[0].instances == 32 * 5);  // every upper lane, every step
    CHECK_THAT(r.fix, Catch::Contains("warpSize"));
}

TEST_CASE("the reduction that follows warpSize has no warp-sync report under either warp size") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    reset(opts);
    simt::test::Managed<int> in(128, 1), out(4, 0);
    warp_total_fixed<<<1, 128>>>(in, out);
    CHECK(hazards().empty());
    CHECK(out[0] == int(simt_warp_));
}

TEST_CASE("lanes syncing from two branches are reported in lockstep mode only (the sm_6x rule)") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    reset(opts);
    simt::test::Managed<int> tmp(64, 0), out(64, 0);
    split_halves<<<1, 64>>>(tmp, out);
    const auto h = hazards();
    if (simt_mode_ == simt::ScheduleMode::Independent) {
        CHECK(h.empty());  // Volta and later match the two calls
    } else {
        REQUIRE(h.size() == 1);
        const auto& r = h[0].example;
        CHECK(r.rule == simt::driver::Rule::WarpSyncDivergent);
        const std::string lines = simt::describe(r.current.pc) + " " + simt::describe(r.previous.pc);
        CHECK_THAT(lines, Catch::Contains("test_warp_sync_checker.cu:53"));
        CHECK_THAT(lines, Catch::Contains("test_warp_sync_checker.cu:56"));
        CHECK(r.current.who.warp == r.previous.who.warp);
        CHECK(r.current.who.lane != r.previous.who.lane);
        CHECK_THAT(r.why, Catch::Contains("sm_6x"));
    }
    for (int i = 0; i < 64; ++i) CHECK(out[i] == 3);
}

TEST_CASE("one __syncwarp after the branch satisfies the sm_6x rule") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    reset(opts);
    simt::test::Managed<int> tmp(64, 0), out(64, 0);
    split_halves_fixed<<<1, 64>>>(tmp, out);
    CHECK(hazards().empty());
}

TEST_CASE("lanes of one mask at a __syncwarp and at a shuffle are reported and the launch fails") {
    SIMT_EACH_MODE();
    reset(opts);
    simt::test::Managed<int> out(32, 0);
    sync_meets_shuffle<<<1, 32>>>(out);
    const auto h = hazards(cudaErrorLaunchFailure);
    REQUIRE(h.size() == 1);
    const auto& r = h[0].example;
    CHECK(r.rule == simt::driver::Rule::WarpSyncDifferentCollectives);
    const std::string lines = simt::describe(r.current.pc) + " " + simt::describe(r.previous.pc);
    CHECK_THAT(lines, Catch::Contains("test_warp_sync_checker.cu:74"));
    CHECK_THAT(lines, Catch::Contains("test_warp_sync_checker.cu:76"));
}
