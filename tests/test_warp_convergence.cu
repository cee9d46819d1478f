// Which lanes meet: a warp collective waits for the lanes that pass the same
// mask (not for exited ones), and __activemask / coalesced_threads name only
// the lanes on the caller's path. Every expectation here was run on an H100
// (kernels/conformance/ holds the plain-CUDA versions).
#include "support.h"

#include <cooperative_groups.h>

#include "driver/hazard_log.h"
#include "emulator/symbolizer.h"

namespace cg = cooperative_groups;

namespace {

// The half of the warp a lane is in, as a mask.
__device__ unsigned long long half_mask(unsigned lane) {
    const unsigned half = warpSize / 2;
    const unsigned long long low = (1ull << half) - 1;
    return lane < half ? low : low << half;
}

__global__ void halves_then_full(unsigned long long* ballot, int* sum) {
    const unsigned lane = threadIdx.x % warpSize;
    const int v = __shfl_xor_sync(half_mask(lane), int(lane), 1, warpSize / 2);
    ballot[threadIdx.x] = simt_ballot64(simt_full_mask(), v & 1);
    sum[threadIdx.x] = __reduce_add_sync(simt_full_mask(), v);
}

// The low half syncs among itself in a branch, then the warp syncs: the
// full-warp sync must not release anyone before every lane reached it.
__global__ void partial_then_full_syncwarp(int* out) {
    __shared__ int a[64], b[64];
    const int lane = threadIdx.x;
    const int half = warpSize / 2;
    a[lane] = lane;
    if (lane < half) {
        __syncwarp(half_mask(lane));
        b[lane] = a[lane ^ 1] * 2;
    } else {
        b[lane] = -1;
    }
    __syncwarp();
    out[lane] = b[lane ^ half];
}

// A tile of 16 runs more shuffle rounds in one half than in the other.
__global__ void tiles_then_vote(int* out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int v = int(threadIdx.x) + 1;
    const int rounds = tile.meta_group_rank() % 2 == 0 ? 3 : 1;
    for (int r = 0; r < rounds; ++r) v += tile.shfl_down(v, 1u << r);
    out[threadIdx.x] = v * 2 + __any_sync(simt_full_mask(), v > 100000);
}

// Lanes whose masks name each other but differ: they can never meet.
__global__ void masks_that_never_meet(int* out) {
    const unsigned lane = threadIdx.x;
    const unsigned long long mask = lane < 16 ? simt_full_mask() : half_mask(lane) | 1ull;
    out[lane] = __shfl_sync(mask, int(lane), 0);
}

__global__ void early_return_then_syncwarp(int* out) {
    __shared__ int q[64];
    const int l = threadIdx.x;
    if (l >= 16) return;
    q[l] = l;
    __syncwarp();
    out[l] = q[15 - l];
}

__global__ void activemask_in_branches(unsigned long long* out) {
    const unsigned lane = threadIdx.x % warpSize;
    unsigned long long m = 0;
    if (lane < 10)
        m = simt_activemask64();
    else if (lane % 2)
        m = simt_activemask64();
    out[threadIdx.x] = m;
}

__device__ int aggregated_increment(int* counter) {
    auto g = cg::coalesced_threads();
    int previous = 0;
    if (g.thread_rank() == 0) previous = atomicAdd(counter, int(g.size()));
    return g.shfl(previous, 0) + int(g.thread_rank());
}

__global__ void split(const int* src, int* pos, int* neg, int* counts, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (src[i] > 0)
        pos[aggregated_increment(&counts[0])] = src[i];
    else
        neg[aggregated_increment(&counts[1])] = src[i];
}

std::vector<simt::driver::HazardGroup> hazards(cudaError_t expected = cudaSuccess) {
    REQUIRE(cudaDeviceSynchronize() == expected);
    return simt::cuda::last_launch_hazards();
}

}  // namespace

TEST_CASE("half-warp collectives and a full-warp one after them meet separately") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const unsigned ws = simt_warp_;
    simt::test::Managed<unsigned long long> ballot(2 * ws);
    simt::test::Managed<int> sum(2 * ws);
    halves_then_full<<<1, 2 * ws>>>(ballot, sum);
    CHECK(hazards().empty());
    unsigned long long odd = 0;
    int total = 0;
    for (unsigned l = 0; l < ws; ++l) {
        odd |= (std::uint64_t(l ^ 1) & 1) << l;
        total += int(l ^ 1);
    }
    for (unsigned t = 0; t < 2 * ws; ++t) {
        CAPTURE(t);
        CHECK(ballot[t] == odd);
        CHECK(sum[t] == total);
    }
}

