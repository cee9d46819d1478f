// A kernel that never finishes would hang simt without a word (a GPU hangs
// on it too, but the user of a CPU tool expects a verdict). While a launch
// runs, the watchdog watches the workers' progress counters: a thread
// ending, a barrier opening, a warp collective completing, a block starting
// or ending. After `seconds` without any, it samples where each running
// simulated thread is (a signal to its OS thread reads the interrupted pc),
// prints that, flushes the program's output and ends the process: the
// looping code cannot be unwound safely from outside.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

#include <string>
#include <utility>
#include <vector>

#include "emulator/checker.h"

namespace simt {

// What the watchdog found, as data: the launch that made no progress and
// where each running simulated thread was.
struct StalledThread {
    ThreadId id;
    std::string where;          // "file:line", the innermost frame of the program's code
    const void* pc = nullptr;   // that frame's address (+1, as return addresses are looked up)
};
struct Stall {
    std::string kernel;
    unsigned seconds = 0;
    std::vector<StalledThread> running;
};
// The report's text as the front end words it (naming its option for the
// limit); the watchdog prints it and ends the process.
using StallText = std::string (*)(const Stall& stall);
std::string plain_stall_text(const Stall& stall);  // without a front end's words
// What the front end does last, after the text is printed and before the
// process ends: what its exit would have written (report files, counts).
// It runs on the watchdog's thread while the stalled launch's threads
// still loop, and must not wait for that launch.
using StallEnd = void (*)(const Stall& stall);

class Watchdog {
public:
    explicit Watchdog(unsigned seconds);  // 0: no watchdog, no thread
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    void launch_begin(const char* kernel);
    void launch_end();
    // While a launch's blocks run side by side under the checkers: a stall
    // first gives that attempt up (`give_up`), so blocks that ran on each
    // other's partial work stop and the launch runs again in block order;
    // only a stall after that ends the program.
    void attempt_begin(std::function<void()> give_up);
    void attempt_end();
    void set_text(StallText text) { text_ = text; }
    void set_end(StallEnd end) { end_ = end; }

private:
    void watch();
    [[noreturn]] void stop_the_program(const char* kernel);

    const unsigned seconds_;
    std::atomic<StallText> text_{&plain_stall_text};
    std::atomic<StallEnd> end_{nullptr};
    std::mutex mutex_;
    std::condition_variable wake_;
    const char* kernel_ = nullptr;  // the running launch's, or nullptr
    std::function<void()> give_up_attempt_;
    std::uint64_t launches_ = 0;    // begun, so a new launch counts as progress
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace simt
