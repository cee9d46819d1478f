// A cached build is reused while every file its compile read is unchanged
// (build_cache.h). That misses one change: a header created where the
// compiler looks *before* the directory it found an included one in
// (`#include "params.h"` found through -I inc/, then params.h written beside
// the program) makes g++ read the new one, yet no file it read has changed.
// So a build also records where such a header would appear: the paths that
// are missing now and must still be missing for the entry to hold.
#pragma once

#include <filesystem>
#include <vector>

namespace simt::tool {

// For each file of `read` under one of `search_dirs` (the user's include
// directories and the program's own, in any order), the same relative name
// under each other search directory and each directory holding a file of
// `read`, where no file is now. Files outside every search directory
// (system headers) have none. Absolute, lexically normal paths, each once.
std::vector<std::filesystem::path> shadowing_paths(const std::vector<std::filesystem::path>& read,
                                                   const std::vector<std::filesystem::path>& search_dirs);

}  // namespace simt::tool