TEST_CASE("a half-warp __syncwarp in a branch and a full __syncwarp after it order every lane's writes") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(simt_warp_), half = ws / 2;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        simt::cuda::reset_device(simt::test::options(simt_mode_, simt_warp_, seed));
        simt::test::Managed<int> out(ws);
        partial_then_full_syncwarp<<<1, ws>>>(out);
        CHECK(hazards().empty());
        for (int l = 0; l < ws; ++l) {
            const int src = l ^ half;
            CHECK(out[l] == (src < half ? (src ^ 1) * 2 : -1));
        }
    }
}

TEST_CASE("16-lane tiles that run different numbers of shuffles still meet the whole warp afterwards") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(128);
    tiles_then_vote<<<1, 128>>>(out);
    // The upper lanes of each tile store what their shuffles past the segment
    // returned (their own values): the shuffle checker's business, not this test's.
    for (const auto& g : hazards()) CHECK(g.example.rule == simt::driver::Rule::ShuffleOutsideSegmentValueUsed);
    int v[128];
    for (int i = 0; i < 128; ++i) v[i] = i + 1;
    for (int base = 0; base < 128; base += 16) {
        const int rounds = (base / 16) % 2 == 0 ? 3 : 1;
        for (int r = 0; r < rounds; ++r) {
            int next[16];
            for (int l = 0; l < 16; ++l) next[l] = v[base + l] + (l + (1 << r) < 16 ? v[base + l + (1 << r)] : v[base + l]);
            for (int l = 0; l < 16; ++l) v[base + l] = next[l];
        }
    }
    for (int t = 0; t < 128; ++t) CHECK(out[t] == v[t] * 2);
}

TEST_CASE("lanes whose different masks name each other are reported as different masks and the launch fails") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::warp_sync_only());
    simt::test::Managed<int> out(simt_warp_);
    masks_that_never_meet<<<1, simt_warp_>>>(out);
    const auto h = hazards(cudaErrorLaunchFailure);
    REQUIRE(h.size() == 1);
    const auto& r = h[0].example;
    CHECK(r.rule == simt::driver::Rule::WarpSyncDifferentMasks);
    CHECK_THAT(simt::describe(r.current.pc), Catch::EndsWith("test_warp_convergence.cu:60"));
    CHECK_THAT(r.why, Catch::Contains("another mask"));
}

TEST_CASE("a full-mask __syncwarp after lanes returned waits only for the lanes still running, with no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(16, -1);
    early_return_then_syncwarp<<<1, simt_warp_>>>(out);
    CHECK(hazards().empty());
    for (int l = 0; l < 16; ++l) CHECK(out[l] == 15 - l);
}

TEST_CASE("__activemask in an if and an else-if names only the lanes on its own side (its 64-bit form here)") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const unsigned ws = simt_warp_;
    simt::test::Managed<unsigned long long> out(ws);
    activemask_in_branches<<<1, ws>>>(out);
    CHECK(hazards().empty());
    unsigned long long low = 0, odd = 0;
    for (unsigned l = 0; l < ws; ++l) {
        if (l < 10) low |= 1ull << l;
        else if (l % 2) odd |= 1ull << l;
    }
    for (unsigned l = 0; l < ws; ++l) {
        CAPTURE(l);
        CHECK(out[l] == (l < 10 ? low : l % 2 ? odd : 0));
    }
}

TEST_CASE("coalesced_threads in a __device__ function called from both sides of a branch groups each side apart") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int n = 256;
    simt::test::Managed<int> src(n), pos(n), neg(n), counts(2, 0);
    int expect_pos = 0, sum_pos = 0, sum_neg = 0;
    for (int i = 0; i < n; ++i) {
        src[i] = (i * 37 % 11) - 4;
        expect_pos += src[i] > 0;
        (src[i] > 0 ? sum_pos : sum_neg) += src[i];
    }
    split<<<2, 128>>>(src, pos, neg, counts, n);
    CHECK(hazards().empty());
    REQUIRE(counts[0] == expect_pos);  // H100: 139
    REQUIRE(counts[1] == n - expect_pos);
    int got_pos = 0, got_neg = 0;
    for (int i = 0; i < counts[0]; ++i) got_pos += pos[i];
    for (int i = 0; i < counts[1]; ++i) got_neg += neg[i];
    CHECK(got_pos == sum_pos);
    CHECK(got_neg == sum_neg);
}

