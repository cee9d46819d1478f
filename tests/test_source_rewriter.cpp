// The source rewriter changes only what a header cannot express, and keeps
// every line where it was.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <random>

#include "tools/builtin_shadowing.h"
#include "tools/source_rewriter.h"

using simt::frontend::rename_shadowed_builtins;
using simt::frontend::rewrite_cuda_source;
using simt::frontend::RewriteError;

namespace {
std::string body(const std::string& source) {
    const std::string out = rewrite_cuda_source(source, "k.cu");
    return out.substr(out.find('\n') + 1);  // drop the leading #line
}
std::size_t lines(const std::string& s) { return std::size_t(std::count(s.begin(), s.end(), '\n')); }
// The error rewriting `source` stops with, or none when it rewrites.
std::optional<RewriteError> rewrite_error(const std::string& source) {
    try {
        rewrite_cuda_source(source, "k.cu");
    } catch (const RewriteError& e) {
        return e;
    }
    return std::nullopt;
}
}  // namespace

TEST_CASE("the output starts with a #line naming the user's file", "[rewriter]") {
    CHECK(rewrite_cuda_source("int x;\n", "/src/prog.cu").rfind("#line 1 \"/src/prog.cu\"\n", 0) == 0);
}

TEST_CASE("a launch becomes a launch_config call that evaluates the arguments once", "[rewriter]") {
    const std::string out = body("k<<<g, b>>>(a, f(x));\n");
    CHECK(out == "::simt::cuda::launch_config(\"k\", g, b).run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(k(simt_args_...)) { return k(simt_args_...); }, a, f(x));\n");
}

TEST_CASE("a launch with shared memory, a stream, no arguments, a namespace and template arguments", "[rewriter]") {
    CHECK(body("ns::k<float, 4><<<dim3(2, 2), 64, n * sizeof(float), 0>>>();") ==
          "::simt::cuda::launch_config(\"ns::k<float,4>\", dim3(2, 2), 64, n * sizeof(float), 0).run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(ns::k<float,4>(simt_args_...)) { return ns::k<float,4>(simt_args_...); });");
}

TEST_CASE("a launch spread over several lines keeps the line count", "[rewriter]") {
    const std::string src = "k<<<grid,\n   block>>>(a,\n  b);\nint after;\n";
    const std::string out = body(src);
    CHECK(lines(out) == lines(src));
    CHECK(out.substr(out.rfind("int after")) == "int after;\n");
}

TEST_CASE("<<< inside comments and strings is left alone", "[rewriter]") {
    const std::string src = "// k<<<1,1>>>()\nconst char* s = \"<<<\"; /* <<< */\n";
    CHECK(body(src) == src);
}

TEST_CASE("extern __shared__ inside a kernel becomes a pointer to the block's dynamic shared memory", "[rewriter]") {
    CHECK(body("void k() {\n  extern __shared__ float s[];\n}\n") ==
          "void k() {\n  float* const s = reinterpret_cast<float*>(::simt::cuda::dynamic_shared());\n}\n");
    CHECK(body("void k() { extern __shared__ __align__(16) unsigned char raw[]; }") ==
          "void k() { unsigned char* const raw = reinterpret_cast<unsigned char*>(::simt::cuda::dynamic_shared()); }");
}

TEST_CASE("a 2-D extern __shared__ array (unsized rows of a sized row) is a pointer to rows over the block's "
          "dynamic shared memory", "[rewriter]") {
    // cuda-samples' cudaTensorCoreGemm: `extern __shared__ half shmem[][CHUNK_K * K + SKEW_HALF];`
    CHECK(body("void k() {\n  extern __shared__ half shmem[][CHUNK_K * K + SKEW_HALF];\n  shmem[1][2] = 0;\n}\n") ==
          "void k() {\n  half (* const shmem)[CHUNK_K*K+SKEW_HALF] = reinterpret_cast<half (*)[CHUNK_K*K+SKEW_HALF]>("
          "::simt::cuda::dynamic_shared());\n  shmem[1][2] = 0;\n}\n");
    CHECK(body("void k() { extern __shared__ float t[][4][8]; }") ==
          "void k() { float (* const t)[4][8] = reinterpret_cast<float (*)[4][8]>(::simt::cuda::dynamic_shared()); }");
    CHECK(body("extern __shared__ int rows[][16];\n") ==
          "static constexpr ::simt::cuda::dynamic_shared_array<int[16]> rows{};\n");
}

