// `simt run --trace`: the Chrome/Perfetto timeline file, end to end. The
// file's structure is checked by tests/check_trace.py (JSON, named tracks,
// non-negative times, slices that nest), which also prints what it holds.
#include "cli_support.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace {

std::string catalog_kernel(const std::string& name) { return std::string(SIMT_KERNELS_DIR) + "/catalog/" + name; }

fs::path trace_path(const std::string& name) {
    return fs::temp_directory_path() / ("simt-trace-" + std::to_string(getpid()) + "-" + name + ".json");
}

// What check_trace.py says of the file; its first line is "structure ok" when
// the structure holds.
std::string checked(const fs::path& trace) {
    const fs::path out = fs::path(trace).replace_extension(".checked");
    const std::string command = "python3 " SIMT_TEST_SOURCES "/check_trace.py " + trace.string() + " >" + out.string();
    const int status = std::system(command.c_str());
    std::string text = slurp(out);
    fs::remove(out);
    UNSCOPED_INFO("check_trace.py exit status " << status << ":\n" << text.substr(0, 4000));
    return text;
}

}  // namespace

TEST_CASE("simt run --trace writes a trace event file with a named process per traced block and a named track per warp") {
    const fs::path file = trace_path("tracks");
    const Result r = simt("run --trace " + file.string() + " " + catalog_kernel("warp_synchronous.cu"));
    CHECK(r.status == 1);  // the kernel's race is still reported
    CHECK_THAT(r.out, Catch::Contains("block sums wrong"));
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    // 32 blocks of 8 warps; the first 4 blocks are traced by default.
    for (const char* block : {"(0,0,0)", "(1,0,0)", "(2,0,0)", "(3,0,0)"})
        CHECK_THAT(facts, Catch::Contains(std::string("process launch 1 reduce block ") + block +
                                          ": warp 0, warp 1, warp 2, warp 3, warp 4, warp 5, warp 6, warp 7, hazards; 0 lane tracks\n"));
    CHECK_THAT(facts, !Catch::Contains("block (4,0,0)"));
    CHECK_THAT(facts, Catch::Contains("left out: launch 1 reduce: blocks 4-31 of 32 not traced (--trace-blocks 4)"));
    CHECK_THAT(facts, Catch::Contains("count X run: "));
    fs::remove(file);
}

TEST_CASE("a trace shows barrier waits as slices, barrier releases, and hazards as slices with their source lines") {
    const fs::path file = trace_path("hazards");
    simt("run --trace " + file.string() + " " + catalog_kernel("warp_synchronous.cu"));
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(facts, Catch::Contains("warp wait slice: wait __syncthreads warp_synchronous.cu:22\n"));
    CHECK_THAT(facts, Catch::Contains("warp wait slice: wait __syncthreads warp_synchronous.cu:25\n"));
    CHECK_THAT(facts, Catch::Contains("barrier: release __syncthreads warp_synchronous.cu:22\n"));
    // The race the text report names (its mode: an error between two lines of warp_reduce).
    CHECK_THAT(facts, Catch::Contains("hazard: race RAW, intra-warp (error) line warp_synchronous.cu:12 other line warp_synchronous.cu:11\n"));
    fs::remove(file);
}

TEST_CASE("a hazard judged when the launch ends (an uninitialised global read) is a slice on its block's hazard track") {
    const fs::path file = trace_path("late");
    simt("run --trace " + file.string() + " " + catalog_kernel("uninitialised_global.cu"));
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(facts, Catch::Contains("hazard: init uninitialised read (error) line uninitialised_global.cu:11"));
    fs::remove(file);
}

