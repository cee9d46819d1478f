// simt's own runtime for GCC's ThreadSanitizer instrumentation. Kernel code is
// compiled with -fsanitize=thread but linked without libtsan; GCC then calls
// these functions before each load, store and atomic that may touch memory
// shared between threads. Each forwards to device::observe with the access's
// PC (our return address). Atomics are performed here, for real, so they are
// atomic across the worker threads that run different blocks.
#include <cstdint>
#include <cstring>

#include "emulator/device_context.h"

using simt::AccessKind;
using simt::device::observe;

#define SIMT_PC __builtin_return_address(0)
#define SIMT_EXPORT extern "C" __attribute__((visibility("default")))

SIMT_EXPORT void __tsan_init() {}
SIMT_EXPORT void __tsan_func_entry(void*) {}
SIMT_EXPORT void __tsan_func_exit() {}
// A constructor or destructor stores an object's vtable pointer, a virtual
// call loads it: memory accesses like any other (an object built with
// placement new in __shared__ memory by one thread and used by all after a
// barrier is initialised by that store). As in TSan, a store of the value
// already there (a base class's destructor) is not a write.
SIMT_EXPORT void __tsan_vptr_update(void** vptr, void* value) {
    if (*vptr != value) observe(vptr, sizeof(void*), AccessKind::Write, false, SIMT_PC);
}
SIMT_EXPORT void __tsan_vptr_read(void** vptr) { observe(vptr, sizeof(void*), AccessKind::Read, false, SIMT_PC); }

// The most common accesses first: a naturally aligned plain load or store
// of static shared memory inside a variable, or of the dynamic shared memory
// the launch gave, needs only its scheduling point and, with checkers, their
// access event; one of device memory its scheduling point, the bounds check
// (the allocations hit last, inline), and with checkers its turn in block
// order or its note in the block's footprint, and their event. Every other
// access takes device::observe's whole path (the same steps, in the same
// order: the shared bounds tests here have no effect of their own).
template <unsigned N, AccessKind kind>
[[gnu::noinline]] void observe_plain(simt::Worker* w, void* p, const void* pc) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    simt::Block& b = *w->block;
    if ((a & (N - 1)) == 0) {
        // The offset in the shared window (Worker::shared_offset), worked
        // out once for the bounds test and the checkers' event.
        std::uint32_t offset = 0;
        bool shared_inside = false;
        if (w->in_static_shared(a)) {
            offset = w->shared_offset(a);
            shared_inside = b.inside_shared_variables<N>(offset);
        } else if (w->in_dynamic_shared(a)) {
            offset = w->shared_offset(a);
            shared_inside = b.inside_dynamic_shared(a - reinterpret_cast<std::uintptr_t>(w->dynamic_shared()), N);
        }
        if (shared_inside) {
            b.access_point(pc, kind, a);
            for (simt::Checker* c : b.shared_access_observers())
                c->on_shared_access(w->thread->id, simt::SharedAccess{offset, N, kind}, pc, a);
            return;
        }
        if (simt::GlobalMemory::active_contains(a)) {
            simt::device::observe_global(*w, b, a, N, kind, false, pc, true);
            return;
        }
    }
    // A read of the launching host thread's stack: the kernel's arguments,
    // read by every thread as it starts. Nothing to observe.
    if (kind == AccessKind::Read && b.on_host_stack(a)) return;
    observe(p, N, kind, false, pc);
}

// The entry point: with nothing to watch, most kernel accesses are done here
// by Block::lean_access (the running block asked in one thread-local load),
// which calls nothing, so the entry point needs no frame of saved registers;
// host code's stores are told to the arena's sink (a store to device memory;
// GlobalMemory::host_store); the others go on to observe_plain, with the
// entry point's return address as the access's PC.
template <unsigned N, AccessKind kind>
[[gnu::always_inline]] inline void enter_plain(void* p) {
    simt::Block* lean = simt::Block::lean_running();
    if (lean != nullptr && lean->lean_access<N>(reinterpret_cast<std::uintptr_t>(p), kind)) [[likely]]
        return;
    simt::Worker* w = simt::Worker::current();
    if (w == nullptr || w->thread == nullptr) {
        const auto a = reinterpret_cast<std::uintptr_t>(p);
        if constexpr (kind == AccessKind::Write) simt::GlobalMemory::host_store(a, N);
        simt::GlobalMemory::host_access(a, N, kind == AccessKind::Write, false, SIMT_PC);
        return;
    }
    // Most checked accesses: inside a __shared__ variable, a scheduling
    // point that calls nothing, one observer (the race checker), told in a
    // tail call; every path here ends in one, so this needs no frame.
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    simt::Block& b = *w->block;
    if ((a & (N - 1)) == 0 && w->in_static_shared(a)) {
        const std::uint32_t offset = w->shared_offset(a);
        const std::vector<simt::Checker*>& observers = b.shared_access_observers();
        if (b.inside_shared_variables<N>(offset) && observers.size() == 1 && b.quiet_access_point(kind))
            return observers.front()->on_shared_access(w->thread->id, simt::SharedAccess{offset, N, kind}, SIMT_PC, a);
    }
    observe_plain<N, kind>(w, p, SIMT_PC);
}