TEST_CASE("an extern __shared__ array whose first extent is sized is an error at its line", "[rewriter]") {
    const std::optional<RewriteError> e = rewrite_error("void k() {\n  extern __shared__ float s[4][];\n}\n");
    REQUIRE(e);
    CHECK(e->line == 2);
    CHECK_THAT(e->what(), Catch::Contains("extern __shared__ must declare an unsized array"));
}

TEST_CASE("extern with __shared__ after the type, as nvcc also takes, is the same declaration", "[rewriter]") {
    CHECK(body("void k() {\n  extern double __shared__ sdata[];\n}\n") ==
          "void k() {\n  double* const sdata = reinterpret_cast<double*>(::simt::cuda::dynamic_shared());\n}\n");
    CHECK(body("extern unsigned int __shared__ smem[];\n") ==
          "static constexpr ::simt::cuda::dynamic_shared_array<unsigned int> smem{};\n");
    // Other extern declarations are not shared memory.
    CHECK(body("extern \"C\" int f(int);\nextern int __shared_count;\n") == "extern \"C\" int f(int);\nextern int __shared_count;\n");
}

TEST_CASE("extern __shared__ at file scope becomes an accessor object of the same name, on the same line", "[rewriter]") {
    CHECK(body("extern __shared__ int buf[];\nint y;\n") ==
          "static constexpr ::simt::cuda::dynamic_shared_array<int> buf{};\nint y;\n");
}

TEST_CASE("other uses of a file-scope extern __shared__ array's name are left alone", "[rewriter]") {
    // A member, a parameter and a local of the same name hide the accessor
    // as C++ scoping says; no macro may reach them.
    const std::string rest = "struct S { int buf; };\nint f(int buf) { int g = buf; return g; }\n";
    CHECK(body("extern __shared__ float buf[];\n" + rest) ==
          "static constexpr ::simt::cuda::dynamic_shared_array<float> buf{};\n" + rest);
}

TEST_CASE("reinterpret_cast of a file-scope extern __shared__ array casts its pointer", "[rewriter]") {
    // reinterpret_cast takes no class object: unary + gives the accessor's pointer.
    CHECK(body("extern __shared__ char raw[];\nvoid k() { float* f = reinterpret_cast<float*>(raw); }") ==
          "static constexpr ::simt::cuda::dynamic_shared_array<char> raw{};\n"
          "void k() { float* f = reinterpret_cast<float*>(+raw); }");
    CHECK(body("void k(char* raw) { float* f = reinterpret_cast<float*>(raw); }") ==
          "void k(char* raw) { float* f = reinterpret_cast<float*>(raw); }");
}

TEST_CASE("a comment between extern and __shared__ does not hide the declaration", "[rewriter]") {
    CHECK(body("void k() { extern/*;*/__shared__ float s[]; }") ==
          "void k() { float* const s = reinterpret_cast<float*>(::simt::cuda::dynamic_shared()); }");
}

TEST_CASE("static __shared__ loses the static that __shared__ already adds", "[rewriter]") {
    CHECK(body("void k() { static __shared__ int x; }") == "void k() {        __shared__ int x; }");
}

TEST_CASE("file-scope __device__ variables go to the global-memory section, functions and constants do not", "[rewriter]") {
    CHECK(body("__device__ int counter;") == "SIMT_DEVICE_GUARD SIMT_GLOBAL_VARIABLE int counter; SIMT_DEVICE_GUARD");
    CHECK(body("__device__ float t[3] = {1, 2, 3};") ==
          "SIMT_DEVICE_GUARD SIMT_GLOBAL_VARIABLE float t[3] = {1, 2, 3}; SIMT_DEVICE_GUARD");
    CHECK(body("__device__ float f(float x) { return x; }") == "__device__ float f(float x) { return x; }");
    CHECK(body("__device__ const int k = 3;") == "__device__ const int k = 3;");
    CHECK(body("__managed__ __device__ int m;") == "SIMT_DEVICE_GUARD SIMT_GLOBAL_VARIABLE __device__ int m; SIMT_DEVICE_GUARD");
    CHECK(body("namespace { __device__ int c; }") ==
          "namespace { SIMT_DEVICE_GUARD SIMT_GLOBAL_VARIABLE int c; SIMT_DEVICE_GUARD }");
}

