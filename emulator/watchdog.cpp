#include "emulator/watchdog.h"

#include <signal.h>
#include <ucontext.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "emulator/block.h"
#include "emulator/fault_signals.h"
#include "emulator/symbolizer.h"
#include "emulator/worker.h"

namespace simt {
namespace {

// SIGURG: ignored by default, so a stray one harms nothing (Go's runtime
// preempts goroutines with it for the same reason).
constexpr int kSampleSignal = SIGURG;
constexpr int kExitStatus = 134;
std::atomic<std::uint64_t> sample_request{0};

// On the sampled OS thread: where its simulated thread is. backtrace()
// unwinds by the tables (through libc, which keeps no frame pointers) and
// across the signal frame; it was called once before, so it does not load
// libgcc here.
void on_sample(int, siginfo_t*, void* context) {
    Worker* w = Worker::current();
    if (w == nullptr || w->thread == nullptr) return;
    auto* uc = static_cast<ucontext_t*>(context);
#if defined(__x86_64__)
    const void* pc = reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    const void* pc = reinterpret_cast<const void*>(uc->uc_mcontext.pc);
#else
    const void* pc = nullptr;
    (void)uc;
#endif
    void* frames[40];
    const int n = backtrace(frames, 40);
    int first = 0;
    while (first < n && frames[first] != pc) ++first;
    Worker::Sample& s = w->sample;
    s.depth = 0;
    // The interrupted pc is not a return address: +1 so that lookups, which
    // subtract 1, land on it.
    s.pcs[s.depth++] = static_cast<const char*>(pc) + 1;
    for (int i = first + 1; i < n && s.depth < 24; ++i) s.pcs[s.depth++] = frames[i];
    s.taken.store(sample_request.load(std::memory_order_relaxed), std::memory_order_release);
}

void install_sample_handler() {
    static const bool installed = [] {
        struct sigaction sa {};
        sa.sa_sigaction = &on_sample;
        sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        void* warm[2];
        backtrace(warm, 2);
        return sigaction(kSampleSignal, &sa, nullptr) == 0;
    }();
    (void)installed;
}

// The program's own code: in the executable (not a shared system library
// such as libc), and not compiled from simt's sources.
bool in_program(const void* pc) {
    Dl_info info{};
    if (dladdr(pc, &info) == 0 || info.dli_fname == nullptr) return false;
    const std::string object = info.dli_fname;
    if (object.rfind("/usr/", 0) == 0 || object.rfind("/lib", 0) == 0) return false;
    const std::string file = locate(pc).file;
    if (file.empty() || file.rfind("/usr/", 0) == 0) return false;  // an inlined system header
    for (const char* room : {"emulator/", "primitives/", "checkers/"})
        if (file.rfind(std::string(SIMT_SOURCE_DIR) + room, 0) == 0) return false;
    return true;
}

constexpr const char* kOutsideProgram = " (in simt or a library; no frame of the program was found)";

using Running = StalledThread;

// The innermost frame in the program's code: the user's loop rather than the
// library routine, or simt's wait for a turn, it happened to be in.
Running place(const ThreadId& id, const Worker::Sample& s) {
    for (int i = 0; i < s.depth; ++i)
        if (in_program(s.pcs[i])) return {id, describe(s.pcs[i]), s.pcs[i]};
    return {id, describe(s.pcs[0]) + kOutsideProgram, nullptr};
}

// One sample of a worker's running thread; nullopt when it stopped running
// or did not answer.
std::optional<Running> sample(Worker& w) {
    const std::uint64_t request = sample_request.fetch_add(1) + 1;
    if (w.thread == nullptr || pthread_kill(w.os_thread(), kSampleSignal) != 0) return std::nullopt;
    for (int wait = 0; wait < 100 && w.sample.taken.load(std::memory_order_acquire) != request; ++wait)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const SimThread* t = w.thread;
    if (w.sample.taken.load(std::memory_order_acquire) != request || t == nullptr) return std::nullopt;
    return place(t->id, w.sample);
}

}  // namespace


Watchdog::Watchdog(unsigned seconds) : seconds_(seconds) {
    if (seconds_ == 0) return;
    install_sample_handler();
    thread_ = std::thread([this] { watch(); });
}

Watchdog::~Watchdog() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void Watchdog::launch_begin(const char* kernel) {
    if (seconds_ == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    kernel_ = kernel;
    ++launches_;
}

void Watchdog::launch_end() {
    if (seconds_ == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    kernel_ = nullptr;
}

void Watchdog::attempt_begin(std::function<void()> give_up) {
    if (seconds_ == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    give_up_attempt_ = std::move(give_up);
}

void Watchdog::attempt_end() {
    if (seconds_ == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    give_up_attempt_ = nullptr;
}

void Watchdog::watch() {
    using Clock = std::chrono::steady_clock;
    std::unique_lock<std::mutex> lock(mutex_);
    std::uint64_t seen = ~std::uint64_t(0);
    Clock::time_point since = Clock::now();
    while (!stopping_) {
        wake_.wait_for(lock, std::chrono::milliseconds(250));
        if (stopping_) return;
        if (kernel_ == nullptr) {
            seen = ~std::uint64_t(0);
            continue;
        }
        std::uint64_t progress = launches_;
        Worker::for_each_attached([&](Worker& w) { progress += w.progress(); });
        const Clock::time_point now = Clock::now();
        if (progress != seen) {
            seen = progress;
            since = now;
        } else if (now - since >= std::chrono::seconds(seconds_)) {
            if (give_up_attempt_) {
                std::exchange(give_up_attempt_, nullptr)();
                since = now;
                continue;
            }
            stop_the_program(kernel_);
        }
    }
}

std::string plain_stall_text(const Stall& stall) {
    std::string text = "simt: error: kernel " + stall.kernel + " made no progress for " +
                       std::to_string(stall.seconds) +
                       " s: no thread ended, no barrier opened, no warp collective completed and no block started\n";
    for (const StalledThread& t : stall.running) text += "  " + describe(t.id) + " runs at " + t.where + "\n";
    if (stall.running.empty()) text += "  no simulated thread is running: every live thread waits\n";
    return text + "simt: the program was stopped\n";
}

void Watchdog::stop_the_program(const char* kernel) {
    std::vector<Worker*> busy;
    Worker::for_each_attached([&](Worker& w) {
        if (w.thread != nullptr) busy.push_back(&w);
    });
    // Which thread runs at a given moment is a matter of timing: each
    // worker is asked to run its block's lowest-numbered ready thread and
    // hold it at its next switch, in the program's code (Block::hold_if_lowest).
    // One that never switches is sampled where it loops.
    for (Worker* w : busy) w->hold_for_sample.store(true, std::memory_order_relaxed);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    // A sample can catch a thread inside a library routine the unwinder
    // cannot leave; a few more find it in the program's own code.
    std::vector<Running> running;
    for (Worker* w : busy) {
        std::optional<Running> seen;
        for (int attempt = 0; attempt < 20 && (!seen || seen->where.find(kOutsideProgram) != std::string::npos);
             ++attempt) {
            if (std::optional<Running> now = sample(*w)) seen = std::move(now);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        if (seen) running.push_back(*seen);
    }
    std::sort(running.begin(), running.end(), [](const Running& a, const Running& b) {
        const auto key = [](const ThreadId& i) { return std::make_tuple(i.block.z, i.block.y, i.block.x, i.linear); };
        return key(a.id) < key(b.id);
    });
    const Stall stall{kernel, seconds_, std::move(running)};
    const std::string report = text_.load()(stall);
    flush_program_output();
    std::fputs(report.c_str(), stderr);
    std::fflush(stderr);
    if (const StallEnd end = end_.load()) end(stall);
    flush_program_output();
    ::_exit(kExitStatus);
}

}  // namespace simt
