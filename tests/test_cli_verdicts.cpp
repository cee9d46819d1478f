// What decides a run's verdict: its exit status and its ERROR SUMMARY. With
// checks, simt's reports fail the run; with none, the program alone decides,
// as on a GPU; and no correct program draws an error (a false alarm fails a
// CI job).
#include "cli_support.h"

#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

// Lines of `text` that start with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
    std::vector<std::string> found;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) found.push_back(line);
    return found;
}

}  // namespace

TEST_CASE("with --check none a failed device assert is printed as a GPU prints it and the program decides its exit status") {
    const Result r = simt("run --check none " + program("expected_assert.cu"));
    CHECK(r.status == 0);
    CHECK(r.out == "launch: device-side assert triggered\n");
    const std::vector<std::string> asserts = lines_starting(r.err, "/");
    REQUIRE(asserts.size() == 4);  // threads 28-31 of block 1
    CHECK_THAT(asserts[0], Catch::EndsWith("expected_assert.cu:9: void check_bounds(int): block: [1,0,0], "
                                           "thread: [28,0,0] Assertion `i < n` failed."));
    CHECK_THAT(r.err, !Catch::Contains("simt: error"));
    CHECK_THAT(r.err, Catch::EndsWith(kCleanRun));
}

TEST_CASE("a built program run with check=none exits as its main returns after an expected assert") {
    const Result built = simt("build " + program("expected_assert.cu"));
    REQUIRE(built.status == 0);
    const std::string exe = built.out.substr(0, built.out.find('\n'));
    const Result unchecked = shell("SIMT_OPTIONS='check=none' " + exe);
    CHECK(unchecked.status == 0);
    CHECK(unchecked.out == "launch: device-side assert triggered\n");
    CHECK(lines_starting(unchecked.err, "/").size() == 4);
    // Checked, each failed assert is an error of simt's, as memcheck counts it.
    const Result checked = shell(exe);
    CHECK(checked.status == 1);
    CHECK_THAT(checked.err, Catch::Contains("simt: error: ") && Catch::Contains("ERROR SUMMARY: 4 errors"));
}

TEST_CASE("with checks a failed device assert is an error of the run, as memcheck counts it") {
    const Result r = simt("run " + program("expected_assert.cu"));
    CHECK(r.status == 1);
    CHECK(lines_starting(r.err, "simt: error: ").size() == 4);
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 4 errors, 0 warnings\n"));
}