TEST_CASE("a __device__ declaration gets a guard before its first word and after its semicolon, on the same lines", "[rewriter]") {
    CHECK(body("int x;\nstatic __device__ int a[16];\n") ==
          "int x;\nSIMT_DEVICE_GUARD static SIMT_GLOBAL_VARIABLE int a[16]; SIMT_DEVICE_GUARD\n");
    CHECK(body("#include <x.h>\n  __device__ int s[2] = {f(1), 2}, t;\n") ==
          "#include <x.h>\n  SIMT_DEVICE_GUARD SIMT_GLOBAL_VARIABLE int s[2] = {f(1), 2}, t; SIMT_DEVICE_GUARD\n");
    CHECK(body("extern \"C\" __device__ int e;") == "SIMT_DEVICE_GUARD extern \"C\" SIMT_GLOBAL_VARIABLE int e; SIMT_DEVICE_GUARD");
    // In a class: a static member is no place for a guard.
    CHECK(body("struct S { static __device__ int m; };") == "struct S { static SIMT_GLOBAL_VARIABLE int m; };");
}

TEST_CASE("a launch without '>>>' is an error naming its line", "[rewriter]") {
    const std::optional<RewriteError> e = rewrite_error("int a;\nk<<<1, 2(x);\n");
    REQUIRE(e);
    CHECK(e->line == 2);
    CHECK(std::string(e->what()).find("no matching '>>>'") != std::string::npos);
}

TEST_CASE("a launch with more than four values between <<< and >>> is an error naming its line, template commas are not counted", "[rewriter]") {
    const std::optional<RewriteError> e = rewrite_error("int a;\nk<<<1, 32, 0, 0, 5>>>(p, 1);\n");
    REQUIRE(e);
    CHECK(e->line == 2);
    CHECK(std::string(e->what()).find("has 5 values between '<<<' and '>>>'; CUDA takes at most 4") != std::string::npos);
    CHECK_NOTHROW(rewrite_cuda_source("k<<<dim3(1, 2, 3), dim3(4, 5), 0, s>>>(p);\n", "k.cu"));
    CHECK_NOTHROW(rewrite_cuda_source("k<<<grid<16, 16, 1>(), 32, 0, s>>>(p);\n", "k.cu"));
}

TEST_CASE("a launch without an argument list is an error", "[rewriter]") {
    CHECK_THROWS_AS(rewrite_cuda_source("k<<<1, 2>>>;\n", "k.cu"), RewriteError);
}

TEST_CASE("a static __shared__ array in a function gets a guard zone and keeps its name, on the same line", "[rewriter]") {
    CHECK(body("void k() {\n  __shared__ float tile[16][17];\n}\n") ==
          "void k() {\n  SIMT_SHARED_STORAGE ::simt::shared_array<float[16][17]> simt_shared_tile; auto& tile = simt_shared_tile.value;\n}\n");
    CHECK(body("void k() { volatile __shared__ int s[64]; }") ==
          "void k() { volatile SIMT_SHARED_STORAGE ::simt::shared_array<int[64]> simt_shared_s; auto& s = simt_shared_s.value; }");
    CHECK(body("void k() { __shared__ __align__(16) T buf[N * (M + 1)]; }") ==
          "void k() { SIMT_SHARED_STORAGE __align__(16) ::simt::shared_array<T[N * (M + 1)]> simt_shared_buf; auto& buf = simt_shared_buf.value; }");
}

TEST_CASE("alignas on a __shared__ array follows the variable's name, where a standard attribute may stand", "[rewriter]") {
    // cuda-samples' globalToShmemAsyncCopy: `__shared__ alignas(alignof(float4)) float As[B][B];`
    CHECK(body("void k() { __shared__ alignas(alignof(float4)) float As[4][4]; }") ==
          "void k() { SIMT_SHARED_STORAGE ::simt::shared_array<float[4][4]> simt_shared_As alignas(alignof(float4)); auto& As = simt_shared_As.value; }");
}

TEST_CASE("several __shared__ arrays in one declaration get a guard zone each, on the same line", "[rewriter]") {
    // Left alone, GCC guards a thread-local array of a class type (`__half`)
    // with a hidden flag each thread reads: a false out-of-bounds report.
    CHECK(body("void k() { __shared__ __half a[8], b[2][4]; }") ==
          "void k() { SIMT_SHARED_STORAGE ::simt::shared_array<__half[8]> simt_shared_a; auto& a = simt_shared_a.value; "
          "SIMT_SHARED_STORAGE ::simt::shared_array<__half[2][4]> simt_shared_b; auto& b = simt_shared_b.value; }");
}

