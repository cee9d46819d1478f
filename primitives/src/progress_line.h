// A line on the terminal while a long run's launches go on: which launch of
// which kernel, how many of its blocks have ended. Shown only where standard
// error is a terminal, and only once the run has lasted kQuietFor (a short
// run prints nothing extra); redrawn in place, and erased before the
// launch's output and anything else the program writes after it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace simt::cuda {

class ProgressLine {
public:
    static constexpr std::chrono::milliseconds kQuietFor{2000}, kEvery{250};

    // Whether a run here shows one: standard error is a terminal that can
    // move the cursor (not TERM=dumb).
    static bool wanted();

    ProgressLine();
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // After a launch, before its output: the line goes.
    void erase();
    // A forked child has the object but not its thread: it must be left
    // alone there (no join, no destructor).
    bool in_its_process() const;

private:
    void draw_until_stopped();

    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    const int pid_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool shown_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace simt::cuda
