// Real projects: several files, nvcc's flags, kernels launched from headers,
// `simt nvcc` where a build calls nvcc, and programs that fail CI on a race.
#include "cli_support.h"

#include <chrono>

namespace {

const fs::path kProject = fs::path(SIMT_TEST_SOURCES) / "projects" / "scale";

// A fresh copy of the project, to edit or build in.
fs::path project_copy(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("simt-project-" + std::to_string(getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::copy(kProject, dir, fs::copy_options::recursive);
    return dir;
}

std::string simt_nvcc() { return (fs::path(SIMT_EXE).parent_path() / "simt-nvcc").string(); }

}  // namespace

TEST_CASE("a program of several .cu files runs with nvcc's -I and -D flags, its kernel launched from a header") {
    const Result r = simt("run -I " + (kProject / "include").string() + " -DN=64 " + (kProject / "src/main.cu").string() +
                          " " + (kProject / "src/reduce.cu").string() + " " + (kProject / "src/report.cpp").string());
    CHECK(r.status == 0);
    CHECK(r.out == "sum 4032.0\n");
    CHECK(r.err == kCleanRun);
    // The program's own arguments still follow; `--` ends the files.
    const Result defined = simt("run -Xcompiler -DOFFSET=1.0f -I" + (kProject / "include").string() + " -D N=64 " +
                                (kProject / "src/main.cu").string() + " " + (kProject / "src/reduce.cu").string() + " " + (kProject / "src/report.cpp").string() + " -- x");
    CHECK(defined.out == "sum 4096.0\n");
}

TEST_CASE("code valid only in C++17 compiles as nvcc compiles it: C++17 by default, -std=c++20 when asked") {
    const std::string files = " -I " + (kProject / "include").string() + " -DN=8 " + (kProject / "src/main.cu").string() +
                              " " + (kProject / "src/reduce.cu").string() + " " + (kProject / "src/report.cpp").string();
    CHECK(simt("run" + files).out == "sum 56.0\n");
    CHECK(simt("run -std=c++17" + files).out == "sum 56.0\n");
    const Result cxx20 = simt("run -std=c++20" + files);
    CHECK(cxx20.status == 2);
    CHECK_THAT(cxx20.err, Catch::Contains("main.cu:15"));  // Problem p{N, 2.0f}: no aggregate in C++20
    const Result old = simt("run -std=c++11" + files);
    CHECK(old.status == 2);
    CHECK_THAT(old.err, Catch::Contains("-std=c++11 is not supported: simt compiles C++14, C++17 or C++20"));
}

TEST_CASE("editing a header that a kernel launch lives in rebuilds the program") {
    const fs::path dir = project_copy("edit");
    const std::string run = "run -I " + (dir / "include").string() + " -DN=64 " + (dir / "src/main.cu").string() + " " +
                            (dir / "src/reduce.cu").string() + " " + (dir / "src/report.cpp").string();
    CHECK(simt(run).out == "sum 4032.0\n");
    std::string header = slurp(dir / "include/params.h");
    header.replace(header.find("0.0f"), 4, "0.5f");
    std::ofstream(dir / "include/params.h") << header;
    CHECK(simt(run).out == "sum 4064.0\n");
    std::string launch = slurp(dir / "include/scale.cuh");
    launch.replace(launch.find("x[i] * factor"), 13, "x[i] * factor * 2");
    std::ofstream(dir / "include/scale.cuh") << launch;
    CHECK(simt(run).out == "sum 8096.0\n");
    fs::remove_all(dir);
}

TEST_CASE("simt-nvcc compiles, links and writes dependency files where a Makefile calls nvcc") {
    const fs::path dir = project_copy("make");
    const Result built = shell("make -C " + dir.string() + " NVCC=" + simt_nvcc());
    REQUIRE(built.status == 0);
    CHECK_THAT(built.err, Catch::Contains("simt nvcc: note: GPU-only options ignored: -arch=sm_90 -lineinfo"));
    const std::string depfile = slurp(dir / "build/main.d");
    CHECK_THAT(depfile, Catch::StartsWith("build/main.o : src/main.cu \\\n"));
    CHECK_THAT(depfile, Catch::Contains((dir / "include/scale.cuh").string()));  // the original, not simt's copy
    CHECK_THAT(depfile, Catch::Contains((dir / "include/params.h").string()));
    const Result ran = shell((dir / "build/scale").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == "sum 4032.0\n");
    CHECK(ran.err.empty());
    // An edited header rebuilds what includes it, through the depfile.
    std::string header = slurp(dir / "include/params.h");
    header.replace(header.find("0.0f"), 4, "1.0f");
    std::ofstream(dir / "include/params.h") << header;
    REQUIRE(shell("make -C " + dir.string() + " NVCC=" + simt_nvcc()).status == 0);
    CHECK(shell((dir / "build/scale").string()).out == "sum 4096.0\n");
    fs::remove_all(dir);
}

TEST_CASE("a program built by simt-nvcc fails with status 1 when simt reports a race, and passes when fixed") {
    const fs::path dir = project_copy("race");
    REQUIRE(shell("make -C " + dir.string() + " NVCC=" + simt_nvcc() + " BUILD=racy 'DEFS=-DN=64 -DSKIP_BARRIER'").status == 0);
    const Result racy = shell((dir / "racy/scale").string());
    CHECK(racy.status == 1);
    CHECK_THAT(racy.err, Catch::Contains("race hazard"));
    CHECK_THAT(racy.err, Catch::Contains("reduce.cu:"));
    CHECK_THAT(racy.err, Catch::EndsWith("simt: 5 hazards (5 errors, 0 warnings) in 1 launch\n"
                                         "simt: ERROR SUMMARY: 5 errors, 0 warnings\n"));
    // The exit status is the user's to choose, and --check none turns the checks off.
    CHECK(shell("SIMT_OPTIONS='error-exitcode=66' " + (dir / "racy/scale").string()).status == 66);
    const Result unchecked = shell("SIMT_OPTIONS='check=none' " + (dir / "racy/scale").string());
    CHECK(unchecked.status == 0);
    CHECK(unchecked.err.empty());
    REQUIRE(shell("make -C " + dir.string() + " NVCC=" + simt_nvcc()).status == 0);
    const Result fixed = shell((dir / "build/scale").string());
    CHECK(fixed.status == 0);
    CHECK(fixed.err.empty());
    fs::remove_all(dir);
}

TEST_CASE("an unknown key or value in SIMT_OPTIONS stops the program with a message naming it") {
    const fs::path dir = project_copy("options");
    REQUIRE(shell("make -C " + dir.string() + " NVCC=" + simt_nvcc()).status == 0);
    const std::string exe = (dir / "build/scale").string();
    const Result key = shell("SIMT_OPTIONS='mode=lockstep;chek=race' " + exe);
    CHECK(key.status == 2);
    CHECK(key.out.empty());
    CHECK_THAT(key.err, Catch::StartsWith("simt: error: SIMT_OPTIONS: unknown option 'chek' (known: mode, "));
    const Result value = shell("SIMT_OPTIONS='check=race,rcae' " + exe);
    CHECK(value.status == 2);
    CHECK_THAT(value.err, Catch::Contains("check=rcae is not one of: race, barrier, warp-sync, shuffle, memory, init, none"));
    CHECK(shell("SIMT_OPTIONS='mode=lockstep;warp-size=64' " + exe).out == "sum 4032.0\n");
    fs::remove_all(dir);
}

TEST_CASE("simt nvcc refuses what it cannot do with a message naming the option or file") {
    const Result unknown = shell(std::string(SIMT_EXE) + " nvcc --no-such-flag a.cu");
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.err, Catch::Contains("simt nvcc: error: unknown option --no-such-flag"));
    const Result missing = shell(simt_nvcc() + " -I");
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("-I needs a value"));
    const Result two = shell(simt_nvcc() + " -c " + (kProject / "src/main.cu").string() + " " +
                             (kProject / "src/reduce.cu").string() + " " + (kProject / "src/report.cpp").string() + " -o one.o");
    CHECK(two.status == 2);
    CHECK_THAT(two.err, Catch::Contains("-o with -c names one object, but there are 3 sources"));
    const Result kind = shell(simt_nvcc() + " notes.txt");
    CHECK(kind.status == 2);
    CHECK_THAT(kind.err, Catch::Contains("notes.txt is not a file simt nvcc takes"));
}

