// Compiles a CUDA program (one or more .cu and C++ files, objects and
// archives) for the CPU backend, with a cache keyed by the content of the
// rewritten sources, the flags and simt's own runtime, so rerunning an
// unchanged program starts at once. The nvcc driver's separate compile and
// link steps share the same commands, uncached.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tools/cache_hold.h"
#include "tools/nvcc_flags.h"

namespace simt::tool {

struct BuildRequest {
    std::vector<std::filesystem::path> sources;  // .cu, host C++, .o, .a; the first names the program
    CompileFlags flags;
    std::filesystem::path cache_dir;
    std::uintmax_t cache_limit = std::uintmax_t(1) << 30;  // bytes the cache may hold (build_cache.h)
};

struct BuildResult {
    std::filesystem::path executable;
    bool from_cache = false;
    // The executable's cache slot, held so no other simt removes it while
    // this one runs it (cache_hold.h).
    cache::Hold hold;
};

// Throws BuildFailure with a user-facing message when the file cannot be
// read, rewritten or compiled (the compiler's own messages go to stderr).
struct BuildFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The text of a CUDA source file; refuses a file that is not text (one
// with NUL bytes would bury the user in thousands of compiler errors).
std::string read_cuda_source(const std::filesystem::path& path);

BuildResult build_program(const BuildRequest& request);

// The nvcc driver's steps. A .cu file is rewritten (with the headers that
// need it) and compiled; a host C++ file is compiled as it is, against
// simt's CUDA headers. With flags.write_dependencies, the depfile names the
// user's files (the originals of rewritten ones), as nvcc's -MD does.
void compile_object(const std::filesystem::path& source, const CompileFlags& flags,
                    const std::filesystem::path& object);
// The preprocessed text of `source` (nvcc's -E) into `output`, or stdout
// when it is empty; a .cu file's is its rewritten C++'s.
void preprocess(const std::filesystem::path& source, const CompileFlags& flags, const std::filesystem::path& output);
// Objects into a static library (nvcc's -lib), replacing `output`.
void archive(const std::vector<std::filesystem::path>& objects, const std::filesystem::path& output);
// An object file with nothing in it (nvcc's device link step on the CPU).
void empty_object(const std::filesystem::path& object);
// The files `source` reads, for -M: the user's, as a make rule for `target`.
std::string dependency_rule(const std::filesystem::path& source, const CompileFlags& flags, const std::string& target);
// Objects and archives (and -l/-L) into an executable linked with simt's
// runtime; a -lcudart asks for the runtime simt provides and is dropped.
void link_program(const std::vector<std::filesystem::path>& inputs, const CompileFlags& flags,
                  const std::filesystem::path& output);
// The CUDA backend: the same file, unchanged, built by nvcc for a real GPU
// (cached the same way). `arch` is nvcc's -arch value.
BuildResult build_program_with_nvcc(const BuildRequest& request, const std::string& arch);
std::filesystem::path default_cache_dir();
// Why `dir` cannot hold the cache ("" when it can): made if missing, a
// directory, writable.
std::string unusable_cache_dir(const std::filesystem::path& dir);

}  // namespace simt::tool
