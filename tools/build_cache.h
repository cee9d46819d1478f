// The compile cache. A slot is keyed by what the driver knows before
// compiling (the rewritten sources, the compile flags); inside it, an entry
// is keyed by every file the compiler read for it, as its depfile listed
// them, so a header found through -I or CPATH (`#include <params.h>`) counts
// like one next to the program (ccache's manifest, one per slot). An entry
// keeps its objects, and the executables linked from them, one per link key
// (simt's runtime libraries and the link flags): a new simt relinks a cached
// program without compiling it again.
//
//   <cache>/<slot>/deps                  the files the last build of this slot read
//   <cache>/<slot>/<entry>/              one build: its objects and rewritten sources
//   <cache>/<slot>/<entry>/files.stamp   their sizes and hashes
//   <cache>/<slot>/<entry>/link-<key>/   <name> linked from them, <name>.stamp
//   <cache>/<slot>/.build-<pid>/, <entry>/.link-<pid>/   in progress, renamed into place
//
// An entry or a link appears whole or not at all (a directory rename), a
// build that fails or is interrupted leaves nothing, an executable that no
// longer matches its stamp (size and hash) is linked again, not run, and
// objects that do not are compiled again, not linked.
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

// The slot's entry for the files as they are now, if it was built.
std::optional<std::filesystem::path> find_entry(const std::filesystem::path& slot);

// Why the objects of `entry` cannot be linked, or "" when they can: each
// file a build published is stamped (size and hash) and checked before a
// relink, so a damaged object is compiled again, not blamed on the program.
std::string entry_damage(const std::filesystem::path& entry);

// The intact executable `name` of `entry` linked for `link_key`, if there is
// one. A damaged one is removed, with a warning, so it gets linked again.
std::optional<std::filesystem::path> find_executable(const std::filesystem::path& entry, const std::string& link_key,
                                                     const std::string& name);

// The files a compiler's -MD depfile names (made absolute), less those under
// `skip` (the build's own directory).
std::vector<std::filesystem::path> read_depfile(const std::filesystem::path& depfile,
                                                const std::filesystem::path& skip);

// The cache is bounded: after a build adds an entry, whole slots and
// precompiled headers are removed, least recently used first (a hit marks
// its slot used), until the cache holds at most `limit_bytes`; `keep` (the
// slot just used) and whatever another run holds (cache_hold.h) stay.
void mark_used(const std::filesystem::path& slot);
void trim(const std::filesystem::path& cache_dir, std::uintmax_t limit_bytes, const std::filesystem::path& keep);

// Removes every slot and precompiled header from `cache_dir` (`simt cache
// clean`) but those in use; files simt did not write stay. Returns how many
// slots and bytes went, and how many slots were in use.
struct Removed {
    std::size_t slots = 0;
    std::uintmax_t bytes = 0;
    std::size_t in_use = 0;
};
Removed clean(const std::filesystem::path& cache_dir);

// What the cache holds now (`simt cache stats`).
struct Contents {
    std::size_t programs = 0, headers = 0, in_use = 0;
    std::uintmax_t program_bytes = 0, header_bytes = 0;
};
Contents contents(const std::filesystem::path& cache_dir);

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
    // Moves the directory into place as the entry for `dependencies`; returns
    // the entry (a concurrent build's, if it got there first).
    std::filesystem::path publish(const std::vector<std::filesystem::path>& dependencies);

private:
    std::filesystem::path slot_, dir_;
};

// The same for linking an entry's objects: the executable `dir()/name` is
// stamped and moved into place as the entry's link for `link_key`. Links
// of the entry unused for ten minutes go then (an older runtime's).
class PendingLink {
public:
    PendingLink(const std::filesystem::path& entry, const std::string& link_key);
    ~PendingLink();
    PendingLink(const PendingLink&) = delete;
    PendingLink& operator=(const PendingLink&) = delete;
    const std::filesystem::path& dir() const { return dir_; }
    // Returns the executable's path in its place (a concurrent link's, if
    // it got there first).
    std::filesystem::path publish(const std::string& name);

private:
    std::filesystem::path entry_, link_, dir_;
};

}  // namespace simt::tool::cache