TEST_CASE("an unmodified CMake CUDA project builds for simt with one switch, and its ctest fails on the racy build") {
    // tests/projects/scale/CMakeLists.txt: LANGUAGES CUDA, find_package(CUDAToolkit),
    // CUDA::cudart, a static library, target_compile_definitions, cuda_std_17.
    const fs::path dir = project_copy("cmake");
    const std::string configure = std::string(SIMT_CMAKE) + " -S " + dir.string() + " -DCMAKE_TOOLCHAIN_FILE=" +
                                  SIMT_TOOLCHAIN_FILE + " -B ";
    const std::string build = std::string(SIMT_CMAKE) + " --build ";
    const std::string test = std::string(SIMT_CTEST) + " --output-on-failure --test-dir ";
    REQUIRE(shell(configure + (dir / "fixed").string()).status == 0);
    const Result built = shell(build + (dir / "fixed").string());
    REQUIRE(built.status == 0);
    const Result ran = shell((dir / "fixed/scale").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == "sum 4032.0\n");
    CHECK(ran.err.empty());
    CHECK(shell(test + (dir / "fixed").string()).status == 0);

    REQUIRE(shell(configure + (dir / "racy").string() + " -DSKIP_BARRIER=ON").status == 0);
    REQUIRE(shell(build + (dir / "racy").string()).status == 0);
    const Result failed = shell(test + (dir / "racy").string());
    CHECK(failed.status != 0);
    CHECK_THAT(failed.out, Catch::Contains("race hazard"));
    CHECK_THAT(failed.out, Catch::Contains("reduce.cu:"));
    fs::remove_all(dir);
}

