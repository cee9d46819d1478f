// libcu++'s atomics: cuda::atomic, cuda::atomic_ref and their cuda::std
// forms, cuda::atomic_thread_fence. Written, like simt/atomics.h, with GCC's
// __atomic builtins: in kernel code each becomes a __tsan_atomic* call that
// the engine observes as an atomic access (the race checker, the block order
// of global atomics, spin-wait detection) and performs for real. Operations
// with no builtin (min, max, floating-point add) are compare-and-swap loops,
// as in simt/atomics.h.
//
// A release (release, acq_rel, seq_cst) first fences at the atomic's scope,
// as a GPU's release does: a device- or system-scoped one then releases the
// thread's earlier writes to whoever acquires the location (the race checker
// pairs them); a block-scoped one releases nothing to other blocks, so data
// handed across blocks through a thread_scope_block atomic is reported.
// wait() polls, and the engine's spin-wait detection suspends the poller
// until someone writes the word; notify_one/notify_all then have nothing to do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "simt/libcu_scope.h"
#include "simt/sync.h"

#define SIMT_LIBCU_INLINE inline __attribute__((always_inline))

namespace simt::libcu {

SIMT_LIBCU_INLINE constexpr int rmw_order(::std::memory_order o) {
    switch (o) {
        case ::std::memory_order_relaxed: return __ATOMIC_RELAXED;
        case ::std::memory_order_consume:
        case ::std::memory_order_acquire: return __ATOMIC_ACQUIRE;
        case ::std::memory_order_release: return __ATOMIC_RELEASE;
        case ::std::memory_order_acq_rel: return __ATOMIC_ACQ_REL;
        default: return __ATOMIC_SEQ_CST;
    }
}
// Loads cannot release and stores cannot acquire: the nearest valid order.
SIMT_LIBCU_INLINE constexpr int load_order(::std::memory_order o) {
    return o == ::std::memory_order_relaxed ? __ATOMIC_RELAXED
           : o == ::std::memory_order_seq_cst ? __ATOMIC_SEQ_CST : __ATOMIC_ACQUIRE;
}
SIMT_LIBCU_INLINE constexpr int store_order(::std::memory_order o) {
    return o == ::std::memory_order_relaxed ? __ATOMIC_RELAXED
           : o == ::std::memory_order_seq_cst ? __ATOMIC_SEQ_CST : __ATOMIC_RELEASE;
}
SIMT_LIBCU_INLINE constexpr bool releases(::std::memory_order o) {
    return o == ::std::memory_order_release || o == ::std::memory_order_acq_rel || o == ::std::memory_order_seq_cst;
}

// The fence a scope's release carries (see the top of the file).
SIMT_LIBCU_INLINE void scope_fence(::cuda::thread_scope scope) {
    switch (scope) {
        case ::cuda::thread_scope_system: __threadfence_system(); break;
        case ::cuda::thread_scope_device: __threadfence(); break;
        case ::cuda::thread_scope_block: __threadfence_block(); break;
        case ::cuda::thread_scope_thread: break;
    }
}

// Every operation of atomic and atomic_ref, on the word `Derived::where()`.
template <class T, ::cuda::thread_scope Scope, class Derived>
class atomic_operations {
    static_assert(::std::is_trivially_copyable_v<T>, "cuda::atomic needs a trivially copyable type");
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "simt emulates cuda::atomic for 1-, 2-, 4- and 8-byte types");
    T* p() const { return static_cast<const Derived*>(this)->where(); }
    static SIMT_LIBCU_INLINE void before(::std::memory_order o) {
        if (releases(o)) scope_fence(Scope);
    }
    // A compare-and-swap loop: `next(old)` until it lands; returns old.
    template <class F>
    SIMT_LIBCU_INLINE T update(F next, ::std::memory_order o) const {
        before(o);
        T old;
        __atomic_load(p(), &old, __ATOMIC_RELAXED);
        for (;;) {
            T desired = next(old);
            if (__atomic_compare_exchange(p(), &old, &desired, false, rmw_order(o), __ATOMIC_RELAXED)) return old;
        }
    }
    static constexpr bool integral = ::std::is_integral_v<T> && !::std::is_same_v<T, bool>;
    static constexpr bool arithmetic = integral || ::std::is_floating_point_v<T>;

public:
    using value_type = T;
    static constexpr bool is_always_lock_free = true;
    bool is_lock_free() const noexcept { return true; }

    SIMT_LIBCU_INLINE T load(::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        T v;
        __atomic_load(p(), &v, load_order(o));
        return v;
    }
    SIMT_LIBCU_INLINE void store(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        before(o);
        __atomic_store(p(), &v, store_order(o));
    }
    SIMT_LIBCU_INLINE operator T() const noexcept { return load(); }
    SIMT_LIBCU_INLINE T exchange(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        before(o);
        T old;
        __atomic_exchange(p(), &v, &old, rmw_order(o));
        return old;
    }
    SIMT_LIBCU_INLINE bool compare_exchange_strong(T& expected, T desired, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        before(o);
        return __atomic_compare_exchange(p(), &expected, &desired, false, rmw_order(o), load_order(o));
    }
    SIMT_LIBCU_INLINE bool compare_exchange_strong(T& expected, T desired, ::std::memory_order success,
                                                   ::std::memory_order failure) const noexcept {
        before(success);
        return __atomic_compare_exchange(p(), &expected, &desired, false, rmw_order(success), load_order(failure));
    }
    // Never fails spuriously here; CUDA code must loop anyway.
    SIMT_LIBCU_INLINE bool compare_exchange_weak(T& expected, T desired, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        return compare_exchange_strong(expected, desired, o);
    }
    SIMT_LIBCU_INLINE bool compare_exchange_weak(T& expected, T desired, ::std::memory_order success,
                                                 ::std::memory_order failure) const noexcept {
        return compare_exchange_strong(expected, desired, success, failure);
    }

