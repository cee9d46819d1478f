// The seed documents' kernels (kernels/seeds/) through `simt run`: outputs and reports.
#include "cli_support.h"

#include <string>

namespace {

std::string seed_kernel(const std::string& name) { return std::string(SIMT_KERNELS_DIR) + "/seeds/" + name + ".cu"; }

Result run_seed(const std::string& name, const std::string& mode, const std::string& extra = "") {
    return simt("run --mode " + mode + " " + extra + (extra.empty() ? "" : " ") + seed_kernel(name));
}

// A correct program: exit 0, nothing at all on stderr, exactly the expected line(s) on stdout.
void check_clean(const std::string& name, const std::string& mode, const std::string& want_out,
                 const std::string& extra = "") {
    CAPTURE(name, mode, extra);
    const Result r = run_seed(name, mode, extra);
    CHECK(r.status == 0);
    CHECK(r.err == kCleanRun);
    CHECK(r.out == want_out);
}

const char* const MODES[] = {"its", "lockstep"};

}  // namespace

// ---- seed 004, warp-level synchronization ----

TEST_CASE("the seed's implicit and explicit warp sync demos count 24 lanes over 15 and sum the lanes to 496 in every warp, with no report", "[seeds]") {
    for (const char* mode : MODES)
        check_clean("warp_implicit_vs_explicit_sync", mode,
                    "implicit sync: 8 warps, 24 of 32 lanes satisfy the condition in each: yes, neighbours: ok\n"
                    "explicit sync: 8 warp sums of 496.0: yes\n");
}

TEST_CASE("the seed's conditional __syncwarp with a __ballot_sync mask broadcasts lane 0's value to the 16 active lanes of each warp, with no report", "[seeds]") {
    for (const char* mode : MODES)
        check_clean("warp_conditional_syncwarp", mode,
                    "conditional syncwarp: active mask 0x0000ffff, 64 lanes received 3.0 99.0 195.0 291.0: correct\n");
}

TEST_CASE("the seed's shuffle-down warp reduce sum gives every warp's partial sum of a 1000-element array, with no report", "[seeds]") {
    for (const char* mode : MODES)
        check_clean("warp_reduce_sum", mode, "warp reduce sum: 32 warp sums, 0 wrong, total 500500 (expected 500500)\n");
}

TEST_CASE("the seed's warp matrix multiply (one warp per row) is exact with no report, with 64-lane warps too since it uses no warp collective", "[seeds]") {
    const std::string want = "warp matrix multiply: C[16x48] = A[16x24] * B[24x48], 0 of 768 elements wrong, max error 0\n";
    for (const char* mode : MODES) check_clean("warp_matrix_multiply", mode, want);
    check_clean("warp_matrix_multiply", "its", want, "--warp-size 64");
}

TEST_CASE("the seed's warp bitonic sort shares one 32-key __shared__ buffer among the warps of a block: a race between warps on warp_data, and wrong keys", "[seeds]") {
    for (const char* mode : MODES) {
        CAPTURE(mode);
        const Result r = run_seed("warp_bitonic_sort", mode);
        CHECK(r.status == 1);
        CHECK(r.out == "bitonic sort: 100 keys in 4 warps sorted: no\n");
        // Every warp stores its keys at line 55 into the same 32 slots, and its
        // sorted keys back at line 45 (inside warp_bitonic_sort).
        CHECK_THAT(r.err, Catch::Contains("simt: error: race hazard (WAW) on shared memory in kernel warp_sort_demo"));
        CHECK_THAT(r.err, Catch::Contains("at __shared__ warp_sort_demo::warp_data["));
        CHECK_THAT(r.err, Catch::Contains("of 128)"));  // the buffer is 32 floats for the whole block
        CHECK_THAT(r.err, Catch::Contains("warp_bitonic_sort.cu:55"));
        CHECK_THAT(r.err, Catch::Contains("warp_bitonic_sort.cu:45"));
        CHECK_THAT(r.err, Catch::Contains("Why: threads of different warps access the same bytes with no barrier between"));
        CHECK_THAT(r.err, Catch::Contains("simt: error: race hazard (WAR) on shared memory in kernel warp_sort_demo"));
        CHECK_THAT(r.err, !Catch::Contains("intra-warp"));  // within one warp the lanes touch only their own slot
        CHECK_THAT(r.err, !Catch::Contains("warp-synchronous"));
    }
}

TEST_CASE("the fixed warp bitonic sort (a shared row per warp, min on one lane of a pair and max on the other) sorts every warp's keys with no report", "[seeds]") {
    for (const char* mode : MODES) check_clean("warp_bitonic_sort_fixed", mode, "bitonic sort: 100 keys in 4 warps sorted: yes\n");
    for (const char* seed : {"1", "2", "3"})
        check_clean("warp_bitonic_sort_fixed", "its", "bitonic sort: 100 keys in 4 warps sorted: yes\n", std::string("--seed ") + seed);
}

