// One simulated GPU thread's execution context: a Boost.Context fcontext on a
// guarded stack. We use the low-level fcontext API rather than
// boost::context::fiber because a thread that traps, faults or deadlocks must
// be abandoned without unwinding its stack through instrumented kernel frames
// (a GPU does not run destructors of a killed thread either).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define SIMT_ASAN 1
#else
#define SIMT_ASAN 0
#endif
// ThreadSanitizer instruments simt's own code only in the engine's thread
// check (tests/engine_threads, which defines SIMT_ENGINE_TSAN). Kernel code
// is compiled with -fsanitize=thread too, but its instrumentation goes to
// simt's runtime, never to libtsan: __SANITIZE_THREAD__ cannot tell them apart.
#if defined(SIMT_ENGINE_TSAN)
#define SIMT_TSAN 1
#else
#define SIMT_TSAN 0
#endif
// simt's own switch (fiber.cpp) on x86-64 Linux, AddressSanitizer or not;
// Boost.Context's fcontext elsewhere.
#if defined(__x86_64__) && defined(__linux__)
#define SIMT_OWN_SWITCH 1
#else
#define SIMT_OWN_SWITCH 0
#endif

#ifndef SIMT_FIBER_CHECKS
#define SIMT_FIBER_CHECKS 0
#endif

#if SIMT_OWN_SWITCH
// fiber.cpp: saves the callee-saved registers on the leaving stack, stores
// its stack pointer in *save, and continues on `to`, ending in `ret`.
extern "C" void simt_fiber_switch(void** save, void* to);
#endif

namespace simt {

// A stack with one PROT_NONE guard page at its low end, or, past the number
// of guard pages the system allows, an ordinary page ending in a canary.
struct Stack {
    char* base = nullptr;       // lowest address (start of the guard or canary page)
    std::size_t total = 0;      // that page + usable bytes
    bool guarded = true;
    char* usable = nullptr;     // first usable byte: base + a page
    char* guard_end() const { return usable; }
    char* top() const { return base + total; }
    bool guard_contains(const void* address) const;
    // An unguarded stack's canary is whole unless its thread ran past the
    // stack's end (a guarded stack faults instead, so is always intact).
    bool canary_intact() const { return guarded || unguarded_canary_intact(); }

private:
    bool unguarded_canary_intact() const;
};

struct StackConfig {
    std::size_t usable_bytes = 64 * 1024;
    // Stacks that get a guard page, each costing two of the process's memory
    // mappings (vm.max_map_count, 65530 by default): a cooperative launch of
    // 264 blocks of 1024 threads keeps 270,336 fibers alive at once. Stacks
    // past the limit are carved from shared mappings with a canary, which
    // finds an overflow at the thread's next switch rather than at once.
    std::size_t guarded_limit = static_cast<std::size_t>(-1);  // capped by the system's budget
};

// Stacks are expensive to create (mmap + mprotect, ~10 us) and cheap to reuse,
// so each worker keeps its own pool; stacks are never shared across OS threads.
class StackPool {
public:
    explicit StackPool(StackConfig config);
    ~StackPool();
    StackPool(const StackPool&) = delete;
    StackPool& operator=(const StackPool&) = delete;

    Stack acquire();
    void release(Stack stack);
    std::size_t usable_bytes() const { return usable_; }

private:
    void carve_unguarded();

    std::size_t usable_;
    std::size_t guarded_limit_;
    std::vector<Stack> free_;
};

class Fiber {
public:
    // Returns the fiber to run next once it has finished (switched to
    // directly, as switch_to does), or nullptr for the scheduler.
    using Entry = Fiber* (*)(void* argument);

    // Prepares the fiber to run entry(argument) on the given stack.
    void prepare(const Stack& stack, Entry entry, void* argument);
    // Prepares it without a stack: it gets one (set_stack) before anything
    // switches to it, or, where fibers start in place, it starts on the
    // stack of a fiber that finishes and hands over to it.
    void prepare(Entry entry, void* argument);
    void set_stack(const Stack& stack);
    bool has_stack() const { return stack_.base != nullptr; }
    // With simt's own switch and no sanitizer: a finished fiber that hands
    // over to one that never ran and has no stack does not switch at all;
    // the new one runs in its place, on its stack (passed on with it), so
    // threads that never wait (a barrier-free kernel) all run on one hot
    // stack. (ASan and TSan are told of every stack a fiber runs on.)
    static constexpr bool starts_in_place = SIMT_OWN_SWITCH && !SIMT_ASAN && !SIMT_TSAN;
#if SIMT_TSAN
    Fiber() = default;
    Fiber(const Fiber&) = delete;  // owns its ThreadSanitizer context
    Fiber& operator=(const Fiber&) = delete;
    ~Fiber();
#endif
    // Called by the scheduler: runs fibers until one suspends or finishes.
    void resume();
    // Called from inside the fiber: returns control to the scheduler.
    void suspend();
    // Called from inside the fiber: runs `next` at once, without going
    // through the scheduler (one context switch instead of two); this fiber
    // continues when someone resumes or switches to it.
    // Inline where nothing follows the switch (no sanitizer to tell): kernel
    // code -> barrier -> switch is then three frames deep, and every frame
    // fewer is a return address and a stack line less for the resumed thread.
#if SIMT_OWN_SWITCH && !SIMT_ASAN && !SIMT_TSAN
    void switch_to(Fiber& next) {
        expect(state_ == State::Running, "a fiber that is not running switched to another");
        next.expect(&next != this && next.may_run(), "a fiber switched to one that is running or finished");
        state_ = State::Suspended;
        next.state_ = State::Running;
        simt_fiber_switch(&context_, next.context_);
    }
#else
    void switch_to(Fiber& next);
#endif
    // Whether switch_to may be used: not with Boost.Context under
    // AddressSanitizer, whose annotations there assume every switch goes
    // through the scheduler's stack.
    static constexpr bool direct_switching = SIMT_OWN_SWITCH || !SIMT_ASAN;
    bool finished() const { return state_ == State::Finished; }
    const Stack& stack() const { return stack_; }

private:
    friend struct FiberStart;
    enum class State : std::uint8_t { Prepared, Running, Suspended, Finished };
    void* first_context();  // the context that starts entry_ on stack_
    bool may_run() const { return state_ == State::Prepared || state_ == State::Suspended; }
    // A checked build (Debug, or the sanitized one: emulator/CMakeLists.txt)
    // asserts the fiber states at every switch, so misuse stops there instead
    // of running on a stack that is finished or already running.
    void expect([[maybe_unused]] bool holds, [[maybe_unused]] const char* misuse) const {
        if constexpr (SIMT_FIBER_CHECKS)
            if (!holds) check_failed(misuse);
    }
    [[noreturn]] void check_failed(const char* misuse) const;

    // The two fields a switch reads first, together (see SimThread).
    void* context_ = nullptr;   // the fiber's saved context while suspended
    State state_ = State::Prepared;
    Stack stack_;
    Entry entry_ = nullptr;
    void* argument_ = nullptr;
    void* tsan_fiber_ = nullptr;  // ThreadSanitizer's context for it (SIMT_TSAN)
    // AddressSanitizer bookkeeping so it follows our stack switches.
    void* asan_fake_stack_ = nullptr;
    const void* caller_stack_bottom_ = nullptr;
    std::size_t caller_stack_size_ = 0;
};

}  // namespace simt
