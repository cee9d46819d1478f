// The shuffle checker: a shuffle whose source is not an active lane of its
// mask, or lies past its segment, is a note (shown on request) when the
// program never uses the value; a value used is an error when CUDA leaves it
// undefined and a warning when CUDA defines it (the caller's own value).
#include "support.h"

#include "driver/hazard_log.h"
#include "driver/text_report.h"

namespace {

using simt::driver::HazardGroup;
using simt::driver::Severity;

// Lanes 0-15 shuffle among themselves but read lanes 16-31.
__global__ void reads_outside_mask(int* out) {
    const int lane = threadIdx.x;
    int v = lane * 10;
    if (lane < 16) v = __shfl_sync(0x0000ffff, v, lane + 16);
    out[lane] = v;
}
__global__ void reads_inside_mask(int* out) {
    const int lane = threadIdx.x;
    int v = lane * 10;
    if (lane < 16) v = __shfl_sync(0x0000ffff, v, 15 - lane);
    out[lane] = v;
}

// A block of a warp and 8 threads: the second warp has 8 lanes, and a
// reduction that assumes full warps reads lanes that do not exist.
// (simt_full_mask(): every lane of a 32- or 64-lane warp, for the tests over
// both warp sizes; CUDA code writes 0xffffffff.)
__global__ void partial_warp_sum(int* out) {
    int v = 1;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(simt_full_mask(), v, offset);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = v;
}
// Fixed: the mask names the lanes that exist and every source is one of them.
__global__ void partial_warp_sum_guarded(int* out) {
    const unsigned warp = unsigned(warpSize);
    const unsigned lane = threadIdx.x % warp;
    const unsigned active = min(warp, blockDim.x - threadIdx.x / warp * warp);
    const unsigned long long mask = active == 64 ? ~0ull : (1ull << active) - 1;
    int v = 1;
    for (unsigned offset = warp / 2; offset > 0; offset /= 2) {
        const int other = __shfl_sync(mask, v, int(min(lane + offset, active - 1)));
        if (lane + offset < active) v += other;
    }
    if (lane == 0) out[threadIdx.x / warp] = v;
}

// A full-warp reduction: the upper lanes read past the segment and get their
// own value back, which the reduction never uses.
__global__ void full_warp_sum(int* out) {
    int v = 1;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(simt_full_mask(), v, offset);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = v;
}

std::vector<HazardGroup> hazards() {
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return simt::cuda::last_launch_hazards();
}

}  // namespace

TEST_CASE("a shuffle reading a lane its mask does not name, whose value is stored, is an error naming the lanes, the line and the output it changed") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(32);
    reads_outside_mask<<<1, 32>>>(out);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE(groups.size() == 1);
    const simt::driver::HazardReport& r = groups[0].example;
    CHECK(simt::driver::family_of(r.rule) == simt::driver::Family::Shuffle);
    CHECK(r.rule == simt::driver::Rule::ShuffleSourceNotInMaskValueUsed);
    CHECK(r.severity == Severity::Error);
    CHECK(r.location == "lanes 0-15 of each warp (width " + std::to_string(opts.warp_size) + ")");
    CHECK_THAT(r.why, Catch::Contains("a lane its mask does not name") && Catch::Contains("undefined") &&
                          Catch::Contains("global allocation #1 (128 bytes), bytes 0-3 hold "));
    const std::string text = simt::driver::format_text(groups[0]);
    CHECK_THAT(text, Catch::StartsWith("simt: error: shuffle hazard (source not in mask, value used) in kernel reads_outside_mask\n  Shuffle from lanes "));
    CHECK_THAT(text, Catch::Contains("at test_shuffle_checker.cu:19"));
    CHECK_THAT(text, !Catch::Contains("Previous"));
}

TEST_CASE("the same shuffle reading inside its mask has no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(32);
    reads_inside_mask<<<1, 32>>>(out);
    CHECK(hazards().empty());
    CHECK(out[0] == 150);
}