TEST_CASE("scalars, a scalar among arrays and file-scope __shared__ are left as they are", "[rewriter]") {
    CHECK(body("void k() { __shared__ int count; }") == "void k() { __shared__ int count; }");
    CHECK(body("void k() { __shared__ float a[4], b; }") == "void k() { __shared__ float a[4], b; }");
    CHECK(body("void k() { __shared__ float a[4], *p; }") == "void k() { __shared__ float a[4], *p; }");
    CHECK(body("__shared__ float table[8];\n") == "__shared__ float table[8];\n");
}

TEST_CASE("host variables named like CUDA's built-ins are renamed to the end of their scope", "[rewriter]") {
    // cuda-samples' cudaTensorCoreGemm: nvcc has the built-ins in device code only.
    const std::string source =
        "__global__ void k() { int i = blockIdx.x * blockDim.x + threadIdx.x; }\n"
        "int main() {\n  dim3 gridDim;\n  dim3 blockDim(128, 4);\n  gridDim.x = 4 / blockDim.x;\n"
        "  k<<<gridDim, blockDim>>>();\n}\n"
        "void f(dim3 gridDim) { g(gridDim); }\n"
        "__global__ void after() { unsigned n = gridDim.x; }\n";
    CHECK(rename_shadowed_builtins(source) ==
          "__global__ void k() { int i = blockIdx.x * blockDim.x + threadIdx.x; }\n"
          "int main() {\n  dim3 simt_local_gridDim;\n  dim3 simt_local_blockDim(128, 4);\n"
          "  simt_local_gridDim.x = 4 / simt_local_blockDim.x;\n  k<<<simt_local_gridDim, simt_local_blockDim>>>();\n}\n"
          "void f(dim3 simt_local_gridDim) { g(simt_local_gridDim); }\n"
          "__global__ void after() { unsigned n = gridDim.x; }\n");
    CHECK(lines(body(source)) == lines(source));
}

TEST_CASE("uses of the built-ins after a word that is not a type stay built-ins", "[rewriter]") {
    const std::string source = "__device__ unsigned f(S s) {\n  if (s.ok) return blockDim.x;\n  else return s.gridDim;\n}\n";
    CHECK(rename_shadowed_builtins(source) == source);
}

TEST_CASE("inline PTX that reads a special register becomes a runtime call, keeping the lines", "[rewriter]") {
    const std::string source =
        "__device__ unsigned lane() {\n  unsigned l;\n  asm volatile(\"mov.u32 %0, %%laneid;\"\n      : \"=r\"(l));\n"
        "  return l;\n}\n";
    const std::string out = body(source);
    CHECK(out.find("asm") == std::string::npos);
    CHECK(out.find("::simt::cuda::special_register(\"laneid\")") != std::string::npos);
    CHECK(out.find("(l)") != std::string::npos);
    CHECK(lines(out) == lines(source));
}

TEST_CASE("a special register named with one % (which nvcc also takes) is read the same way", "[rewriter]") {
    const std::string out = body("__device__ unsigned long long now() {\n  unsigned long long t;\n"
                                 "  asm volatile(\"mov.u64 %0, %globaltimer;\" : \"=l\"(t));\n  return t;\n}\n");
    CHECK(out.find("asm") == std::string::npos);
    CHECK(out.find("::simt::cuda::special_register(\"globaltimer\")") != std::string::npos);
}

TEST_CASE("a kernel's definition is followed, on its last line, by a registration of its parameter types", "[rewriter]") {
    // For launches that pass only its address (cudaLaunchKernel((void*)k, ...)).
    // Named by the file (FNV-1a of "k.cu"), line and column: headers one file
    // includes never clash.
    const std::string k_cu = "7f531558";
    CHECK(body("__global__ void k(float* a, int n) {\n  a[0] = n;\n}\n") ==
          "__global__ void k(float* a, int n) {\n  a[0] = n;\n} static const bool simt_kernel_registered_" + k_cu + "_1_1 = "
          "::simt::cuda::register_kernel(static_cast<void (*)(float*a,int n)>(&k));\n");
    // Parameters over several lines (the line count stays), default arguments
    // dropped, attributes before the name, a qualified name.
    const std::string src = "static __global__ void __launch_bounds__(256, 2)\nns::step(const float* __restrict__ in,\n"
                            "  int n = 4) {}\nint after;\n";
    const std::string out = body(src);
    CHECK(lines(out) == lines(src));
    CHECK_THAT(out, Catch::Contains("{} static const bool simt_kernel_registered_" + k_cu + "_1_8 = ::simt::cuda::register_kernel("
                                    "static_cast<void (*)(const float*__restrict__ in,int n)>(&ns::step)); static const bool "
                                    "simt_kernel_bounded_" + k_cu + "_1_8 = ::simt::cuda::register_launch_bound(\"ns::step\", "
                                    "(long long)(256));\nint after;"));
    // Templates (their instances are unknown here) and declarations are not registered.
    CHECK(body("template <int N> __global__ void t(int* d) {}\n") == "template <int N> __global__ void t(int* d) {}\n");
    CHECK(body("__global__ void k(int*);\n") == "__global__ void k(int*);\n");
    CHECK(body("namespace a {\ntemplate <class T>\n__global__ void t(T* d) { d[0] = T(); }\n}\n").find("register") ==
          std::string::npos);
}

