// `simt run` end to end: whole programs in separate processes.
#include "cli_support.h"

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>



TEST_CASE("simt run exits with the program's own status and passes it its arguments") {
    const Result r = simt("run " + program("exit_status.cu") + " -- one two");
    CHECK(r.status == 3);
    CHECK(r.out == "argc=3 last=two\n");
}

TEST_CASE("a file that does not compile gets the compiler's message at the user's line") {
    const Result r = simt("run " + program("compile_error.cu"));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("compile_error.cu:5:"));
    CHECK_THAT(r.err, Catch::Contains("undefined_name"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: "));
    CHECK_THAT(r.err, Catch::Contains("did not compile"));
}

TEST_CASE("a launch whose arguments do not fit the kernel is one short compile error at the launch's line") {
    const fs::path dir = fs::temp_directory_path() / ("simt-launch-arguments-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "arguments.cu") << "__global__ void k(int *a, int b) { a[0] = b; }\n"
                                           "int main() {\n    int *d;\n    cudaMalloc(&d, 4);\n"
                                           "    k<<<1, 1>>>(d);\n    return 0;\n}\n";
    const Result r = simt("run " + (dir / "arguments.cu").string());
    CHECK(r.status == 2);
    // The launch's line (its column is that of simt's rewritten call), then simt's message.
    CHECK_THAT(r.err, Catch::Contains("arguments.cu:5:"));
    CHECK_THAT(r.err, Catch::Contains("error: static assertion failed: simt: this launch passes arguments that do "
                                      "not match the kernel's parameters (too few, too many, or of types that do "
                                      "not convert)"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') <= 10);  // was a dozen lines of std::apply and lambda notes
    fs::remove_all(dir);
}

TEST_CASE("code nvcc rejects does not compile under simt either: a float2 shuffle, max of a float and an int") {
    const fs::path dir = fs::temp_directory_path() / ("simt-nvcc-rejects-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "shuffle_float2.cu")
        << "__global__ void k(float2* p) {\n  p[threadIdx.x] = __shfl_sync(0xffffffffu, p[threadIdx.x], 5);\n}\n"
           "int main() { return 0; }\n";
    std::ofstream(dir / "max_float_int.cu")
        << "__global__ void k(float* p) {\n  p[threadIdx.x] = max(p[threadIdx.x], 2);\n}\nint main() { return 0; }\n";
    const Result shuffle = simt("run " + (dir / "shuffle_float2.cu").string());
    CHECK(shuffle.status == 2);
    CHECK_THAT(shuffle.err, Catch::Contains("shuffle a struct's fields one by one"));
    const Result mixed = simt("run " + (dir / "max_float_int.cu").string());
    CHECK(mixed.status == 2);
    CHECK_THAT(mixed.err, Catch::Contains("max_float_int.cu:2:"));
    fs::remove_all(dir);
}

TEST_CASE("a converged warp's printf lines come out in lane order in its mode, for every seed") {
    const fs::path dir = fs::temp_directory_path() / ("simt-printf-order-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "lanes.cu") << "#include <cstdio>\n"
                                      "__global__ void k() {\n"
                                      "  const int lane = threadIdx.x % 32;\n"
                                      "  if (lane % 4 == 0) printf(\"warp %d lane %d\\n\", threadIdx.x / 32, lane);\n"
                                      "  __syncthreads();\n"
                                      "  if (threadIdx.x < 3) printf(\"after %d\\n\", threadIdx.x);\n"
                                      "}\n"
                                      "int main() { k<<<1, 64>>>(); cudaDeviceSynchronize(); return 0; }\n";
    std::string expected;
    for (int w = 0; w < 2; ++w)
        for (int lane = 0; lane < 32; lane += 4) expected += "warp " + std::to_string(w) + " lane " + std::to_string(lane) + "\n";
    expected += "after 0\nafter 1\nafter 2\n";
    for (int seed = 0; seed < 5; ++seed) {
        CAPTURE(seed);
        CHECK(simt("run --mode its --seed " + std::to_string(seed) + " " + (dir / "lanes.cu").string()).out == expected);
    }
    fs::remove_all(dir);
}

TEST_CASE("a program's own walk of its loaded objects sees every library, and its report still names its lines") {
    const Result r = simt("run " + program("loaded_objects.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == "every object\n");
    CHECK_THAT(r.err, Catch::Contains("race hazard"));
    CHECK_THAT(r.err, Catch::Contains(" at loaded_objects.cu:8"));
}

TEST_CASE("a rerun of an unchanged file comes from the cache") {
    simt("run " + program("exit_status.cu"));
    const Result r = simt("run -v " + program("exit_status.cu"));
    CHECK_THAT(r.err, Catch::Contains("cache hit"));
    CHECK_THAT(r.err, !Catch::Contains("compile:"));
}

TEST_CASE("a deadlocked kernel is reported with every waiting thread and simt exits with an error", "[fault-paths]") {
    const Result r = simt("run " + program("deadlock.cu"));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("simt: error: deadlock in kernel half_barrier, block (0,0,0)"));
    CHECK_THAT(r.err, Catch::Contains("16 threads wait at a block barrier at deadlock.cu:4: threads 0-15"));
    CHECK_THAT(r.err, Catch::Contains("16 threads wait at a warp collective at deadlock.cu:5: threads 16-31"));
    CHECK_THAT(r.err, Catch::Contains("32 threads have exited: threads 32-63"));
    CHECK_THAT(r.out, Catch::Contains("sync: the launch timed out and was terminated"));
    CHECK(simt("run --error-exitcode 7 " + program("deadlock.cu")).status == 7);
}

TEST_CASE("identical branches each ending in __syncthreads are a divergent barrier at -O2 too, as synccheck says") {
    // g++ would merge the two calls into one; on an H200 synccheck reports 32
    // divergent threads at merged_barriers.cu:11 (docs/gpu-runs/2026-11-26-h200-merged-barriers.txt).
    for (const char* mode : {"", "--mode lockstep "}) {
        CAPTURE(mode);
        const Result r = simt(std::string("run ") + mode + program("merged_barriers.cu"));
        CHECK(r.status == 1);
        CHECK(r.out == "cudaSuccess 1 1\n");
        CHECK_THAT(r.err, Catch::Contains("simt: error: barrier hazard (divergent barrier) in kernel halves\n"));
        CHECK_THAT(r.err, Catch::Contains("merged_barriers.cu:11: threads 0-31"));
        CHECK_THAT(r.err, Catch::Contains("merged_barriers.cu:14: threads 32-63"));
    }
}

TEST_CASE("two threads each writing both halves of a word race in shared and global memory, as racecheck says for shared") {
    // racecheck on an H200: a WAW at partial_word_race.cu:13, 2 hazards
    // (docs/gpu-runs/2026-11-26-h200-partial-word-and-shuffle-edge.txt).
    for (const char* mode : {"", "--mode lockstep "}) {
        CAPTURE(mode);
        const Result racy = simt(std::string("run ") + mode + program("partial_word_race.cu"));
        CHECK(racy.status == 1);
        CHECK_THAT(racy.err, Catch::Contains("simt: error: race hazard (WAW) on shared memory in kernel halves_shared"));
        CHECK_THAT(racy.err, Catch::Contains("simt: error: race hazard (WAW) on global memory in kernel halves_global"));
        CHECK_THAT(racy.err, Catch::Contains("partial_word_race.cu:13"));
        CHECK(racy.out == "two writers: a[42] + a[43] = 65, no error\n");
        const Result twin = simt(std::string("run ") + mode + program("partial_word_race.cu") + " -- fixed");
        CHECK(twin.status == 0);
        CHECK(twin.err == kCleanRun);
        CHECK(twin.out == "one writer: a[42] + a[43] = 1, no error\n");
    }
}

TEST_CASE("a kernel's store to __constant__ memory fails the launch as on an H200, naming the variable and line") {
    for (const char* mode : {"", "--mode lockstep "}) {
        CAPTURE(mode);
        const Result r = simt(std::string("run ") + mode + program("constant_store.cu"));
        CHECK(r.status == 1);
        CHECK(r.out == "constant: cudaErrorLaunchFailure\n");
        CHECK_THAT(r.err, Catch::Contains("simt: error: write of size 4 to constant memory"));
        CHECK_THAT(r.err, Catch::Contains(" in kernel store_constant by thread (0,0,0) of block (0,0,0) (warp 0, "
                                          "lane 0) at constant_store.cu:10: __constant__ variables are read-only to "
                                          "kernels"));
        CHECK_THAT(r.err, Catch::Contains("the write was not performed"));
    }
}

TEST_CASE("a fiber stack overflow names the thread and the flag that raises the stack size", "[fault-paths]") {
    const Result r = simt("run " + program("stack_overflow.cu"));
    CHECK(r.status != 0);
    CHECK_THAT(r.err, Catch::Contains("simt: error: stack overflow in kernel recurse by thread ("));
    CHECK_THAT(r.err, Catch::Contains("at stack_overflow.cu:"));
    CHECK_THAT(r.err, Catch::Contains("--stack-size 262144 (4 times this one; the size a thread needs is not known "
                                      "when it overflows: if it overflows again, quadruple again, up to 67108864)"));
    CHECK_THAT(r.out, Catch::Contains("(unspecified launch failure)"));
    const Result bigger = simt("run --stack-size 1048576 " + program("stack_overflow.cu"));
    CHECK(bigger.status == 0);
    CHECK_THAT(bigger.out, Catch::Contains("(no error)"));
}

TEST_CASE("a kernel's invalid memory access is a launch fault naming the line, the program goes on and keeps its output", "[fault-paths]") {
    const Result r = simt("run " + program("kernel_faults.cu") + " -- null");
    CHECK(r.status == 1);
    CHECK(r.out == "before the launch\nafter: an illegal memory access was encountered\n");
    CHECK_THAT(r.err, Catch::Contains("simt: error: invalid memory access in kernel null_write by thread (3,0,0) of "
                                      "block (0,0,0) (warp 0, lane 3) at kernel_faults.cu:7: address 0x0 (a null "
                                      "pointer) is neither device memory nor the thread's own stack"));
}

// Under AddressSanitizer, host locals may live on its fake stacks, off the
// thread's stack.
TEST_CASE("a kernel store into a host stack array is refused and reported, the host array keeps its value", "[plain-build]") {
    const Result r = simt("run " + program("kernel_faults.cu") + " -- stack");
    CHECK(r.status == 1);
    CHECK(r.out == "before the launch\non_stack[0]=0\nafter: an illegal memory access was encountered\n");
    CHECK_THAT(r.err, Catch::Contains("simt: error: invalid write of size 4 in kernel host_write by thread ("));
    CHECK_THAT(r.err, Catch::Contains("at kernel_faults.cu:8: address 0x"));
    CHECK_THAT(r.err, Catch::Contains("is on the stack of the host thread that launched the kernel"));
}

TEST_CASE("integer division by zero in a kernel goes on as on a GPU and is a warning naming the line, not a SIGFPE", "[fault-paths]") {
    const Result r = simt("run " + program("kernel_faults.cu") + " -- div");
    CHECK(r.status == 0);
    CHECK(r.out == "before the launch\nafter: no error\n");
    CHECK_THAT(r.err, Catch::Contains("simt: warning: integer division by zero (or of the most negative value by -1) "
                                      "in kernel divide by thread (3,0,0) of block (0,0,0) (warp 0, lane 3) at "
                                      "kernel_faults.cu:9"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 0 errors, 1 warning\n"));
}

TEST_CASE("exit() or abort() in a kernel fails the launch instead of ending the process", "[fault-paths]") {
    const Result quit = simt("run " + program("kernel_faults.cu") + " -- exit");
    CHECK(quit.status == 1);
    CHECK(quit.out == "before the launch\nafter: unspecified launch failure\n");
    CHECK_THAT(quit.err, Catch::Contains("simt: error: exit(3) called in kernel quit, thread (5,0,0) of block "
                                         "(0,0,0) (warp 0, lane 5) at kernel_faults.cu:10: a kernel cannot end the "
                                         "program"));
    const Result stop = simt("run " + program("kernel_faults.cu") + " -- abort");
    CHECK(stop.status == 1);
    CHECK_THAT(stop.err, Catch::Contains("abort() called in kernel stop, thread (5,0,0)"));
}

TEST_CASE("a static __shared__ index past its array is reported and not performed, however far it goes, with or without checks", "[fault-paths]") {
    // --check none changes when threads switch, not what is faulted.
    for (const char* options : {"", "--check none "})
    for (const char* offset : {"40", "64", "100", "1000", "4000"}) {
        CAPTURE(options, offset);
        const Result r = simt(std::string("run ") + options + program("kernel_faults.cu") + " -- shared " + offset);
        CHECK(r.status == 1);
        CHECK(r.out == "before the launch\nafter: an illegal memory access was encountered\n");
        CHECK_THAT(r.err, Catch::Contains("simt: error: out-of-bounds shared write of size 4 in kernel shared_far by "
                                          "thread (0,0,0) of block (0,0,0) (warp 0, lane 0) at kernel_faults.cu:15"));
        CHECK_THAT(r.err, Catch::Contains("shared_far::s"));
        CHECK_THAT(r.err, Catch::Contains("the access was not performed"));
    }
}

TEST_CASE("a store past an allocation whose size is not a multiple of 16 is reported and not performed, with or without checks") {
    // Six allocations in one kernel; the last one's 22 bytes end inside the
    // word thread 5 stores.
    for (const char* options : {"", "--check none "}) {
        CAPTURE(options);
        const Result r = simt(std::string("run ") + options + program("kernel_faults.cu") + " -- tail");
        CHECK(r.status == 1);
        CHECK(r.out == "before the launch\nafter: an illegal memory access was encountered\n");
        CHECK_THAT(r.err, Catch::Contains("simt: error: invalid global write of size 4 in kernel past_tail by thread "
                                          "(5,0,0) of block (0,0,0) (warp 0, lane 5) at kernel_faults.cu:24: address "
                                          "0x500180000614 runs 2 bytes past the end of allocation #7 (22 bytes at "
                                          "0x500180000600); the access was not performed"));
        CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
    }
}

TEST_CASE("an index so far past a __shared__ array that it leaves mapped memory is still named a shared overrun", "[fault-paths]") {
    const Result r = simt("run " + program("kernel_faults.cu") + " -- shared 100000");
    CHECK(r.status == 1);
    CHECK(r.out == "before the launch\nafter: an illegal memory access was encountered\n");
    CHECK_THAT(r.err, Catch::Contains("simt: error: out-of-bounds shared access in kernel shared_far by thread (0,0,0) "
                                      "of block (0,0,0) (warp 0, lane 0) at kernel_faults.cu:15: address 0x"));
    CHECK_THAT(r.err, Catch::Contains("bytes past the end of the static shared window (an index far past a __shared__ array?)"));
}

TEST_CASE("every block starts with zeroed shared memory, so a read before the write prints the same for any worker count") {
    const Result one = simt("run --threads 1 " + program("shared_leftovers.cu"));
    CHECK(one.out == "sum 0\n");
    CHECK_THAT(one.err, Catch::Contains("uninitialised"));
    for (int run = 0; run < 3; ++run) {
        const Result two = simt("run --threads 2 " + program("shared_leftovers.cu"));
        CHECK(two.out == one.out);
        CHECK(two.err == one.err);
    }
}

TEST_CASE("misused runtime calls return what an H100 returns and each is reported at the program's line") {
    const Result r = simt("run " + std::string(SIMT_KERNELS_DIR) + "/api/memory_calls.cu");
    CHECK(r.status == 1);
    // The H100's output, line for line (docs/gpu-runs/2026-11-25-h100-memory-calls.txt).
    std::string gpu;
    std::istringstream recorded(slurp(fs::path(SIMT_KERNELS_DIR) / "../docs/gpu-runs/2026-11-25-h100-memory-calls.txt"));
    for (std::string line; std::getline(recorded, line) && line != "status 0";)
        if (line.rfind("#", 0) != 0) gpu += line + "\n";
    CHECK(r.out == gpu);
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaMemset at memory_calls.cu:16 returned cudaErrorInvalidValue\n"
                                      "  The destination, 1048576 bytes at 0x"));
    CHECK_THAT(r.err, Catch::Contains("runs 1048448 bytes past the end of allocation #1 (128 bytes at"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaMemcpy at memory_calls.cu:18 returned cudaErrorInvalidValue\n"
                                      "  The source, 128 bytes at"));
    CHECK_THAT(r.err, Catch::Contains("The count, 18446744073709551615 bytes, is larger than any allocation"));
    CHECK_THAT(r.err, Catch::Contains("memory_calls.cu:24 returned cudaErrorInvalidValue\n  The destination, 128 bytes "
                                      "at 0x500040000100, lies in allocation #2 (128 bytes at 0x500040000100), which "
                                      "was freed"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaFree at memory_calls.cu:26 returned cudaErrorInvalidValue\n"
                                      "  0x500000000004 is not the start of a live allocation: it lies 4 bytes into "
                                      "allocation #1"));
    CHECK_THAT(r.err, Catch::Contains("The pointer is not device memory (a host pointer?), so not the start of a live allocation"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaMalloc at memory_calls.cu:28 returned cudaErrorMemoryAllocation"));
    CHECK_THAT(before_summary(r.err), Catch::EndsWith("simt: 10 runtime calls failed (reported above)\n"));
    const Result quiet = simt("run --check none " + std::string(SIMT_KERNELS_DIR) + "/api/memory_calls.cu");
    CHECK(quiet.status == 0);
    CHECK(quiet.out == gpu);
    CHECK(quiet.err == kCleanRun);
}

TEST_CASE("a copy that reads device memory nothing wrote is reported at its line, as initcheck reports a cudaMemcpy source") {
    // An H200 with initcheck reports the copies at lines 19, 21 and 23 and
    // not the one at 24 (docs/gpu-runs/2026-11-25-h200-uninitialised-copy.txt).
    const std::string source = std::string(SIMT_KERNELS_DIR) + "/api/uninitialised_copy.cu";
    const Result r = simt("run " + source);
    CHECK(r.status == 1);
    CHECK(r.out == "half[31] = 31\nhalf[0..31] sum = 496\ncudaSuccess\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaMemcpy at uninitialised_copy.cu:19 made an uninitialised read "
                                        "of device memory\n  The source: 256 of the 256 bytes copied, the first at "
                                        "offset 0 of allocation #1 (256 bytes)\n"));
    CHECK_THAT(r.err, Catch::Contains("uninitialised_copy.cu:21 made an uninitialised read of device memory\n"
                                      "  The source: 128 of the 256 bytes copied, the first at offset 128 of allocation #2"));
    CHECK_THAT(r.err, Catch::Contains("uninitialised_copy.cu:23 made an uninitialised read"));
    CHECK_THAT(r.err, !Catch::Contains("uninitialised_copy.cu:24"));
    CHECK_THAT(before_summary(r.err), Catch::EndsWith("simt: 3 copies read uninitialised device memory (reported above)\n"));
    // The init checker's own: without it, or with --check none, nothing is said.
    for (const char* checks : {"--check none ", "--check race,memory "}) {
        CAPTURE(checks);
        const Result quiet = simt(std::string("run ") + checks + source);
        CHECK(quiet.status == 0);
        CHECK(quiet.out == r.out);
        CHECK(quiet.err == kCleanRun);
    }
}

TEST_CASE("kernels launched from several host threads at once all run, with any checks and worker count", "[fault-paths]") {
    for (const char* options : {"", "--check none ", "--threads 2 ", "--mode lockstep "}) {
        CAPTURE(options);
        const Result r = simt(std::string("run ") + options + program("host_threads.cu"));
        CHECK(r.status == 0);
        CHECK(r.out == "sum 869888 (expected 869888)\n");
        CHECK(r.err == kCleanRun);
    }
}

// A question of the engine's memory, not of memory safety (and slow under
// the sanitizers).
TEST_CASE("a grid of four million blocks runs with one record per resident block, not per block", "[plain-build]") {
    for (const char* options : {"", "--threads 2 ", "--check none "}) {
        CAPTURE(options);
        const Result r = simt(std::string("run ") + options + program("huge_grid.cu") + " -- 4194304");
        CHECK(r.status == 0);
        CHECK(r.out == "4194304 blocks: no error, 5\n");
        CHECK(r.err == kCleanRun);
    }
}

TEST_CASE("a kernel that never finishes is stopped by the watchdog, naming where each running thread loops", "[fault-paths]") {
    const Result alu = simt("run --watchdog 1 " + program("endless_loop.cu") + " -- alu");
    CHECK(alu.status == 134);
    CHECK(alu.out == "launching alu\n");  // kept, though stdout is a pipe
    CHECK_THAT(alu.err, Catch::StartsWith("simt: error: kernel alu made no progress for 1 s (--watchdog 1)"));
    CHECK_THAT(alu.err, Catch::Contains(") of block (0,0,0) (warp 0, lane "));
    CHECK_THAT(alu.err, Catch::Contains(" runs at endless_loop.cu:8\n"));
    CHECK_THAT(before_summary(alu.err), Catch::EndsWith("simt: the program was stopped\n"));
    for (const char* options : {"--threads 2 ", "--mode lockstep ", "--check none "}) {
        CAPTURE(options);
        const Result memory = simt(std::string("run --watchdog 1 ") + options + program("endless_loop.cu") + " -- memory");
        CHECK(memory.status == 134);
        CHECK_THAT(memory.err, Catch::Contains("kernel memory made no progress"));
        CHECK_THAT(memory.err, Catch::Contains(" runs at endless_loop.cu:13\n"));
        CHECK_THAT(memory.err, !Catch::Contains("(in simt or a library"));
    }
}

TEST_CASE("the watchdog names the same thread at the same line on every run, whatever was running when it looked") {
    // The battery's watchdog_thread_varies: threads that loop through
    // memory accesses take turns, and the report named whichever ran at the
    // moment of the sample (thread 10, 11, 13 on three runs).
    for (const char* options : {"--threads 1 ", "--threads 2 ", "--mode lockstep "}) {
        CAPTURE(options);
        std::string first;
        for (int run = 0; run < 3; ++run) {
            const Result r = simt(std::string("run --watchdog 1 ") + options + program("endless_loop.cu") + " -- memory");
            REQUIRE(r.status == 134);
            std::string lines;
            std::istringstream in(r.err);
            for (std::string line; std::getline(in, line);)
                if (line.find(" runs at ") != std::string::npos) lines += line + "\n";
            CHECK_THAT(lines, Catch::StartsWith("  thread (0,0,0) of block (0,0,0) (warp 0, lane 0) runs at endless_loop.cu:13\n"));
            if (run == 0) first = lines;
            CHECK(lines == first);
        }
    }
}

// [plain-build]: a question of timing, and 15 s under the sanitizers; "a kernel that never
// finishes..." runs the watchdog there.
TEST_CASE("a slow kernel whose barriers keep opening is not stopped by the watchdog", "[plain-build]") {
    const Result r = simt("run --watchdog 1 " + program("endless_loop.cu") + " -- slow");
    CHECK(r.status == 0);
    CHECK(r.out == "launching slow\nslow: no error\n");
    CHECK(r.err == kCleanRun);
}

TEST_CASE("static and dynamic shared memory together must fit 48 KiB unless the kernel opts in, as on an H100") {
    const Result fits = simt("run " + program("shared_limits.cu") + " -- fits");
    CHECK(fits.status == 0);
    CHECK(fits.out == "launch: no error\nsync: no error\n");
    const Result over = simt("run " + program("shared_limits.cu") + " -- over");
    CHECK(over.status == 1);
    CHECK(over.out == "launch: invalid argument\nsync: no error\n");
    CHECK_THAT(over.err, Catch::Contains("simt: error: kernel tiles asks for 40960 bytes of dynamic shared memory; "
                                         "the limit is 8192 (besides its 40960 bytes of static __shared__ memory)"));
    const Result optin = simt("run " + program("shared_limits.cu") + " -- optin");
    CHECK(optin.status == 0);
    CHECK(optin.out == "attribute: no error\nlaunch: no error\nsync: no error\n");
}

TEST_CASE("a kernel declaring more than 48 KiB of static __shared__ memory is refused at launch (nvcc refuses to build it)") {
    const fs::path dir = fs::temp_directory_path() / ("simt-static-shared-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "big.cu") << "#include <cstdio>\n__global__ void big(char* out) {\n  __shared__ char s[64 * 1024];\n"
                                     "  s[threadIdx.x] = 1;\n  out[threadIdx.x] = s[threadIdx.x];\n}\n"
                                     "int main() { char* o; cudaMalloc(&o, 32); big<<<1, 32>>>(o);\n"
                                     "  std::printf(\"%s\\n\", cudaGetErrorString(cudaGetLastError())); return 0; }\n";
    const Result r = simt("run " + (dir / "big.cu").string());
    CHECK(r.status == 1);
    CHECK(r.out == "invalid argument\n");
    CHECK_THAT(r.err, Catch::Contains("simt: error: kernel big declares 65536 bytes of static __shared__ memory; a "
                                      "GPU allows at most 49152"));
    fs::remove_all(dir);
}

TEST_CASE("a program that never calls printf, exit or abort links and runs") {
    const fs::path dir = fs::temp_directory_path() / ("simt-no-libc-calls-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "quiet.cu") << "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                                       "int main() { int* p; cudaMalloc(&p, 128); k<<<1, 32>>>(p);\n"
                                       "  const int status = cudaDeviceSynchronize() == cudaSuccess ? 7 : 8;\n"
                                       "  cudaFree(p); return status; }\n";
    const Result r = simt("run " + (dir / "quiet.cu").string());
    CHECK(r.status == 7);
    CHECK(r.err == kCleanRun);
    fs::remove_all(dir);
}

// What an H100 printed for the same kernel (docs/gpu-runs/printf.md).
TEST_CASE("device printf prints a NaN from arithmetic as nan and a * precision as written, as an H100 does") {
    const fs::path dir = fs::temp_directory_path() / ("simt-printf-gpu-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "nan.cu") << "#include <cstdio>\n#include <cmath>\n"
                                     "__global__ void k(const float* z) { float q = z[0] / z[0];\n"
                                     "  printf(\"%f %g %e\\n\", q, sqrtf(z[1]), (double)q);\n"
                                     "  printf(\"%*d|%.*f\\n\", 5, 42, 2, 1.5); }\n"
                                     "int main() { float* z; cudaMallocManaged(&z, 8); z[0] = 0; z[1] = -1;\n"
                                     "  k<<<1, 1>>>(z); return cudaDeviceSynchronize(); }\n";
    const Result r = simt("run " + (dir / "nan.cu").string());
    CHECK(r.status == 0);
    CHECK(r.out == "nan nan nan\n   42|%.*f\n");
    fs::remove_all(dir);
}

TEST_CASE("device printf keeps the newest output that fits its buffer, as a GPU's circular buffer does, and says how much it dropped") {
    const Result fits = simt("run " + program("printf_flood.cu"));
    CHECK(fits.status == 0);
    CHECK(std::count(fits.out.begin(), fits.out.end(), '\n') == 51202);
    CHECK(fits.err == kCleanRun);
    const Result small = simt("run " + program("printf_flood.cu") + " -- 100000");
    CHECK(small.status == 0);
    CHECK_THAT(small.out, Catch::StartsWith("limit: no error\nprintf buffer: 100000 bytes\n"));
    CHECK_THAT(small.out, Catch::EndsWith("block   3 thread 31 line  399 of the flood...........\nflood: no error\n"));
    CHECK(small.out.size() <= 100000 + 64);
    CHECK_THAT(small.err, Catch::Contains("simt: warning: kernel flood printed more than its 100000-byte printf buffer: "
                                          "the oldest 49349 lines were dropped"));
    const Result again = simt("run --threads 2 " + program("printf_flood.cu") + " -- 100000");
    CHECK(again.out == small.out);
}

TEST_CASE("sub-byte warp matrix fragments, which simt lacks, are a compile error that says so at the user's line") {
    const fs::path dir = fs::temp_directory_path() / ("simt-unsupported-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "wmma.cu") << "#include <mma.h>\nusing namespace nvcuda;\n__global__ void k() {\n"
                                      "  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, "
                                      "wmma::row_major> f;\n}\nint main() { return 0; }\n";
    const Result wmma = simt("run " + (dir / "wmma.cu").string());
    CHECK(wmma.status == 2);
    CHECK_THAT(wmma.err, Catch::Contains("simt does not emulate sub-byte warp matrix functions"));
    CHECK_THAT(wmma.err, Catch::Contains("wmma.cu:4"));
    fs::remove_all(dir);
}

TEST_CASE("a kernel launched by address runs, a template kernel's instance by address is an error at the line") {
    // simt records each non-template kernel's parameter types where it is
    // defined (tools/kernel_registration.h); a template's instances are not known.
    const fs::path dir = fs::temp_directory_path() / ("simt-launch-void-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "untyped.cu") << "#include <cstdio>\n"
                                         "__global__ void k(int* p, int v) { p[threadIdx.x] = v; }\n"
                                         "template <class T> __global__ void t(T* p) { p[threadIdx.x] = 2; }\n"
                                         "int main() { int* p; cudaMallocManaged(&p, 128); int v = 7; void* args[] = {&p, &v};\n"
                                         "  cudaError_t e = cudaLaunchKernel((void*)k, dim3(1), dim3(32), args, 0, 0);\n"
                                         "  cudaDeviceSynchronize(); std::printf(\"%s %d\\n\", cudaGetErrorName(e), p[31]);\n"
                                         "  e = cudaLaunchKernel((void*)t<int>, dim3(1), dim3(32), args, 0, 0);\n"
                                         "  std::printf(\"%s %d\\n\", cudaGetErrorName(e), p[31]);\n  return 0; }\n";
    const Result r = simt("run " + (dir / "untyped.cu").string());
    CHECK(r.status == 1);
    CHECK(r.out == "cudaSuccess 7\ncudaErrorInvalidDeviceFunction 7\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaLaunchKernel at untyped.cu:7 returned cudaErrorInvalidDeviceFunction\n"
                                        "  The parameter types of void t<int>(int*) are not known (a template "
                                        "kernel's instance, or not a kernel)\n"));
    CHECK_THAT(r.err, Catch::Contains("Fix: launch a template kernel with <<<...>>>, or pass the kernel itself"));
    // Two headers with a kernel at the same line and column, in one file
    // (cuda-samples' HSOpticalFlow): their registrations do not clash.
    std::ofstream(dir / "a.cuh") << "__global__ void ka(int* p) { p[0] += 1; }\n";
    std::ofstream(dir / "b.cuh") << "__global__ void kb(int* p) { p[0] += 10; }\n";
    std::ofstream(dir / "both.cu") << "#include <cstdio>\n#include \"a.cuh\"\n#include \"b.cuh\"\n"
                                      "int main() { int* p; cudaMallocManaged(&p, 4); *p = 0; void* args[] = {&p};\n"
                                      "  cudaLaunchKernel((void*)ka, 1, 1, args); cudaLaunchKernel((void*)kb, 1, 1, args);\n"
                                      "  cudaDeviceSynchronize(); std::printf(\"%d\\n\", *p); return 0; }\n";
    const Result both = simt("run " + (dir / "both.cu").string());
    CHECK(both.status == 0);
    CHECK(both.out == "11\n");
    fs::remove_all(dir);
}

TEST_CASE("output is byte-for-byte identical across runs and worker counts, in each mode") {
    for (const char* mode : {"its", "lockstep"}) {
        const std::string base = std::string("run --mode ") + mode + " --seed 11 ";
        const Result one = simt(base + "--threads 1 " + program("many_prints.cu"));
        const Result two = simt(base + "--threads 2 " + program("many_prints.cu"));
        const Result again = simt(base + "--threads 2 " + program("many_prints.cu"));
        REQUIRE(one.status == 0);
        CHECK(one.out == two.out);
        CHECK(two.out == again.out);
        CHECK(one.out.rfind("host before\nblock 0 thread ", 0) == 0);
        CHECK(one.out.size() > 300);
        CHECK(one.out.substr(one.out.size() - 11) == "host after\n");
    }
}

// Determinism is the engine's, not a memory-safety question.
TEST_CASE("every program in kernels/ prints the same output and JSON report with 1 or 2 or the default workers and in each mode", "[plain-build]") {
    std::vector<fs::path> programs;
    for (const auto& entry : fs::recursive_directory_iterator(SIMT_KERNELS_DIR))
        if (entry.path().extension() == ".cu") programs.push_back(entry.path());
    std::sort(programs.begin(), programs.end());
    REQUIRE(programs.size() >= 60);
    const fs::path report = fs::temp_directory_path() / ("simt-sweep-" + std::to_string(getpid()) + ".json");
    for (const fs::path& program : programs) {
        for (const char* mode : {"its", "lockstep"}) {
            std::vector<std::string> seen;
            // The default worker count (one per core) only where it is neither
            // of the others: on CI's 2 cores it repeated --threads 2, a third
            // of this, the slowest case, to check run after run what the case
            // of a race between blocks checks.
            std::vector<std::string> configs{"--threads 1 ", "--threads 2 "};
            if (std::thread::hardware_concurrency() > 2) configs.push_back("");
            for (const std::string& threads : configs) {
                CAPTURE(program.string(), mode, threads);
                fs::remove(report);
                const Result r = simt(std::string("run --mode ") + mode + " --seed 5 " + threads +
                                      "--report json --report-file " + report.string() + " " + program.string());
                seen.push_back(std::to_string(r.status) + "\n" + r.out + "\n--\n" + r.err + "\n--\n" + slurp(report));
                CHECK(seen.back() == seen.front());
            }
        }
    }
    fs::remove(report);
}

TEST_CASE("bad options are refused with a message") {
    CHECK(simt("run --warp-size 48 " + program("exit_status.cu")).status != 0);
    CHECK(simt("run --mode warp " + program("exit_status.cu")).status != 0);
    CHECK(simt("run /nonexistent.cu").status != 0);
}

namespace {

std::string catalog(const std::string& name) { return std::string(SIMT_KERNELS_DIR) + "/catalog/" + name; }

}  // namespace

// The teaching catalog's reports, program by program, are expected at the end
// of each program (kernels/README.md), not here.

TEST_CASE("simt run --report sarif writes SARIF 2.1.0 that validates against the schema, with rule ids and both locations") {
    REQUIRE(fs::exists(SIMT_SARIF_SCHEMA));  // vendored: tests/sarif/
    const fs::path file = fs::temp_directory_path() / ("simt-report-" + std::to_string(getpid()) + ".sarif");
    const Result r = simt("run --mode lockstep --report sarif --report-file " + file.string() + " " + catalog("missing_barrier_raw.cu"));
    CHECK(r.status == 1);
    const std::string sarif = slurp(file);
    CHECK_THAT(sarif, Catch::Contains("\"ruleId\": \"race/RAW\""));
    CHECK_THAT(sarif, Catch::Contains("\"relatedLocations\""));
    // Relative to the git work tree when the checkout is one, else absolute.
    CHECK_THAT(sarif, Catch::Contains("kernels/catalog/missing_barrier_raw.cu\", \"uriBaseId\": \"%SRCROOT%\"}, \"region\": {\"startLine\": 12}") ||
                          Catch::Contains("kernels/catalog/missing_barrier_raw.cu\"}, \"region\": {\"startLine\": 12}"));
    const std::string validate = "python3 -c \"import json, jsonschema; jsonschema.validate(json.load(open('" + file.string() +
                                 "')), json.load(open('" SIMT_SARIF_SCHEMA "')))\"";
    CHECK(std::system(validate.c_str()) == 0);
    fs::remove(file);
}

TEST_CASE("simt run --report json writes every hazard of the run with a summary") {
    const fs::path file = fs::temp_directory_path() / ("simt-report-" + std::to_string(getpid()) + ".json");
    const Result r = simt("run --mode lockstep --report json --report-file " + file.string() + " " + catalog("shared_counter.cu"));
    CHECK(r.status == 1);
    const std::string json = slurp(file);
    CHECK_THAT(json, Catch::StartsWith("{\n  \"tool\": \"simt\""));
    CHECK_THAT(json, Catch::Contains("\"kernel\": \"count\""));
    CHECK_THAT(json, Catch::Contains("\"summary\": {\"hazards\": "));
    CHECK(std::system(("python3 -c \"import json; json.load(open('" + file.string() + "'))\"").c_str()) == 0);
    fs::remove(file);
}

TEST_CASE("the seed document's puzzle 25 examples print exactly the expected outputs, in both modes") {
    std::ifstream expected(std::string(SIMT_TEST_PROGRAMS) + "/../seeds_expected.txt");
    std::string line;
    int programs = 0;
    while (std::getline(expected, line)) {
        const std::size_t colon = line.find(": ");
        REQUIRE(colon != std::string::npos);
        const std::string name = line.substr(0, colon), want = line.substr(colon + 2) + "\n";
        CAPTURE(name);
        for (const char* mode : {"its", "lockstep"}) {
            const Result r = simt(std::string("run --mode ") + mode + " " + SIMT_KERNELS_DIR + "/seeds/" + name + ".cu");
            CHECK(r.status == 0);
            CHECK(r.out == want);
            CHECK(r.err == kCleanRun);
        }
        ++programs;
    }
    CHECK(programs == 5);
}

TEST_CASE("simt run --backend cuda builds the unchanged file with nvcc and runs it, passing arguments and the exit status") {
    if (!fs::exists("/usr/local/cuda/bin/nvcc")) {
        WARN("nvcc is not installed here: the CUDA backend is checked on machines that have it");
        return;
    }
    const Result r = simt("run --backend cuda " + program("exit_status.cu") + " -- one two");
    if (fs::exists("/dev/nvidia0")) {
        CHECK(r.status == 3);
        CHECK_THAT(r.out, Catch::Contains("argc=3 last=two"));
    } else {
        // Built by nvcc, but not run: without a GPU every CUDA call fails,
        // and the program printed wrong values and exited 0.
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains("simt: error: --backend cuda runs the program on a GPU and this machine has none"));
    }
    const Result broken = simt("run --backend cuda " + program("compile_error.cu"));
    CHECK(broken.status == 2);
    CHECK_THAT(broken.err, Catch::Contains("compile_error.cu(5)"));
    CHECK_THAT(broken.err, Catch::Contains("did not compile with"));
}

TEST_CASE("editing a header next to the program invalidates the cached build") {
    const fs::path dir = fs::temp_directory_path() / ("simt-header-test-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "prog.cu") << "#include <cstdio>\n#include \"value.h\"\nint main() { std::printf(\"%d\\n\", VALUE); return 0; }\n";
    std::ofstream(dir / "value.h") << "#define VALUE 1\n";
    CHECK(simt("run " + (dir / "prog.cu").string()).out == "1\n");
    std::ofstream(dir / "value.h") << "#define VALUE 2\n";
    CHECK(simt("run " + (dir / "prog.cu").string()).out == "2\n");
    fs::remove_all(dir);
}

TEST_CASE("a hard-coded 0xffffffff mask works with 32-lane warps, as does its portable twin") {
    // With 64-lane warps (--warp-size 64) the broken program's report and the
    // twin's clean run are expected at the end of each program (kernels/README.md).
    const Result broken = simt("run --warp-size 32 " + catalog("hardcoded_warp_size.cu"));
    CHECK(broken.status == 0);
    CHECK(broken.out == "warp_sums: total 128 of 128 (no error)\n");
    for (const char* mode : {"its", "lockstep"}) {
        const Result fixed = simt(std::string("run --warp-size 32 --mode ") + mode + " " + catalog("hardcoded_warp_size_fixed.cu"));
        CHECK(fixed.status == 0);
        CHECK(fixed.err == kCleanRun);
        CHECK(fixed.out == "warp_sums: total 128 of 128 (no error)\n");
    }
}

TEST_CASE("programs that print what shuffles past their segment return, on purpose, get the value-used warning, exit 0 and no error") {
    for (const char* program : {"conformance/shuffle_edges.cu", "conformance/overlapping_masks.cu", "api/half_precision.cu",
                                "api/large_tiles.cu"}) {
        CAPTURE(program);
        const Result r = simt(std::string("run ") + (fs::path(SIMT_KERNELS_DIR) / program).string());
        CHECK(r.status == 0);
        CHECK_THAT(r.err, Catch::Contains("simt: warning: shuffle hazard (source outside segment, value used)"));
        CHECK_THAT(r.err, Catch::Contains("ERROR SUMMARY: 0 errors"));
        CHECK_THAT(r.err, !Catch::Contains("simt: error: "));
    }
}

TEST_CASE("simt run --leak-check reports allocations never freed, grouped by the cudaMalloc call, and fails the run", "[fault-paths]") {
    const fs::path dir = fs::temp_directory_path() / ("simt-leak-test-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "leaky.cu") << "#include <cstdio>\n"
                                       "__global__ void k(float* p) { p[threadIdx.x] = 1.0f; }\n"
                                       "int main() {\n"
                                       "    float *a, *b;\n"
                                       "    for (int i = 0; i < 3; ++i) {\n"
                                       "        cudaMalloc(&a, 256 * sizeof(float));\n"
                                       "        k<<<1, 256>>>(a);\n"
                                       "    }\n"
                                       "    cudaMalloc(&b, 64);\n"
                                       "    cudaFree(b);\n"
                                       "    printf(\"done\\n\");\n"
                                       "}\n";
    const std::string program = (dir / "leaky.cu").string();
    const Result leaks = simt("run --leak-check " + program);
    CHECK(leaks.status == 1);
    CHECK(leaks.out == "done\n");
    CHECK_THAT(leaks.err, Catch::Contains("simt: error: memory leak: allocation #1 (1024 bytes, cudaMalloc) made at leaky.cu:6 was never freed"));
    CHECK_THAT(leaks.err, Catch::Contains("(3 allocations from this call were never freed)"));
    CHECK_THAT(leaks.err, Catch::Contains("simt: 3 allocations (3072 bytes) never freed"));
    CHECK_THAT(leaks.err, !Catch::Contains("leaky.cu:9"));  // freed
    const Result json = simt("run --leak-check --report json --report-file " + (dir / "r.json").string() + " " + program);
    std::ifstream in(dir / "r.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Catch::Contains("\"kernel\": \"(at exit)\""));
    CHECK_THAT(text, Catch::Contains("\"checker\": \"memory\""));
    const Result quiet = simt("run " + program);  // off by default, as in memcheck
    CHECK(quiet.status == 0);
    CHECK(quiet.err == kCleanRun);
    fs::remove_all(dir);
}

TEST_CASE("a flag that every thread sets to the same value is silent by default and a race with --uniform-writes report, a bad value is refused") {
    const fs::path dir = fs::temp_directory_path() / ("simt-uniform-test-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "flag.cu") << "#include <cstdio>\n"
                                      "__global__ void any_odd(const int* v, int* found) { if (v[threadIdx.x] % 2) *found = 1; }\n"
                                      "int main() {\n"
                                      "    int *v, *found;\n"
                                      "    cudaMallocManaged(&v, 64 * sizeof(int));\n"
                                      "    cudaMallocManaged(&found, sizeof(int));\n"
                                      "    for (int i = 0; i < 64; ++i) v[i] = i;\n"
                                      "    *found = 0;\n"
                                      "    any_odd<<<1, 64>>>(v, found);\n"
                                      "    cudaDeviceSynchronize();\n"
                                      "    printf(\"%d\\n\", *found);\n"
                                      "}\n";
    const std::string program = (dir / "flag.cu").string();
    const Result counted = simt("run --uniform-writes report " + program);
    CHECK(counted.status == 1);
    CHECK_THAT(counted.err, Catch::Contains("race hazard (WAW"));
    for (const char* options : {"", "--uniform-writes ignore "}) {
        CAPTURE(options);
        const Result ignored = simt("run " + std::string(options) + program);
        CHECK(ignored.status == 0);
        CHECK(ignored.out == "1\n");
        CHECK(ignored.err == kCleanRun);
    }
    const Result bad = simt("run --uniform-writes maybe " + program);
    CHECK(bad.status != 0);
    CHECK_THAT(bad.err, Catch::Contains("--uniform-writes"));
    fs::remove_all(dir);
}

// The correct programs of kernels/: the catalog's fixed twins and every
// conformance, demo and seed program but those that print shuffles' own
// values on purpose (the semantics checked against an H100: a value-used
// error each, tested above) and the two catalog bugs without a twin.
std::vector<fs::path> correct_kernel_programs() {
    std::vector<fs::path> clean;
    for (const char* folder : {"catalog", "conformance", "demo", "seeds"}) {
        for (const auto& entry : fs::directory_iterator(fs::path(SIMT_KERNELS_DIR) / folder)) {
            const std::string name = entry.path().stem().string();
            if (entry.path().extension() != ".cu") continue;
            if (std::string(folder) == "catalog" && name.find("_fixed") == std::string::npos) continue;
            if (name == "warp_bitonic_sort" || name.rfind("tiled_matmul_no_", 0) == 0) continue;
            if (name == "shuffle_edges" || name == "overlapping_masks") continue;
            clean.push_back(entry.path());
        }
    }
    std::sort(clean.begin(), clean.end());
    return clean;
}

TEST_CASE("past --race-memory the race checker warns once a launch, keeps each word's last access and still finds "
          "races, by default it has room") {
    const Result limited = simt("run --race-memory 1 " + program("race_memory_limit.cu"));
    CHECK(limited.status == 1);
    CHECK(limited.out == "out[0] 0\n");
    CHECK_THAT(limited.err, Catch::StartsWith("simt: warning: race hazard (memory limit) on global memory in kernel "
                                              "sum_table\n  Read of size 4 at global allocation #1 (262144 bytes)"));
    CHECK_THAT(limited.err, Catch::Contains("words of global memory that several threads touched, all that "
                                            "--race-memory 1 (MiB) allows; from here on in this launch"));
    CHECK_THAT(limited.err, Catch::Contains("simt: error: race hazard (WAW, across blocks) on global memory in kernel "
                                            "sum_table\n  Write of size 4 at global allocation #3 (4 bytes)"));
    CHECK_THAT(limited.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 1 warning\n"));
    const Result roomy = simt("run " + program("race_memory_limit.cu"));
    CHECK(roomy.status == 1);
    CHECK(roomy.out == "out[0] 0\n");
    CHECK_THAT(roomy.err, !Catch::Contains("memory limit"));
    CHECK_THAT(roomy.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
}

TEST_CASE("device-side cudaMalloc and cudaFree happen once in a launch whose blocks run side by side, with any "
          "worker count") {
    // cuda-samples' cdpBezierTessellation: a block's first try stored the
    // allocated pointer, the rerun in block order found it set and its count
    // undone, and launched a zero-sized child grid (a false report).
    const std::string source = std::string(SIMT_KERNELS_DIR) + "/conformance/device_side_allocation.cu";
    for (const char* threads : {"1", "2"}) {
        CAPTURE(threads);
        const Result r = simt(std::string("run --threads ") + threads + " " + source);
        CHECK(r.status == 0);
        CHECK(r.out == "device_side_allocation: no error, no error, sums[7] 104.5, 0 wrong\n");
        CHECK(r.err == kCleanRun);
    }
}

// A question of the engine's schedules (each program's memory safety is the
// sanitized build's other cases').
TEST_CASE("every correct program in kernels/ runs with no report and exit 0 in both modes (its under 10 seeds)", "[plain-build]") {
    const std::vector<fs::path> clean = correct_kernel_programs();
    REQUIRE(clean.size() >= 26);
    for (const fs::path& program : clean) {
        for (const char* mode : {"its", "lockstep"}) {
            // Lockstep draws nothing from the seed: one run covers it.
            const int seeds = std::string(mode) == "its" ? 10 : 1;
            for (int seed = 0; seed < seeds; ++seed) {
                CAPTURE(program.string(), mode, seed);
                const Result r = simt(std::string("run --mode ") + mode + " --seed " + std::to_string(seed) + " " + program.string());
                CHECK(r.status == 0);
                CHECK(r.err == kCleanRun);
            }
        }
    }
}

// As the test above; --check none's threads switch only when they wait
// (EngineOptions::switch_at_accesses): spin-waits on flags and compare-and-swap
// loops must still end, and correct programs print what they print checked.
TEST_CASE("every correct program in kernels/ prints the same with --check none, where threads switch only when they wait", "[plain-build]") {
    const std::vector<fs::path> clean = correct_kernel_programs();
    REQUIRE(clean.size() >= 26);
    for (const fs::path& program : clean) {
        CAPTURE(program.string());
        const Result checked = simt("run --seed 3 " + program.string());
        const Result unchecked = simt("run --check none --seed 3 " + program.string());
        CHECK(unchecked.status == 0);
        CHECK(unchecked.out == checked.out);
        CHECK(unchecked.err == kCleanRun);
    }
}

TEST_CASE("with --check none threads switch only when they wait, unless --switch-at accesses asks for the checked runs' switches") {
    // Every thread adds one to a shared counter with a plain load and store.
    const std::string source = catalog("shared_counter.cu");
    const Result checked = simt("run --seed 5 " + source);
    CHECK(checked.status == 1);  // the race
    CHECK(checked.out == "count: 4 of 4 block counters wrong\n");  // updates lost where threads switched
    // Each read-modify-write runs whole: no update is lost, for any worker count.
    for (const char* threads : {"--threads 1 ", "--threads 2 "}) {
        CAPTURE(threads);
        const Result unchecked = simt(std::string("run --check none --seed 5 ") + threads + source);
        CHECK(unchecked.status == 0);
        CHECK(unchecked.out == "count: 0 of 4 block counters wrong\n");
    }
    // The checked runs' switches without their checks, and the other way round.
    CHECK(simt("run --check none --switch-at accesses --seed 5 " + source).out == checked.out);
    CHECK(simt("run --switch-at waits --seed 5 " + source).out == "count: 0 of 4 block counters wrong\n");
    // A schedule's steps are counted in accesses.
    const Result refused = simt("run --switch-at waits --record-schedule x.txt " + source);
    CHECK(refused.status == 2);
    CHECK_THAT(refused.err, Catch::Contains("switch-at=waits and a schedule: a schedule's steps are taken at memory accesses"));
    CHECK(refused.out.empty());
}

TEST_CASE("a race between blocks gives the same report, byte for byte, with 1 or 2 workers and run after run") {
    const std::string program = catalog("inplace_stencil.cu");
    const Result one = simt("run --threads 1 --seed 3 " + program);
    CHECK(one.status == 1);
    CHECK_THAT(one.err, Catch::Contains("across blocks"));
    for (int run = 0; run < 4; ++run) {
        CAPTURE(run);
        const Result two = simt("run --threads 2 --seed 3 " + program);
        CHECK(two.err == one.err);
        CHECK(two.out == one.out);
    }
}

TEST_CASE("blocks that really race on global memory print what block order gives, run after run and for any worker count") {
    const std::string program = std::string(SIMT_TEST_PROGRAMS) + "/racy_blocks.cu";
    const Result one = simt("run --threads 1 " + program);
    CHECK(one.status == 1);
    CHECK_THAT(one.err, Catch::Contains("race hazard (RAW, across blocks)"));
    CHECK_THAT(one.out, Catch::StartsWith("total 2080: 1 3 6 10 15 "));
    CHECK_THAT(one.out, Catch::Contains("scale 7 7"));
    for (int run = 0; run < repeats(20); ++run) {
        CAPTURE(run);
        const Result two = simt("run --threads 2 " + program);
        CHECK(two.out == one.out);
        CHECK(two.err == one.err);
    }
}

TEST_CASE("a block running side by side on another block's partial work is stopped once that block ends, and the launch reports the race in block order") {
    // The watchdog off: only the footprint's look can end block 1's loop.
    const Result r = simt("run --threads 2 --watchdog 0 " + std::string(SIMT_TEST_PROGRAMS) + "/partial_work.cu");
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("race hazard (RAW, across blocks)"));
    CHECK(r.out == "out[0] 0 out[32] 16\n");
}

TEST_CASE("a kernel that spins until the host sets a pinned latch, with more work queued behind it on the stream, runs once the host has set it, in both modes, with no report") {
    const std::string program = std::string(SIMT_TEST_PROGRAMS) + "/host_latch.cu";
    for (const char* mode : {"its", "lockstep"}) {
        CAPTURE(mode);
        const Result r = simt(std::string("run --mode ") + mode + " " + program);
        CHECK(r.status == 0);
        CHECK(r.err == kCleanRun);
        // As on an H200 (docs/gpu-runs/2026-11-26-h200-host-latch.txt): nothing
        // behind the spinner ran before the latch.
        CHECK(r.out == "before the latch: out[5] = 0\n"
                       "synchronised: no error\n"
                       "events: no error, elapsed measured\n"
                       "out[5] = 15, 0 of 256 wrong\n");
    }
}

TEST_CASE("a kernel waiting for a pinned latch the host never sets is a deadlock reported at the host's synchronising call, naming the host memory it polls", "[fault-paths]") {
    const Result r = simt("run " + std::string(SIMT_TEST_PROGRAMS) + "/host_latch.cu -- never");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::StartsWith("before the latch: out[5] = 0\nsynchronised: the launch timed out and was terminated\n"));
    CHECK_THAT(r.err, Catch::Contains("deadlock in kernel wait_for_host, block (0,0,0)"));
    CHECK_THAT(r.err, Catch::Contains("host_latch.cu:12"));
    CHECK_THAT(r.err, Catch::Contains("they poll host memory (cudaMallocHost or managed) that the host had not written"));
}

TEST_CASE("the plain-CUDA collectives check passes every collective, type and block shape in both modes and warp sizes, with no report") {
    const std::string program = std::string(SIMT_KERNELS_DIR) + "/demo/collectives_check.cu";
    for (const char* warp : {"32", "64"}) {
        for (const char* mode : {"its", "lockstep"}) {
            CAPTURE(warp, mode);
            // Every checker but the shuffle checker, which reports the own
            // values this check prints on purpose (see above).
            const Result r = simt(std::string("run --check race,barrier,warp-sync,memory,init --mode ") + mode +
                                  " --warp-size " + warp + " " + program);
            CHECK(r.status == 0);
            CHECK(r.err == kCleanRun);
            CHECK_THAT(r.out, Catch::StartsWith("collectives: all 115840 checks passed (warp size " + std::string(warp) + ")"));
        }
    }
}

namespace {
// A fresh directory for one test's files.
fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("simt-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// `simt rewrite ARGS` (which takes no --cache-dir, unlike simt()).
Result simt_rewrite(const std::string& args, const fs::path& dir) {
    const std::string command = std::string(SIMT_EXE) + " rewrite " + args + " >" + (dir / "rewrite.out").string() +
                                " 2>" + (dir / "rewrite.err").string();
    const int raw = std::system(command.c_str());
    Result r{WIFEXITED(raw) ? WEXITSTATUS(raw) : 255, slurp(dir / "rewrite.out"), slurp(dir / "rewrite.err")};
    UNSCOPED_INFO("command: " << command << "\nstderr:\n" << r.err);
    return r;
}
}  // namespace

TEST_CASE("simt rewrite into a directory that does not exist fails and names the file") {
    const fs::path dir = scratch("rewrite-missing-dir");
    std::ofstream(dir / "p.cu") << "int main() { return 0; }\n";
    const Result r = simt_rewrite((dir / "p.cu").string() + " -o " + (dir / "missing" / "x.cpp").string(), dir);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("simt: error: cannot write " + (dir / "missing" / "x.cpp").string()));
    fs::remove_all(dir);
}

TEST_CASE("a source path with a quote or a backslash builds without warnings and runs") {
    const fs::path dir = scratch("odd-path") / "odd\"dir" / "back\\slash";
    fs::create_directories(dir);
    std::ofstream(dir / "q\"uote.cu") << "#include <cstdio>\nint main() { printf(\"ran\\n\"); return 0; }\n";
    const Result r = simt("run '" + (dir / "q\"uote.cu").string() + "'");
    CHECK(r.status == 0);
    CHECK(r.out == "ran\n");
    CHECK_THAT(before_summary(r.err), !Catch::Contains("warning"));
    fs::remove_all(dir.parent_path().parent_path());
}

TEST_CASE("a file containing NUL bytes is refused as not a source file") {
    const fs::path dir = scratch("nul-bytes");
    std::ofstream(dir / "f.cu", std::ios::binary) << std::string("\x7f" "ELF\0\0\0int main", 12);
    const std::string refusal = "simt: error: " + (dir / "f.cu").string() + " is not a source file (it contains NUL bytes)\n";
    const Result run = simt("run " + (dir / "f.cu").string());
    CHECK(run.status == 2);
    CHECK(run.err == refusal);
    const Result rewrite = simt_rewrite((dir / "f.cu").string(), dir);
    CHECK(rewrite.status == 2);
    CHECK(rewrite.err == refusal);
    fs::remove_all(dir);
}

TEST_CASE("an empty file is refused as empty and a file without main() says so after the linker's messages") {
    const fs::path dir = scratch("no-main");
    std::ofstream(dir / "empty.cu") << "\n  \n";
    std::ofstream(dir / "lib.cu") << "__global__ void k() {}\n";
    const Result empty = simt("run " + (dir / "empty.cu").string());
    CHECK(empty.status == 2);
    CHECK_THAT(empty.err, Catch::Contains("simt: error: " + (dir / "empty.cu").string() + " is empty"));
    const Result lib = simt("run " + (dir / "lib.cu").string());
    CHECK(lib.status == 2);
    CHECK_THAT(lib.err, Catch::Contains("did not link (see the linker's messages above); it defines no main()"));
    fs::remove_all(dir);
}

TEST_CASE("launches nvcc accepts run: shifts and comparisons in template arguments and a function pointer and macros") {
    const fs::path dir = scratch("launch-forms");
    std::ofstream(dir / "forms.cu")
        << "#include <cstdio>\n"
           "#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)\n"
           "#define LAUNCH_NOTHING(k) \\\n  k<<<1, \\\n     32>>>()\n"
           "template <int N> __global__ void put(int* d) { d[threadIdx.x] = N; }\n"
           "template <bool B> __global__ void flag(int* d) { d[threadIdx.x] = B ? 7 : 8; }\n"
           "__global__ void add(int* d, int v) { d[threadIdx.x] += v; }\n"
           "__global__ void nothing() {}\n"
           "int main() {\n"
           "  int* d; cudaMallocManaged(&d, 32 * sizeof(int));\n"
           "  const int n = 3;\n"
           "  put<(1 << 2)><<<1, 32>>>(d); cudaDeviceSynchronize(); printf(\"%d \", d[31]);\n"
           "  flag<(n > 2)><<<1, 32>>>(d); cudaDeviceSynchronize(); printf(\"%d \", d[31]);\n"
           "  void (*fp)(int*, int) = add;\n"
           "  (*fp)<<<1, 32>>>(d, 2); cudaDeviceSynchronize(); printf(\"%d \", d[31]);\n"
           "  LAUNCH(add, 1, 32, d, 10); LAUNCH(nothing, 1, 32); LAUNCH_NOTHING(nothing);\n"
           "  cudaDeviceSynchronize(); printf(\"%d line %d\\n\", d[31], __LINE__);\n"
           "  return 0;\n}\n";
    const Result r = simt("run " + (dir / "forms.cu").string());
    CHECK(r.status == 0);
    CHECK(r.out == "4 7 9 19 line 18\n");
    fs::remove_all(dir);
}

TEST_CASE("a file-scope extern __shared__ array is the block's dynamic shared memory and hides no other name") {
    const fs::path dir = scratch("file-scope-extern-shared");
    std::ofstream(dir / "buf.cu")
        << "#include <cstdio>\n"
           "extern __shared__ float buf[];\n"
           "struct Holder { int buf; };\n"
           "__device__ float twice(const float* p) { return 2 * p[0]; }\n"
           "__global__ void k(float* out) {\n"
           "  buf[threadIdx.x] = threadIdx.x;\n"
           "  __syncthreads();\n"
           "  int* as_int = reinterpret_cast<int*>(buf);\n"
           "  out[threadIdx.x] = twice(buf + (31 - threadIdx.x)) + ((float*)buf)[1] + (as_int == (int*)buf);\n"
           "}\n"
           "int scale(int buf) { return 3 * buf; }\n"
           "int main() {\n"
           "  float* out; cudaMallocManaged(&out, 32 * sizeof(float));\n"
           "  k<<<1, 32, 32 * sizeof(float)>>>(out); cudaDeviceSynchronize();\n"
           "  Holder h{5};\n"
           "  printf(\"%g %g %d %d\\n\", out[0], out[31], h.buf, scale(2));\n"
           "  return 0;\n}\n";
    const Result r = simt("run " + (dir / "buf.cu").string());
    CHECK(r.status == 0);
    CHECK(r.out == "64 2 5 6\n");
    fs::remove_all(dir);
}

TEST_CASE("the gaps the README lists under 'What simt does not catch yet' behave as it says") {
    // Each is an error on an H100 (tests/programs/known_gaps.cu says which);
    // simt runs it with no report. When one is fixed, this fails: update the README.
    const struct {
        const char* gap;
        const char* out;
    } gaps[] = {
        {"host-heap", "cudaSuccess, host[31] = 31\n"},  // a store through a calloc'd pointer is performed
        {"neighbour", "cudaSuccess, b[0] = 7\n"},       // an index that reaches the next allocation is performed
        {"split-vector", "cudaSuccess\n"},              // g++ splits the misaligned double2 load into two doubles
    };
    for (const auto& [gap, out] : gaps) {
        CAPTURE(gap);
        const Result r = simt("run " + program("known_gaps.cu") + " -- " + gap);
        CHECK(r.status == 0);
        CHECK(r.out == out);
        CHECK(r.err == kCleanRun);
    }
}

TEST_CASE("every thread that fails a device assert is an error of its own, in block and thread order, as an H200 prints each", "[fault-paths]") {
    // docs/gpu-runs/2026-11-27-h200-device-asserts.txt: the failing thread
    // of each of 4 blocks, lane 3 of each of 8 warps in 2 blocks.
    const std::string probe = std::string(SIMT_SOURCE_DIR) + "/docs/gpu-runs/probes/device_asserts.cu";
    for (const char* threads : {"1", "2"}) {
        CAPTURE(threads);
        const Result blocks = simt(std::string("run --threads ") + threads + " " + probe + " -- blocks");
        CHECK(blocks.status == 1);
        CHECK(blocks.out == "sync: cudaErrorAssert\n");
        std::string expected;
        for (int b = 0; b < 4; ++b)
            expected += "device_asserts.cu:5: void blocks(): block: [" + std::to_string(b) +
                        ",0,0], thread: [5,0,0] Assertion `threadIdx.x != 5` failed. (kernel blocks, warp 0, lane 5)\n";
        std::string got, said;
        for (std::istringstream lines(blocks.err); std::getline(lines, said);)
            if (const auto at = said.find("device_asserts.cu:"); at != std::string::npos) got += said.substr(at) + "\n";
        CHECK(got == expected);
        CHECK_THAT(blocks.err, Catch::EndsWith("simt: ERROR SUMMARY: 4 errors, 0 warnings\n"));

        const Result warps = simt(std::string("run --threads ") + threads + " " + probe + " -- warps");
        CHECK(warps.status == 1);
        std::string order;
        for (std::istringstream lines(warps.err); std::getline(lines, said);)
            if (const auto at = said.find("block: ["); at != std::string::npos)
                order += said.substr(at, said.find(" Assertion") - at) + "\n";
        CHECK(order == "block: [0,0,0], thread: [3,0,0]\nblock: [0,0,0], thread: [35,0,0]\nblock: [0,0,0], thread: [67,0,0]\n"
                       "block: [0,0,0], thread: [99,0,0]\nblock: [1,0,0], thread: [3,0,0]\nblock: [1,0,0], thread: [35,0,0]\n"
                       "block: [1,0,0], thread: [67,0,0]\nblock: [1,0,0], thread: [99,0,0]\n");
        CHECK_THAT(warps.err, Catch::EndsWith("simt: ERROR SUMMARY: 8 errors, 0 warnings\n"));
    }
}

TEST_CASE("a thread an assert stopped holds the others at the next barrier, so an assert behind it is not reached, as on a GPU") {
    // The H200 prints thread 40's failure only: thread 0 would fail after
    // the barrier thread 40 never reaches. No deadlock is reported.
    const Result r = simt("run " + std::string(SIMT_SOURCE_DIR) + "/docs/gpu-runs/probes/device_asserts.cu -- barrier");
    CHECK(r.status == 1);
    CHECK(r.out == "sync: cudaErrorAssert\n");
    CHECK_THAT(r.err, Catch::Contains("block: [0,0,0], thread: [40,0,0] Assertion `false` failed."));
    CHECK_THAT(r.err, !Catch::Contains("threadIdx.x == 1"));
    CHECK_THAT(r.err, !Catch::Contains("deadlock"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
}

TEST_CASE("blocks left waiting for a block that faulted are not a deadlock: the fault ends the launch, as a GPU's trap does", "[fault-paths]") {
    // docs/gpu-runs/2026-11-27-h200-trap-ends-launch.txt: a failed assert or
    // an illegal address in block 1 while the others wait at grid.sync() or
    // spin on a flag block 1 was to set ends the launch with that fault on
    // an H200 (no hang). simt reported a deadlock of block 0 instead.
    const std::string probe = std::string(SIMT_SOURCE_DIR) + "/docs/gpu-runs/probes/trap_ends_launch.cu";
    const struct {
        const char* which;
        const char* error;
        const char* report;
    } cases[] = {
        {"coop_assert", "cudaErrorAssert", "block: [1,0,0], thread: [3,0,0] Assertion `out[0] == 42` failed."},
        {"coop_oob", "cudaErrorIllegalAddress", "invalid global write of size 4 in kernel coop_oob by thread (3,0,0) of block (1,0,0)"},
        {"spin_assert", "cudaErrorAssert", "block: [1,0,0], thread: [0,0,0] Assertion `out[0] == 42` failed."},
        {"spin_oob", "cudaErrorIllegalAddress", "invalid global write of size 4 in kernel spin_oob by thread (0,0,0) of block (1,0,0)"},
    };
    // One worker or two (the waiting blocks on other workers); the sanitized
    // build, where a spinning block costs 7 s a run, checks two only.
    const std::vector<const char*> workers = SIMT_SANITIZED_BUILD ? std::vector<const char*>{"2"} : std::vector<const char*>{"1", "2"};
    for (const auto& c : cases) {
        for (const char* threads : workers) {
            CAPTURE(c.which, threads);
            const Result r = simt(std::string("run --threads ") + threads + " " + probe + " -- " + c.which);
            CHECK(r.status == 1);
            CHECK_THAT(r.out, Catch::EndsWith(std::string(" sync ") + c.error + "\n"));
            CHECK_THAT(r.err, Catch::Contains(c.report));
            CHECK_THAT(r.err, !Catch::Contains("deadlock"));
            CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
        }
    }
}

TEST_CASE("past 100 failed asserts in a launch the rest are counted, not printed, and each is still an error, in JSON and SARIF too") {
    // Two sites: the 100 shown are all of the first; the second's failures
    // are all past them, a group of their own in the reports.
    const std::string source = "#include <cassert>\n#include <cstdio>\n"
                               "__global__ void all() {\n"
                               "    if (blockIdx.x < 10) assert(threadIdx.x > 1000);\n"
                               "    else assert(threadIdx.x > 2000);\n"
                               "}\n"
                               "int main() { all<<<20, 256>>>(); "
                               "std::printf(\"%s\\n\", cudaGetErrorName(cudaDeviceSynchronize())); return 0; }\n";
    const fs::path json = fs::temp_directory_path() / ("simt-asserts-" + std::to_string(getpid()) + ".json");
    const Result r = run_source("all", source, "--report json --report-file " + json.string() + " ");
    CHECK(r.status == 1);
    CHECK(r.out == "cudaErrorAssert\n");
    std::size_t printed = 0;
    for (std::size_t at = r.err.find("Assertion `"); at != std::string::npos; at = r.err.find("Assertion `", at + 1)) ++printed;
    CHECK(printed == 100);
    CHECK_THAT(r.err, Catch::Contains("simt: error: 5020 more threads of kernel all failed an assert (the first 100 are shown)\n"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 5120 errors, 0 warnings\n"));
    // Each site a group counting all its failing threads (a group's count,
    // then its launches'): the text's 5120 in the reports too.
    const auto groups_of_2560 = [](const std::string& text) {
        std::size_t n = 0;
        for (std::size_t at = text.find("\"instances\": 2560,"); at != std::string::npos;
             at = text.find("\"instances\": 2560,", at + 1))
            ++n;
        return n;
    };
    const std::string report = slurp(json);
    CHECK(groups_of_2560(report) == 2);
    CHECK_THAT(report, Catch::Contains("block: [0,0,0], thread: [0,0,0] Assertion `threadIdx.x > 1000` failed."));
    CHECK_THAT(report, Catch::Contains("block: [10,0,0], thread: [0,0,0] Assertion `threadIdx.x > 2000` failed."));
    fs::remove(json);
    const fs::path sarif = fs::temp_directory_path() / ("simt-asserts-" + std::to_string(getpid()) + ".sarif");
    const Result s = run_source("all", source, "--report sarif --report-file " + sarif.string() + " ");
    CHECK(s.status == 1);
    CHECK(groups_of_2560(slurp(sarif)) == 2);
    fs::remove(sarif);
}

TEST_CASE("device memcpy/memset and __device__ arrays: each broken case is reported at its line and each twin is clean, in both modes") {
    // tests/programs/device_memory_checks.cu; what an H200 and compute-sanitizer
    // said of each case is in docs/gpu-validation.md.
    const struct {
        const char* which;
        const char* out;
        const char* report;  // "" for none
    } cases[] = {
        {"memcpy-race", "", "on shared memory in kernel copy_rows"},
        {"memcpy-race-fixed", "cudaSuccess, sum 64\n", ""},
        {"memset-oob", "cudaErrorIllegalAddress\n", "invalid global write of size 1280 in kernel clear"},
        {"memset-fixed", "cudaSuccess\n", ""},
        {"memcpy-uninit", "cudaSuccess, sum 128\n", "uninitialised read) on global memory in kernel copy"},
        {"memcpy-uninit-fixed", "cudaSuccess, sum 128\n", ""},
        {"device-array-oob", "cudaErrorIllegalAddress, after_table sum 0\n",
         "out-of-bounds global write of size 4 in kernel fill_table"},
        {"device-array-fixed", "cudaSuccess, after_table sum 0\n", ""},
        {"same-value", "cudaSuccess, sum 64\n", ""},
    };
    for (const char* mode : {"its", "lockstep"}) {
        for (const auto& [which, out, report] : cases) {
            CAPTURE(mode, which);
            const Result r = simt(std::string("run --mode ") + mode + " " + program("device_memory_checks.cu") + " -- " + which);
            if (*out != '\0') CHECK(r.out == out);
            if (*report == '\0') {
                CHECK(r.status == 0);
                CHECK(r.err == kCleanRun);
                continue;
            }
            CHECK(r.status == 1);
            CHECK_THAT(r.err, Catch::Contains(report));
        }
        const Result racy = simt(std::string("run --mode ") + mode + " " + program("device_memory_checks.cu") + " -- memcpy-race");
        CHECK_THAT(racy.err, Catch::Contains("device_memory_checks.cu:12"));
        CHECK_THAT(racy.err, Catch::Contains("device_memory_checks.cu:14"));
        const Result uniform = simt(std::string("run --uniform-writes report --mode ") + mode + " " +
                                    program("device_memory_checks.cu") + " -- same-value");
        CHECK(uniform.status == 1);
        CHECK_THAT(uniform.err, Catch::Contains("race hazard (WAW"));
    }
    const Result table = simt("run " + program("device_memory_checks.cu") + " -- device-array-oob");
    CHECK_THAT(table.err, Catch::Contains(" of __device__ table (64 bytes): it ends "));
    CHECK_THAT(table.err, Catch::Contains("device_memory_checks.cu:31"));
    const Result cleared = simt("run " + program("device_memory_checks.cu") + " -- memset-oob");
    CHECK_THAT(cleared.err, Catch::Contains("device_memory_checks.cu:19"));
}

// [plain-build]: a sweep of seeds; the case that shrinks a schedule runs the same explorer
// under the sanitizers.
TEST_CASE("simt run --explore 20 says a racy catalog program's output depends on the schedule, naming two seeds, and its fixed twin's does not", "[plain-build]") {
    const std::string catalog = std::string(SIMT_KERNELS_DIR) + "/catalog/";
    const Result racy = simt("run --explore 20 " + catalog + "missing_barrier_raw.cu");
    CHECK(racy.status == 1);
    CHECK_THAT(racy.out, Catch::StartsWith("simt explore: 20 seeds (0-19, its mode): "));
    const std::string said = "the output depends on the schedule: seeds 0 and ";
    REQUIRE_THAT(racy.out, Catch::Contains(said));
    // Either seed named replays its output on its own.
    const std::size_t at = racy.out.find(said) + said.size();
    const std::string other = racy.out.substr(at, racy.out.find(' ', at) - at);
    const Result first = simt("run --seed 0 " + catalog + "missing_barrier_raw.cu");
    const Result second = simt("run --seed " + other + " " + catalog + "missing_barrier_raw.cu");
    CHECK(first.out != second.out);
    CHECK_THAT(racy.out, Catch::Contains("output 1 (seed"));
    CHECK_THAT(racy.out, Catch::Contains("    " + first.out));
    CHECK_THAT(racy.out, Catch::Contains("    " + second.out));
    const Result fixed = simt("run --explore 20 " + catalog + "missing_barrier_raw_fixed.cu");
    CHECK(fixed.status == 0);
    CHECK_THAT(fixed.out, Catch::Contains("1 distinct output, 1 distinct set of findings\n"
                                          "the output does not depend on the schedule: every seed printed the same\n"
                                          "output 1 (seeds 0-19):\n"));
    CHECK(fixed.err.empty());
    // The other racy programs whose printed result follows the schedule. (The
    // catalog's shared_counter, missing_barrier_war and read_before_write
    // print the same wrong result under every seed: their reports name the
    // race, the verdict on the output is "does not depend".)
    for (const char* name : {"inplace_stencil", "single_buffer_scan", "warp_synchronous"}) {
        CAPTURE(name);
        const Result broken = simt("run --explore 20 --shrink-replays 0 " + catalog + name + ".cu");
        CHECK(broken.status == 1);
        CHECK_THAT(broken.out, Catch::Contains("the output depends on the schedule: seeds 0 and "));
        const Result twin = simt("run --explore 20 " + catalog + name + "_fixed.cu");
        CHECK(twin.status == 0);
        CHECK_THAT(twin.out, Catch::Contains("the output does not depend on the schedule"));
    }
}

namespace {

// What `simt run --explore` printed under a heading, up to the next line that
// does not begin with four spaces.
std::string section(const std::string& out, const std::string& heading) {
    const std::size_t at = out.find(heading);
    if (at == std::string::npos) return "";
    std::istringstream in(out.substr(at + heading.size()));
    std::string line, text;
    std::getline(in, line);  // the rest of the heading's line
    while (std::getline(in, line) && line.rfind("    ", 0) == 0) text += line.substr(4) + "\n";
    return text;
}

}  // namespace

TEST_CASE("simt run --explore shrinks a racy program's schedule to the steps that change its output, and --schedule replays them with any workers") {
    const std::string program = std::string(SIMT_KERNELS_DIR) + "/catalog/missing_barrier_raw.cu";
    const fs::path file = fs::temp_directory_path() / ("simt-shrunk-" + std::to_string(getpid()) + ".schedule");
    const Result explored = simt("run --explore 20 --record-schedule " + file.string() + " " + program);
    CHECK(explored.status == 1);
    const std::string plain = section(explored.out, "the plain order (each thread runs until it waits");
    const std::string shrunk = section(explored.out, "\nit prints:");
    REQUIRE_FALSE(plain.empty());
    REQUIRE_FALSE(shrunk.empty());
    CHECK(plain != shrunk);
    CHECK_THAT(explored.out, Catch::Contains(" schedule steps away from the plain order print another output ("));
    CHECK_THAT(explored.out, Catch::Contains(" replays):\n    kernel rotate, block 0: thread "));
    CHECK_THAT(explored.out, !Catch::Contains("shrunk: 0 of"));
    CHECK_THAT(explored.out, Catch::Contains("replay it: simt run --schedule " + file.string()));
    // The file holds the steps, each with what it means.
    const std::string steps = slurp(file);
    CHECK_THAT(steps, Catch::StartsWith("# simt schedule (independent thread scheduling), shrunk by simt run --explore"));
    CHECK_THAT(steps, Catch::Contains("  # kernel rotate, block 0: thread "));
    for (const char* threads : {"1", "2"}) {
        CAPTURE(threads);
        const Result replayed = simt(std::string("run --threads ") + threads + " --schedule " + file.string() + " " + program);
        CHECK(replayed.status == 1);  // still racy: the checkers run as ever
        CHECK(replayed.out == shrunk);
    }
    // An empty schedule is the plain order.
    std::ofstream(file, std::ios::trunc) << "# no steps\n";
    CHECK(simt("run --schedule " + file.string() + " " + program).out == plain);
    fs::remove(file);
}

TEST_CASE("a schedule is refused in lockstep mode, with --explore, or when its file cannot be read or has a line that is not a step") {
    const std::string program = std::string(SIMT_KERNELS_DIR) + "/catalog/missing_barrier_raw.cu";
    const fs::path file = fs::temp_directory_path() / ("simt-bad-" + std::to_string(getpid()) + ".schedule");
    std::ofstream(file) << "yield 0 0 1 1\nrun thread 3 first\n";
    const Result lockstep = simt("run --mode lockstep --schedule " + file.string() + " " + program);
    CHECK(lockstep.status == 2);
    CHECK_THAT(lockstep.err, Catch::Contains("independent thread scheduling's (--mode its)"));
    const Result explore = simt("run --explore 4 --schedule " + file.string() + " " + program);
    CHECK(explore.status == 2);
    CHECK_THAT(explore.err, Catch::Contains("--explore draws its own schedules"));
    const Result missing = simt("run --schedule " + file.string() + ".none " + program);
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("cannot read the schedule file"));
    const Result bad = simt("run --schedule " + file.string() + " " + program);
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains(": line 2 is not a schedule step"));
    CHECK(bad.out.empty());  // refused before the program ran
    fs::remove(file);
}

TEST_CASE("an object with virtual functions built in shared memory by one thread is initialised by its constructor") {
    // cuda-samples' newdelete does this; its vtable pointer store counts as a write.
    const std::string source = std::string(SIMT_KERNELS_DIR) + "/conformance/virtual_in_shared.cu";
    for (const char* mode : {"its", "lockstep"}) {
        CAPTURE(mode);
        const Result r = simt(std::string("run --mode ") + mode + " " + source);
        CHECK(r.status == 0);
        CHECK(r.out == "sum 2656 (no error)\n");
        CHECK(r.err == kCleanRun);
    }
    // Without the barrier the other threads read the vtable pointer before it is stored.
    const fs::path dir = fs::temp_directory_path() / ("simt-virtual-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::string text = slurp(source);
    text.replace(text.find("    __syncthreads();"), 20, "    /* no barrier */");
    std::ofstream(dir / "no_barrier.cu") << text;
    const Result racy = simt("run " + (dir / "no_barrier.cu").string());
    CHECK(racy.status == 1);
    CHECK_THAT(racy.err, Catch::Contains("uninitialised read) on shared memory in kernel use_shared_object\n"
                                         "  Read of size 8 at __shared__ use_shared_object::storage"));
    fs::remove_all(dir);
}
