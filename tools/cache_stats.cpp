#include "tools/cache_stats.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <sstream>

#include "tools/build_cache.h"

namespace simt::tool::cache {
namespace fs = std::filesystem;
namespace {

using Counts = std::array<std::uint64_t, std::size_t(Counter::count_)>;

constexpr const char* kFile = "stats";

Counts parse(const std::string& text) {
    Counts counts{};
    std::istringstream in(text);
    for (std::uint64_t& c : counts)
        if (!(in >> c)) return Counts{};  // damaged: start again
    return counts;
}

std::string read_all(int fd) {
    std::string text;
    char buffer[256];
    for (ssize_t n; (n = pread(fd, buffer, sizeof buffer, off_t(text.size()))) > 0;) text.append(buffer, std::size_t(n));
    return text;
}

std::string mib(std::uintmax_t bytes) { return std::to_string((bytes + (1 << 19)) >> 20) + " MiB"; }

}  // namespace

void count(const fs::path& cache_dir, Counter counter) {
    const int fd = ::open((cache_dir / kFile).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return;
    flock(fd, LOCK_EX);  // without locks (some network mounts) a count may be lost, nothing else
    Counts counts = parse(read_all(fd));
    ++counts[std::size_t(counter)];
    std::string text;
    for (const std::uint64_t c : counts) text += std::to_string(c) + " ";
    text.back() = '\n';
    if (pwrite(fd, text.data(), text.size(), 0) == ssize_t(text.size())) (void)ftruncate(fd, off_t(text.size()));
    ::close(fd);
}

std::string describe(const fs::path& cache_dir) {
    const Contents held = contents(cache_dir);
    Counts counts{};
    if (const int fd = ::open((cache_dir / kFile).c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
        flock(fd, LOCK_SH);
        counts = parse(read_all(fd));
        ::close(fd);
    }
    const auto at = [&](Counter c) { return std::to_string(counts[std::size_t(c)]); };
    return "cache: " + cache_dir.string() + "\n" +
           "programs: " + std::to_string(held.programs) + " (" + mib(held.program_bytes) + ")\n" +
           "precompiled headers: " + std::to_string(held.headers) + " (" + mib(held.header_bytes) + ")\n" +
           "in use by running simt processes: " + std::to_string(held.in_use) + "\n" +
           "runs served from the cache: " + at(Counter::hit) + "\n" +
           "programs compiled: " + at(Counter::compile) + "\n" +
           "programs linked again from cached objects: " + at(Counter::relink) + "\n" +
           "removed to stay under --cache-limit: " + at(Counter::removed) + "\n";
}

}  // namespace simt::tool::cache