TEST_CASE("CMAKE_CUDA_ARCHITECTURES=native configures on a machine with no GPU: simt's is an sm_90") {
    // CMake asks the identification's program for the GPUs; without one it
    // stopped with "CUDA_ARCHITECTURES is set to \"native\", but no GPU was detected".
    const fs::path dir = project_copy("native");
    const Result configured = shell(std::string(SIMT_CMAKE) + " -S " + dir.string() + " -B " + (dir / "build").string() +
                                    " -DCMAKE_TOOLCHAIN_FILE=" + SIMT_TOOLCHAIN_FILE + " -DCMAKE_CUDA_ARCHITECTURES=native");
    CHECK(configured.status == 0);
    CHECK_THAT(configured.err, !Catch::Contains("no GPU was detected"));
    CHECK_THAT(slurp(dir / "build" / "CMakeCache.txt"), Catch::Contains("CMAKE_CUDA_ARCHITECTURES:STRING=native"));
    fs::remove_all(dir);
}

TEST_CASE("an unmodified CMake CUDA project builds and runs with only CMAKE_CUDA_COMPILER naming simt's nvcc, no toolchain file") {
    // Many projects and IDEs set only this variable. CMake then identifies the
    // compiler itself: nvcc's --version line, the TOP, NVVMIR_LIBRARY_DIR and
    // LIBRARIES lines and the host link line of `nvcc -v`, a compiled
    // identification program and the default architecture (compute_90).
    const fs::path dir = project_copy("compiler-only");
    const fs::path nvcc = fs::path(SIMT_BINARY_DIR) / "tools" / "toolkit" / "bin" / "nvcc";
    const Result configured = shell(std::string(SIMT_CMAKE) + " -S " + dir.string() + " -B " + (dir / "build").string() +
                                    " -DCMAKE_CUDA_COMPILER=" + nvcc.string());
    REQUIRE(configured.status == 0);
    CHECK_THAT(configured.out, Catch::Contains("The CUDA compiler identification is NVIDIA 12.0.0"));
    CHECK_THAT(configured.out, Catch::Contains("Found CUDAToolkit: " + (fs::path(SIMT_BINARY_DIR) / "tools" / "toolkit" / "include").string()));
    CHECK_THAT(slurp(dir / "build" / "CMakeCache.txt"), Catch::Contains("CMAKE_CUDA_ARCHITECTURES:STRING=90"));
    REQUIRE(shell(std::string(SIMT_CMAKE) + " --build " + (dir / "build").string()).status == 0);
    const Result ran = shell((dir / "build" / "scale").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == "sum 4032.0\n");
    CHECK(ran.err.empty());
    fs::remove_all(dir);
}