    template <class U = T, class = ::std::enable_if_t<arithmetic && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_add(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        if constexpr (integral) {
            before(o);
            return __atomic_fetch_add(p(), v, rmw_order(o));
        } else {
            return update([v](T old) { return T(old + v); }, o);
        }
    }
    template <class U = T, class = ::std::enable_if_t<arithmetic && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_sub(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        if constexpr (integral) {
            before(o);
            return __atomic_fetch_sub(p(), v, rmw_order(o));
        } else {
            return update([v](T old) { return T(old - v); }, o);
        }
    }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_and(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        before(o);
        return __atomic_fetch_and(p(), v, rmw_order(o));
    }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_or(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        before(o);
        return __atomic_fetch_or(p(), v, rmw_order(o));
    }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_xor(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        before(o);
        return __atomic_fetch_xor(p(), v, rmw_order(o));
    }
    template <class U = T, class = ::std::enable_if_t<arithmetic && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_min(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        return update([v](T old) { return v < old ? v : old; }, o);
    }
    template <class U = T, class = ::std::enable_if_t<arithmetic && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T fetch_max(T v, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        return update([v](T old) { return old < v ? v : old; }, o);
    }

    template <class U = T, class = ::std::enable_if_t<arithmetic && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator+=(T v) const noexcept { return T(fetch_add(v) + v); }
    template <class U = T, class = ::std::enable_if_t<arithmetic && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator-=(T v) const noexcept { return T(fetch_sub(v) - v); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator&=(T v) const noexcept { return T(fetch_and(v) & v); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator|=(T v) const noexcept { return T(fetch_or(v) | v); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator^=(T v) const noexcept { return T(fetch_xor(v) ^ v); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator++() const noexcept { return T(fetch_add(T(1)) + 1); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator++(int) const noexcept { return fetch_add(T(1)); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator--() const noexcept { return T(fetch_sub(T(1)) - 1); }
    template <class U = T, class = ::std::enable_if_t<integral && ::std::is_same_v<U, T>>>
    SIMT_LIBCU_INLINE T operator--(int) const noexcept { return fetch_sub(T(1)); }

    // Polls until the value differs from `old` (see the top of the file).
    SIMT_LIBCU_INLINE void wait(T old, ::std::memory_order o = ::std::memory_order_seq_cst) const noexcept {
        for (;;) {
            const T now = load(o);
            if (__builtin_memcmp(&now, &old, sizeof(T)) != 0) return;
        }
    }
    void notify_one() const noexcept {}
    void notify_all() const noexcept {}
};

}  // namespace simt::libcu

namespace cuda {

template <class T, thread_scope Scope = thread_scope_system>
class atomic : public ::simt::libcu::atomic_operations<T, Scope, atomic<T, Scope>> {
    using base = ::simt::libcu::atomic_operations<T, Scope, atomic<T, Scope>>;
    friend base;
    // mutable: the operations are const (atomic_ref's are), the word is not.
    mutable T value_;
    T* where() const { return &value_; }

public:
    // Trivial, so an atomic can be a __shared__ variable (zero when the
    // block starts, as simt starts every block's shared memory).
    atomic() noexcept = default;
    constexpr atomic(T v) noexcept : value_(v) {}
    atomic(const atomic&) = delete;
    atomic& operator=(const atomic&) = delete;
    SIMT_LIBCU_INLINE T operator=(T v) noexcept {
        this->store(v);
        return v;
    }
};

template <class T, thread_scope Scope = thread_scope_system>
class atomic_ref : public ::simt::libcu::atomic_operations<T, Scope, atomic_ref<T, Scope>> {
    using base = ::simt::libcu::atomic_operations<T, Scope, atomic_ref<T, Scope>>;
    friend base;
    T* ptr_;
    T* where() const { return ptr_; }

public:
    static constexpr ::std::size_t required_alignment = sizeof(T);
    explicit atomic_ref(T& object) noexcept : ptr_(&object) {}
    atomic_ref(const atomic_ref&) noexcept = default;
    atomic_ref& operator=(const atomic_ref&) = delete;
    SIMT_LIBCU_INLINE T operator=(T v) const noexcept {
        this->store(v);
        return v;
    }
};

SIMT_LIBCU_INLINE void atomic_thread_fence(memory_order o, thread_scope scope = thread_scope_system) {
    if (o != memory_order_relaxed) ::simt::libcu::scope_fence(scope);
    if (scope == thread_scope_thread && o != memory_order_relaxed) __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
SIMT_LIBCU_INLINE void atomic_signal_fence(memory_order) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

namespace std {
template <class T>
using atomic = ::cuda::atomic<T, thread_scope_system>;
template <class T>
using atomic_ref = ::cuda::atomic_ref<T, thread_scope_system>;
using ::cuda::atomic_signal_fence;
SIMT_LIBCU_INLINE void atomic_thread_fence(memory_order o) { ::cuda::atomic_thread_fence(o, thread_scope_system); }
}  // namespace std

}  // namespace cuda
