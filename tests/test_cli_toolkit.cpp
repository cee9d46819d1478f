// The CUDA toolkit that real programs use (issue 18), each family's
// program run under simt and compared, line for line, with what it printed
// on a GPU (docs/gpu-runs/; the programs are plain CUDA in kernels/api/).
#include "cli_support.h"

namespace {

std::string api_program(const std::string& name) { return std::string(SIMT_KERNELS_DIR) + "/api/" + name; }

// Runs kernels/api/<program> with each of `options` and checks that it
// prints what the GPU printed (docs/gpu-runs/<gpu_file>), reporting nothing.
void check_prints_as_on_gpu(const std::string& program, const std::string& gpu_file,
                            std::initializer_list<const char*> options) {
    const std::string gpu = gpu_output(gpu_file);
    for (const char* option : options) {
        CAPTURE(option);
        const Result r = simt(std::string("run ") + option + api_program(program));
        CHECK(r.status == 0);
        CHECK(r.out == gpu);
        CHECK(r.err == kCleanRun);
    }
}

}  // namespace

TEST_CASE("device queries and the toolkit's macros answer as on a GPU: cudaDeviceGetAttribute, versions, guards") {
    // The GPU's output, line for line (docs/gpu-runs/2026-11-26-h200-device-queries.txt).
    const std::string gpu = gpu_output("2026-11-26-h200-device-queries.txt");
    const Result r = simt("run --report-api-errors no " + api_program("device_queries.cu"));
    CHECK(r.status == 0);
    CHECK(r.out == gpu);
    CHECK(r.err == kCleanRun);
    // cuda_profiler_api.h: both calls succeed and do nothing, as on a GPU no profiler watches.
    const Result profiler = simt("run " + api_program("profiler_calls.cu"));
    CHECK(profiler.status == 0);
    CHECK(profiler.out == "cudaProfilerStart cudaSuccess\ncudaProfilerStop cudaSuccess\nsync cudaSuccess\n");
    // nvtx3/nvToolsExt.h: what NVTX's header-only library returns with no tool
    // attached (NVTX_NO_PUSH_POP_TRACKING, CUDA 13's nvtx3/nvToolsExt.h:398).
    const Result nvtx = simt("run " + api_program("nvtx_ranges.cu"));
    CHECK(nvtx.status == 0);
    CHECK(nvtx.out == "push -2 pop -2 sync cudaSuccess\n");
}

TEST_CASE("the runtime API around launches answers as on a GPU: streams, events, callbacks, host memory, pools, "
          "hints, symbols, occupancy, device settings, the device clock") {
    // Quiet about the calls it makes fail on purpose (the next test case).
    check_prints_as_on_gpu("runtime_calls.cu", "2026-11-26-h200-runtime-calls.txt",
                           {"--report-api-errors no ", "--report-api-errors no --mode lockstep "});
}

TEST_CASE("runtime calls that return an error are reported at their lines, as compute-sanitizer reports them") {
    // memcheck on the GPU named the same four calls (and cudaGetLastError,
    // which only hands on an earlier error): docs/gpu-runs/2026-11-26-h200-runtime-calls.txt.
    const Result r = simt("run " + api_program("runtime_calls.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == gpu_output("2026-11-26-h200-runtime-calls.txt"));
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaEventElapsedTime at runtime_calls.cu:107 returned "
                                        "cudaErrorInvalidResourceHandle\n  CUDA's message: \"invalid resource handle\"\n"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaHostRegister at runtime_calls.cu:125 returned "
                                      "cudaErrorHostMemoryAlreadyRegistered\n"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaHostUnregister at runtime_calls.cu:135 returned "
                                      "cudaErrorHostMemoryNotRegistered\n"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaSetDeviceFlags at runtime_calls.cu:250 returned "
                                      "cudaErrorInvalidValue\n"));
    CHECK_THAT(before_summary(r.err), Catch::EndsWith("simt: 4 runtime calls failed (reported above)\n"));
    // Part of the memory check: without it, nothing is said.
    const Result quiet = simt("run --check race " + api_program("runtime_calls.cu"));
    CHECK(quiet.status == 0);
    CHECK(quiet.err == kCleanRun);
}

TEST_CASE("cooperative groups beyond tiles compute as on a GPU: thread_group, dynamic tiles, match, partitions, "
          "scans, invoke_one, and a grid barrier under cudaLaunchCooperativeKernel with no race reported") {
    const std::string gpu = gpu_output("2026-11-26-h200-cooperative-groups.txt");
    for (const char* options : {"", "--mode lockstep ", "--threads 2 "}) {
        CAPTURE(options);
        const Result r = simt(std::string("run ") + options + api_program("cooperative_groups.cu"));
        CHECK(r.status == 1);
        CHECK(r.out == gpu);
        // The one failing call, made on purpose (memcheck on the GPU reports it too).
        CHECK(before_summary(r.err) == "simt: error: cudaLaunchCooperativeKernel at cooperative_groups.cu:133 returned "
                       "cudaErrorCooperativeLaunchTooLarge\n"
                       "  CUDA's message: \"too many blocks in cooperative launch\"\n"
                       "  Why: an argument or the state of the device is one the call refuses; it did nothing, and a "
                       "program that goes on as if it had worked uses what it did not produce\n"
                       "  Fix: check the call's result (compare with cudaSuccess) and the arguments the error names\n"
                       "simt: 1 runtime call failed (reported above)\n");
    }
}

TEST_CASE("this_grid().sync() outside a cooperative launch stops the launch with the reason and the line") {
    const Result r = simt("run " + program("grid_sync_misuse.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == "launch: cudaErrorLaunchFailure\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: this_grid().sync() in a kernel not launched with "
                                        "cudaLaunchCooperativeKernel (its blocks need not be resident together, and "
                                        "a GPU may hang), in kernel phases, thread "));
    CHECK_THAT(before_summary(r.err), Catch::EndsWith(" at grid_sync_misuse.cu:10\n"));
}