TEST_CASE("a trace is byte-identical whatever the number of worker threads, in each mode") {
    for (const char* mode : {"its", "lockstep"}) {
        CAPTURE(mode);
        const fs::path one = trace_path("one"), two = trace_path("two");
        const std::string run = std::string("run --mode ") + mode + " --seed 5 --trace-lanes ";
        simt(run + "--threads 1 --trace " + one.string() + " " + catalog_kernel("warp_synchronous.cu"));
        simt(run + "--threads 2 --trace " + two.string() + " " + catalog_kernel("warp_synchronous.cu"));
        const std::string a = slurp(one), b = slurp(two);
        CHECK(a.size() > 100000);
        CHECK(a == b);
        fs::remove(one);
        fs::remove(two);
    }
}

TEST_CASE("a warp that splits at __activemask and meets at __syncwarp shows the divergence and the reconvergence") {
    for (const char* mode : {"its", "lockstep"}) {
        CAPTURE(mode);
        const fs::path file = trace_path("split");
        const Result r = simt(std::string("run --mode ") + mode + " --trace " + file.string() + " " + program("split_warp.cu"));
        CHECK(r.status == 0);
        CHECK(r.out == "lane 0 saw 0xffff, lane 31 saw 0xfffe0000\n");
        const std::string facts = checked(file);
        CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
        // Each group labelled with its line: lanes 0-15 took the if, 16-31
        // the else; the earlier place goes on first, the other waits for it.
        CHECK_THAT(facts, Catch::Contains("divergence: diverged: lanes 0-15 at __activemask split_warp.cu:9 | "
                                          "16-31 elsewhere\n"
                                          "divergence: diverged: lanes 16-31 at __activemask split_warp.cu:11 | "
                                          "0-15 elsewhere\n"));
        CHECK_THAT(facts, Catch::Contains("divergence: reconverged at __syncwarp split_warp.cu:13\n"));
        fs::remove(file);
    }
}

TEST_CASE("a deadlocked block's trace shows the warp waiting at two places until the block ends") {
    const fs::path file = trace_path("deadlock");
    const Result r = simt("run --trace " + file.string() + " " + catalog_kernel("divergent_barrier.cu"));
    CHECK(r.status == 1);
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(facts, Catch::Contains("divergence: diverged: lanes 0-15 at __syncthreads divergent_barrier.cu:12 | "
                                      "16-31 at __syncwarp divergent_barrier.cu:14\n"));
    CHECK_THAT(facts, Catch::Contains("warp wait slice: wait at 2 places\n"));
    CHECK_THAT(facts, Catch::Contains("fault: deadlock\n"));
    CHECK_THAT(slurp(file), Catch::Contains("\"__syncthreads divergent_barrier.cu:12\": \"0-15\", \"__syncwarp divergent_barrier.cu:14\": \"16-31\""));
    fs::remove(file);
}

TEST_CASE("simt run --trace-lanes adds a track per lane and --trace-blocks sets how many blocks are traced") {
    const fs::path file = trace_path("lanes");
    simt("run --trace-lanes --trace-blocks 2 --trace " + file.string() + " " + catalog_kernel("warp_synchronous.cu"));
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(facts, Catch::Contains("process launch 1 reduce block (1,0,0): warp 0, warp 1, warp 2, warp 3, warp 4, warp 5, warp 6, warp 7, hazards; 256 lane tracks\n"));
    CHECK_THAT(facts, !Catch::Contains("block (2,0,0)"));
    CHECK_THAT(facts, Catch::Contains("blocks 2-31 of 32 not traced (--trace-blocks 2)"));
    fs::remove(file);
}

TEST_CASE("tracing works with every checker off: the timeline is there, without hazards") {
    const fs::path file = trace_path("nocheck");
    const Result r = simt("run --check none --trace " + file.string() + " " + catalog_kernel("warp_synchronous.cu"));
    CHECK(r.status == 0);
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(facts, Catch::Contains("warp wait slice: wait __syncthreads warp_synchronous.cu:22\n"));
    CHECK_THAT(facts, !Catch::Contains("hazard"));
    fs::remove(file);
}