TEST_CASE("a const __constant__ object gets the read-only constant section", "[rewriter]") {
    CHECK(body("__constant__ const int a[2] = {1, 2};\nconst __constant__ float b = 1;\n__constant__ float* const c = 0;\n") ==
          "SIMT_CONSTANT_READONLY const int a[2] = {1, 2};\nconst SIMT_CONSTANT_READONLY float b = 1;\n"
          "SIMT_CONSTANT_READONLY float* const c = 0;\n");
    // A pointer to const is itself writable; a plain one keeps __constant__.
    CHECK(body("__constant__ const float* p;\n__constant__ float q[4];\n") ==
          "__constant__ const float* p;\n__constant__ float q[4];\n");
}

TEST_CASE("host assembly is left as it is", "[rewriter]") {
    const std::string source = "void f() {\n  asm volatile(\"\" ::: \"memory\");\n  __asm__(\"pause\");\n}\n";
    CHECK(body(source) == source);
}

TEST_CASE("inline PTX bfind and vabsdiff4 become the arithmetic the PTX ISA defines, keeping the lines", "[rewriter]") {
    const std::string source =
        "__device__ unsigned f(unsigned a, unsigned b) {\n  unsigned r, s;\n  asm(\"bfind.u32 %0, %1;\" : \"=r\"(r) : \"r\"(a));\n"
        "  asm(\"vabsdiff4.u32.u32.u32.add\"\n      \" %0, %1, %2, %3;\"\n      : \"=r\"(s)\n      : \"r\"(a), \"r\"(b), \"r\"(r + 1));\n"
        "  return s;\n}\n";
    const std::string out = body(source);
    CHECK(out.find("asm") == std::string::npos);
    CHECK_THAT(out, Catch::Contains("((r) = decltype(+(r))([](unsigned v) { return v == 0 ? 0xffffffffu : 31u - "
                                    "unsigned(__builtin_clz(v)); }(unsigned(a))))"));
    CHECK_THAT(out, Catch::Contains("((s) = decltype(+(s))([](unsigned a, unsigned b, unsigned c)"));
    CHECK_THAT(out, Catch::Contains("(unsigned(a), unsigned(b), unsigned(r + 1))))"));
    CHECK(lines(out) == lines(source));
}

TEST_CASE("inline PTX that is a CUDA intrinsic's instruction becomes that intrinsic", "[rewriter]") {
    const std::string out = body("__device__ unsigned f(unsigned a, unsigned b, unsigned c) {\n  unsigned r;\n"
                                 "  asm(\"shf.l.wrap.b32 %0, %1, %2, %3;\" : \"=r\"(r) : \"r\"(a), \"r\"(b), \"r\"(c));\n"
                                 "  return r;\n}\n");
    CHECK(out.find("asm") == std::string::npos);
    CHECK_THAT(out, Catch::Contains("((r) = decltype(+(r))(__funnelshift_l(unsigned(a), unsigned(b), unsigned(c))))"));
}

TEST_CASE("a known PTX instruction with operands that do not fit it is an error at its line", "[rewriter]") {
    const std::string source = "__device__ unsigned f(unsigned a) {\n  unsigned r;\n  asm(\"bfind.u32 %0, %1;\" : \"=r\"(r));\n  return r;\n}\n";
    const std::optional<RewriteError> e = rewrite_error(source);
    REQUIRE(e);
    CHECK(e->line == 3);
    CHECK_THAT(e->what(), Catch::Contains("cannot read the operands of this inline PTX (bfind.u32 %0, %1)"));
}