TEST_CASE("a runtime call given flags CUDA does not define is refused and reported at its line") {
    const fs::path dir = fs::temp_directory_path() / ("simt-flags-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path source = dir / "bad_flags.cu";
    std::ofstream(source) << "#include <cstdio>\n"
                             "int main() {\n"
                             "    float* p = nullptr;\n"
                             "    cudaError_t e = cudaHostAlloc(&p, 64, 0x40);\n"
                             "    std::printf(\"%s %s\\n\", cudaGetErrorName(e), p ? \"set\" : \"null\");\n"
                             "}\n";
    const Result r = simt("run " + source.string());
    CHECK(r.status == 1);
    CHECK(r.out == "cudaErrorInvalidValue null\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaHostAlloc at bad_flags.cu:4 returned cudaErrorInvalidValue\n"
                                        "  Flags 64 name no cudaHostAlloc flag\n"));
    fs::remove_all(dir);
}

TEST_CASE("cuda_fp16.h and cuda_bf16.h compute bit for bit what an H100 computes: conversions in every rounding "
          "mode, arithmetic, comparisons, math, half2, shuffles and atomics") {
    // Every checker but the shuffle checker, which reports the own values
    // past the segment this program prints on purpose (tests/test_cli.cpp).
    check_prints_as_on_gpu("half_precision.cu", "2026-11-26-h100-half-precision.txt",
                           {"--check race,barrier,warp-sync,memory,init ",
                            "--check race,barrier,warp-sync,memory,init --mode lockstep ",
                            "--check race,barrier,warp-sync,memory,init --warp-size 64 "});
}

TEST_CASE("device intrinsics compute bit for bit what an H100 computes: SIMD video, dp4a, rounding-mode arithmetic "
          "and conversions, math functions within CUDA's bounds") {
    check_prints_as_on_gpu("intrinsics.cu", "2026-11-26-h100-intrinsics.txt", {"", "--mode lockstep "});
}

TEST_CASE("curand_kernel.h draws what an H200 draws: XORWOW, Philox4_32_10 and MRG32k3a from any seed, "
          "subsequence and offset, their uniforms and Poisson counts bit for bit, normals within bounds") {
    check_prints_as_on_gpu("random_numbers.cu", "2026-11-26-h200-random-numbers.txt", {"", "--mode lockstep "});
}

TEST_CASE("kernels launched by address and CUDA graphs run as on a GPU: stream capture with a forked stream, "
          "explicit graphs, kernel parameters set in an instance, child graphs, an updated instance") {
    check_prints_as_on_gpu("graphs.cu", "2026-11-26-h200-graphs.txt", {"", "--mode lockstep ", "--threads 2 "});
}

TEST_CASE("textures and surfaces compute what an H100 computes: CUDA arrays and their copies, point and linear "
          "filtering with 9-bit weights, every address mode, border colours, normalized-float reads, layered and 3-D "
          "textures, tex1Dfetch on linear memory, surfaces with each boundary mode") {
    check_prints_as_on_gpu("textures.cu", "2026-11-26-h200-textures.txt", {"", "--mode lockstep "});
}

TEST_CASE("a copy past a CUDA array returns the GPU's cudaErrorInvalidValue and is reported at its line, a fetch "
          "through a destroyed texture object stops the launch at its line") {
    const fs::path dir = fs::temp_directory_path() / ("simt-textures-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path source = dir / "bad_textures.cu";
    std::ofstream(source) << "#include <cstdio>\n"
                             "__global__ void k(cudaTextureObject_t t, float* o) { o[threadIdx.x] = tex1D<float>(t, 0.5f); }\n"
                             "int main() {\n"
                             "    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();\n"
                             "    cudaArray_t a;\n"
                             "    cudaMallocArray(&a, &f, 4, 4);\n"
                             "    float rows[4][5] = {};\n"
                             "    cudaError_t e = cudaMemcpy2DToArray(a, 0, 0, rows, 20, 20, 4, cudaMemcpyHostToDevice);\n"
                             "    std::printf(\"copy %s\\n\", cudaGetErrorName(e));\n"
                             "    cudaResourceDesc r = {};\n"
                             "    r.resType = cudaResourceTypeArray;\n"
                             "    r.res.array.array = a;\n"
                             "    cudaTextureDesc d = {};\n"
                             "    cudaTextureObject_t t = 0;\n"
                             "    cudaCreateTextureObject(&t, &r, &d, nullptr);\n"
                             "    cudaDestroyTextureObject(t);\n"
                             "    float* o = nullptr;\n"
                             "    cudaMalloc(&o, 4 * sizeof(float));\n"
                             "    k<<<1, 4>>>(t, o);\n"
                             "    std::printf(\"launch %s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
                             "}\n";
    const Result r = simt("run " + source.string());
    CHECK(r.status == 1);
    // An H200 returns the same for the copy; for the fetch it reads stale
    // texels and reports nothing (docs/gpu-runs/2026-11-26-h200-texture-misuse.txt).
    CHECK(r.out == "copy cudaErrorInvalidValue\nlaunch cudaErrorIllegalAddress\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaMemcpy2DToArray at bad_textures.cu:8 returned "
                                        "cudaErrorInvalidValue\n"
                                        "  Bytes [0, 20), rows [0, 4) leave the array (16-byte rows, 4 rows)\n"));
    CHECK_THAT(r.err, Catch::Contains("simt: error: tex1D on texture object 1, which was destroyed, in kernel k, "));
    CHECK_THAT(r.err, Catch::Contains(" at bad_textures.cu:2 "));
    fs::remove_all(dir);
}

TEST_CASE("warp matrix functions (mma.h) compute what an H200 computes: every fragment's num_elements, GEMMs of "
          "every input type and shape, accumulators scaled element by element, each lane's accumulator elements, "
          "the tensor cores' rounding, __float_to_tf32 and satf") {
    check_prints_as_on_gpu("wmma.cu", "2026-11-26-h200-wmma.txt", {"", "--mode lockstep "});
}