#define SIMT_PLAIN_ACCESS(N)                                                                  \
    SIMT_EXPORT void __tsan_read##N(void* a) { enter_plain<N, AccessKind::Read>(a); } \
    SIMT_EXPORT void __tsan_write##N(void* a) {                                               \
        enter_plain<N, AccessKind::Write>(a);                                                 \
    }                                                                                         \
    SIMT_EXPORT void __tsan_unaligned_read##N(void* a) {                                      \
        observe(a, N, AccessKind::Read, false, SIMT_PC, false);                               \
    }                                                                                         \
    SIMT_EXPORT void __tsan_unaligned_write##N(void* a) {                                     \
        observe(a, N, AccessKind::Write, false, SIMT_PC, false);                              \
    }                                                                                         \
    SIMT_EXPORT void __tsan_volatile_read##N(void* a) {                                       \
        observe(a, N, AccessKind::Read, true, SIMT_PC);                                       \
    }                                                                                         \
    SIMT_EXPORT void __tsan_volatile_write##N(void* a) {                                      \
        observe(a, N, AccessKind::Write, true, SIMT_PC);                                      \
    }

SIMT_PLAIN_ACCESS(1)
SIMT_PLAIN_ACCESS(2)
SIMT_PLAIN_ACCESS(4)
SIMT_PLAIN_ACCESS(8)
SIMT_PLAIN_ACCESS(16)

// Ranges (struct copies, and device memcpy/memset: simt/memory_functions.h)
// are observed in pieces an access's 32-bit size can hold.
static void observe_range(char* a, unsigned long size, AccessKind kind, const void* pc) {
    constexpr unsigned long piece = 1ul << 30;
    for (; size > piece; size -= piece, a += piece) observe(a, std::uint32_t(piece), kind, false, pc, false);
    observe(a, std::uint32_t(size), kind, false, pc, false);
}
SIMT_EXPORT void __tsan_read_range(void* a, unsigned long size) {
    observe_range(static_cast<char*>(a), size, AccessKind::Read, SIMT_PC);
}
SIMT_EXPORT void __tsan_write_range(void* a, unsigned long size) {
    observe_range(static_cast<char*>(a), size, AccessKind::Write, SIMT_PC);
}

// Device memcpy, memmove and memset (primitives/include/simt/memory_functions.h):
// a read of the source and a write of the destination at the caller's line,
// then libc's copy. On the host only the copy and the watch of host accesses
// (GlobalMemory::host_access): the CUDA runtime's own copies into device
// memory come here too, and tell the checkers themselves exactly which bytes
// they wrote (not GlobalMemory::host_store's whole allocation).
static void observe_copy(const void* d, const void* s, std::size_t n, const void* pc) {
    if (n == 0) return;
    if (simt::device::in_kernel()) {
        if (s != nullptr) observe_range(static_cast<char*>(const_cast<void*>(s)), n, AccessKind::Read, pc);
        observe_range(static_cast<char*>(const_cast<void*>(d)), n, AccessKind::Write, pc);
        return;
    }
    if (s != nullptr) simt::GlobalMemory::host_access(reinterpret_cast<std::uintptr_t>(s), n, false, false, pc);
    simt::GlobalMemory::host_access(reinterpret_cast<std::uintptr_t>(d), n, true, false, pc);
}
SIMT_EXPORT void* simt_device_memcpy(void* d, const void* s, std::size_t n) noexcept {
    observe_copy(d, s, n, SIMT_PC);
    return std::memcpy(d, s, n);
}
SIMT_EXPORT void* simt_device_memmove(void* d, const void* s, std::size_t n) noexcept {
    observe_copy(d, s, n, SIMT_PC);
    return std::memmove(d, s, n);
}
SIMT_EXPORT void* simt_device_memset(void* d, int value, std::size_t n) noexcept {
    observe_copy(d, nullptr, n, SIMT_PC);
    return std::memset(d, value, n);
}

