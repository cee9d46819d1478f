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
        CHECK(r.err.empty());
    }
}

}  // namespace

TEST_CASE("device queries and the toolkit's macros answer as on a GPU: cudaDeviceGetAttribute, versions, guards") {
    // The GPU's output, line for line (docs/gpu-runs/2026-11-26-h200-device-queries.txt).
    const std::string gpu = gpu_output("2026-11-26-h200-device-queries.txt");
    const Result r = simt("run --report-api-errors no " + api_program("device_queries.cu"));
    CHECK(r.status == 0);
    CHECK(r.out == gpu);
    CHECK(r.err.empty());
    // cuda_profiler_api.h: both calls succeed and do nothing, as on a GPU no profiler watches.
    const Result profiler = simt("run " + api_program("profiler_calls.cu"));
    CHECK(profiler.status == 0);
    CHECK(profiler.out == "cudaProfilerStart cudaSuccess\ncudaProfilerStop cudaSuccess\nsync cudaSuccess\n");
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
    CHECK_THAT(r.err, Catch::EndsWith("simt: 4 runtime calls failed (reported above)\n"));
    // Part of the memory check: without it, nothing is said.
    const Result quiet = simt("run --check race " + api_program("runtime_calls.cu"));
    CHECK(quiet.status == 0);
    CHECK(quiet.err.empty());
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
        CHECK(r.err == "simt: error: cudaLaunchCooperativeKernel at cooperative_groups.cu:133 returned "
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
    CHECK_THAT(r.err, Catch::EndsWith(" at grid_sync_misuse.cu:10\n"));
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
    check_prints_as_on_gpu("half_precision.cu", "2026-11-26-h100-half-precision.txt",
                           {"", "--mode lockstep ", "--warp-size 64 "});
}

TEST_CASE("device intrinsics compute bit for bit what an H100 computes: SIMD video, dp4a, rounding-mode arithmetic "
          "and conversions; math functions within CUDA's bounds") {
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

TEST_CASE("a copy past a CUDA array returns the GPU's cudaErrorInvalidValue and is reported at its line; a fetch "
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
    CHECK(r.err.empty());
}

TEST_CASE("a warp matrix function without the whole warp, or with the warp split across calls, is reported in "
          "both modes; an H200 hangs or computes garbage there") {
    // docs/gpu-runs/2026-11-26-h200-wmma-misuse.txt: "half" and "sites" hang, "partial" and "exited" give garbage,
    // compute-sanitizer's synccheck reports nothing.
    for (const char* mode : {"", "--mode lockstep "}) {
        CAPTURE(mode);
        const Result half = simt(std::string("run ") + mode + program("wmma_misuse.cu") + " half");
        CHECK(half.out == "half: cudaErrorLaunchFailure\n");
        CHECK_THAT(half.err, Catch::Contains("warp-sync hazard (different collectives) in kernel kernel"));
        CHECK_THAT(half.err, Catch::Contains("lanes of one warp meet at different kinds of collective"));
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