TEST_CASE("other inline PTX is an error naming its line and the instruction", "[rewriter]") {
    const std::string source = "__global__ void k(int* p) {\n  int x;\n  asm(\"ld.global.nc.u32 %0, [%1];\" : \"=r\"(x) : \"l\"(p));\n}\n";
    const std::optional<RewriteError> e = rewrite_error(source);
    REQUIRE(e);
    CHECK(e->line == 3);
    CHECK_THAT(e->what(), Catch::Contains("simt does not run inline PTX: `ld.global.nc.u32 %0, [%1]`"));
}

TEST_CASE("a template argument holding a shift or a comparison is part of the kernel", "[rewriter]") {
    CHECK(body("t<(1 << 2)><<<1, 32>>>(d);") ==
          "::simt::cuda::launch_config(\"t<(1<<2)>\", 1, 32).run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(t<(1<<2)>(simt_args_...)) { return t<(1<<2)>(simt_args_...); }, d);");
    CHECK(body("u<(n > 2), f<int> ><<<1, 32>>>(d);") ==
          "::simt::cuda::launch_config(\"u<(n>2),f<int> >\", 1, 32).run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(u<(n>2),f<int> >(simt_args_...)) { return u<(n>2),f<int> >(simt_args_...); }, d);");
}

TEST_CASE("a launch through a parenthesised function pointer calls that pointer", "[rewriter]") {
    CHECK(body("(*fp)<<<1, 32>>>(d);") ==
          "::simt::cuda::launch_config(\"(*fp)\", 1, 32).run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype((*fp)(simt_args_...)) { return (*fp)(simt_args_...); }, d);");
}

TEST_CASE("a kernel's name keeps the spaces that separate its tokens and drops its comments", "[rewriter]") {
    CHECK(body("k<unsigned /* u */ int><<<1, 1>>>();") ==
          "::simt::cuda::launch_config(\"k<unsigned int>\", 1, 1).run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(k<unsigned int>(simt_args_...)) { return k<unsigned int>(simt_args_...); });");
}

TEST_CASE("a launch with no kernel before '<<<' is an error at its line", "[rewriter]") {
    for (const std::string source : {"int a;\n<<<1, 1>>>(x);\n", "int a;\n; <<<1, 1>>>(x);\n", "int a;\n)<<<1, 1>>>(x);\n"}) {
        CAPTURE(source);
        const std::optional<RewriteError> e = rewrite_error(source);
        REQUIRE(e);
        CHECK(e->line == 2);
        CHECK_THAT(e->what(), Catch::Contains("cannot read the kernel before '<<<'"));
    }
}

TEST_CASE("a launch with nothing between '<<<' and '>>>' is an error naming the kernel", "[rewriter]") {
    CHECK_THROWS_WITH(rewrite_cuda_source("k<<<>>>();", "k.cu"), Catch::Contains("the launch of k has no grid and block size"));
}

TEST_CASE("a launch in a macro's body is rewritten in the macro, naming the kernel its argument names", "[rewriter]") {
    CHECK(body("#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)\n") ==
          "#define LAUNCH(k, g, b, ...) ::simt::cuda::launch_config(#k, g, b)"
          ".run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(k(simt_args_...)) { return k(simt_args_...); } __VA_OPT__(,) __VA_ARGS__)\n");
    CHECK(body("#define RUN_FILL fill<<<1, 32>>>(d, 3)\n") ==
          "#define RUN_FILL ::simt::cuda::launch_config(\"fill\", 1, 32)"
          ".run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(fill(simt_args_...)) { return fill(simt_args_...); }, d, 3)\n");
}

TEST_CASE("a launch in a macro spread over continued lines keeps the continuations and the line count", "[rewriter]") {
    const std::string source = "#define LAUNCH(k) \\\n  k \\\n  <<<1, 32>>>()\nint after;\n";
    const std::string out = body(source);
    CHECK(out == "#define LAUNCH(k) \\\n  ::simt::cuda::launch_config(#k, 1, 32)"
                 ".run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(k(simt_args_...)) { return k(simt_args_...); })\\\n\nint after;\n");
    CHECK(lines(out) == lines(source));
}

TEST_CASE("a macro that holds only part of a launch is an error naming the macro and its line", "[rewriter]") {
    const std::optional<RewriteError> e = rewrite_error("int a;\n#define CONFIG <<<1, 32>>>\n");
    REQUIRE(e);
    CHECK(e->line == 2);
    CHECK_THAT(e->what(), Catch::Contains("cannot rewrite the kernel launch in the macro CONFIG"));
}