TEST_CASE("a full-warp reduction in a partial last warp adds values from lanes that do not exist: an error") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(2);
    partial_warp_sum<<<1, opts.warp_size + 8>>>(out);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE_FALSE(groups.empty());
    for (const HazardGroup& g : groups) {
        CHECK(g.example.rule == simt::driver::Rule::ShuffleInactiveSourceValueUsed);
        CHECK(g.example.severity == Severity::Error);
        CHECK(g.example.current.who.warp == 1);
    }
    CHECK(out[0] == int(opts.warp_size));
}

TEST_CASE("the reduction whose mask names only existing lanes has no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(2);
    partial_warp_sum_guarded<<<1, opts.warp_size + 8>>>(out);
    CHECK(hazards().empty());
    CHECK(out[0] == int(opts.warp_size));
    CHECK(out[1] == 8);
}

TEST_CASE("reads past the segment are notes: hidden by default, shown with the note severity") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(2);
    full_warp_sum<<<1, 2 * opts.warp_size>>>(out);
    CHECK(hazards().empty());
    CHECK(out[1] == int(opts.warp_size));
    simt::cuda::CheckOptions notes;
    notes.min_severity = 0;
    simt::cuda::reset_device(opts, notes);
    simt::test::Managed<int> again(2);
    full_warp_sum<<<1, 2 * opts.warp_size>>>(again);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE_FALSE(groups.empty());
    for (const HazardGroup& g : groups) {
        CHECK(g.example.severity == Severity::Note);
        CHECK(g.example.rule == simt::driver::Rule::ShuffleOutsideSegment);
        CHECK_THAT(g.example.why, Catch::Contains("received its own value"));
    }
}

namespace {

// Forward differences across a warp: lane i takes lane i + 1's value. The
// last lane of each warp reads past the segment and gets its own value, so
// its difference is 0 instead of in[i + 1] - in[i]: a missing boundary check.
__global__ void forward_difference(const float* in, float* out, int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    const float v = in[i];
    const float next = __shfl_down_sync(simt_full_mask(), v, 1);
    if (i + 1 < n) out[i] = next - v;
}
// Fixed: the last lane of each warp loads its neighbour from memory.
__global__ void forward_difference_checked(const float* in, float* out, int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    const unsigned lane = threadIdx.x % warpSize;
    const float v = in[i];
    const float next = __shfl_down_sync(simt_full_mask(), v, 1);
    if (i + 1 < n) out[i] = (lane + 1 < unsigned(warpSize) ? next : in[i + 1]) - v;
}
// The moving average: the shuffle's own value is discarded for the last lane,
// which reloads its neighbour.
__global__ void moving_average(const float* in, float* out, int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    const unsigned lane = threadIdx.x % warpSize;
    const float v = in[i];
    float right = __shfl_down_sync(simt_full_mask(), v, 1);
    if (lane == unsigned(warpSize) - 1) right = in[min(i + 1, n - 1)];
    out[i] = 0.5f * (v + right);
}
// Two calls with own values: the warp sum's upper lanes (never used) and the
// forward difference's last lane (used). One re-run with both replaced finds
// a change; the re-runs of each call then name only the difference.
__global__ void sum_then_difference(const float* in, float* out, float* sums, int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    float s = in[i];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) s += __shfl_down_sync(simt_full_mask(), s, offset);
    if (threadIdx.x % warpSize == 0) sums[i / warpSize] = s;
    const float v = in[i];
    const float next = __shfl_down_sync(simt_full_mask(), v, 1);
    if (i + 1 < n) out[i] = next - v;
}

}  // namespace