namespace {
__global__ void masks_at_64(unsigned* ballot32, unsigned long long* ballot64, unsigned long long* active64,
                            unsigned long long* match64) {
    const int lane = threadIdx.x;
    ballot32[lane] = __ballot_sync(simt_full_mask(), lane >= 40);
    ballot64[lane] = simt_ballot64(simt_full_mask(), lane >= 40);
    active64[lane] = simt_activemask64();
    match64[lane] = simt_match_any64(simt_full_mask(), lane / 40);
}

__global__ void coalesced_sizes(int* size, int* rank) {
    if (threadIdx.x % 3 == 0) {
        auto g = cg::coalesced_threads();
        size[threadIdx.x] = int(g.size());
        rank[threadIdx.x] = int(g.thread_rank());
    }
}
}  // namespace

TEST_CASE("under 64-lane warps the 64-bit mask forms keep every lane and the 32-bit ones warn when they lose lanes") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(simt::test::options(simt_mode_, 64), simt::test::warp_sync_only());
    simt::test::Managed<unsigned> ballot32(64);
    simt::test::Managed<unsigned long long> ballot64(64), active64(64), match64(64);
    masks_at_64<<<1, 64>>>(ballot32, ballot64, active64, match64);
    const auto h = hazards();
    const unsigned long long upper = ~0ull << 40;
    for (int lane = 0; lane < 64; ++lane) {
        CAPTURE(lane);
        CHECK(ballot32[lane] == 0u);  // CUDA's unsigned: lanes 40-63 do not fit
        CHECK(ballot64[lane] == upper);
        CHECK(active64[lane] == ~0ull);
        CHECK(match64[lane] == (lane >= 40 ? upper : ~upper));
    }
    REQUIRE(h.size() == 1);
    CHECK(h[0].example.rule == simt::driver::Rule::WarpSyncMaskTruncated);
    CHECK(h[0].example.severity == simt::driver::Severity::Warning);
    CHECK_THAT(h[0].example.fix, Catch::Contains("simt_ballot64"));
    CHECK_THAT(simt::describe(h[0].example.current.pc), Catch::EndsWith("test_warp_convergence.cu:223"));
}

TEST_CASE("coalesced_threads names its lanes at either warp size") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const int ws = int(simt_warp_);
    simt::test::Managed<int> size(2 * ws, -1), rank(2 * ws, -1);
    coalesced_sizes<<<1, 2 * ws>>>(size, rank);
    CHECK(hazards().empty());
    for (int t = 0; t < 2 * ws; ++t) {
        if (t % 3 != 0) continue;
        CAPTURE(t);
        const int first = t / ws * ws;
        int members = 0, below = 0;
        for (int l = first; l < first + ws; ++l) {
            members += l % 3 == 0;
            below += l % 3 == 0 && l < t;
        }
        CHECK(size[t] == members);
        CHECK(rank[t] == below);
    }
}

namespace {

// One side of a branch forms a coalesced group, the other does not; after
// the join the warp is whole again.
__global__ void activemask_after_coalesced_branch(unsigned long long* mask, int* size, int* from_first) {
    const unsigned lane = threadIdx.x % warpSize;
    if (lane & 1) {
        auto g = cg::coalesced_threads();
        size[lane] = int(g.size());
    } else {
        size[lane] = -1;
    }
    const unsigned long long m = simt_activemask64();
    mask[lane] = m;
    from_first[lane] = __shfl_sync(m, int(lane) * 10, __ffsll(static_cast<long long>(m)) - 1);
}

}  // namespace

TEST_CASE("after an if/else whose one side formed a coalesced group, __activemask names the whole warp again") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    const unsigned ws = simt_warp_;
    simt::test::Managed<unsigned long long> mask(ws);
    simt::test::Managed<int> size(ws), from_first(ws);
    activemask_after_coalesced_branch<<<1, ws>>>(mask, size, from_first);
    CHECK(hazards().empty());
    const unsigned long long all = ws == 64 ? ~0ull : (1ull << ws) - 1;
    for (unsigned l = 0; l < ws; ++l) {
        CAPTURE(l);
        CHECK(mask[l] == all);
        CHECK(from_first[l] == 0);
        CHECK(size[l] == (l % 2 ? int(ws / 2) : -1));
    }
}
