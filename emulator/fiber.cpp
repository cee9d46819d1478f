#include "emulator/fiber.h"

#include <boost/context/detail/fcontext.hpp>  // where SIMT_OWN_SWITCH is 0
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>

#if SIMT_ASAN
#include <sanitizer/asan_interface.h>
#endif
#if SIMT_TSAN
#include <sanitizer/tsan_interface.h>
#endif
#include <cstdio>

namespace ctx = boost::context::detail;

namespace simt {
namespace {

std::size_t page_size() {
    static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return size;
}

// An unguarded stack starts with this pattern; a thread that ran past its
// stack's end has overwritten it (or skipped it with one large frame, which
// goes unnoticed: the canary is the fallback, the guard page the rule).
constexpr std::size_t kCanaryBytes = 64;
constexpr unsigned char kCanaryByte = 0xa5;

// Guarded stacks alive in the process (pooled ones included): every one
// holds two memory mappings, and the limit is per process.
std::atomic<std::size_t> guarded_stacks{0};

// How many guarded stacks the process can afford: half of what is left of
// vm.max_map_count after a reserve for the program, its allocator and its
// libraries.
std::size_t system_guard_budget() {
    static const std::size_t budget = [] {
        std::size_t max_maps = 65530;  // Linux's default
        std::ifstream in("/proc/sys/vm/max_map_count");
        in >> max_maps;
        constexpr std::size_t reserve = 16384;
        return max_maps > reserve ? (max_maps - reserve) / 2 : 0;
    }();
    return budget;
}

}  // namespace

namespace {
// Right below the first usable byte, so every stack has the same usable size
// and starts on a page (munmap takes pages).
char* canary(const Stack& s) { return s.guard_end() - kCanaryBytes; }
}  // namespace

bool Stack::guard_contains(const void* address) const {
    auto a = static_cast<const char*>(address);
    return guarded && base != nullptr && a >= base && a < guard_end();
}

bool Stack::unguarded_canary_intact() const {
    const char* c = canary(*this);
    for (std::size_t i = 0; i < kCanaryBytes; ++i)
        if (static_cast<unsigned char>(c[i]) != kCanaryByte) return false;
    return true;
}

StackPool::StackPool(StackConfig config)
    : guarded_limit_(std::min(config.guarded_limit, system_guard_budget())) {
    const std::size_t page = page_size();
    usable_ = (config.usable_bytes + page - 1) / page * page;
}

namespace {
// A fiber abandoned mid-frame (fault, deadlock) leaves ASan's redzones for
// its frames poisoned; the next user of the memory must not inherit them.
void forget_frames(const Stack& s) {
#if SIMT_ASAN
    __asan_unpoison_memory_region(s.guard_end(), std::size_t(s.top() - s.guard_end()));
#else
    (void)s;
#endif
}
}  // namespace

StackPool::~StackPool() {
    for (const Stack& s : free_) {
        forget_frames(s);
        munmap(s.base, s.total);  // a piece of a shared mapping unmaps alone
        if (s.guarded) guarded_stacks.fetch_sub(1, std::memory_order_relaxed);
    }
}

Stack StackPool::acquire() {
    if (free_.empty()) {
        if (guarded_stacks.fetch_add(1, std::memory_order_relaxed) < guarded_limit_) {
            Stack s;
            s.total = usable_ + page_size();
            void* memory = mmap(nullptr, s.total, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (memory != MAP_FAILED) {
                s.base = static_cast<char*>(memory);
                s.usable = s.base + page_size();
                if (mprotect(s.base, page_size(), PROT_NONE) == 0) return s;
                munmap(memory, s.total);
            }
        }
        // Over the budget, or the system refused: no guard page for this one.
        guarded_stacks.fetch_sub(1, std::memory_order_relaxed);
        carve_unguarded();
    }
    Stack s = free_.back();
    free_.pop_back();
    return s;
}

// One mapping for many stacks, each behind a canary. Anonymous mappings of
// the same protection merge, so these cost the process almost no mappings.
void StackPool::carve_unguarded() {
    constexpr std::size_t kStacksPerMapping = 64;
    const std::size_t each = usable_ + page_size();
    void* memory = mmap(nullptr, each * kStacksPerMapping, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    // Highest first: a thread that overflows runs into the next stack of
    // the same mapping, not into whatever lies below it.
    for (std::size_t i = 0; i < kStacksPerMapping; ++i) {
        Stack s;
        s.base = static_cast<char*>(memory) + i * each;
        s.total = each;
        s.guarded = false;
        s.usable = s.base + page_size();
        std::memset(canary(s), kCanaryByte, kCanaryBytes);
        free_.push_back(s);
    }
}

void StackPool::release(Stack stack) {
    forget_frames(stack);
    if (!stack.guarded) std::memset(canary(stack), kCanaryByte, kCanaryBytes);  // an overflow was reported
    free_.push_back(stack);
}

void Fiber::check_failed(const char* misuse) const {
    std::fprintf(stderr, "simt: fiber check failed: %s (fiber on the stack at %p)\n", misuse,
                 static_cast<const void*>(stack_.base));
    std::abort();
}

namespace {
#if SIMT_TSAN
// The scheduler's ThreadSanitizer context on this OS thread: learnt when it
// resumes a fiber, as ASan learns its stack.
thread_local void* scheduler_tsan_fiber = nullptr;
#endif

// ThreadSanitizer is told of each switch just before it, and each switch
// orders what came before it and what follows: fibers of a block run one at
// a time on one OS thread.
void tsan_switch_to(void* fiber) {
#if SIMT_TSAN
    __tsan_switch_to_fiber(fiber, 0);
#else
    (void)fiber;
#endif
}

void* tsan_scheduler() {
#if SIMT_TSAN
    return scheduler_tsan_fiber;
#else
    return nullptr;
#endif
}

void tsan_note_scheduler() {
#if SIMT_TSAN
    scheduler_tsan_fiber = __tsan_get_current_fiber();
#endif
}
}  // namespace

#if SIMT_TSAN
Fiber::~Fiber() {
    if (tsan_fiber_ != nullptr) __tsan_destroy_fiber(tsan_fiber_);
}
#endif

#if SIMT_OWN_SWITCH

// A switch that ends in `ret` (Boost's ends in an indirect jump): the
// return-stack predictor stays in step, and since threads switch at the same
// call sites (a barrier, a collective) the next returns of the resumed
// thread are predicted right. Saves the callee-saved registers on the
// leaving stack, stores its stack pointer in *save, and continues on `to`.
// No MXCSR/x87 control word: simt changes the rounding mode only around one
// operation on locals (simt/rounding.h), never across a switch.
// A new fiber's first `ret` lands here, with the Fiber in rbx and the
// function to run in r12 (both restored from its prepared stack).
extern "C" void simt_fiber_entry();

asm(R"(
    .text
    .p2align 4
    .globl simt_fiber_switch
    .hidden simt_fiber_switch
    .type simt_fiber_switch, @function
simt_fiber_switch:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size simt_fiber_switch, .-simt_fiber_switch

    .p2align 4
    .globl simt_fiber_entry
    .hidden simt_fiber_entry
    .type simt_fiber_entry, @function
simt_fiber_entry:
    movq %rbx, %rdi
    callq *%r12
    ud2
    .size simt_fiber_entry, .-simt_fiber_entry
)");

namespace {
// The worker's scheduler (Block::run) while fibers run on this OS thread.
// (Thread-locals here are named scheduler_*: checkers/shared_symbols.cpp
// tells simt's own from a program's __shared__ variables by name.)
[[gnu::tls_model("initial-exec")]] thread_local void* scheduler_context = nullptr;
#if SIMT_ASAN
// AddressSanitizer follows each switch by being told the stack it goes to
// before, and where it came from after. The scheduler's stack is learnt
// when it first resumes a fiber; a fiber may also arrive from another
// fiber (switch_to), so whether the scheduler sent it is noted here.
thread_local const void* scheduler_stack_bottom = nullptr;
thread_local std::size_t scheduler_stack_size = 0;
thread_local bool scheduler_sent_it = false;
#endif

void leave_for(void** fake_stack, const void* bottom, std::size_t size) {
#if SIMT_ASAN
    __sanitizer_start_switch_fiber(fake_stack, bottom, size);
#else
    (void)fake_stack, (void)bottom, (void)size;
#endif
}

void leave_for_scheduler(void** fake_stack) {
#if SIMT_ASAN
    __sanitizer_start_switch_fiber(fake_stack, scheduler_stack_bottom, scheduler_stack_size);
#else
    (void)fake_stack;
#endif
}

// On a fiber's stack, just after a switch brought it there.
void arrived(void* fake_stack) {
#if SIMT_ASAN
    const void* bottom = nullptr;
    std::size_t size = 0;
    __sanitizer_finish_switch_fiber(fake_stack, &bottom, &size);
    if (scheduler_sent_it) {
        scheduler_stack_bottom = bottom;
        scheduler_stack_size = size;
    }
#else
    (void)fake_stack;
#endif
}

void sent_from_scheduler(bool yes) {
#if SIMT_ASAN
    scheduler_sent_it = yes;
#else
    (void)yes;
#endif
}
}  // namespace

struct FiberStart {
    [[noreturn]] static void run(Fiber* self) {
        arrived(nullptr);
        Fiber* next = self->entry_(self->argument_);
        self->expect(self->state_ == Fiber::State::Running, "a fiber finished that was not running");
        self->state_ = Fiber::State::Finished;
        // A next fiber that never ran and has no stack starts here, in place.
        if constexpr (Fiber::starts_in_place)
            while (next != nullptr && !next->has_stack()) {
                next->expect(next->state_ == Fiber::State::Prepared, "a finished fiber handed over to one that has run");
                next->stack_ = self->stack_;
                self->stack_ = Stack{};
                next->state_ = Fiber::State::Running;
                self = next;
                next = self->entry_(self->argument_);
                self->expect(self->state_ == Fiber::State::Running, "a fiber finished that was not running");
                self->state_ = Fiber::State::Finished;
            }
        // nullptr: ASan may drop this stack's fake frames.
        if (next != nullptr) {
            next->expect(next != self && next->may_run(), "a finished fiber handed over to one that is running or finished");
            next->state_ = Fiber::State::Running;
            leave_for(nullptr, next->stack_.guard_end(), std::size_t(next->stack_.top() - next->stack_.guard_end()));
            sent_from_scheduler(false);
            tsan_switch_to(next->tsan_fiber_);
            simt_fiber_switch(&self->context_, next->context_);
        } else {
            leave_for_scheduler(nullptr);
            tsan_switch_to(tsan_scheduler());
            simt_fiber_switch(&self->context_, scheduler_context);
        }
        std::abort();  // a finished fiber is never resumed
    }
};

// What simt_fiber_switch pops: r15 r14 r13 r12 rbx rbp, then the return
// address; entered with rsp 16-byte aligned, as before a call.
void* Fiber::first_context() {
    auto* frame = reinterpret_cast<void**>(stack_.top() - 72);
    frame[0] = frame[1] = frame[2] = nullptr;                            // r15 r14 r13
    frame[3] = reinterpret_cast<void*>(&FiberStart::run);                // r12
    frame[4] = this;                                                     // rbx
    frame[5] = nullptr;                                                  // rbp: ends frame walks
    frame[6] = reinterpret_cast<void*>(&simt_fiber_entry);               // return address
    frame[7] = frame[8] = nullptr;
    return frame;
}

void Fiber::resume() {
    expect(may_run(), "the scheduler resumed a fiber that is running or finished");
    state_ = State::Running;
    void* fake_stack = nullptr;
    leave_for(&fake_stack, stack_.guard_end(), std::size_t(stack_.top() - stack_.guard_end()));
    sent_from_scheduler(true);
    tsan_note_scheduler();
    tsan_switch_to(tsan_fiber_);
    simt_fiber_switch(&scheduler_context, context_);
#if SIMT_ASAN
    __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
}

void Fiber::suspend() {
    expect(state_ == State::Running, "a fiber that is not running suspended");
    state_ = State::Suspended;
    leave_for_scheduler(&asan_fake_stack_);
    tsan_switch_to(tsan_scheduler());
    simt_fiber_switch(&context_, scheduler_context);
    arrived(asan_fake_stack_);
}

#if SIMT_ASAN || SIMT_TSAN
void Fiber::switch_to(Fiber& next) {
    expect(state_ == State::Running, "a fiber that is not running switched to another");
    next.expect(&next != this && next.may_run(), "a fiber switched to one that is running or finished");
    state_ = State::Suspended;
    next.state_ = State::Running;
    leave_for(&asan_fake_stack_, next.stack_.guard_end(), std::size_t(next.stack_.top() - next.stack_.guard_end()));
    sent_from_scheduler(false);
    tsan_switch_to(next.tsan_fiber_);
    simt_fiber_switch(&context_, next.context_);
    arrived(asan_fake_stack_);
}
#endif

#else  // Boost.Context, on other machines

namespace {

// Every jump says who is leaving (a fiber, or nullptr for the scheduler) and
// where to: the context that lands stores the leaver's context in its place.
struct Handoff {
    Fiber* from;
    Fiber* to;
};

// The worker's scheduler (Block::run), while fibers run on this OS thread.
[[gnu::tls_model("initial-exec")]] thread_local void* scheduler_context = nullptr;

}  // namespace

struct FiberStart {
    static void land(ctx::transfer_t t) {
        const auto* h = static_cast<const Handoff*>(t.data);
        if (h->from != nullptr)
            h->from->context_ = t.fctx;
        else
            scheduler_context = t.fctx;
    }

    [[noreturn]] static void run(ctx::transfer_t t) {
        Fiber* self = static_cast<const Handoff*>(t.data)->to;
        land(t);
#if SIMT_ASAN
        __sanitizer_finish_switch_fiber(nullptr, &self->caller_stack_bottom_,
                                        &self->caller_stack_size_);
#endif
        Fiber* next = self->entry_(self->argument_);
        self->expect(self->state_ == Fiber::State::Running, "a fiber finished that was not running");
        self->state_ = Fiber::State::Finished;
        if (next != nullptr) {  // only where direct_switching (not under ASan)
            next->expect(next != self && next->may_run(), "a finished fiber handed over to one that is running or finished");
            next->state_ = Fiber::State::Running;
            Handoff h{self, next};
            ctx::jump_fcontext(next->context_, &h);
            std::abort();
        }
#if SIMT_ASAN
        // nullptr: this stack is finished; ASan may drop its fake frames.
        __sanitizer_start_switch_fiber(nullptr, self->caller_stack_bottom_,
                                       self->caller_stack_size_);
#endif
        Handoff h{self, nullptr};
        ctx::jump_fcontext(scheduler_context, &h);
        std::abort();  // a finished fiber is never resumed
    }
};

void* Fiber::first_context() {
    const std::size_t usable = static_cast<std::size_t>(stack_.top() - stack_.guard_end());
    return ctx::make_fcontext(stack_.top(), usable, &FiberStart::run);
}

void Fiber::resume() {
    expect(may_run(), "the scheduler resumed a fiber that is running or finished");
    state_ = State::Running;
#if SIMT_ASAN
    void* fake = nullptr;
    __sanitizer_start_switch_fiber(&fake, stack_.guard_end(),
                                   static_cast<std::size_t>(stack_.top() - stack_.guard_end()));
#endif
    Handoff h{nullptr, this};
    FiberStart::land(ctx::jump_fcontext(context_, &h));
#if SIMT_ASAN
    __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
}

void Fiber::suspend() {
    expect(state_ == State::Running, "a fiber that is not running suspended");
    state_ = State::Suspended;
#if SIMT_ASAN
    __sanitizer_start_switch_fiber(&asan_fake_stack_, caller_stack_bottom_, caller_stack_size_);
#endif
    Handoff h{this, nullptr};
    FiberStart::land(ctx::jump_fcontext(scheduler_context, &h));
#if SIMT_ASAN
    __sanitizer_finish_switch_fiber(asan_fake_stack_, &caller_stack_bottom_, &caller_stack_size_);
#endif
}

void Fiber::switch_to(Fiber& next) {
    if constexpr (!direct_switching) std::abort();  // callers check direct_switching first
    expect(state_ == State::Running, "a fiber that is not running switched to another");
    next.expect(&next != this && next.may_run(), "a fiber switched to one that is running or finished");
    state_ = State::Suspended;
    next.state_ = State::Running;
    Handoff h{this, &next};
    FiberStart::land(ctx::jump_fcontext(next.context_, &h));
}

#endif  // SIMT_OWN_SWITCH

void Fiber::prepare(const Stack& stack, Entry entry, void* argument) {
    prepare(entry, argument);
    set_stack(stack);
}

void Fiber::prepare(Entry entry, void* argument) {
    stack_ = Stack{};
    entry_ = entry;
    argument_ = argument;
    state_ = State::Prepared;
    context_ = nullptr;
#if SIMT_TSAN
    // A new context each time: the last one may have been left mid-frame.
    if (tsan_fiber_ != nullptr) __tsan_destroy_fiber(tsan_fiber_);
    tsan_fiber_ = __tsan_create_fiber(0);
#endif
}

void Fiber::set_stack(const Stack& stack) {
    expect(state_ == State::Prepared && !has_stack(), "a stack given to a fiber that has one or has run");
    stack_ = stack;
    context_ = first_context();
}


}  // namespace simt