TEST_CASE("raw strings with an encoding prefix are left alone like plain ones", "[rewriter]") {
    for (const char* prefix : {"R", "u8R", "uR", "UR", "LR"}) {
        const std::string source = std::string("auto s = ") + prefix + "\"x( k<<<1, 1>>>(x); }\" )x\";\n";
        CAPTURE(source);
        CHECK(body(source) == source);
    }
}

TEST_CASE("digit separators, also in hexadecimal numbers, are not character literals", "[rewriter]") {
    const std::string out = body("int a = 0xFF'FF'FF; int b = 1'000;\nk<<<1, 1>>>();\n");
    CHECK(out.find("launch_config(\"k\"") != std::string::npos);
}

TEST_CASE("a file name with quotes or backslashes is escaped in #line", "[rewriter]") {
    CHECK(rewrite_cuda_source("int x;\n", "/src/a\"b\\c.cu").rfind("#line 1 \"/src/a\\\"b\\\\c.cu\"\n", 0) == 0);
}

TEST_CASE("long runs of __shared__, extern __shared__ and __device__ are rewritten in one pass", "[rewriter]") {
    // Each of these took seconds when every word rescanned the rest of the
    // file; the test only needs to finish.
    std::string words = "void k() {";
    for (int i = 0; i < 40000; ++i) words += " __shared__";
    CHECK(body(words + "\n}\n").size() == words.size() + 3);
    std::string externs;
    for (int i = 0; i < 20000; ++i) externs += "extern __shared__ float b" + std::to_string(i) + "[];\n";
    CHECK(lines(body(externs)) == 20000);
    std::string devices;
    for (int i = 0; i < 40000; ++i) devices += "__device__ ";
    CHECK(body(devices + "int x;\n").find("SIMT_DEVICE_GUARD SIMT_GLOBAL_VARIABLE") == 0);
}

namespace {
// Valid programs the fuzz test mutates.
const char* const kFuzzSeeds[] = {
    "#include <cstdio>\n#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)\n"
    "extern __shared__ float dyn[];\n__device__ int counter;\n"
    "template <int N> __global__ void t(int* d) {\n  __shared__ float tile[16][17];\n"
    "  extern __shared__ int s[];\n  tile[0][threadIdx.x] = s[0] + dyn[0];\n}\n"
    "int main() {\n  int* d = nullptr;\n  t<(1 << 2)><<<dim3(2, 2), 64, 4 * sizeof(float)>>>(d);\n"
    "  LAUNCH(t<3>, 1, 32, d);\n  const char* s = u8R\"(k<<<1, 1>>>(x);)\"; // k<<<\n  return 0;\n}\n",
    "__global__ void k(int* p) {\n  unsigned l;\n  asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(l));\n"
    "  static __shared__ int x;\n  p[threadIdx.x] = l + x + 1'000;\n}\n"
    "void host(void (*fp)(int*), int* d) {\n  (*fp)<<<1, 32>>>(d);\n  ns::k<float, 4><<<1, 1, 0, 0>>>(d, '<', \">>>\");\n}\n",
};
const char* const kFuzzTokens[] = {"<<<", ">>>", "__shared__", "extern", "extern __shared__", "static __shared__",
                                   "{", "}", "(", ")", "[", "]", "<", ">", "\"", "'", "/*", "*/", "//", "R\"(",
                                   "u8R\"x(", "#define M(k) k<<<1, 1>>>(", "\\\n", "" /* a NUL byte */,
                                   ";", "\n#", "__device__", "asm(\"", "reinterpret_cast<int*>(", "::", ",",
                                   "__global__ void", "__launch_bounds__("};

std::string mutate(std::string s, std::mt19937& rng) {
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n)(rng); };
    const std::size_t at = pick(s.size()), len = pick(std::min<std::size_t>(40, s.size() - at));
    switch (pick(4)) {
        case 0: return s.erase(at, len);
        case 1: return s.insert(at, s.substr(at, len));
        case 2: return s.substr(0, at);
        default: {
            const std::string token = std::string(kFuzzTokens[pick(std::size(kFuzzTokens) - 1)]);
            return s.insert(at, token.empty() ? std::string(1, '\0') : token);
        }
    }
}
}  // namespace

