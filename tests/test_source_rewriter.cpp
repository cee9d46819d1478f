// The source rewriter changes only what a header cannot express, and keeps
// every line where it was.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tools/source_rewriter.h"

using simt::frontend::rewrite_cuda_source;
using simt::frontend::RewriteError;

namespace {
std::string body(const std::string& source) {
    const std::string out = rewrite_cuda_source(source, "k.cu");
    return out.substr(out.find('\n') + 1);  // drop the leading #line
}
std::size_t lines(const std::string& s) { return std::size_t(std::count(s.begin(), s.end(), '\n')); }
}  // namespace

TEST_CASE("the output starts with a #line naming the user's file") {
    CHECK(rewrite_cuda_source("int x;\n", "/src/prog.cu").rfind("#line 1 \"/src/prog.cu\"\n", 0) == 0);
}

TEST_CASE("a launch becomes a launch_config call that evaluates the arguments once") {
    const std::string out = body("k<<<g, b>>>(a, f(x));\n");
    CHECK(out == "::simt::cuda::launch_config(\"k\", g, b).run([&](auto&&... simt_args_) { k(simt_args_...); }, a, f(x));\n");
}

TEST_CASE("a launch with shared memory, a stream, no arguments, a namespace and template arguments") {
    CHECK(body("ns::k<float, 4><<<dim3(2, 2), 64, n * sizeof(float), 0>>>();") ==
          "::simt::cuda::launch_config(\"ns::k<float,4>\", dim3(2, 2), 64, n * sizeof(float), 0).run([&](auto&&... simt_args_) { ns::k<float,4>(simt_args_...); });");
}

TEST_CASE("a launch spread over several lines keeps the line count") {
    const std::string src = "k<<<grid,\n   block>>>(a,\n  b);\nint after;\n";
    const std::string out = body(src);
    CHECK(lines(out) == lines(src));
    CHECK(out.substr(out.rfind("int after")) == "int after;\n");
}

TEST_CASE("<<< inside comments and strings is left alone") {
    const std::string src = "// k<<<1,1>>>()\nconst char* s = \"<<<\"; /* <<< */\n";
    CHECK(body(src) == src);
}

TEST_CASE("extern __shared__ inside a kernel becomes a pointer to the block's dynamic shared memory") {
    CHECK(body("__global__ void k() {\n  extern __shared__ float s[];\n}\n") ==
          "__global__ void k() {\n  float* const s = reinterpret_cast<float*>(::simt::cuda::dynamic_shared());\n}\n");
    CHECK(body("void k() { extern __shared__ __align__(16) unsigned char raw[]; }") ==
          "void k() { unsigned char* const raw = reinterpret_cast<unsigned char*>(::simt::cuda::dynamic_shared()); }");
}

TEST_CASE("extern __shared__ at file scope becomes a macro and a #line keeps the numbering") {
    const std::string out = body("extern __shared__ int buf[];\nint y;\n");
    CHECK(out.find("#define buf (reinterpret_cast<int*>(::simt::cuda::dynamic_shared()))") != std::string::npos);
    CHECK(out.find("#line 1 \"k.cu\"") != std::string::npos);
}

TEST_CASE("static __shared__ loses the static that __shared__ already adds") {
    CHECK(body("void k() { static __shared__ int x; }") == "void k() {        __shared__ int x; }");
}

TEST_CASE("file-scope __device__ variables go to the global-memory section; functions and constants do not") {
    CHECK(body("__device__ int counter;") == "SIMT_GLOBAL_VARIABLE int counter;");
    CHECK(body("__device__ float t[3] = {1, 2, 3};") == "SIMT_GLOBAL_VARIABLE float t[3] = {1, 2, 3};");
    CHECK(body("__device__ float f(float x) { return x; }") == "__device__ float f(float x) { return x; }");
    CHECK(body("__device__ const int k = 3;") == "__device__ const int k = 3;");
    CHECK(body("__managed__ __device__ int m;") == "SIMT_GLOBAL_VARIABLE __device__ int m;");
    CHECK(body("namespace { __device__ int c; }") == "namespace { SIMT_GLOBAL_VARIABLE int c; }");
}

TEST_CASE("a launch without '>>>' is an error naming its line") {
    try {
        rewrite_cuda_source("int a;\nk<<<1, 2(x);\n", "k.cu");
        FAIL("no error");
    } catch (const RewriteError& e) {
        CHECK(e.line == 2);
        CHECK(std::string(e.what()).find("no matching '>>>'") != std::string::npos);
    }
}

TEST_CASE("a launch without an argument list is an error") {
    CHECK_THROWS_AS(rewrite_cuda_source("k<<<1, 2>>>;\n", "k.cu"), RewriteError);
}

TEST_CASE("a static __shared__ array in a function gets a guard zone and keeps its name, on the same line") {
    CHECK(body("void k() {\n  __shared__ float tile[16][17];\n}\n") ==
          "void k() {\n  static __thread ::simt::shared_array<float[16][17]> simt_shared_tile; auto& tile = simt_shared_tile.value;\n}\n");
    CHECK(body("void k() { volatile __shared__ int s[64]; }") ==
          "void k() { volatile static __thread ::simt::shared_array<int[64]> simt_shared_s; auto& s = simt_shared_s.value; }");
    CHECK(body("void k() { __shared__ __align__(16) T buf[N * (M + 1)]; }") ==
          "void k() { static __thread __align__(16) ::simt::shared_array<T[N * (M + 1)]> simt_shared_buf; auto& buf = simt_shared_buf.value; }");
}

TEST_CASE("scalars, several declarators and file-scope __shared__ are left as they are") {
    CHECK(body("void k() { __shared__ int count; }") == "void k() { __shared__ int count; }");
    CHECK(body("void k() { __shared__ float a[4], b[4]; }") == "void k() { __shared__ float a[4], b[4]; }");
    CHECK(body("__shared__ float table[8];\n") == "__shared__ float table[8];\n");
}

TEST_CASE("inline PTX that reads a special register becomes a runtime call, keeping the lines") {
    const std::string source =
        "__device__ unsigned lane() {\n  unsigned l;\n  asm volatile(\"mov.u32 %0, %%laneid;\"\n      : \"=r\"(l));\n"
        "  return l;\n}\n";
    const std::string out = body(source);
    CHECK(out.find("asm") == std::string::npos);
    CHECK(out.find("::simt::cuda::special_register(\"laneid\")") != std::string::npos);
    CHECK(out.find("(l)") != std::string::npos);
    CHECK(lines(out) == lines(source));
}

TEST_CASE("host assembly is left as it is") {
    const std::string source = "void f() {\n  asm volatile(\"\" ::: \"memory\");\n  __asm__(\"pause\");\n}\n";
    CHECK(body(source) == source);
}

TEST_CASE("other inline PTX is an error naming its line and the instruction") {
    const std::string source = "__global__ void k(int* p) {\n  int x;\n  asm(\"ld.global.nc.u32 %0, [%1];\" : \"=r\"(x) : \"l\"(p));\n}\n";
    try {
        rewrite_cuda_source(source, "k.cu");
        FAIL("no error");
    } catch (const RewriteError& e) {
        CHECK(e.line == 3);
        CHECK_THAT(e.what(), Catch::Contains("simt does not run inline PTX: `ld.global.nc.u32 %0, [%1]`"));
    }
}