TEST_CASE("a forward difference that uses the last lane's own shuffle value is a warning naming the shuffle, the lanes and the first output it changed") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 256;
    simt::test::Managed<float> in(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i) in[i] = float(i * i);
    forward_difference<<<2, 128>>>(in, out, n);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE(groups.size() == 1);
    const simt::driver::HazardReport& r = groups[0].example;
    CHECK(simt::driver::family_of(r.rule) == simt::driver::Family::Shuffle);
    CHECK(r.rule == simt::driver::Rule::ShuffleOutsideSegmentValueUsed);
    CHECK(r.severity == Severity::Warning);
    CHECK_THAT(r.why, Catch::Contains("which CUDA defines"));
    const unsigned last = simt_warp_ - 1;
    CHECK(r.location == "lane " + std::to_string(last) + " of each warp (width " + std::to_string(simt_warp_) + ")");
    CHECK_THAT(r.why, Catch::Contains("global allocation #2 (1024 bytes), bytes " + std::to_string(last * 4) + "-" +
                                      std::to_string(last * 4 + 3) + " hold "));
    CHECK_THAT(simt::driver::format_text(groups[0]), Catch::Contains("test_shuffle_checker.cu:145"));
    // The launch's own results are what the GPU computes: lane 31 got its own value.
    CHECK(out[last] == 0.0f);
    CHECK(out[0] == 1.0f);
}

TEST_CASE("of two shuffle calls returning own values, only the one whose values reach the results is reported") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 256;
    simt::test::Managed<float> in(n), out(n, 0.0f), sums(n, 0.0f);
    for (int i = 0; i < n; ++i) in[i] = float(i * i);
    sum_then_difference<<<2, 128>>>(in, out, sums, n);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].example.rule == simt::driver::Rule::ShuffleOutsideSegmentValueUsed);
    CHECK_THAT(simt::driver::format_text(groups[0]), Catch::Contains("test_shuffle_checker.cu:175"));
}

TEST_CASE("the forward difference that loads the last lane's neighbour from memory has no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 256;
    simt::test::Managed<float> in(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i) in[i] = float(i * i);
    forward_difference_checked<<<2, 128>>>(in, out, n);
    CHECK(hazards().empty());
    for (int i = 0; i + 1 < n; ++i) CHECK(out[i] == float(2 * i + 1));
}

TEST_CASE("a moving average that discards the last lane's own shuffle value has no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 256;
    simt::test::Managed<float> in(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i) in[i] = float(2 * i);
    moving_average<<<2, 128>>>(in, out, n);
    CHECK(hazards().empty());
    CHECK(out[31] == 63.0f);
    CHECK(out[n - 1] == float(2 * (n - 1)));
}

TEST_CASE("a reduction whose upper lanes get their own values back has no report: the values never reach the result") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(4);
    full_warp_sum<<<1, 128>>>(out);
    CHECK(hazards().empty());
    CHECK(out[0] == int(opts.warp_size));
}

namespace {

// A warp sum whose upper lanes get their own values back (never used),
// beside a racy shared counter whose value follows the schedule.
__global__ void sum_beside_racy_counter(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    int v = int(threadIdx.x);
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(simt_full_mask(), v, offset);
    counter = counter + 1;  // racy on purpose
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = v;
        out[1] = counter;
    }
}

}  // namespace

TEST_CASE("the re-run that judges own values draws the launch's own schedule: a racy counter beside a reduction is a race, not a shuffle whose values flowed") {
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
        CAPTURE(seed);
        simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32, seed));
        simt::test::Managed<int> out(2);
        sum_beside_racy_counter<<<1, 64>>>(out);
        bool race = false;
        for (const HazardGroup& g : hazards()) {
            CHECK(g.example.rule != simt::driver::Rule::ShuffleOutsideSegmentValueUsed);
            race = race || simt::driver::family_of(g.example.rule) == simt::driver::Family::Race;
        }
        CHECK(race);
        CHECK(out[0] == 32 * 31 / 2);
    }
}

