#include "progress_line.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "emulator/launch_progress.h"

namespace simt::cuda {
namespace {

// Straight to the descriptor: the program's stdio buffers stay as they are.
void put(const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
        if (n <= 0) return;
        done += std::size_t(n);
    }
}

constexpr const char* kEraseLine = "\r\033[K";

}  // namespace

bool ProgressLine::wanted() {
    if (isatty(STDERR_FILENO) == 0) return false;
    const char* term = std::getenv("TERM");
    return term == nullptr || std::strcmp(term, "dumb") != 0;
}

ProgressLine::ProgressLine() : pid_(int(getpid())), thread_([this] { draw_until_stopped(); }) {}

bool ProgressLine::in_its_process() const { return int(getpid()) == pid_; }

ProgressLine::~ProgressLine() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    erase();
}

void ProgressLine::erase() {
    if (!in_its_process()) return;  // the lock may have been held when the program forked
    std::lock_guard<std::mutex> lock(mutex_);
    if (!shown_) return;
    put(kEraseLine);
    shown_ = false;
}

void ProgressLine::draw_until_stopped() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, kEvery, [this] { return stopping_; })) {
        const auto elapsed = std::chrono::steady_clock::now() - start_;
        if (elapsed < kQuietFor) continue;
        const LaunchProgress p = launch_progress();
        if (!p.running) continue;  // between launches the program may be writing: the line stays off
        put(std::string(kEraseLine) + "simt: " +
            std::to_string(std::chrono::duration_cast<std::chrono::seconds>(elapsed).count()) + " s, launch " +
            std::to_string(p.launch) + " (" + p.kernel + "): " + std::to_string(p.blocks_done) + " of " +
            std::to_string(p.blocks) + " blocks done");
        shown_ = true;
    }
}

}  // namespace simt::cuda
