// libcu++'s split-phase barrier: cuda::barrier<Scope> and cuda::std::barrier.
// A thread arrives (getting a token), may go on working, and waits with the
// token for the phase to complete. The engine keeps each barrier's state by
// its address and suspends a waiting thread (Block::split_barrier_*), so a
// phase nobody completes is a deadlock report naming where threads wait.
//
// The barrier's own bytes are touched as a GPU touches them: init stores
// (a plain store), every arrival is an atomic on them. The race checker then
// sees an arrival racing with an initialisation no barrier orders.
//
// Only barriers in the block's shared memory are emulated (whatever their
// scope, they order the block's threads): one in global memory is refused at
// init. Completion functions are not emulated (a static_assert says so).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "simt/libcu_scope.h"

namespace simt::cuda {
// Out of line: the return address is the kernel's line (the callers are
// always inlined).
void split_barrier_init(void* barrier, ::std::ptrdiff_t expected);
::std::uint64_t split_barrier_arrive(void* barrier, ::std::ptrdiff_t update, bool drop);
void split_barrier_wait(const void* barrier, ::std::uint64_t phase);
// Waits for the current phase if its parity is `parity` (libcu++'s wait_parity).
void split_barrier_wait_parity(const void* barrier, bool parity);
}  // namespace simt::cuda

namespace simt::libcu {
struct empty_completion {
    void operator()() noexcept {}
};
}  // namespace simt::libcu

namespace cuda {

template <thread_scope Scope, class CompletionFunction = ::simt::libcu::empty_completion>
class barrier {
    static_assert(::std::is_same_v<CompletionFunction, ::simt::libcu::empty_completion>,
                  "simt does not emulate a cuda::barrier completion function yet");
    // What the GPU's barrier holds; here only touched so checkers see it.
    ::std::uint64_t word_;

public:
    class arrival_token {
        friend class barrier;
        ::std::uint64_t phase_ = 0;
        explicit arrival_token(::std::uint64_t phase) : phase_(phase) {}

    public:
        arrival_token() = default;
    };

    // Trivial, so a barrier can be a __shared__ variable; init() sets it up.
    barrier() = default;
    explicit barrier(::std::ptrdiff_t expected, CompletionFunction = CompletionFunction()) { set_up(expected); }
    barrier(const barrier&) = delete;
    barrier& operator=(const barrier&) = delete;

    friend inline __attribute__((always_inline)) void init(barrier* b, ::std::ptrdiff_t expected,
                                                           CompletionFunction = CompletionFunction()) {
        b->set_up(expected);
    }

    [[nodiscard]] inline __attribute__((always_inline)) arrival_token arrive(::std::ptrdiff_t update = 1) {
        __atomic_fetch_add(&word_, 1, __ATOMIC_ACQ_REL);
        return arrival_token(::simt::cuda::split_barrier_arrive(this, update, false));
    }
    inline __attribute__((always_inline)) void wait(arrival_token&& token) const {
        ::simt::cuda::split_barrier_wait(this, token.phase_);
    }
    inline __attribute__((always_inline)) void arrive_and_wait() { wait(arrive()); }
    inline __attribute__((always_inline)) void wait_parity(bool parity) const {
        ::simt::cuda::split_barrier_wait_parity(this, parity);
    }
    inline __attribute__((always_inline)) void arrive_and_drop() {
        __atomic_fetch_add(&word_, 1, __ATOMIC_ACQ_REL);
        (void)::simt::cuda::split_barrier_arrive(this, 1, true);
    }
    static constexpr ::std::ptrdiff_t max() noexcept { return (::std::ptrdiff_t(1) << 20) - 1; }

private:
    inline __attribute__((always_inline)) void set_up(::std::ptrdiff_t expected) {
        word_ = 0;
        ::simt::cuda::split_barrier_init(this, expected);
    }
};

namespace std {
template <class CompletionFunction = ::simt::libcu::empty_completion>
using barrier = ::cuda::barrier<thread_scope_system, CompletionFunction>;
}  // namespace std

}  // namespace cuda