namespace {

// How many times the kernel below ran, counted outside what simt observes
// (a host function the kernel calls unchecked, as a probe of the re-runs).
int warp_sum_runs = 0;
__attribute__((noinline, no_sanitize_thread)) void count_warp_sum_run() { ++warp_sum_runs; }

__global__ void counted_warp_sum(int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) count_warp_sum_run();
    int v = 1;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(simt_full_mask(), v, offset);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = v;
}

}  // namespace

TEST_CASE("a shuffle call judged harmless is not run again for its own values when its kernel is launched again") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(4);
    warp_sum_runs = 0;
    for (int launch = 0; launch < 3; ++launch) {
        counted_warp_sum<<<1, 128>>>(out);
        CHECK(hazards().empty());
        CHECK(out[0] == int(opts.warp_size));
    }
    // The first launch and its one re-run, then the two launches alone.
    CHECK(warp_sum_runs == 4);
}

TEST_CASE("a shuffle call whose own values reach the results is reported at every launch of its kernel") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 256;
    simt::test::Managed<float> in(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i) in[i] = float(i * i);
    for (int launch = 0; launch < 3; ++launch) {
        forward_difference<<<2, 128>>>(in, out, n);
        const std::vector<HazardGroup> groups = hazards();
        REQUIRE(groups.size() == 1);
        CHECK(groups[0].example.rule == simt::driver::Rule::ShuffleOutsideSegmentValueUsed);
    }
}

namespace {

// A partial last warp (a block of a warp and 8 threads) shuffling with a full
// mask, each lane adding the value only where its source exists: the values
// read from lanes that do not exist are undefined and never used.
__global__ void partial_warp_sum_discarding(int* out) {
    const unsigned lane = threadIdx.x % warpSize;
    int v = int(threadIdx.x);
    for (unsigned offset = warpSize / 2; offset > 0; offset /= 2) {
        const int other = __shfl_down_sync(simt_full_mask(), v, offset);
        if (lane + offset < unsigned(warpSize) && threadIdx.x + offset < blockDim.x) v += other;
    }
    if (lane == 0) out[threadIdx.x / warpSize] = v;
}
// The guarded ballot-mask reduction: the mask names the first n lanes, whose
// shuffles read past it, and each lane adds only sources below n.
__global__ void ballot_mask_sum(const int* in, int* out, int n) {
    const int lane = int(threadIdx.x);
    const auto mask = __ballot_sync(simt_full_mask(), lane < n);
    if (lane < n) {
        int v = in[lane];
        for (int offset = warpSize / 2; offset > 0; offset /= 2) {
            const int other = __shfl_down_sync(mask, v, offset);
            if (lane + offset < n) v += other;
        }
        if (lane == 0) out[0] = v;
    }
}
// The same reduction without the guard: lanes add values from outside the mask.
__global__ void ballot_mask_sum_unguarded(const int* in, int* out, int n) {
    const int lane = int(threadIdx.x);
    const auto mask = __ballot_sync(simt_full_mask(), lane < n);
    if (lane < n) {
        int v = in[lane];
        for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(mask, v, offset);
        if (lane == 0) out[0] = v;
    }
}

}  // namespace

TEST_CASE("a partial last warp shuffling with a full mask, discarding what it reads from lanes that do not exist, has no error or warning") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(opts.warp_size);
    simt::test::Managed<int> out(2);
    partial_warp_sum_discarding<<<1, ws + 8>>>(out);
    CHECK(hazards().empty());
    CHECK(out[0] == ws * (ws - 1) / 2);
    CHECK(out[1] == 8 * ws + 28);
}

TEST_CASE("an undefined shuffle value never used is a note, shown with the note severity") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::CheckOptions notes;
    notes.min_severity = 0;
    simt::cuda::reset_device(opts, notes);
    simt::test::Managed<int> out(2);
    partial_warp_sum_discarding<<<1, opts.warp_size + 8>>>(out);
    const std::vector<HazardGroup> groups = hazards();
    bool inactive = false;
    for (const HazardGroup& g : groups) {
        CHECK(g.example.severity == Severity::Note);
        inactive = inactive || g.example.rule == simt::driver::Rule::ShuffleInactiveSource;
    }
    CHECK(inactive);
}

