// Races between host code and launches nothing has waited for yet: on a GPU
// a launch returns before its kernel runs, so the host must synchronise
// before it touches managed or pinned memory the kernel uses.
#include "cli_support.h"

#include <unistd.h>

#include <string>

using namespace cli_test;

TEST_CASE("host code touching managed or pinned memory a launch nothing waited for uses races with the kernel") {
    const Result r = simt("run " + program("host_kernel_races.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == "sum 130160\n");  // simt ran the launches before they returned
    CHECK_THAT(r.err, Catch::Contains(
        "simt: error: race hazard (WAR, host and kernel) on global memory in kernel scale\n"
        "  Write of size 4 at global allocation #1 (1024 bytes), byte offset 12 (element [3]), from cudaMallocManaged "
        "by the host thread at host_kernel_races.cu:19\n"
        "  Previous read of size 4 by thread (3,0,0) of block (0,0,0) (warp 0, lane 3) at host_kernel_races.cu:8\n"));
    CHECK_THAT(r.err, Catch::Contains(
        "simt: error: race hazard (WAW, host and kernel) on global memory in kernel scale\n"
        "  Write of size 4 at global allocation #2 (1024 bytes), byte offset 400 (element [100]), from "
        "cudaMallocManaged by the host thread at host_kernel_races.cu:20\n"
        "  Previous write of size 4 by thread (36,0,0) of block (1,0,0) (warp 1, lane 4) at host_kernel_races.cu:8\n"));
    CHECK_THAT(r.err, Catch::Contains(
        "simt: error: race hazard (RAW, host and kernel) on global memory in kernel scale\n"
        "  Read of size 4 at global allocation #3 (1024 bytes), byte offset 0 (element [0]), from cudaMallocHost by "
        "the host thread at host_kernel_races.cu:23\n"));
    CHECK_THAT(r.err, Catch::Contains("(256 instances of this hazard in this launch)"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: 3 hazards (3 errors, 0 warnings) in 2 launches\n"
                                      "simt: ERROR SUMMARY: 3 errors, 0 warnings\n"));
}

TEST_CASE("the kernel's side of a host race is the same thread for any number of workers and in both modes") {
    for (const char* mode : {"its", "lockstep"}) {
        const Result one = simt(std::string("run --threads 1 --mode ") + mode + " " + program("host_kernel_races.cu"));
        const Result two = simt(std::string("run --threads 2 --mode ") + mode + " " + program("host_kernel_races.cu"));
        CHECK(one.err == two.err);
        CHECK_THAT(one.err, Catch::Contains("by thread (36,0,0) of block (1,0,0)"));
    }
}

TEST_CASE("every way a program waits for a launch orders its host accesses after the kernel") {
    // Synchronising calls, a query loop, a copy, a host function in the
    // stream, a volatile flag and an atomic counter the host polls, Thrust.
    const Result r = simt("run " + program("host_waits.cu"));
    CHECK(r.status == 0);
    CHECK(r.out == "total 6816\n");
    CHECK_THAT(r.err, !Catch::Contains("hazard"));
}

TEST_CASE("the JSON report marks a host race's access as the host's") {
    const fs::path file = fs::temp_directory_path() / ("simt-host-race-" + std::to_string(getpid()) + ".json");
    const Result r = simt("run --report json --report-file " + file.string() + " " + program("host_kernel_races.cu"));
    CHECK(r.status == 1);
    const std::string json = slurp(file);
    fs::remove(file);
    CHECK_THAT(json, Catch::Contains("\"kind\": \"RAW, host and kernel\""));
    CHECK_THAT(json, Catch::Contains("host_kernel_races.cu\", \"line\": 23, \"function\": \"main\", \"host\": true}"));
    CHECK_THAT(json, Catch::Contains("\"thread\": [0, 0, 0], \"block\": [0, 0, 0], \"warp\": 0, \"lane\": 0, \"file\""));
}

TEST_CASE("without the race checker host accesses are not watched") {
    const Result r = simt("run --check init,memory " + program("host_kernel_races.cu"));
    CHECK(r.status == 0);
    CHECK_THAT(r.err, !Catch::Contains("hazard"));
}
