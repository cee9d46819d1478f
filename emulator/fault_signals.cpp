#include "emulator/fault_signals.h"

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "emulator/block.h"
#include "emulator/worker.h"

namespace simt {
namespace {

constexpr int kExitStatus = 134;  // what an abort gives, so CI sees a failure

void write_all(const char* text, std::size_t length) {
    while (length > 0) {
        ssize_t n = ::write(STDERR_FILENO, text, length);
        if (n <= 0) return;
        text += n;
        length -= std::size_t(n);
    }
}

void on_fault(int signal, siginfo_t* info, void*) {
    Worker* worker = Worker::current();
    SimThread* thread = worker != nullptr ? worker->thread : nullptr;
    if (thread == nullptr || worker->block == nullptr) {
        // Not ours: behave as if we were never installed.
        ::signal(signal, SIG_DFL);
        ::raise(signal);
        return;
    }
    const ThreadId& id = thread->id;
    const LaunchInfo& launch = worker->block->info();
    char text[768];
    int n;
    if (thread->fiber.stack().guard_contains(info->si_addr)) {
        const Stack& s = thread->fiber.stack();
        n = std::snprintf(
            text, sizeof text,
            "simt: error: stack overflow in kernel %s, thread (%u,%u,%u) of block (%u,%u,%u) "
            "(warp %u, lane %u): the %zu-byte fiber stack is exhausted.\n"
            "simt: hint: rerun with a larger stack, e.g. --stack-size %zu\n",
            launch.kernel, id.thread.x, id.thread.y, id.thread.z, id.block.x, id.block.y,
            id.block.z, id.warp, id.lane, std::size_t(s.top() - s.guard_end()),
            std::size_t(s.top() - s.guard_end()) * 4);
    } else {
        n = std::snprintf(
            text, sizeof text,
            "simt: error: %s at address %p in kernel %s, thread (%u,%u,%u) of block (%u,%u,%u) "
            "(warp %u, lane %u): the kernel dereferenced memory that is neither device memory "
            "nor its own stack.\n",
            signal == SIGBUS ? "bus error" : "segmentation fault", info->si_addr, launch.kernel,
            id.thread.x, id.thread.y, id.thread.z, id.block.x, id.block.y, id.block.z, id.warp,
            id.lane);
    }
    if (n > 0) write_all(text, std::size_t(n) < sizeof text ? std::size_t(n) : sizeof text - 1);
    ::_exit(kExitStatus);
}

}  // namespace

namespace {

// The calling thread's alternate signal stack, if simt installed it.
class SignalStack {
public:
    SignalStack() {
        stack_t current;
        if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;
        memory_ = std::malloc(kSize);
        stack_t ss;
        ss.ss_sp = memory_;
        ss.ss_size = kSize;
        ss.ss_flags = 0;
        sigaltstack(&ss, nullptr);
    }
    ~SignalStack() {
        if (memory_ == nullptr) return;
        stack_t off;
        off.ss_sp = nullptr;
        off.ss_size = 0;
        off.ss_flags = SS_DISABLE;
        sigaltstack(&off, nullptr);
        std::free(memory_);
    }
    SignalStack(const SignalStack&) = delete;
    SignalStack& operator=(const SignalStack&) = delete;

private:
    static constexpr std::size_t kSize = 64 * 1024;
    void* memory_ = nullptr;
};

}  // namespace

void prepare_fault_signals() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action;
        std::memset(&action, 0, sizeof action);
        action.sa_sigaction = &on_fault;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(SIGSEGV, &action, nullptr);
        sigaction(SIGBUS, &action, nullptr);
    });
    static thread_local SignalStack stack;
    (void)stack;
}

}  // namespace simt