TEST_CASE("without --trace no trace file is written") {
    const fs::path dir = fs::temp_directory_path() / ("simt-notrace-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path before = fs::current_path();
    fs::current_path(dir);
    const Result r = simt("run " + catalog_kernel("warp_synchronous.cu"));
    fs::current_path(before);
    CHECK(r.status == 1);
    CHECK(fs::is_empty(dir));
    fs::remove_all(dir);
}

TEST_CASE("a trace file that cannot be written is refused before the program runs, with a clear error") {
    const Result r = simt("run --trace /nonexistent-simt-dir/t.json " + program("exit_status.cu"));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("simt: error: cannot write the trace to /nonexistent-simt-dir/t.json"));
    CHECK(r.out.empty());  // the program did not run
    CHECK(simt("run --trace-lanes " + program("exit_status.cu")).status != 0);  // needs --trace
    CHECK(simt("run --trace x.json --trace-blocks 0 " + program("exit_status.cu")).status != 0);
}

TEST_CASE("a trace colours every slice by what it means: running, waiting at a barrier or a collective, divergent, hazard by severity, fault") {
    const fs::path racy = trace_path("colours-racy"), stuck = trace_path("colours-stuck");
    simt("run --trace " + racy.string() + " " + catalog_kernel("warp_synchronous.cu"));
    simt("run --trace " + stuck.string() + " " + catalog_kernel("divergent_barrier.cu"));
    const std::string a = checked(racy), b = checked(stuck);
    CHECK_THAT(a, Catch::StartsWith("structure ok\n"));  // every event has a cname
    CHECK_THAT(a, Catch::Contains("colour X run: thread_state_running\n"));
    CHECK_THAT(a, Catch::Contains("colour X __syncthreads: thread_state_iowait\n"));
    CHECK_THAT(a, Catch::Contains("colour X hazard: terrible\n"));  // an error
    CHECK_THAT(b, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(b, Catch::Contains("colour X several places: yellow\n"));
    CHECK_THAT(b, Catch::Contains("colour i divergence: yellow\n"));
    CHECK_THAT(b, Catch::Contains("colour i fault: black\n"));
    simt("run --mode lockstep --trace " + racy.string() + " " + catalog_kernel("warp_synchronous.cu"));
    CHECK_THAT(checked(racy), Catch::Contains("colour X hazard: bad\n"));  // warp-synchronous: a warning
    fs::remove(racy);
    fs::remove(stuck);
}

TEST_CASE("a trace's track ids are unique across blocks, and each block has a hazard track named for it") {
    const fs::path file = trace_path("tids");
    simt("run --trace " + file.string() + " " + catalog_kernel("warp_synchronous.cu"));
    const std::string facts = checked(file);  // fails on a track id two processes share
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    CHECK_THAT(facts, Catch::Contains("process launch 1 reduce block (3,0,0): warp 0, warp 1, warp 2, warp 3, warp 4, "
                                      "warp 5, warp 6, warp 7, hazards; 0 lane tracks\n"));
    const std::string text = slurp(file);
    CHECK_THAT(text, Catch::Contains("\"pid\": 4, \"tid\": 400001,"));
    CHECK_THAT(text, !Catch::Contains("\"pid\": 4, \"tid\": 1,"));
    fs::remove(file);
}

TEST_CASE("a launch put off until the host synchronises is traced once, when it runs, under the next launch number") {
    const fs::path file = trace_path("deferred");
    const Result r = simt("run --trace " + file.string() + " " + std::string(SIMT_TEST_PROGRAMS) + "/host_latch.cu");
    CHECK(r.status == 0);
    const std::string facts = checked(file);
    CHECK_THAT(facts, Catch::StartsWith("structure ok\n"));
    // The latch kernel's first attempt (before the host set the latch) leaves nothing.
    CHECK_THAT(facts, Catch::Contains("process launch 1 wait_for_host block (0,0,0)"));
    CHECK_THAT(facts, Catch::Contains("process launch 2 scale block (0,0,0)"));
    CHECK_THAT(facts, !Catch::Contains("launch 3"));
    fs::remove(file);
}
