// Compiles a single-file CUDA program for the CPU backend, with a cache keyed
// by the content of the rewritten source, the flags and simt's own runtime,
// so rerunning an unchanged file starts at once.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace simt::tool {

struct BuildRequest {
    std::filesystem::path source;
    std::filesystem::path cache_dir;
    std::string optimization = "-O2";
};

struct BuildResult {
    std::filesystem::path executable;
    bool from_cache = false;
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
// The CUDA backend: the same file, unchanged, built by nvcc for a real GPU
// (cached the same way). `arch` is nvcc's -arch value.
BuildResult build_program_with_nvcc(const BuildRequest& request, const std::string& arch);
std::filesystem::path default_cache_dir();

}  // namespace simt::tool
