#include "emulator/fault_signals.h"

#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>

#include "emulator/block.h"
#include "emulator/integer_division.h"
#include "emulator/symbolizer.h"
#include "emulator/worker.h"

namespace simt {

void flush_program_output() {
    // Another worker may hold stdout's lock in the middle of a write; waiting
    // for it could hang an exit, so a busy stream is left as it is.
    for (FILE* f : {stdout, stderr}) {
        if (ftrylockfile(f) != 0) continue;
        fflush_unlocked(f);
        funlockfile(f);
    }
}

namespace {

constexpr int kExitStatus = 134;  // what an abort gives, so CI sees a failure
// An unmapped address this far past the static shared window is most likely
// an index far past a __shared__ array (nearer ones are refused before the
// access, see Worker::near_static_shared).
constexpr std::uintptr_t kFarShared = std::uintptr_t(64) << 20;

void write_all(const char* text, std::size_t length) {
    while (length > 0) {
        ssize_t n = ::write(STDERR_FILENO, text, length);
        if (n <= 0) return;
        text += n;
        length -= std::size_t(n);
    }
}

std::string hex(const void* a) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(a)));
    return text;
}

// Where the faulting code is: its own line, or (inside a library function
// without line information, such as memcpy) the kernel line that called it.
std::string fault_place(const SignalFault& f, const void* frame, const Stack& stack) {
    const auto* pc = static_cast<const char*>(f.pc);
    if (!locate(pc + 1).file.empty()) return describe(pc + 1);
    const auto* fp = static_cast<const char* const*>(frame);
    const auto within = [&](const void* p) { return p >= stack.guard_end() && p < stack.top(); };
    for (int depth = 0; depth < 8 && within(fp) && within(fp + 1); ++depth) {
        const void* caller = fp[1];
        if (!locate(caller).file.empty()) return describe(caller);
        fp = reinterpret_cast<const char* const*>(fp[0]);
    }
    return describe(pc + 1);
}

}  // namespace

std::string stack_overflow_message(const std::string& who, const std::string& at, std::size_t size) {
    return "stack overflow " + who + " at " + at + ": the " + std::to_string(size) +
           "-byte fiber stack is exhausted (deep recursion or large local arrays)";
}