TEST_CASE("a CMake project that links NVIDIA's other CUDA libraries configures for simt, a target that uses one "
          "stops at its missing header") {
    // cuda-samples' top-level build links CUDA::cublas, cuda_driver, nvrtc,
    // cufft, curand, nppc, nvjpeg in some samples: FindCUDAToolkit makes those
    // targets only for libraries it finds, so simt's toolkit has them, empty.
    const fs::path dir = fs::temp_directory_path() / ("simt-project-" + std::to_string(getpid()) + "-libraries");
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "CMakeLists.txt")
        << "cmake_minimum_required(VERSION 3.18)\n"
           "project(libraries LANGUAGES CXX CUDA)\n"
           "find_package(CUDAToolkit REQUIRED)\n"
           "add_executable(plain plain.cu)\n"
           "target_link_libraries(plain PRIVATE CUDA::cudart CUDA::cublas CUDA::cufft CUDA::curand CUDA::cuda_driver\n"
           "                      CUDA::nvrtc CUDA::nppc CUDA::nvjpeg CUDA::cusparse CUDA::cusolver)\n"
           "add_executable(uses_cublas uses_cublas.cu)\n"
           "target_link_libraries(uses_cublas PRIVATE CUDA::cublas)\n";
    std::ofstream(dir / "plain.cu") << "#include <cstdio>\n"
                                       "__global__ void k(int* x) { *x = 42; }\n"
                                       "int main() {\n"
                                       "    int* x;\n"
                                       "    cudaMallocManaged(&x, sizeof(int));\n"
                                       "    k<<<1, 1>>>(x);\n"
                                       "    cudaDeviceSynchronize();\n"
                                       "    std::printf(\"%d\\n\", *x);\n"
                                       "}\n";
    std::ofstream(dir / "uses_cublas.cu") << "#include <cublas_v2.h>\n"
                                             "int main() { cublasHandle_t h; return cublasCreate(&h); }\n";
    const fs::path build = dir / "build";
    REQUIRE(shell(std::string(SIMT_CMAKE) + " -S " + dir.string() + " -B " + build.string() +
                  " -DCMAKE_TOOLCHAIN_FILE=" + SIMT_TOOLCHAIN_FILE)
                .status == 0);
    REQUIRE(shell(std::string(SIMT_CMAKE) + " --build " + build.string() + " --target plain").status == 0);
    const Result ran = shell((build / "plain").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == "42\n");
    const Result refused = shell(std::string(SIMT_CMAKE) + " --build " + build.string() + " --target uses_cublas");
    CHECK(refused.status != 0);
    CHECK_THAT(refused.out + refused.err, Catch::Contains("cublas_v2.h: No such file or directory"));
    fs::remove_all(dir);
}