TEST_CASE("mutated sources are rewritten or refused with a RewriteError at a line of the file, nothing else",
          "[rewriter]") {
    std::mt19937 rng(20240611);
    int refused = 0;
    for (int n = 0; n < 3000; ++n) {
        std::string source = kFuzzSeeds[n % std::size(kFuzzSeeds)];
        for (int m = 0, count = 1 + int(rng() % 4); m < count; ++m) source = mutate(source, rng);
        try {
            rewrite_cuda_source(source, "k.cu");
        } catch (const RewriteError& e) {
            ++refused;
            CAPTURE(source, e.what());
            CHECK(e.line >= 1);
            CHECK(std::size_t(e.line) <= lines(source) + 1);
            CHECK(std::string(e.what()).size() > 10);
        } catch (const std::exception& e) {
            CAPTURE(source);
            FAIL("not a RewriteError: " << e.what());
        }
    }
    CHECK(refused > 0);  // the mutations do reach the error paths
}

TEST_CASE("__builtin_memcpy, __builtin_memmove and __builtin_memset called by name become the observed library calls", "[rewriter]") {
    CHECK(body("__builtin_memcpy(d, s, n); __builtin_memset(d, 0, n); __builtin_memmove(d, s, n);\n") ==
          "memcpy(d, s, n); memset(d, 0, n); memmove(d, s, n);\n");
    // Not in comments, strings or other names.
    const std::string kept = "// __builtin_memcpy(a, b, 4)\nconst char* s = \"__builtin_memset\";\nmy__builtin_memcpy(a);\n"
                             "__builtin_memcpy_chk(a);\n";
    CHECK(body(kept) == kept);
}

TEST_CASE("malloc and free calls, std:: ones too, go to the device heap's functions, and members, declarations and other namespaces' do not", "[rewriter]") {
    CHECK(body("int* p = (int*)malloc(n); free(p); q = std::malloc(4); std::free(q); r = ::malloc (8);\n") ==
          "int* p = (int*)simt_device_malloc(n); simt_device_free(p); q = simt_device_malloc(4); simt_device_free(q); "
          "r = simt_device_malloc (8);\n");
    const std::string kept = "pool.malloc(4); pool->free(p); my::malloc(4); void free(void*); cudaFree(p);\n"
                             "size_t free = 0; cudaMemGetInfo(&free, &total); // malloc(4)\n";
    CHECK(body(kept) == kept);
}

TEST_CASE("chevrons spelled with spaces or comments between them, as nvcc also reads them, are a launch", "[rewriter]") {
    const auto squeezed = [](std::string s) {
        s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
        return s;
    };
    const std::string plain = squeezed(body("k<<<g, b>>>(a);\n"));
    CHECK(squeezed(body("k << < g, b >> > (a);\n")) == plain);
    CHECK(squeezed(body("k< < <g, b> > >(a);\n")) == plain);
    CHECK(squeezed(body("k<</*c*/<g, b>>/**/>(a);\n")) == plain);
    CHECK(body("#define L(x) k << < 1, 1 >> > (x)\n").find("launch_config(\"k\",  1, 1 )") != std::string::npos);
}

TEST_CASE("a shift followed by a comparison is not a launch", "[rewriter]") {
    CHECK(body("bool b = (x << 2) < y;\nint z = a >> 1 > c;\n") == "bool b = (x << 2) < y;\nint z = a >> 1 > c;\n");
}

TEST_CASE("a literal 0 or NULL passed for a kernel's pointer parameter reaches it as written, a null pointer constant", "[rewriter]") {
    CHECK(body("k<<<1, 1>>>(p, 0, NULL, n);\n") ==
          "::simt::cuda::launch_config(\"k\", 1, 1).run([&](auto&& simt_arg0_, auto&& simt_arg3_) "
          "__attribute__((no_sanitize_thread)) -> decltype(k(simt_arg0_, 0, NULL, simt_arg3_)) "
          "{ return k(simt_arg0_, 0, NULL, simt_arg3_); }, p, n);\n");
    // Other numbers, and zeros that may be template arguments, are passed as before.
    CHECK(body("k<<<1, 1>>>(10, 0.0);\n").find("simt_args_...") != std::string::npos);
    CHECK(body("k<<<1, 1>>>(f<a, 0>(x));\n").find("simt_args_...") != std::string::npos);
    const std::string spread = "k<<<1, 1>>>(p,\n  0,\n  n);\nint after;\n";
    CHECK(lines(body(spread)) == lines(spread));
}