namespace {

// The thread resumes here after the handler, on its own stack (or, after a
// stack overflow, on the top of that stack: its frames are abandoned anyway).
[[noreturn]] __attribute__((noinline, used)) void raise_signal_fault() {
    Worker& w = *Worker::current();
    const SignalFault f = w.signal_fault;
    Block& block = *w.block;
    const SimThread& t = *w.thread;
    const std::string who = "in kernel " + std::string(block.info().kernel) + " by " + describe(t.id);
    const Stack& stack = t.fiber.stack();
    std::string message;
    FaultKind kind = FaultKind::IllegalAddress;
    FaultCause cause = FaultCause::None;
    std::uint32_t size = 0;
    const std::string at = fault_place(f, t.fault_frame, stack);
    if (f.stack_overflow) {
        const std::size_t bytes = std::size_t(stack.top() - stack.guard_end());
        kind = FaultKind::StackOverflow;
        cause = FaultCause::StackExhausted;
        size = std::uint32_t(bytes);
        message = stack_overflow_message(who, at, bytes);
    } else if (f.signal == SIGILL) {
        // ud2: __builtin_trap(), or where g++ proved undefined behaviour
        // (a store through a null pointer it could see). A GPU traps too.
        kind = FaultKind::Trap;
        message = "trap instruction executed " + who + " at " + at +
                  " (__builtin_trap(), or code the compiler found always undefined, such as a store through a "
                  "null pointer): the launch was stopped, as a GPU stops it";
    } else if (f.signal == SIGFPE) {
        kind = FaultKind::ArithmeticTrap;
        message = std::string(f.code == FPE_INTDIV || f.code == FPE_INTOVF
                                  ? "integer division by zero (or INT_MIN / -1) "
                                  : "arithmetic trap ") +
                  who + " at " + at +
                  ": the CPU traps where a GPU returns an unspecified value (an H100 gives -1 for x / 0); "
                  "check the divisor before dividing. The launch was stopped";
    } else if (const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(f.address),
               end = w.static_shared_lo() + Worker::static_shared_bytes();
               a >= end && a - end < kFarShared) {
        message = "out-of-bounds shared access " + who + " at " + at + ": address " + hex(f.address) + " lies " +
                  std::to_string(a - end) +
                  " bytes past the end of the static shared window (an index far past a __shared__ array?)";
        cause = FaultCause::UnmappedAddress;
    } else {
        message = std::string(f.signal == SIGBUS ? "bus error " : "invalid memory access ") + who + " at " + at +
                  ": address " + hex(f.address) +
                  (reinterpret_cast<std::uintptr_t>(f.address) < 65536 ? " (a null pointer)" : "") +
                  " is neither device memory nor the thread's own stack";
        cause = FaultCause::UnmappedAddress;
    }
    w.signal_fault = SignalFault{};
    const void* line = static_cast<const char*>(f.pc) + 1;  // as fault_place looks it up
    const void* pc = locate(line).file.empty() ? nullptr : line;
    if (kind == FaultKind::IllegalAddress) block.refuse(kind, std::move(message), pc, cause);
    Fault fault{kind, std::move(message)};
    fault.pc = pc;
    fault.cause = cause;
    fault.size = size;
    block.fail(std::move(fault));
}

// A fault inside simt's handling of a fault, or on a machine whose register
// layout we do not redirect: say what we can, keep the output, stop.
[[noreturn]] void stop_process(int signal, const SignalFault& f, const LaunchInfo& launch, const ThreadId& id) {
    char text[512];
    const int n = std::snprintf(
        text, sizeof text,
        "simt: error: %s at address %p in kernel %s, thread (%u,%u,%u) of block (%u,%u,%u) (warp %u, lane %u)\n",
        f.stack_overflow    ? "stack overflow"
        : signal == SIGFPE  ? "arithmetic trap"
        : signal == SIGILL  ? "trap instruction"
                            : "invalid memory access",
        f.address, launch.kernel, id.thread.x, id.thread.y, id.thread.z, id.block.x, id.block.y, id.block.z,
        id.warp, id.lane);
    flush_program_output();
    if (n > 0) write_all(text, std::size_t(n) < sizeof text ? std::size_t(n) : sizeof text - 1);
    ::_exit(kExitStatus);
}

void on_fault(int signal, siginfo_t* info, void* context) {
    Worker* worker = Worker::current();
    SimThread* thread = worker != nullptr ? worker->thread : nullptr;
    if (thread == nullptr || worker->block == nullptr) {
        // Not ours: behave as if we were never installed.
        ::signal(signal, SIG_DFL);
        ::raise(signal);
        return;
    }
    const Stack& stack = thread->fiber.stack();
    SignalFault f;
    f.signal = signal;
    f.code = info->si_code;
    f.address = info->si_addr;
    f.stack_overflow = signal != SIGFPE && signal != SIGILL && stack.guard_contains(info->si_addr);
    const bool nested = worker->signal_fault.signal != 0;
    auto* uc = static_cast<ucontext_t*>(context);
    // A division a GPU would carry on from: given a GPU's result, the thread
    // runs on; the block reports the first such place when the thread ends.
#if defined(__x86_64__)
    if (signal == SIGFPE && !nested) {
        const void* at = reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
        if (complete_trapped_division(*uc)) {
            if (thread->divisions++ == 0) thread->division_pc = at;
            return;
        }
    }
#endif
#if defined(__x86_64__)
    greg_t& pc = uc->uc_mcontext.gregs[REG_RIP];
    greg_t& sp = uc->uc_mcontext.gregs[REG_RSP];
    const greg_t frame = uc->uc_mcontext.gregs[REG_RBP];
#elif defined(__aarch64__)
    auto& pc = uc->uc_mcontext.pc;
    auto& sp = uc->uc_mcontext.sp;
    const auto frame = uc->uc_mcontext.regs[29];
#endif
#if defined(__x86_64__) || defined(__aarch64__)
    f.pc = reinterpret_cast<const void*>(pc);
    if (nested) stop_process(signal, f, worker->block->info(), thread->id);
    worker->signal_fault = f;
    thread->fault_frame = reinterpret_cast<const void*>(frame);
    // Continue on the thread's stack below the red zone, or from its top when
    // the stack is exhausted; with a return address of 0 (never returns).
    std::uintptr_t top = std::uintptr_t(sp) - 256;
    if (f.stack_overflow || top < std::uintptr_t(stack.guard_end()) + 16384 ||
        top >= std::uintptr_t(stack.top()))
        top = std::uintptr_t(stack.top()) - 4096;
    top &= ~std::uintptr_t(15);
#if defined(__x86_64__)
    top -= 8;
    *reinterpret_cast<std::uintptr_t*>(top) = 0;
#else
    uc->uc_mcontext.regs[30] = 0;
    uc->uc_mcontext.regs[29] = 0;
#endif
    using Register = std::remove_reference_t<decltype(sp)>;
    sp = Register(top);
    pc = Register(reinterpret_cast<std::uintptr_t>(&raise_signal_fault));
#else
    (void)uc;
    stop_process(signal, f, worker->block->info(), thread->id);
#endif
}

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
        sigaction(SIGFPE, &action, nullptr);
        sigaction(SIGILL, &action, nullptr);
    });
    static thread_local SignalStack stack;
    (void)stack;
}

}  // namespace simt