TEST_CASE("every wmma fragment's elements lie on the lanes where an H200 puts them, and chosen sums round as there") {
    // The probes that simt/warp_matrix_layout.h and src/warp_matrix.cpp were fitted to, line for line.
    const Result r = simt("run " + std::string(SIMT_SOURCE_DIR) + "/docs/gpu-runs/probes/wmma_probe.cu");
    CHECK(r.status == 0);
    CHECK(r.out == gpu_output("2026-11-26-h200-wmma-probes.txt"));
    CHECK(r.err == kCleanRun);
}

TEST_CASE("a warp matrix function without the whole warp, or with the warp split across calls, is reported in "
          "both modes, an H200 hangs or computes garbage there") {
    // docs/gpu-runs/2026-11-26-h200-wmma-misuse.txt: "half" and "sites" hang, "partial" and "exited" give garbage,
    // compute-sanitizer's synccheck reports nothing.
    for (const char* mode : {"", "--mode lockstep "}) {
        CAPTURE(mode);
        const Result half = simt(std::string("run ") + mode + program("wmma_misuse.cu") + " half");
        CHECK(half.out == "half: cudaErrorLaunchFailure\n");
        CHECK_THAT(half.err, Catch::Contains("warp-sync hazard (different collectives) in kernel kernel"));
        // One misuse, one error: the launch's failure is the report's consequence.
        CHECK_THAT(half.err, Catch::Contains("the launch was stopped"));
        CHECK_THAT(half.err, !Catch::Contains("lanes of one warp meet at different kinds of collective"));
        CHECK_THAT(half.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
        // Without the warp-sync checker the failed launch is the one report.
        const Result unchecked = simt(std::string("run --check race,memory ") + mode + program("wmma_misuse.cu") + " half");
        CHECK_THAT(unchecked.err, Catch::Contains("simt: error: lanes of one warp meet at different kinds of collective"));
        CHECK_THAT(unchecked.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
        for (const char* which : {"partial", "exited"}) {
            const Result r = simt(std::string("run ") + mode + program("wmma_misuse.cu") + " " + which);
            CHECK(r.out == std::string(which) + ": cudaSuccess\n");
            CHECK_THAT(r.err, Catch::Contains("warp-sync hazard (partial warp matrix call) in kernel kernel"));
            CHECK_THAT(r.err, Catch::Contains("Mask 0xffff of warp 0"));
            CHECK_THAT(r.err, Catch::Contains("lane 16 did not take part"));
        }
        const Result sites = simt(std::string("run ") + mode + program("wmma_misuse.cu") + " sites");
        CHECK(sites.out == "sites: cudaSuccess\n");
        CHECK_THAT(sites.err, Catch::Contains("warp-sync hazard (divergent warp matrix call) in kernel kernel"));
        CHECK_THAT(sites.err, Catch::Contains("wmma_misuse.cu:26"));
        CHECK_THAT(sites.err, Catch::Contains("wmma_misuse.cu:29"));
    }
}

TEST_CASE("warp matrix functions in a 64-lane warp are a clear error: CUDA places fragments on 32 lanes") {
    const Result r = simt("run --warp-size 64 " + program("wmma_misuse.cu") + " half");
    CHECK(r.out == "half: cudaErrorLaunchFailure\n");
    CHECK_THAT(r.err, Catch::Contains("load_matrix_sync at wmma_misuse.cu:19: warp matrix functions need 32-lane "
                                      "warps"));
}

// ---- libcu++ (cuda/atomic, cuda/barrier, cuda/pipeline) and cooperative groups' copies ----

namespace {

// Two misuses of a cuda::barrier in one source, the program launching `kernel`.
std::string barrier_misuse(const std::string& kernel) {
    return "#include <cuda/barrier>\n"
           "#include <cstdio>\n"
           "__global__ void uninit(int* out) {\n"
           "    __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
           "    auto token = bar.arrive();\n"
           "    bar.wait(std::move(token));\n"
           "    out[threadIdx.x] = 1;\n"
           "}\n"
           "__global__ void twice(int* out) {\n"
           "    __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
           "    if (threadIdx.x % 32 == 0) init(&bar, blockDim.x);\n"
           "    __syncthreads();\n"
           "    bar.arrive_and_wait();\n"
           "    out[threadIdx.x] = 1;\n"
           "}\n"
           "int main() {\n"
           "    int* out;\n"
           "    cudaMalloc(&out, 64 * sizeof(int));\n"
           "    " + kernel + "<<<1, 64>>>(out);\n"
           "    std::printf(\"%s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
           "}\n";
}

}  // namespace

TEST_CASE("libcu++ atomics compute what an H200 computes: cuda::atomic and atomic_ref at each scope, every "
          "read-modify-write, compare-and-swap loops, fences, wait, a flag a later block sets") {
    check_prints_as_on_gpu("libcu_atomics.cu", "2026-11-26-h200-libcu-atomics.txt",
                           {"", "--mode lockstep ", "--threads 2 "});
}

TEST_CASE("libcu++ barriers and asynchronous copies compute what an H200 computes: split arrive/wait, "
          "arrive_and_drop, cuda::std::barrier, memcpy_async into a barrier or a pipeline, thread- and "
          "block-scoped pipelines, the __pipeline primitives, cooperative groups' memcpy_async") {
    check_prints_as_on_gpu("async_copies.cu", "2026-11-26-h200-async-copies.txt",
                           {"", "--mode lockstep ", "--threads 2 "});
}

TEST_CASE("an atomic_ref read-modify-write racing with a plain store is a race, and data handed to another block "
          "through a thread_scope_block flag is a race across blocks") {
    // The H200 ran both without complaint; racecheck saw neither
    // (docs/gpu-runs/2026-11-26-h200-libcu-atomics.txt).
    const Result race = run_source("atomic_race",
        "#include <cuda/atomic>\n"
        "#include <cstdio>\n"
        "__global__ void count(int* out) {\n"
        "    __shared__ int counter;\n"
        "    if (threadIdx.x == 0) counter = 0;\n"
        "    __syncthreads();\n"
        "    cuda::atomic_ref<int, cuda::thread_scope_block>(counter).fetch_add(1);\n"
        "    if (threadIdx.x == 40) counter = 5;\n"
        "    __syncthreads();\n"
        "    if (threadIdx.x == 0) *out = counter;\n"
        "}\n"
        "int main() {\n"
        "    int* out;\n"
        "    cudaMalloc(&out, sizeof(int));\n"
        "    count<<<1, 64>>>(out);\n"
        "    std::printf(\"%s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
        "}\n");
    CHECK(race.status == 1);
    CHECK(race.out == "cudaSuccess\n");
    CHECK_THAT(race.err, Catch::StartsWith("simt: error: race hazard (WAW) on shared memory in kernel count\n"
                                           "  Write of size 4 at __shared__ count::counter (byte offset 0 of 4) by "
                                           "thread (40,0,0) "));
    CHECK_THAT(race.err, Catch::Contains(" at atomic_race.cu:8\n  Previous atomic of size 4 by thread "));
    CHECK_THAT(race.err, Catch::Contains(" at atomic_race.cu:7\n"));
    const Result scoped = run_source("scope_flag",
        "#include <cuda/atomic>\n"
        "#include <cstdio>\n"
        "__global__ void handoff(int* data, cuda::atomic<int, cuda::thread_scope_block>* flag, int* seen) {\n"
        "    if (blockIdx.x == 1 && threadIdx.x == 0) {\n"
        "        data[0] = 42;\n"
        "        flag->store(1, cuda::memory_order_release);\n"
        "    }\n"
        "    if (blockIdx.x == 0 && threadIdx.x == 0) {\n"
        "        while (flag->load(cuda::memory_order_acquire) == 0) {\n"
        "        }\n"
        "        *seen = data[0];\n"
        "    }\n"
        "}\n"
        "int main() {\n"
        "    int *data, *seen;\n"
        "    cuda::atomic<int, cuda::thread_scope_block>* flag;\n"
        "    cudaMalloc(&data, sizeof(int));\n"
        "    cudaMalloc(&seen, sizeof(int));\n"
        "    cudaMalloc(&flag, sizeof *flag);\n"
        "    cudaMemset(flag, 0, sizeof *flag);\n"
        "    handoff<<<2, 32>>>(data, flag, seen);\n"
        "    int s = 0;\n"
        "    cudaMemcpy(&s, seen, sizeof s, cudaMemcpyDeviceToHost);\n"
        "    std::printf(\"%d %s\\n\", s, cudaGetErrorName(cudaDeviceSynchronize()));\n"
        "}\n");
    CHECK(scoped.status == 1);
    CHECK(scoped.out == "42 cudaSuccess\n");
    CHECK_THAT(scoped.err, Catch::StartsWith("simt: error: race hazard (RAW, across blocks) on global memory in kernel "
                                             "handoff\n"));
    CHECK_THAT(scoped.err, Catch::Contains(" at scope_flag.cu:11\n  Previous write of size 4 by thread (0,0,0) of "
                                           "block (1,0,0) (warp 0, lane 0) at scope_flag.cu:5\n"));
}

TEST_CASE("a cuda::barrier whose phase never completes is a deadlock report naming the wait, the barrier and the "
          "arrivals missing, one used before init or initialised again while in use fails the launch at its line, "
          "racing inits of the same count are silent, as on the H200, and a race with --uniform-writes report") {
    // On the H200 the first hangs, the second fails with cudaErrorLaunchFailure
    // (synccheck: "Missing init").
    const Result stuck = run_source("barrier_deadlock",
        "#include <cuda/barrier>\n"
        "#include <cstdio>\n"
        "__global__ void stuck(int* out) {\n"
        "    __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
        "    if (threadIdx.x == 0) init(&bar, blockDim.x + 1);\n"
        "    __syncthreads();\n"
        "    bar.arrive_and_wait();\n"
        "    out[threadIdx.x] = 1;\n"
        "}\n"
        "int main() {\n"
        "    int* out;\n"
        "    cudaMalloc(&out, 64 * sizeof(int));\n"
        "    stuck<<<1, 64>>>(out);\n"
        "    std::printf(\"%s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
        "}\n");
    CHECK(stuck.status == 1);
    CHECK(stuck.out == "cudaErrorLaunchTimeout\n");
    CHECK_THAT(stuck.err, Catch::StartsWith(
                              "simt: error: deadlock in kernel stuck, block (0,0,0): all 64 live threads wait and none "
                              "can proceed\n  64 threads wait at a split-phase barrier's wait (its phase still expects "
                              "arrivals) at barrier_deadlock.cu:7: threads 0-63\n  the barrier stuck::bar "));
    CHECK_THAT(stuck.err, Catch::Contains("(initialised at barrier_deadlock.cu:5) expects 1 more of its 65 arrivals in "
                                          "phase 0; no thread able to run will arrive\n"));
    const Result uninit = run_source("barrier_uninit", barrier_misuse("uninit"));
    CHECK(uninit.status == 1);
    CHECK(uninit.out == "cudaErrorLaunchFailure\n");
    CHECK_THAT(uninit.err, Catch::StartsWith("simt: error: barrier uninit::bar "));
    CHECK_THAT(uninit.err, Catch::Contains(" at barrier_uninit.cu:5 before it was initialised: call init(&bar, count) "
                                           "in one thread, then synchronise the block, before any thread uses it\n"));
    // One init per warp, before anyone arrives, to the same count: the H200
    // runs it and nothing reports it. The inits are plain stores that race,
    // storing the same bytes: silent by default, as racecheck is, and a
    // race with --uniform-writes report.
    const Result same = run_source("barrier_twice", barrier_misuse("twice"));
    CHECK(same.status == 0);
    CHECK(same.out == "cudaSuccess\n");
    CHECK(same.err == kCleanRun);
    const Result twice = run_source("barrier_twice", barrier_misuse("twice"), "--uniform-writes report ");
    CHECK(twice.status == 1);
    CHECK(twice.out == "cudaSuccess\n");
    CHECK_THAT(twice.err, Catch::StartsWith("simt: error: race hazard (WAW) on shared memory in kernel twice\n"));
    CHECK_THAT(twice.err, Catch::Contains(" at barrier_twice.cu:11\n  Previous write of size 8 by thread "));
    // Set up again while threads have arrived: the launch fails.
    const Result in_use = run_source("barrier_in_use",
        "#include <cuda/barrier>\n"
        "#include <cstdio>\n"
        "__global__ void again(int* out) {\n"
        "    __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
        "    if (threadIdx.x == 0) init(&bar, blockDim.x);\n"
        "    __syncthreads();\n"
        "    auto token = bar.arrive();\n"
        "    if (threadIdx.x == 0) init(&bar, 32);\n"
        "    bar.wait(std::move(token));\n"
        "    out[threadIdx.x] = 1;\n"
        "}\n"
        "int main() {\n"
        "    int* out;\n"
        "    cudaMalloc(&out, 64 * sizeof(int));\n"
        "    again<<<1, 64>>>(out);\n"
        "    std::printf(\"%s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
        "}\n");
    CHECK(in_use.status == 1);
    CHECK(in_use.out == "cudaErrorLaunchFailure\n");
    CHECK_THAT(in_use.err, Catch::Contains("simt: error: barrier again::bar initialised again by thread (0,0,0) of "
                                           "block (0,0,0) (warp 0, lane 0) at barrier_in_use.cu:8 (to expect 32 "
                                           "arrivals) while in use: "));
    CHECK_THAT(in_use.err, Catch::Contains(" arrivals have come (first initialised at barrier_in_use.cu:5); "));
}

TEST_CASE("cooperative_groups::memcpy_async: reading another member's bytes before cg::wait is a race, and members "
          "that skip the copy are a divergent barrier") {
    // racecheck on the H200 reports the first at the same lines; the second
    // copies half the tile there and nothing reports it
    // (docs/gpu-runs/2026-11-26-h200-async-copies.txt).
    const Result early = run_source("copy_early",
        "#include <cooperative_groups.h>\n"
        "#include <cooperative_groups/memcpy_async.h>\n"
        "#include <cstdio>\n"
        "namespace cg = cooperative_groups;\n"
        "__global__ void early(const int* in, int* out) {\n"
        "    __shared__ int tile[64];\n"
        "    cg::thread_block block = cg::this_thread_block();\n"
        "    cg::memcpy_async(block, tile, in, sizeof tile);\n"
        "    out[threadIdx.x] = tile[63 - threadIdx.x];\n"
        "    cg::wait(block);\n"
        "}\n"
        "int main() {\n"
        "    int *in, *out;\n"
        "    cudaMalloc(&in, 64 * sizeof(int));\n"
        "    cudaMalloc(&out, 64 * sizeof(int));\n"
        "    cudaMemset(in, 0, 64 * sizeof(int));\n"
        "    early<<<1, 64>>>(in, out);\n"
        "    std::printf(\"%s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
        "}\n");
    CHECK(early.status == 1);
    CHECK_THAT(early.err, Catch::Contains("simt: error: race hazard (RAW) on shared memory in kernel early\n"));
    CHECK_THAT(early.err, Catch::Contains(" at copy_early.cu:9\n  Previous write of size 16 by thread "));
    const Result partial = run_source("cg_partial",
        "#include <cooperative_groups.h>\n"
        "#include <cooperative_groups/memcpy_async.h>\n"
        "#include <cstdio>\n"
        "namespace cg = cooperative_groups;\n"
        "__global__ void partial(const int* in, int* out) {\n"
        "    __shared__ int tile[64];\n"
        "    cg::thread_block block = cg::this_thread_block();\n"
        "    if (threadIdx.x < 32) cg::memcpy_async(block, tile, in, sizeof tile);\n"
        "    cg::wait(block);\n"
        "    out[threadIdx.x] = tile[63 - threadIdx.x];\n"
        "}\n"
        "int main() {\n"
        "    int host[64], *in, *out;\n"
        "    for (int i = 0; i < 64; ++i) host[i] = i + 1;\n"
        "    cudaMalloc(&in, sizeof host);\n"
        "    cudaMalloc(&out, sizeof host);\n"
        "    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);\n"
        "    partial<<<1, 64>>>(in, out);\n"
        "    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);\n"
        "    long sum = 0;\n"
        "    for (int v : host) sum += v;\n"
        "    std::printf(\"sum %ld (all copied: 2080) %s\\n\", sum, cudaGetErrorName(cudaDeviceSynchronize()));\n"
        "}\n");
    CHECK(partial.status == 1);
    CHECK_THAT(partial.err, Catch::StartsWith("simt: error: barrier hazard (divergent barrier) in kernel partial\n"
                                              "  One barrier reached at 2 call sites (cg_partial.cu:8: threads 0-31; "
                                              "cg_partial.cu:9: threads 32-63)\n"));
}

TEST_CASE("cuda::memcpy_async by a whole block into a barrier, the CUDA programming guide's pattern, copies every "
          "batch before the barrier's phase completes, in either mode") {
    // Self-checking (not run on a GPU: the H200 run covers the per-thread form).
    const fs::path dir = fs::temp_directory_path() / ("simt-libcu-guide-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path source = dir / "guide.cu";
    std::ofstream(source) <<
        "#include <cooperative_groups.h>\n"
        "#include <cuda/barrier>\n"
        "#include <cstdio>\n"
        "namespace cg = cooperative_groups;\n"
        "#pragma nv_diag_suppress static_var_with_dynamic_init\n"
        "__global__ void batches(const int* in, int* out, int batch_count) {\n"
        "    cg::thread_block block = cg::this_thread_block();\n"
        "    extern __shared__ int tile[];\n"
        "    __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
        "    if (block.thread_rank() == 0) init(&bar, block.size());\n"
        "    block.sync();\n"
        "    int sum = 0;\n"
        "    for (int b = 0; b < batch_count; ++b) {\n"
        "        cuda::memcpy_async(block, tile, in + b * blockDim.x, sizeof(int) * block.size(), bar);\n"
        "        bar.arrive_and_wait();\n"
        "        sum += tile[(threadIdx.x + 1) % blockDim.x];\n"
        "        bar.arrive_and_wait();\n"
        "    }\n"
        "    out[threadIdx.x] = sum;\n"
        "}\n"
        "int main() {\n"
        "    const int threads = 96, batches_n = 5;\n"
        "    int host[threads * batches_n], result[threads];\n"
        "    for (int i = 0; i < threads * batches_n; ++i) host[i] = i * 3 + 1;\n"
        "    int *in, *out;\n"
        "    cudaMalloc(&in, sizeof host);\n"
        "    cudaMalloc(&out, sizeof result);\n"
        "    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);\n"
        "    batches<<<1, threads, threads * sizeof(int)>>>(in, out, batches_n);\n"
        "    cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);\n"
        "    int wrong = 0;\n"
        "    for (int t = 0; t < threads; ++t) {\n"
        "        int expected = 0;\n"
        "        for (int b = 0; b < batches_n; ++b) expected += host[b * threads + (t + 1) % threads];\n"
        "        wrong += result[t] != expected;\n"
        "    }\n"
        "    std::printf(\"%d wrong %s\\n\", wrong, cudaGetErrorName(cudaGetLastError()));\n"
        "}\n";
    for (const char* option : {"", "--mode lockstep ", "--threads 2 "}) {
        CAPTURE(option);
        const Result r = simt(std::string("run ") + option + source.string());
        CHECK(r.status == 0);
        CHECK(r.out == "0 wrong cudaSuccess\n");
        CHECK(r.err == kCleanRun);
    }
    fs::remove_all(dir);
}

TEST_CASE("cooperative-groups tiles larger than a warp compute as on a GPU: tiled_partition<64> and <128> with "
          "block_tile_memory, their ranks, meta groups, sync, shfl, any, all, reduce and scans, tile shuffles of a "
          "uint4 and a 12-byte struct") {
    // Without the shuffle checker: the tile shuffles' own values are printed on purpose.
    check_prints_as_on_gpu("large_tiles.cu", "2026-11-26-h200-large-tiles.txt",
                           {"--check race,barrier,warp-sync,memory,init ",
                            "--check race,barrier,warp-sync,memory,init --mode lockstep ",
                            "--check race,barrier,warp-sync,memory,init --threads 2 ",
                            "--check race,barrier,warp-sync,memory,init --warp-size 64 "});
}

TEST_CASE("graph memory and conditional nodes run as on a GPU: allocation and free nodes, captured cudaMallocAsync "
          "and cudaFreeAsync, graph memory attributes, if/else, while and switch nodes set from kernels, a body "
          "captured into its graph") {
    check_prints_as_on_gpu("graph_nodes.cu", "2026-11-26-h200-graph-nodes.txt",
                           {"--report-api-errors no ", "--report-api-errors no --mode lockstep ",
                            "--report-api-errors no --threads 2 "});
}

TEST_CASE("misused graph memory and conditional nodes are refused as on a GPU and reported at their lines") {
    // compute-sanitizer on the H200 named the same eleven calls (and
    // cudaGetLastError, which only hands on an earlier error):
    // docs/gpu-runs/2026-11-26-h200-graph-nodes.txt.
    const Result r = simt("run " + api_program("graph_nodes.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == gpu_output("2026-11-26-h200-graph-nodes.txt"));
    for (const char* call : {"cudaGraphLaunch at graph_nodes.cu:116",           // relaunched, allocation live
                             "cudaFree at graph_nodes.cu:120",                  // a graph allocation freed twice
                             "cudaDeviceSetGraphMemAttribute at graph_nodes.cu:128",
                             "cudaDeviceSetGraphMemAttribute at graph_nodes.cu:130",
                             "cudaGraphAddMemFreeNode at graph_nodes.cu:143",   // cudaMalloc'd memory
                             "cudaGraphAddMemAllocNode at graph_nodes.cu:146",  // 0 bytes
                             "cudaGraphAddMemAllocNode at graph_nodes.cu:150",  // no location
                             "cudaFreeAsync at graph_nodes.cu:195",             // captured, cudaMalloc'd memory
                             "cudaGraphAddNode at graph_nodes.cu:297",          // if with 3 bodies
                             "cudaGraphAddNode at graph_nodes.cu:301",          // while with 2
                             "cudaGraphConditionalHandleCreate at graph_nodes.cu:303"}) {
        CAPTURE(call);
        CHECK_THAT(r.err, Catch::Contains(std::string("simt: error: ") + call + " returned cudaErrorInvalidValue\n"));
    }
    CHECK_THAT(before_summary(r.err), Catch::EndsWith("simt: 11 runtime calls failed (reported above)\n"));
}

TEST_CASE("stream attributes, the persisting-L2 limit, peer attributes and IPC handles answer as on a GPU: an "
          "access policy window kept and read back, windows past the maximum refused, every peer pair refused on "
          "one device, IPC handles made and refused in their own process") {
    check_prints_as_on_gpu("launch_attributes.cu", "2026-11-26-h200-launch-attributes.txt",
                           {"--report-api-errors no ", "--report-api-errors no --mode lockstep "});
    // compute-sanitizer on the H200 named the same seven calls.
    const Result r = simt("run " + api_program("launch_attributes.cu"));
    CHECK(r.status == 1);
    for (const char* call : {"cudaStreamSetAttribute at launch_attributes.cu:59 returned cudaErrorInvalidValue",
                             "cudaStreamSetAttribute at launch_attributes.cu:64 returned cudaErrorInvalidValue",
                             "cudaDeviceGetP2PAttribute at launch_attributes.cu:75 returned cudaErrorInvalidDevice",
                             "cudaDeviceGetP2PAttribute at launch_attributes.cu:79 returned cudaErrorInvalidDevice",
                             "cudaIpcOpenMemHandle at launch_attributes.cu:87 returned cudaErrorDeviceUninitialized",
                             "cudaIpcOpenEventHandle at launch_attributes.cu:99 returned cudaErrorDeviceUninitialized",
                             "cudaIpcGetEventHandle at launch_attributes.cu:104 returned "
                             "cudaErrorInvalidResourceHandle"}) {
        CAPTURE(call);
        CHECK_THAT(r.err, Catch::Contains(std::string("simt: error: ") + call + "\n"));
    }
    CHECK_THAT(before_summary(r.err), Catch::EndsWith("simt: 7 runtime calls failed (reported above)\n"));
}

TEST_CASE("processes share device memory through an IPC handle, as on a GPU, a handle to freed memory is refused") {
    // cuda-samples' simpleIPC pattern: the program starts itself again with
    // the handle; the child's kernel writes what the parent then reads.
    // The same lines on an H200 (docs/gpu-runs/2026-11-27-h200-ipc-processes.txt).
    const Result r = simt("run " + program("ipc_processes.cu"));
    CHECK(r.status == 0);
    CHECK(r.out == gpu_output("2026-11-27-h200-ipc-processes.txt"));
    // memcheck on the GPU counts the stale handle's failing call; simt reports
    // it at the child's line, with what is wrong.
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaIpcOpenMemHandle at ipc_processes.cu:60 returned "
                                        "cudaErrorInvalidValue\n  The handle names memory of process "));
    CHECK_THAT(r.err, Catch::Contains("Why: the process that made the handle has exited or freed the memory"));
}

TEST_CASE("a failing call on CUDA arrays or texture objects is reported at the program's line under its own name") {
    const Result r = simt("run " + program("texture_errors.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == gpu_output("2026-11-26-h200-texture-errors.txt"));
    for (const char* call : {"cudaMallocArray at texture_errors.cu:9 returned cudaErrorInvalidValue",
                             "cudaCreateTextureObject at texture_errors.cu:18 returned cudaErrorInvalidFilterSetting",
                             "cudaGetChannelDesc at texture_errors.cu:20 returned cudaErrorInvalidValue",
                             "cudaMemcpy3D at texture_errors.cu:22 returned cudaErrorInvalidValue"}) {
        CAPTURE(call);
        CHECK_THAT(r.err, Catch::Contains(std::string("simt: error: ") + call + "\n"));
    }
    CHECK_THAT(before_summary(r.err), Catch::EndsWith("simt: 4 runtime calls failed (reported above)\n"));
}

TEST_CASE("cubemap textures fetch what an H200 fetches: a cudaArrayCubemap array of six faces, texCubemap with point "
          "and linear filtering along directions to each face, a tie of x and y going to y") {
    check_prints_as_on_gpu("cubemap_textures.cu", "2026-11-26-h200-cubemap-textures.txt",
                           {"--report-api-errors no ", "--report-api-errors no --mode lockstep "});
}

TEST_CASE("a tile larger than a warp in a block that is not a whole number of tiles stops the launch with the reason "
          "and the line") {
    const fs::path dir = fs::temp_directory_path() / ("simt-tiles-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path source = dir / "tile_misuse.cu";
    std::ofstream(source) << "#include <cooperative_groups.h>\n"
                             "#include <cstdio>\n"
                             "namespace cg = cooperative_groups;\n"
                             "__global__ void k(int* out) {\n"
                             "    auto tile = cg::tiled_partition<64>(cg::this_thread_block());\n"
                             "    out[threadIdx.x] = cg::reduce(tile, 1, cg::plus<int>());\n"
                             "}\n"
                             "int main() {\n"
                             "    int* out;\n"
                             "    cudaMallocManaged(&out, 128 * sizeof(int));\n"
                             "    k<<<1, 96>>>(out);\n"
                             "    std::printf(\"96 threads: %s\\n\", cudaGetErrorName(cudaDeviceSynchronize()));\n"
                             "}\n";
    const Result r = simt("run " + source.string());
    CHECK(r.status == 1);
    CHECK(r.out == "96 threads: cudaErrorLaunchFailure\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: tiled_partition<N>: a tile larger than a warp needs a block of a "
                                        "multiple of N threads"));
    CHECK_THAT(before_summary(r.err), Catch::EndsWith(" at tile_misuse.cu:5\n"));
    fs::remove_all(dir);
}

TEST_CASE("Thrust's vectors and algorithms compute as on a GPU, and kernels get a vector's storage as device memory") {
    // The GPU ran nvcc's Thrust (CUB kernels); simt runs Thrust's algorithms
    // on the host: the same lines (docs/gpu-runs/2026-11-27-h200-thrust-algorithms.txt).
    check_prints_as_on_gpu("thrust_algorithms.cu", "2026-11-27-h200-thrust-algorithms.txt",
                           {"", "--mode lockstep ", "--threads 2 "});
    // A build that names Thrust's CUDA system (CMake's thrust_create_target
    // does) gets simt's device the same way.
    check_prints_as_on_gpu("thrust_algorithms.cu", "2026-11-27-h200-thrust-algorithms.txt",
                           {"-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CUDA "});
}

TEST_CASE("3-D linear filtering weighs each corner and blends float texels as an H200 does, bit for bit") {
    // Corner weights read one at a time through a one-hot texel, and blends
    // of random floats (docs/gpu-runs/2026-11-27-h200-trilinear-filtering.txt).
    check_prints_as_on_gpu("trilinear_filtering.cu", "2026-11-27-h200-trilinear-filtering.txt",
                           {"", "--mode lockstep "});
}

TEST_CASE("cuComplex.h, libcu++'s complex and <bit>, and the toolkit's headers included by name compile and compute") {
    // Values exact, or exact at the digits printed, in any order of the
    // arithmetic (not yet run on a GPU: tools/gpu-validate.sh runs kernels/api).
    const Result r = simt("run " + api_program("complex_numbers.cu"));
    CHECK(r.status == 0);
    CHECK(r.out ==
          "cuCmulf (8.375,5.5) cuCaddf/cuConjf (1.75,-2) cuCdivf (1.5,-2)\n"
          "cuCabsf 5 5e+37, cuCdivf by 1e30 (1e-30,0)\n"
          "cuda::std::complex (8.375,5.5)\n"
          "cuCdiv (-0.2,0.4) cuCabs 13 cuCfma (-4.5,9.5)\n"
          "popcount 8 countl_zero 31 bit_ceil 32 rotl 0x18\n"
          "channel 32 32 32 32, make_float2 1 2, CUDA_R_32F 0\n");
    CHECK(r.err == kCleanRun);
}

TEST_CASE("address-space predicates and conversions name each memory, and sm_70/sm_90 atomics add up, in both modes") {
    // __isGlobal & co. on global, __device__, static and dynamic __shared__,
    // __constant__ and local pointers; a shared address and back; a 16-bit
    // compare-and-swap handing a turn from thread to thread; float2 and
    // float4 atomicAdd (not yet run on a GPU: tools/gpu-validate.sh runs kernels/api).
    for (const char* mode : {"its", "lockstep"}) {
        const Result r = simt(std::string("run --mode ") + mode + " " + api_program("address_spaces.cu"));
        CHECK(r.status == 0);
        CHECK(r.out == "spaces (1 global, 2 shared, 4 constant, 8 local): 1 1 2 2 4 8\n"
                       "shared round trip: tile[5] = 5, next int 4 bytes on, dynamic back 1\n"
                       "16-bit CAS turns: 64 of 64 in order, turn 64; float2 (64,32) float4 (64,128,16,-64)\n");
        CHECK(r.err == kCleanRun);
    }
}

TEST_CASE("cudaLaunchKernelEx launches from a configuration: converted arguments, cooperative and cluster attributes") {
    // Plain (int arguments for float and long long parameters), cooperative
    // (a grid sync), a 2-block cluster by address (cudaLaunchKernelExC), and
    // a cluster shape that does not divide the grid, refused at the call's
    // line (the error's name not yet checked on a GPU).
    const Result r = simt("run " + api_program("launch_ex.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == "plain: no error, out[255] = 510\n"
                   "cooperative: no error, sum 32640\n"
                   "cluster of 2: no error, out[255] = 765\n"
                   "cluster of 3: cudaErrorInvalidClusterSize (last error cudaErrorInvalidClusterSize), out[255] = 765\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: cudaLaunchKernelEx at launch_ex.cu:80 returned "
                                        "cudaErrorInvalidClusterSize\n  A cluster of 3x1x1 blocks for a grid of 4x1x1\n"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
}

TEST_CASE("2-D copies and fills on a stream, 3-D fills and peer copies work on the one device, misuse is refused") {
    const Result r = simt("run " + api_program("pitched_and_peer_copies.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == "init cudaSuccess, valid devices cudaSuccess\n"
                   "2-D async: pitch 512, sum 192\n"
                   "3-D fill: sum 180\n"
                   "peer copy cudaSuccess, async cudaSuccess, a[15] = 0x7070707\n"
                   "peer to device 1: cudaErrorInvalidDevice\n"
                   "3-D fill of 3 slices: cudaErrorInvalidValue\n");
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaMemcpyPeer at pitched_and_peer_copies.cu:55 returned "
                                      "cudaErrorInvalidDevice"));
    // The whole region is checked before any slice is written, as a GPU refuses the call.
    CHECK_THAT(r.err, Catch::Contains("simt: error: cudaMemset3D at pitched_and_peer_copies.cu:57 returned "
                                      "cudaErrorInvalidValue\n  The destination, 5648 bytes at 0x"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 2 errors, 0 warnings\n"));
}

TEST_CASE("math_constants.h defines CUDA's constants with CUDA's values, bit for bit") {
    check_prints_as_on_gpu("math_constants.cu", "2026-11-27-h200-math-constants.txt", {""});
}

TEST_CASE("host code's stores to cudaMalloc'd memory initialise it for the init checker, memory nothing stored to "
          "is still reported") {
    // `a`: written by a Thrust algorithm (on the host under simt), `b`: by
    // the program's own host loop through a device pointer (a GPU would
    // fault; simt performs it), `c`: by nothing. Only `c` is reported.
    // thrust::system_error is declared by device_malloc.h, as with nvcc.
    const Result r = run_source("host_stores",
                                "#include <cstdio>\n"
                                "#include <thrust/device_malloc.h>\n"
                                "#include <thrust/fill.h>\n"
                                "__global__ void sum(const int* a, const int* b, const int* c, int* out) {\n"
                                "    out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x] + c[threadIdx.x];\n"
                                "}\n"
                                "int main() {\n"
                                "    int *a, *b, *c, *out;\n"
                                "    cudaMalloc(&a, 64 * sizeof(int));\n"
                                "    cudaMalloc(&b, 64 * sizeof(int));\n"
                                "    cudaMalloc(&c, 64 * sizeof(int));\n"
                                "    cudaMallocManaged(&out, 64 * sizeof(int));\n"
                                "    try {\n"
                                "        thrust::fill(thrust::device_pointer_cast(a), thrust::device_pointer_cast(a) + 64, 1);\n"
                                "    } catch (const thrust::system_error& e) {\n"
                                "        std::printf(\"%s\\n\", e.what());\n"
                                "    }\n"
                                "    for (int i = 0; i < 64; ++i) b[i] = 2;\n"
                                "    sum<<<1, 64>>>(a, b, c, out);\n"
                                "    cudaDeviceSynchronize();\n"
                                "    std::printf(\"%d\\n\", out[5]);\n"
                                "}\n");
    CHECK(r.status == 1);
    CHECK(r.out == "3\n");  // c reads as 0: simt's fresh device memory is zeroed
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: init hazard (uninitialised read) on global memory in kernel sum\n"
                                        "  Read of size 4 at global allocation #3 (256 bytes)"));
    CHECK_THAT(r.err, Catch::Contains("(64 instances of this hazard in this launch)"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
}

TEST_CASE("libcu++'s cuda::std::identity is there for C++17 code, as with nvcc") {
    const Result r = run_source("identity",
                                "#include <cstdio>\n"
                                "#include <cuda/std/functional>\n"
                                "int main() { std::printf(\"%d\\n\", cuda::std::identity()(42)); }\n",
                                "-std=c++17 ");
    CHECK(r.status == 0);
    CHECK(r.out == "42\n");
}
