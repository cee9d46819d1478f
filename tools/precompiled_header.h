// simt/cuda.h, force-included into every CUDA file simt compiles, is about
// half a cold compile (0.47 of ~0.95 s for a small program). It is
// precompiled once per compile flags and state of simt's headers, into the
// build cache; GCC uses it where the flags and macros allow (its own check)
// and otherwise parses the header as before.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tools/cache_hold.h"

namespace simt::tool {

// simt's CUDA headers as they are now (each file's path, size and time):
// with the header precompiled the compiler's depfile no longer lists them,
// so the build cache keys on this instead.
std::string cuda_headers_fingerprint();

// The directory to put first on the include path of `command` (a compile
// command that force-includes simt/cuda.h), holding the header precompiled
// for it; made in `cache_dir` if missing, and held (cache_hold.h) for as
// long as the compile keeps this. nullopt when the command does not
// force-include the header or the header did not precompile.
struct PrecompiledHeader {
    std::filesystem::path dir;
    cache::Hold hold;
};
std::optional<PrecompiledHeader> precompiled_cuda_header(const std::vector<std::string>& command,
                                                         const std::filesystem::path& cache_dir);

}  // namespace simt::tool
