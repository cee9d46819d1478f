// What a cache has done for its users, kept in it (`simt cache stats`):
// counters every simt process on the cache adds to, under a lock.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace simt::tool::cache {

enum class Counter { hit, compile, relink, removed, count_ };

// Adds one to `counter` of the cache in `cache_dir`; a cache that cannot
// be written to counts nothing (the build says why, if it matters).
void count(const std::filesystem::path& cache_dir, Counter counter);

// What `simt cache stats` prints: the programs and precompiled headers the
// cache holds, how many are in use now, and the counters.
std::string describe(const std::filesystem::path& cache_dir);

}  // namespace simt::tool::cache
