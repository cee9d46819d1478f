// nvcc's command line as build systems spell it, each flag against what
// nvcc itself does with it (docs/gpu-runs/nvcc-command-line.md: nvcc 13.0
// here, the device's nvcc for the same spellings).
#include "cli_support.h"

#include <unistd.h>

#include <string>

namespace {

std::string simt_nvcc() { return (fs::path(SIMT_EXE).parent_path() / "simt-nvcc").string(); }

fs::path fresh_dir(const std::string& what) {
    const fs::path dir = fs::temp_directory_path() / ("simt-nvcc-" + what + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// A CUDA program in a file named `name`, printing 31 from its kernel.
fs::path cuda_program(const fs::path& dir, const std::string& name) {
    std::ofstream(dir / name) << "#include <cstdio>\n__global__ void k(int* o) { o[threadIdx.x] = threadIdx.x; }\n"
                                 "int main() { int* d; cudaMallocManaged(&d, 128); k<<<1, 32>>>(d);\n"
                                 "  cudaDeviceSynchronize(); std::printf(\"%d\\n\", d[31]); return 0; }\n";
    return dir / name;
}

}  // namespace

TEST_CASE("nvcc's -x cu compiles a .cpp file as CUDA, -x c++ a .cu file as host C++, and another value is refused as nvcc does") {
    const fs::path dir = fresh_dir("x");
    const fs::path cpp = cuda_program(dir, "prog.cpp");
    const Result built = shell(simt_nvcc() + " -x cu -o " + (dir / "prog").string() + " " + cpp.string());
    REQUIRE(built.status == 0);
    CHECK(shell((dir / "prog").string()).out == "31\n");
    // As host C++ (nvcc hands it to g++), __global__ means nothing: an error, as with nvcc.
    const Result host = shell(simt_nvcc() + " -x c++ -c -o " + (dir / "p.o").string() + " " + cuda_program(dir, "k.cu").string());
    CHECK(host.status != 0);
    CHECK_THAT(host.err, Catch::Contains("'__global__' does not name a type") || Catch::Contains("‘__global__’ does not name a type"));
    const Result bad = shell(simt_nvcc() + " -x fortran -c " + cpp.string());
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("simt nvcc: error: value 'fortran' is not defined for option 'x'"));
    fs::remove_all(dir);
}

TEST_CASE("nvcc's -lib makes a static library of the sources (a.a without -o) that a later link uses") {
    const fs::path dir = fresh_dir("lib");
    std::ofstream(dir / "kern.cu") << "__global__ void fill(int* o) { o[threadIdx.x] = 2 * threadIdx.x; }\n"
                                      "void launch_fill(int* o) { fill<<<1, 32>>>(o); }\n";
    std::ofstream(dir / "main.cu") << "#include <cstdio>\nvoid launch_fill(int*);\n"
                                      "int main() { int* d; cudaMallocManaged(&d, 128); launch_fill(d);\n"
                                      "  cudaDeviceSynchronize(); std::printf(\"%d\\n\", d[31]); return 0; }\n";
    const std::string in_dir = "cd " + dir.string() + " && ";
    REQUIRE(shell(in_dir + simt_nvcc() + " -arch=sm_90 -lib kern.cu").status == 0);
    CHECK(fs::exists(dir / "a.a"));
    REQUIRE(shell(in_dir + simt_nvcc() + " -lib kern.cu -o libkern.a").status == 0);
    const Result linked = shell(in_dir + simt_nvcc() + " main.cu -L. -lkern -o prog");
    REQUIRE(linked.status == 0);
    CHECK(shell((dir / "prog").string()).out == "62\n");
    fs::remove_all(dir);
}

TEST_CASE("nvcc's --threads N, -t N and -ccbin are accepted, -E preprocesses to -o or standard output, --keep keeps the C++") {
    const fs::path dir = fresh_dir("accepted");
    const fs::path source = cuda_program(dir, "prog.cu");
    const std::string in_dir = "cd " + dir.string() + " && ";
    for (const char* flags : {"--threads 2", "-t2", "-ccbin g++", "--compiler-bindir=/usr/bin"}) {
        CAPTURE(flags);
        const Result r = shell(in_dir + simt_nvcc() + " " + flags + " -c -o prog.o prog.cu");
        CHECK(r.status == 0);
        CHECK(r.err.empty());
    }
    REQUIRE(shell(in_dir + simt_nvcc() + " -t 4 -o prog prog.o").status == 0);
    CHECK(shell((dir / "prog").string()).out == "31\n");
    std::ofstream(dir / "mark.cu") << "__global__ void k(int* o) { o[0] = MARK; }\n";
    const Result to_file = shell(in_dir + simt_nvcc() + " -E mark.cu -o mark.ii -DMARK=marked_value");
    CHECK(to_file.status == 0);
    CHECK_THAT(slurp(dir / "mark.ii"), Catch::Contains("o[0] = marked_value;"));
    const Result to_stdout = shell(in_dir + simt_nvcc() + " -E mark.cu -DMARK=marked_value");
    CHECK(to_stdout.status == 0);
    CHECK_THAT(to_stdout.out, Catch::Contains("o[0] = marked_value;"));
    CHECK_FALSE(fs::exists(dir / "a.out"));
    fs::create_directories(dir / "kept");
    REQUIRE(shell(in_dir + simt_nvcc() + " --keep --keep-dir kept -c prog.cu").status == 0);
    CHECK_THAT(slurp(dir / "kept" / "prog.simt.cpp"), Catch::Contains("cudaMallocManaged"));
    REQUIRE(shell(in_dir + simt_nvcc() + " -keep -c prog.cu").status == 0);
    CHECK(fs::exists(dir / "prog.simt.cpp"));
    fs::remove_all(dir);
}

TEST_CASE("the GPU-only options note is silenced by -w or SIMT_NVCC_QUIET, and --version reads as nvcc's") {
    const fs::path dir = fresh_dir("quiet");
    const fs::path source = cuda_program(dir, "prog.cu");
    const std::string compile = " -arch=sm_90 -lineinfo -c -o " + (dir / "p.o").string() + " " + source.string();
    const Result noted = shell(simt_nvcc() + compile);
    CHECK(noted.status == 0);
    CHECK(noted.err == "simt nvcc: note: GPU-only options ignored: -arch=sm_90 -lineinfo\n");
    CHECK(shell("SIMT_NVCC_QUIET=1 " + simt_nvcc() + compile).err.empty());
    CHECK(shell(simt_nvcc() + " -w" + compile).err.empty());
    // Scripts read nvcc's release and version number from these lines, and
    // CMake's identification of a CUDA compiler the first.
    const Result version = shell(simt_nvcc() + " --version");
    CHECK(version.status == 0);
    CHECK_THAT(version.out, Catch::StartsWith("nvcc: NVIDIA (R) Cuda compiler driver\n"));
    CHECK_THAT(version.out, Catch::Contains("\nCuda compilation tools, release 12.0, V12.0.0\nsimt 0.1.0 (commit "));
    CHECK_THAT(shell(std::string(SIMT_EXE) + " --version").out, Catch::StartsWith("simt 0.1.0 (commit "));
    fs::remove_all(dir);
}

TEST_CASE("a file whose kernel calls an extern __device__ function is refused without -rdc=true or -dc, as nvcc refuses it") {
    // nvcc (docs/gpu-runs/2026-12-07-h100-probes/nvcc_cli.txt): "ptxas fatal   :
    // Unresolved extern function '_Z6helperi'", status 255, also with -c.
    const fs::path dir = fresh_dir("rdc");
    std::ofstream(dir / "caller.cu") << "#include <cstdio>\n// __device__ int commented(int);\n"
                                        "extern __device__ int helper(int);\n"
                                        "__host__ __device__ int both(int);\n"
                                        "__device__ int local(int x);\n__device__ int local(int x) { return x; }\n"
                                        "__global__ void k(int* o) { o[0] = helper(local(1)); }\n"
                                        "int main() { int* o; cudaMallocManaged(&o, 4); k<<<1, 1>>>(o);\n"
                                        "  cudaDeviceSynchronize(); std::printf(\"%d\\n\", o[0]); return 0; }\n";
    std::ofstream(dir / "helper.cu") << "__device__ int helper(int x) { return x + 41; }\n";
    const std::string in_dir = "cd " + dir.string() + " && ";
    const Result c = shell(in_dir + simt_nvcc() + " -c caller.cu");
    CHECK(c.status == 255);
    CHECK_THAT(c.err, Catch::StartsWith("ptxas fatal   : Unresolved extern function '_Z6helperi'\n"));
    CHECK_FALSE(fs::exists(dir / "caller.o"));
    const Result whole = shell(in_dir + simt_nvcc() + " -o prog caller.cu helper.cu");
    CHECK(whole.status == 255);
    // With separate compilation, as nvcc builds it.
    REQUIRE(shell(in_dir + simt_nvcc() + " -rdc=true -c caller.cu").status == 0);
    REQUIRE(shell(in_dir + simt_nvcc() + " -dc helper.cu").status == 0);
    REQUIRE(shell(in_dir + simt_nvcc() + " -rdc=true -o prog caller.o helper.o").status == 0);
    CHECK(shell((dir / "prog").string()).out == "42\n");
    REQUIRE(shell(in_dir + simt_nvcc() + " -rdc=true -o prog2 caller.cu helper.cu").status == 0);
    CHECK(shell((dir / "prog2").string()).out == "42\n");
    fs::remove_all(dir);
}