// ---- seed 000/003, the tiled matrix multiply and its two barriers ----

TEST_CASE("the seed's tiled 64x64 matmul with two barriers per tile step is exact, with no report under several interleavings", "[seeds]") {
    const std::string want = "tiled matmul 64x64, 16x16 tiles: max error 0 vs host reference: correct\n";
    for (const char* mode : MODES) check_clean("tiled_matmul", mode, want);
    for (const char* seed : {"1", "2", "3"}) check_clean("tiled_matmul", "its", want, std::string("--seed ") + seed);
}

TEST_CASE("the tiled matmul without the barrier after the tile loads reads tiles before they are written: a RAW race on the tiles", "[seeds]") {
    for (const char* mode : MODES) {
        CAPTURE(mode);
        const Result r = run_seed("tiled_matmul_no_first_barrier", mode);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("vs host reference: wrong"));
        // tile_b[k][tx] is read by all 16 rows of threads, so other warps: a block-level RAW
        // from the load at line 40 to the multiply-accumulate at line 42.
        CHECK_THAT(r.err, Catch::Contains("simt: error: race hazard (RAW) on shared memory in kernel tiled_matmul\n"
                                          "  Read of size 4 at __shared__ tiled_matmul::tile_b["));
        CHECK_THAT(r.err, Catch::Contains("at tiled_matmul_no_first_barrier.cu:42\n  Previous write of size 4 by thread"));
        CHECK_THAT(r.err, Catch::Contains("at tiled_matmul_no_first_barrier.cu:40\n"));
        CHECK_THAT(r.err, Catch::Contains("Fix: add __syncthreads() between line 40 and line 42"));
        // In the first tile step some reads come before any write of the block.
        CHECK_THAT(r.err, Catch::Contains("simt: error: init hazard (uninitialised read) on shared memory in kernel tiled_matmul"));
        // tile_a[ty][k] is read only by the thread's own row, i.e. its own warp:
        // that half of the race is between lanes of one warp.
        const std::string intra = std::string(mode) == "its" ? "simt: error: race hazard (RAW, intra-warp)"
                                                             : "simt: warning: race hazard (RAW, warp-synchronous)";
        CHECK_THAT(r.err, Catch::Contains(intra + " on shared memory in kernel tiled_matmul\n"
                                                  "  Read of size 4 at __shared__ tiled_matmul::tile_a["));
        CHECK_THAT(r.err, Catch::Contains("Fix: add __syncwarp() between line 39 and line 42"));
        CHECK_THAT(r.err, !Catch::Contains("at the end of the loop body"));
    }
}

TEST_CASE("the tiled matmul without the barrier after the multiply-accumulate lets the next load overwrite tiles still being read: a WAR race on the tiles", "[seeds]") {
    for (const char* mode : MODES) {
        CAPTURE(mode);
        const Result r = run_seed("tiled_matmul_no_second_barrier", mode);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("vs host reference: wrong"));
        // The next step's load of tile_b (line 40) against another warp's read at line 42.
        CHECK_THAT(r.err, Catch::Contains("simt: error: race hazard (WAR) on shared memory in kernel tiled_matmul\n"
                                          "  Write of size 4 at __shared__ tiled_matmul::tile_b["));
        CHECK_THAT(r.err, Catch::Contains("at tiled_matmul_no_second_barrier.cu:40\n  Previous read of size 4 by thread"));
        CHECK_THAT(r.err, Catch::Contains("at tiled_matmul_no_second_barrier.cu:42\n"));
        CHECK_THAT(r.err, Catch::Contains("Fix: the accesses come from consecutive loop iterations: add __syncthreads() after line 42 "
                                          "(at the end of the loop body), so the next iteration's line 40 cannot overtake it"));
        // The same on tile_a, within each warp.
        const std::string intra = std::string(mode) == "its" ? "simt: error: race hazard (WAR, intra-warp)"
                                                             : "simt: warning: race hazard (WAR, warp-synchronous)";
        CHECK_THAT(r.err, Catch::Contains(intra + " on shared memory in kernel tiled_matmul\n"
                                                  "  Write of size 4 at __shared__ tiled_matmul::tile_a["));
        CHECK_THAT(r.err, Catch::Contains("so the next iteration's line 39 cannot overtake it"));
        // The first barrier is there: every read follows the block's writes.
        CHECK_THAT(r.err, !Catch::Contains("init hazard"));
        CHECK_THAT(r.err, !Catch::Contains("between line 40 and line 42"));
    }
}