SIMT_EXPORT void __tsan_atomic_thread_fence(int) {
    if (simt::device::in_kernel()) simt::device::fence(simt::FenceScope::Device, SIMT_PC);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
SIMT_EXPORT void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

// Every atomic is observed as one atomic access, then performed seq_cst (a
// stronger order than asked is always a valid execution), then whether it
// changed memory is told (a failed compare-and-swap in a loop is a spin).
#define SIMT_DONE(changed, seen) simt::device::atomic_performed(a, changed, std::uint64_t(seen), SIMT_PC)
#define SIMT_FETCH_OP(BITS, T, NAME, CHANGED)                                                 \
    SIMT_EXPORT T __tsan_atomic##BITS##_fetch_##NAME(volatile T* a, T v, int) {              \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T old = __atomic_fetch_##NAME(a, v, __ATOMIC_SEQ_CST);                          \
        SIMT_DONE(CHANGED, old);                                                                \
        return old;                                                                           \
    }
#define SIMT_ATOMICS(BITS, T)                                                                 \
    SIMT_EXPORT T __tsan_atomic##BITS##_load(const volatile T* a, int) {                     \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T v = __atomic_load_n(a, __ATOMIC_SEQ_CST);                                     \
        SIMT_DONE(false, v);                                                                  \
        return v;                                                                             \
    }                                                                                         \
    SIMT_EXPORT void __tsan_atomic##BITS##_store(volatile T* a, T v, int) {                  \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T old = __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                            \
        SIMT_DONE(old != v, old);                                                             \
    }                                                                                         \
    SIMT_EXPORT T __tsan_atomic##BITS##_exchange(volatile T* a, T v, int) {                  \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T old = __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                            \
        SIMT_DONE(old != v, old);                                                              \
        return old;                                                                           \
    }                                                                                         \
    SIMT_FETCH_OP(BITS, T, add, v != 0)                                                       \
    SIMT_FETCH_OP(BITS, T, sub, v != 0)                                                       \
    SIMT_FETCH_OP(BITS, T, and, static_cast<T>(old & v) != old)                                            \
    SIMT_FETCH_OP(BITS, T, or, static_cast<T>(old | v) != old)                                             \
    SIMT_FETCH_OP(BITS, T, xor, v != 0)                                                       \
    SIMT_FETCH_OP(BITS, T, nand, static_cast<T>(~(old & v)) != old)                                        \
    SIMT_EXPORT int __tsan_atomic##BITS##_compare_exchange_strong(volatile T* a, T* expected, \
                                                                  T desired, int, int) {      \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T want = *expected;                                                             \
        const bool ok = __atomic_compare_exchange_n(a, expected, desired, false,              \
                                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);      \
        SIMT_DONE(ok && want != desired, *expected);                                          \
        return ok;                                                                            \
    }                                                                                         \
    SIMT_EXPORT int __tsan_atomic##BITS##_compare_exchange_weak(volatile T* a, T* expected,   \
                                                                T desired, int, int) {        \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T want = *expected;                                                             \
        const bool ok = __atomic_compare_exchange_n(a, expected, desired, false,              \
                                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);      \
        SIMT_DONE(ok && want != desired, *expected);                                          \
        return ok;                                                                            \
    }                                                                                         \
    SIMT_EXPORT T __tsan_atomic##BITS##_compare_exchange_val(volatile T* a, T expected,       \
                                                             T desired, int, int) {           \
        observe(a, BITS / 8, AccessKind::Atomic, false, SIMT_PC);                             \
        const T want = expected;                                                              \
        const bool ok = __atomic_compare_exchange_n(a, &expected, desired, false,             \
                                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);      \
        SIMT_DONE(ok && want != desired, expected);                                           \
        return expected;                                                                      \
    }

SIMT_ATOMICS(8, std::uint8_t)
SIMT_ATOMICS(16, std::uint16_t)
SIMT_ATOMICS(32, std::uint32_t)
SIMT_ATOMICS(64, std::uint64_t)
SIMT_ATOMICS(128, unsigned __int128)