TEST_CASE("cmake --install gives a simt that still works moved elsewhere, and find_package(simt) builds a project with it") {
    const fs::path root = fs::temp_directory_path() / ("simt-install-" + std::to_string(getpid()));
    fs::remove_all(root);
    REQUIRE(shell(std::string(SIMT_CMAKE) + " --install " + SIMT_BINARY_DIR + " --prefix " + (root / "first").string())
                .status == 0);
    fs::rename(root / "first", root / "moved");  // nothing may point back at the build or the first prefix
    const fs::path prefix = root / "moved";
    // An installed header includes only installed headers: the rooms' own
    // (emulator/, checkers/, driver/) stay in the build tree.
    for (const auto& entry : fs::recursive_directory_iterator(prefix / "include")) {
        if (!entry.is_regular_file()) continue;
        CAPTURE(entry.path().string());
        const std::string text = slurp(entry.path());
        for (const char* room : {"#include \"emulator/", "#include \"checkers/", "#include \"driver/"})
            CHECK_THAT(text, !Catch::Contains(room));
    }

    const Result ran = shell((prefix / "bin/simt").string() + " run --cache-dir " + (root / "cache").string() + " -I " +
                             (kProject / "include").string() + " -DN=64 " + (kProject / "src/main.cu").string() + " " +
                             (kProject / "src/reduce.cu").string() + " " + (kProject / "src/report.cpp").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == "sum 4032.0\n");
    // Reports name the program's lines, not the installed headers' (an atomic
    // is a call into simt/atomics.h).
    std::ofstream(root / "atomic_race.cu") << "__global__ void k(int* out) {\n  __shared__ int top;\n"
                                              "  if (threadIdx.x == 0) top = 0;\n  __syncthreads();\n"
                                              "  if (threadIdx.x == 40) out[0] = top;\n"
                                              "  if (threadIdx.x == 0) atomicAdd(&top, 1);\n}\n"
                                              "int main() { int* o; cudaMalloc(&o, 4); k<<<1, 64>>>(o); return 0; }\n";
    const Result race = shell((prefix / "bin/simt").string() + " run --cache-dir " + (root / "cache").string() + " " +
                              (root / "atomic_race.cu").string());
    CHECK(race.status == 1);
    CHECK_THAT(race.err, Catch::Contains("Previous atomic of size 4 by thread (0,0,0) of block (0,0,0) (warp 0, lane 0) "
                                         "at atomic_race.cu:6\n"));

    // A CMake project of plain C++ with .cu files: find_package(simt) and
    // simt_add_cuda_executable, from its own directory, with a global
    // -fsanitize=address (the kernels turn it off for themselves).
    const fs::path user = root / "user";
    fs::create_directories(user);
    for (const char* f : {"src/reduce.cu", "src/reduce.h", "include/params.h"})
        fs::copy_file(kProject / f, user / fs::path(f).filename());
    std::ofstream(user / "main.cu") << "#include <cstdio>\n#include \"reduce.h\"\n"
                                       "int main() {\n  float *x;\n  cudaMalloc(&x, 64 * sizeof(float));\n"
                                       "  float h[64];\n  for (int i = 0; i < 64; ++i) h[i] = float(i);\n"
                                       "  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);\n"
                                       "  std::printf(\"sum %.1f\\n\", sum_on_device(x, 64));\n  return 0;\n}\n";
    std::ofstream(user / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\nproject(uses_simt LANGUAGES CXX)\n"
                                              "set(CMAKE_CXX_STANDARD 17)\nfind_package(simt REQUIRED)\n"
                                              "simt_add_cuda_executable(app main.cu reduce.cu)\n";
    REQUIRE(shell(std::string(SIMT_CMAKE) + " -S " + user.string() + " -B " + (user / "build").string() +
                  " -DCMAKE_PREFIX_PATH=" + prefix.string() + (SIMT_SANITIZED_BUILD ? "" : " -DCMAKE_CXX_FLAGS=-fsanitize=address"))
                .status == 0);
    REQUIRE(shell(std::string(SIMT_CMAKE) + " --build " + (user / "build").string()).status == 0);
    const Result app = shell((user / "build/app").string());
    CHECK(app.status == 0);
    CHECK(app.out == "sum 2016.0\n");

    // A CMake CUDA project, with the installed toolchain file.
    const fs::path cuda = root / "cuda";
    fs::copy(kProject, cuda, fs::copy_options::recursive);
    REQUIRE(shell(std::string(SIMT_CMAKE) + " -S " + cuda.string() + " -B " + (cuda / "b").string() +
                  " -DCMAKE_TOOLCHAIN_FILE=" + (prefix / "share/simt/simt-cuda-toolchain.cmake").string())
                .status == 0);
    REQUIRE(shell(std::string(SIMT_CMAKE) + " --build " + (cuda / "b").string()).status == 0);
    CHECK(shell((cuda / "b/scale").string()).out == "sum 4032.0\n");
    // simt-nvcc links the runtime, out of CMake's sight: a newer runtime
    // (an upgrade, a rebuild) relinks the executables, and only them.
    CHECK_THAT(shell(std::string(SIMT_CMAKE) + " --build " + (cuda / "b").string()).out, !Catch::Contains("Linking"));
    const fs::path runtime = prefix / "lib/simt/libsimt_runtime.a";
    fs::last_write_time(runtime, fs::file_time_type::clock::now() + std::chrono::seconds(5));
    const Result relinked = shell(std::string(SIMT_CMAKE) + " --build " + (cuda / "b").string());
    CHECK_THAT(relinked.out, Catch::Contains("Linking CXX executable scale"));
    CHECK_THAT(relinked.out, !Catch::Contains("Building"));
    CHECK(shell((cuda / "b/scale").string()).out == "sum 4032.0\n");
    fs::remove_all(root);
}

TEST_CASE("add_subdirectory(simt) adds none of simt's tests to the including project and downloads nothing") {
    const fs::path user = fs::temp_directory_path() / ("simt-subdir-" + std::to_string(getpid()));
    fs::remove_all(user);
    fs::create_directories(user);
    std::ofstream(user / "main.cu") << "int main() { return 0; }\n";
    std::ofstream(user / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\nproject(outer LANGUAGES C CXX)\n"
                                              "add_subdirectory(" << SIMT_SOURCE_DIR << " simt)\n"
                                              "simt_add_cuda_executable(app main.cu)\n"
                                              "enable_testing()\nadd_test(NAME app COMMAND app)\n";
    REQUIRE(shell(std::string(SIMT_CMAKE) + " -S " + user.string() + " -B " + (user / "build").string()).status == 0);
    const Result listed = shell(std::string(SIMT_CTEST) + " -N --test-dir " + (user / "build").string());
    CHECK_THAT(listed.out, Catch::Contains("Test #1: app"));
    CHECK_THAT(listed.out, Catch::Contains("Total Tests: 1"));
    CHECK_FALSE(fs::exists(user / "build/simt/tests"));  // where the SARIF schema would be fetched
    fs::remove_all(user);
}

TEST_CASE("device code across files (-rdc=true, -dc): a kernel calls an extern __device__ function and variable of another file") {
    const fs::path dir = fs::temp_directory_path() / ("simt-rdc-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "ops.cu") << "__device__ int offset = 100;\n__device__ int twice(int x) { return 2 * x + offset; }\n";
    std::ofstream(dir / "main.cu") << "#include <cstdio>\nextern __device__ int offset;\n__device__ int twice(int x);\n"
                                      "__global__ void k(int *out) { out[threadIdx.x] = twice(int(threadIdx.x)); }\n"
                                      "int main() {\n  int *d;\n  cudaMalloc(&d, 32 * sizeof(int));\n  k<<<1, 32>>>(d);\n"
                                      "  int h[32];\n  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
                                      "  std::printf(\"%d %d\\n\", h[0], h[31]);\n  return 0;\n}\n";
    const std::string nvcc = simt_nvcc() + " -arch=sm_90 -rdc=true ";
    REQUIRE(shell(nvcc + "-dc " + (dir / "ops.cu").string() + " -o " + (dir / "ops.o").string()).status == 0);
    REQUIRE(shell(nvcc + "-dc " + (dir / "main.cu").string() + " -o " + (dir / "main.o").string()).status == 0);
    // nvcc's device link step (CMake runs it for separable compilation) gives an object that holds nothing.
    REQUIRE(shell(nvcc + "-dlink " + (dir / "main.o").string() + " " + (dir / "ops.o").string() + " -o " +
                  (dir / "link.o").string()).status == 0);
    REQUIRE(shell(nvcc + (dir / "main.o").string() + " " + (dir / "ops.o").string() + " " + (dir / "link.o").string() +
                  " -o " + (dir / "app").string()).status == 0);
    const Result r = shell((dir / "app").string());
    CHECK(r.status == 0);
    CHECK(r.out == "100 162\n");
    CHECK(r.err.empty());
    fs::remove_all(dir);
}

namespace {
const fs::path kCMain = fs::path(SIMT_TEST_SOURCES) / "projects" / "c_main";
constexpr const char* kCMainOutput =
    "values 9 18 27 36 45 54 63 72\n"
    "grid.x 1 timed 1 twice 42 positive 5\n"
    "cudaErrorInvalidValue: invalid argument\n";
fs::path c_main_copy(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("simt-c-main-" + std::to_string(getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::copy(kCMain, dir, fs::copy_options::recursive);
    return dir;
}
std::string toolkit() { return fs::path(SIMT_TOOLCHAIN_FILE).parent_path().string() + "/tools/toolkit"; }
}  // namespace

TEST_CASE("a C program linked by gcc with the toolkit's -lcudart runs its kernels under simt, as a benchmark's Makefile builds it") {
    // tests/projects/c_main/Makefile: main.c and knr.c by gcc (main.c includes
    // cuda_runtime_api.h), kernels.cu by nvcc, `gcc *.o -lcudart`.
    const fs::path dir = c_main_copy("make");
    const Result built = shell("make -C " + dir.string() + " CUDA_DIR=" + toolkit());
    REQUIRE(built.status == 0);
    const Result ran = shell((dir / "prog").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == kCMainOutput);
    CHECK(ran.err.empty());
    fs::remove_all(dir);
}

TEST_CASE("simt-nvcc compiles a .c file as C, as nvcc hands it to the host C compiler: K&R definitions, a function "
          "that flows off its end, no __CUDACC__") {
    const fs::path dir = c_main_copy("nvcc");
    const Result built = shell(simt_nvcc() + " -O3 " + (dir / "main.c").string() + " " + (dir / "knr.c").string() + " " +
                               (dir / "kernels.cu").string() + " -o " + (dir / "prog").string());
    REQUIRE(built.status == 0);
    const Result ran = shell((dir / "prog").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == kCMainOutput);
    // As C++ the K&R definition does not compile.
    fs::copy_file(dir / "knr.c", dir / "knr.cpp");
    const Result cxx = shell(simt_nvcc() + " -c " + (dir / "knr.cpp").string() + " -o " + (dir / "knr.o").string());
    CHECK(cxx.status != 0);
    fs::remove_all(dir);
}

TEST_CASE("a CMake C executable over a CUDA static library links CUDA::cudart_static and runs under simt") {
    const fs::path dir = c_main_copy("cmake");
    REQUIRE(shell(std::string(SIMT_CMAKE) + " -S " + dir.string() + " -B " + (dir / "build").string() +
                  " -DCMAKE_TOOLCHAIN_FILE=" + SIMT_TOOLCHAIN_FILE)
                .status == 0);
    REQUIRE(shell(std::string(SIMT_CMAKE) + " --build " + (dir / "build").string()).status == 0);
    const Result ran = shell((dir / "build/prog").string());
    CHECK(ran.status == 0);
    CHECK(ran.out == kCMainOutput);
    CHECK(ran.err.empty());
    fs::remove_all(dir);
}