TEST_CASE("the guarded ballot-mask reduction has no error or warning, and without its guard it is an error") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 21;
    simt::test::Managed<int> in(32), out(1);
    for (int i = 0; i < 32; ++i) in[i] = i * i;
    ballot_mask_sum<<<1, 32>>>(in, out, n);
    CHECK(hazards().empty());
    CHECK(out[0] == 2870);
    ballot_mask_sum_unguarded<<<1, 32>>>(in, out, n);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].example.rule == simt::driver::Rule::ShuffleSourceNotInMaskValueUsed);
    CHECK(groups[0].example.severity == Severity::Error);
}

namespace {

// A clamp-to-edge stencil: each lane averages itself with both neighbours,
// and at the warp's edges relies on the shuffle returning its own value,
// which CUDA defines.
__global__ void clamped_smooth(const float* in, float* out) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    const float v = in[i];
    const float left = __shfl_up_sync(simt_full_mask(), v, 1);
    const float right = __shfl_down_sync(simt_full_mask(), v, 1);
    out[i] = (left + v + right) / 3.0f;
}
// The same stencil saying so: the own value selected explicitly.
__global__ void clamped_smooth_explicit(const float* in, float* out) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    const unsigned lane = threadIdx.x % warpSize;
    const float v = in[i];
    const float up = __shfl_up_sync(simt_full_mask(), v, 1);
    const float down = __shfl_down_sync(simt_full_mask(), v, 1);
    const float left = lane >= 1 ? up : v;
    const float right = lane + 1 < unsigned(warpSize) ? down : v;
    out[i] = (left + v + right) / 3.0f;
}

}  // namespace

TEST_CASE("a clamp-to-edge stencil relying on CUDA's own value past the edge is a warning per shuffle, and selecting the own value explicitly silences it") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 128;
    simt::test::Managed<float> in(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i) in[i] = float(3 * i);
    clamped_smooth<<<1, n>>>(in, out);
    const std::vector<HazardGroup> groups = hazards();
    REQUIRE(groups.size() == 2);
    for (const HazardGroup& g : groups) {
        CHECK(g.example.rule == simt::driver::Rule::ShuffleOutsideSegmentValueUsed);
        CHECK(g.example.severity == Severity::Warning);
        CHECK_THAT(g.example.fix, Catch::Contains("select it explicitly"));
    }
    const unsigned last = simt_warp_ - 1;
    CHECK(out[0] == (0.0f + 0.0f + 3.0f) / 3.0f);
    CHECK(out[last] == float(3 * (last - 1) + 3 * last + 3 * last) / 3.0f);
    clamped_smooth_explicit<<<1, n>>>(in, out);
    CHECK(hazards().empty());
    CHECK(out[last] == float(3 * (last - 1) + 3 * last + 3 * last) / 3.0f);
}

namespace {

// An undefined value stored in a launch that then fails: simt cannot run
// the launch again to see whether the value mattered.
__global__ void undefined_then_trap(int* out) {
    const int lane = int(threadIdx.x);
    int v = lane;
    if (lane < 16) v = __shfl_sync(0x0000ffff, v, lane + 16);
    out[lane] = v;
    if (lane == 0) __trap();
}

}  // namespace

TEST_CASE("an undefined shuffle value in a launch simt cannot run again is a warning that says why") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(32);
    undefined_then_trap<<<1, 32>>>(out);
    CHECK(cudaDeviceSynchronize() != cudaSuccess);
    const std::vector<HazardGroup> groups = simt::cuda::last_launch_hazards();
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].example.rule == simt::driver::Rule::ShuffleSourceNotInMaskValueUsed);
    CHECK(groups[0].example.severity == Severity::Warning);
    CHECK_THAT(groups[0].example.why, Catch::Contains("could not tell") && Catch::Contains("the launch failed"));
}
