// Who may remove what from a cache shared by concurrent simt processes (CI
// jobs on one runner, `make -j`, `simt cache clean` beside them). A process
// holds each cache directory it uses (a program's slot, a precompiled
// header) shared, from its lookup until its program has exited; removal
// takes a directory exclusively without waiting and passes over one in use.
// flock(2) locks end with their process, so a killed simt holds nothing.
#pragma once

#include <filesystem>
#include <optional>

namespace simt::tool::cache {

class Hold {
public:
    // Creates `dir` if needed and holds it shared. Returns once the held
    // directory is the one at that path: a removal that took it away
    // between the open and the lock is waited out and the path made again.
    explicit Hold(const std::filesystem::path& dir);
    // Holds `dir` only if it exists (a precompiled header, made aside and
    // renamed into place whole).
    static std::optional<Hold> existing(const std::filesystem::path& dir);

    Hold(Hold&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    Hold& operator=(Hold&& other) noexcept;
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;
    ~Hold();

private:
    explicit Hold(int fd) : fd_(fd) {}
    int fd_ = -1;
};

// Removes `dir` (directly under `cache_dir`) unless a process holds it:
// renamed aside first, so no process finds half of it. False when in use.
bool remove_unless_held(const std::filesystem::path& dir, const std::filesystem::path& cache_dir);

// Whether a process holds `dir` now.
bool is_held(const std::filesystem::path& dir);

// Removes what an eviction killed halfway left aside in `cache_dir`.
void remove_leftovers(const std::filesystem::path& cache_dir);

}  // namespace simt::tool::cache