namespace {

// Programs that report on purpose: the catalog's bugs (every program there
// without _fixed), seeds with a bug, API-misuse and fault programs.
bool reports_on_purpose(const fs::path& p) {
    static const std::vector<std::string> names = {
        // kernels/seeds
        "tiled_matmul_no_first_barrier", "tiled_matmul_no_second_barrier", "warp_bitonic_sort",
        // kernels/api: calls that return errors, reported as compute-sanitizer reports them
        "cooperative_groups", "cubemap_textures", "device_queries", "graph_nodes", "launch_attributes", "launch_ex",
        "memory_calls", "pitched_and_peer_copies",
        "runtime_calls", "uninitialised_copy",
        // tests/programs
        "compile_error", "constant_store", "deadlock", "endless_loop", "expected_assert", "grid_sync_misuse",
        "host_crash", "host_kernel_races", "huge_grid", "kernel_faults", "known_gaps", "loaded_objects", "merged_barriers",
        "ipc_processes" /* a stale handle's child reports it */, "partial_word_race", "partial_work",
        "race_memory_limit", "racy_blocks", "racy_loop", "shared_leftovers", "shared_negative_sweep",
        "stack_overflow", "texture_errors", "two_racy_kernels", "uninitialised_shared_mix", "watchdog_report",
        "wmma_misuse",
        "slow_blocks" /* correct, but a 3 s launch for the progress line, and device code calls usleep */};
    const std::string name = p.stem().string();
    if (p.parent_path().filename() == "catalog") return name.find("_fixed") == std::string::npos;
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Correct programs written for 32-lane warps (0xffffffff masks, % 32): at 64
// lanes their reports are true.
bool thirty_two_lanes_only(const fs::path& p) {
    static const std::vector<std::string> names = {
        "wmma", "hardcoded_warp_size_fixed", "shuffle_inactive_lane_fixed", "shuffle_past_warp_edge_fixed",
        "exited_lanes_in_mask", "overlapping_masks", "shuffle_edges", "warp_vote", "warp_bitonic_sort_fixed",
        "warp_conditional_syncwarp", "warp_implicit_vs_explicit_sync", "warp_reduce_sum"};
    return std::find(names.begin(), names.end(), p.stem().string()) != names.end();
}

// Run at 32 lanes, under ten seeds, by test_cli.cpp's sweep of kernels/.
bool swept_at_32_lanes(const fs::path& p) {
    const std::string folder = p.parent_path().filename().string(), name = p.stem().string();
    return (folder == "catalog" || folder == "conformance" || folder == "demo" || folder == "seeds") &&
           name != "shuffle_edges" && name != "overlapping_masks";
}

std::vector<fs::path> correct_programs() {
    std::vector<fs::path> found;
    for (const fs::path dir : {fs::path(SIMT_KERNELS_DIR) / "api", fs::path(SIMT_KERNELS_DIR) / "catalog",
                               fs::path(SIMT_KERNELS_DIR) / "conformance", fs::path(SIMT_KERNELS_DIR) / "demo",
                               fs::path(SIMT_KERNELS_DIR) / "seeds", fs::path(SIMT_TEST_PROGRAMS)})
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.path().extension() == ".cu" && !reports_on_purpose(entry.path())) found.push_back(entry.path());
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace

// The false-alarm guard: a report on correct code fails a CI job. Programs
// that print what shuffles past their segment return, on purpose, end with
// warnings (CUDA defines the value), never errors. test_cli.cpp runs the
// kernels/ programs at 32 lanes under ten seeds.
TEST_CASE("no correct program draws an error in either mode at either warp size", "[plain-build]") {
    const std::vector<fs::path> programs = correct_programs();
    REQUIRE(programs.size() >= 65);
    for (const fs::path& p : programs) {
        for (const char* warp : {"32", "64"}) {
            if (std::string(warp) == "32" ? swept_at_32_lanes(p) : thirty_two_lanes_only(p)) continue;
            for (const char* mode : {"its", "lockstep"}) {
                CAPTURE(p.string(), warp, mode);
                const Result r = simt(std::string("run --warp-size ") + warp + " --mode " + mode + " " + p.string());
                CHECK_THAT(r.err, Catch::Contains("simt: ERROR SUMMARY: 0 errors"));
                CHECK_THAT(r.err, !Catch::Contains("simt: error: "));
            }
        }
    }
}

TEST_CASE("a FIFO given as the source file is refused at once with a message saying why, not waited on") {
    const fs::path fifo = fs::temp_directory_path() / ("simt-fifo-" + std::to_string(getpid()) + ".cu");
    fs::remove(fifo);
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const Result r = shell("timeout 20 " + std::string(SIMT_EXE) + " run " + fifo.string());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("is not a regular file (a FIFO, device or socket?)"));
    fs::remove(fifo);
}

TEST_CASE("a store 1 to 4096 bytes before a static or extern __shared__ array is refused and reported, the same every run and for any workers", "[fault-paths]") {
    // Every offset up to 16 and chosen ones past it; under the sanitizers
    // (each run 7 times slower) the nearest, the farthest and 41, the one
    // checked run after run below.
    std::vector<int> offsets;
    if (SIMT_SANITIZED_BUILD) {
        offsets = {1, 41, 4096};
    } else {
        for (int b = 1; b <= 16; ++b) offsets.push_back(b);
        for (int b : {34, 40, 41, 52, 64, 100, 255, 1000, 2576, 4095, 4096}) offsets.push_back(b);
    }
    for (const char* where : {"static", "dynamic"}) {
        for (int bytes : offsets) {
            CAPTURE(where, bytes);
            const std::string args = program("shared_negative_sweep.cu") + " -- " + where + " " + std::to_string(bytes);
            const Result r = simt("run " + args);
            CHECK(r.status == 1);
            CHECK(r.out == std::string(where) + " " + std::to_string(bytes) + ": cudaErrorIllegalAddress\n");
            CHECK_THAT(r.err, Catch::StartsWith("simt: error: out-of-bounds shared write of size 1 in kernel before_"));
            CHECK_THAT(r.err, Catch::Contains("the access was not performed"));
            if (bytes == 41 || bytes == 4096) {  // run after run, one worker or two: byte for byte
                for (int run = 0; run < repeats(5); ++run)
                    for (const char* threads : {"--threads 1 ", "--threads 2 "}) {
                        const Result again = simt(std::string("run ") + threads + args);
                        CHECK(again.out == r.out);
                        CHECK(again.err == r.err);
                    }
            }
        }
    }
}
