// The compile cache. A slot is keyed by what the driver knows before
// compiling (the rewritten source, the flags, simt's runtime); inside it, an
// entry is keyed by every file the compiler read for it, as its depfile
// listed them, so a header found through -I or CPATH (`#include <params.h>`)
// counts like one next to the program (ccache's manifest, one per slot):
//
//   <cache>/<slot>/deps             the files the last build of this slot read
//   <cache>/<slot>/<entry>/         one build: <name>, <name>.cpp, <name>.stamp
//   <cache>/<slot>/.build-<pid>/    a build in progress, renamed into place
//
// An entry appears whole or not at all (a directory rename), a build that
// fails or is interrupted leaves nothing, and an entry whose executable no
// longer matches its stamp (size and hash) is rebuilt, not run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::tool::cache {

std::uint64_t hash_text(std::string_view text);
// FNV-1a over 8-byte words: enough against damage, and the runtime libraries
// (tens of MB) are hashed on every run, so it must be cheap.
std::uint64_t hash_file(const std::filesystem::path& path);
std::string hex(std::uint64_t value);

// The intact entry's executable for the files as they are now, if the slot
// has one. A damaged entry is removed, with a warning, so it gets rebuilt.
std::optional<std::filesystem::path> find_entry(const std::filesystem::path& slot, const std::string& name);

// The files a compiler's -MD depfile names (made absolute), less those under
// `skip` (the build's own directory).
std::vector<std::filesystem::path> read_depfile(const std::filesystem::path& depfile,
                                                const std::filesystem::path& skip);

// The cache is bounded: after a build adds an entry, whole slots are
// removed, least recently used first (a hit marks its slot used), until the
// cache holds at most `limit_bytes`; `keep` (the slot just used) stays.
void mark_used(const std::filesystem::path& slot);
void trim(const std::filesystem::path& cache_dir, std::uintmax_t limit_bytes, const std::filesystem::path& keep);

// Removes every slot from `cache_dir` (`simt cache clean`); files simt did
// not write stay. Returns how many slots and bytes went.
struct Removed {
    std::size_t slots = 0;
    std::uintmax_t bytes = 0;
};
Removed clean(const std::filesystem::path& cache_dir);

// A build's own directory in a slot: removed with whatever is in it unless
// published, so neither a failed compile nor an interrupted one leaves
// temporaries in the cache.
class PendingBuild {
public:
    explicit PendingBuild(const std::filesystem::path& slot);
    ~PendingBuild();
    PendingBuild(const PendingBuild&) = delete;
    PendingBuild& operator=(const PendingBuild&) = delete;
    const std::filesystem::path& dir() const { return dir_; }
    // Stamps the executable `dir()/name` and moves the directory into place as
    // the entry for `dependencies`; returns the executable's path there (a
    // concurrent build's, if it got there first).
    std::filesystem::path publish(const std::string& name, const std::vector<std::filesystem::path>& dependencies);

private:
    std::filesystem::path slot_, dir_;
};

}  // namespace simt::tool::cache
