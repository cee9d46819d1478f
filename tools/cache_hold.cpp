#include "tools/cache_hold.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace simt::tool::cache {
namespace fs = std::filesystem;
namespace {

constexpr const char* kAside = ".removing-";

int open_dir(const fs::path& dir) { return ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); }

bool is_at(int fd, const fs::path& dir) {
    struct stat held {}, now {};
    return fstat(fd, &held) == 0 && stat(dir.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
           held.st_ino == now.st_ino;
}

int lock(int fd, int how) {
    int result;
    while ((result = flock(fd, how)) != 0 && errno == EINTR) {
    }
    return result;
}

// The directory at `dir` held shared, or -1 with errno set when there is
// none to open.
int hold_at(const fs::path& dir) {
    for (;;) {
        const int fd = open_dir(dir);
        if (fd < 0) return -1;
        // A file system without locks (some network mounts) leaves the cache
        // as it was before there were locks: usable, unsafe beside a removal.
        if (lock(fd, LOCK_SH) != 0 || is_at(fd, dir)) return fd;
        ::close(fd);  // taken away while this waited: open what is there now
    }
}

}  // namespace

Hold::Hold(const fs::path& dir) {
    for (;;) {
        std::error_code ec;
        fs::create_directories(dir, ec);
        if (ec) throw fs::filesystem_error("cannot make the cache directory", dir, ec);
        fd_ = hold_at(dir);
        if (fd_ >= 0) return;
        if (errno != ENOENT) throw fs::filesystem_error("cannot open the cache directory", dir, std::error_code(errno, std::generic_category()));
        // removed between the make and the open: make it again
    }
}

std::optional<Hold> Hold::existing(const fs::path& dir) {
    const int fd = hold_at(dir);
    if (fd < 0) return std::nullopt;
    return Hold(fd);
}

Hold& Hold::operator=(Hold&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

Hold::~Hold() {
    if (fd_ >= 0) ::close(fd_);
}

bool remove_unless_held(const fs::path& dir, const fs::path& cache_dir) {
    const int fd = open_dir(dir);
    if (fd < 0) return errno == ENOENT;  // already gone
    if (flock(fd, LOCK_EX | LOCK_NB) != 0 || !is_at(fd, dir)) {
        ::close(fd);
        return false;
    }
    const fs::path aside = cache_dir / (kAside + std::to_string(getpid()) + "-" + dir.filename().string());
    std::error_code ec;
    fs::remove_all(aside, ec);
    fs::rename(dir, aside, ec);
    ::close(fd);  // a process waiting to hold it finds the path gone and makes it again
    if (ec) return false;
    fs::remove_all(aside, ec);
    return true;
}

bool is_held(const fs::path& dir) {
    const int fd = open_dir(dir);
    if (fd < 0) return false;
    const bool held = flock(fd, LOCK_EX | LOCK_NB) != 0;
    ::close(fd);
    return held;
}

void remove_leftovers(const fs::path& cache_dir) {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(cache_dir, ec))
        if (e.path().filename().string().rfind(kAside, 0) == 0) {
            std::error_code ignored;
            fs::remove_all(e.path(), ignored);  // another clean may be removing it too
        }
}

}  // namespace simt::tool::cache
