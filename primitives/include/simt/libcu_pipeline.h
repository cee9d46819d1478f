// libcu++'s asynchronous copies: cuda::memcpy_async (with a barrier or a
// pipeline), cuda::aligned_size_t, cuda::pipeline (thread- and block-scoped)
// and cuda::pipeline_shared_state.
//
// simt copies at once, when memcpy_async is called: the checkers see a read
// of the source and a write of the destination by the calling thread at the
// call's line. What a GPU leaves in flight until the wait is therefore
// already done here, so a thread reading the destination before its wait is
// not reported (on a GPU that read races with the copy), nor is a write to
// the source between the call and the wait. Reads of the destination by
// *other* threads still need the barrier or pipeline's ordering, which the
// race checker sees (a block-scoped pipeline is built on split-phase
// barriers, as libcu++ builds it).
#pragma once

#include <cstddef>
#include <cstdint>

#include "simt/libcu_atomic.h"
#include "simt/libcu_barrier.h"
#include "simt/libcu_scope.h"

extern "C" void __tsan_read_range(void* address, unsigned long size);
extern "C" void __tsan_write_range(void* address, unsigned long size);

namespace simt::cuda {
// Fails the calling thread's block with `what` at the kernel's line.
void async_copy_misuse(const char* what);
}  // namespace simt::cuda

namespace simt::libcu {

// The copy an asynchronous copy stands for, observed as one read and one
// write of the whole ranges (a range access is not bound to a natural
// alignment, so only bounds are checked).
SIMT_LIBCU_INLINE void copy_now(void* dst, const void* src, ::std::size_t size) {
    if (size == 0) return;
    __tsan_read_range(const_cast<void*>(src), size);
    __tsan_write_range(dst, size);
    __builtin_memcpy(dst, src, size);
}

template <class Group, ::cuda::thread_scope Scope, ::std::uint8_t N>
class pipeline_maker;

}  // namespace simt::libcu

namespace cuda {

// A size that the caller promises is a multiple of Alignment, with both
// pointers aligned to it.
template <::std::size_t Alignment>
struct aligned_size_t {
    static constexpr ::std::size_t align = Alignment;
    ::std::size_t value;
    explicit constexpr aligned_size_t(::std::size_t size) : value(size) {}
    constexpr operator ::std::size_t() const { return value; }
};

enum class pipeline_role { producer, consumer };

template <thread_scope Scope, ::std::uint8_t StagesCount>
class pipeline_shared_state {
public:
    pipeline_shared_state() = default;
    pipeline_shared_state(const pipeline_shared_state&) = delete;

private:
    template <thread_scope>
    friend class pipeline;
    template <class Group, thread_scope S, ::std::uint8_t N>
    friend class ::simt::libcu::pipeline_maker;
    // Per stage: consumers arrive on [0] when they release it, producers on
    // [1] when they commit it (libcu++'s layout).
    barrier<Scope> stages_[StagesCount][2];
    atomic<::std::uint32_t, Scope> producers_;  // counted by make_pipeline

};

// A pipeline shared by a group's threads: producer_acquire waits until the
// consumers released the stage, consumer_wait until the producers committed
// it, each a split-phase barrier waited on by phase parity.
template <thread_scope Scope>
class pipeline {
public:
    pipeline(pipeline&&) = default;
    pipeline(const pipeline&) = delete;
    pipeline& operator=(const pipeline&) = delete;

    SIMT_LIBCU_INLINE void producer_acquire() { stage(head_)[0].wait_parity(consumed_parity_); }
    SIMT_LIBCU_INLINE void producer_commit() {
        (void)stage(head_)[1].arrive();
        if (++head_ == stages_count_) {
            head_ = 0;
            consumed_parity_ = !consumed_parity_;
        }
    }
    SIMT_LIBCU_INLINE void consumer_wait() { stage(tail_)[1].wait_parity(produced_parity_); }
    SIMT_LIBCU_INLINE void consumer_release() {
        (void)stage(tail_)[0].arrive();
        if (++tail_ == stages_count_) {
            tail_ = 0;
            produced_parity_ = !produced_parity_;
        }
    }
    bool quit() { return true; }

private:
    template <class Group, thread_scope S, ::std::uint8_t N>
    friend class ::simt::libcu::pipeline_maker;
    pipeline(barrier<Scope> (*stages)[2], ::std::uint8_t count) : stages_(stages), stages_count_(count) {}
    barrier<Scope>* stage(::std::uint8_t i) const { return stages_[i]; }
    barrier<Scope> (*stages_)[2];
    ::std::uint8_t stages_count_;
    ::std::uint8_t head_ = 0, tail_ = 0;
    bool consumed_parity_ = true;  // a fresh stage counts as released
    bool produced_parity_ = false;
};

// A thread's own pipeline: its copies are done when issued (see the top of
// the file), so each step has nothing left to wait for.
template <>
class pipeline<thread_scope_thread> {
public:
    pipeline() = default;
    void producer_acquire() {}
    void producer_commit() {}
    void consumer_wait() {}
    void consumer_release() {}
    bool quit() { return true; }
};

inline pipeline<thread_scope_thread> make_pipeline() { return pipeline<thread_scope_thread>(); }

// Waits for all but the last `Prior` committed stages: with copies done when
// issued, there is nothing to wait for.
template <::std::uint8_t Prior>
void pipeline_consumer_wait_prior(pipeline<thread_scope_thread>&) {}
// Binds the pipeline's committed copies to the barrier's current phase: they
// are complete already, so the phase waits for nothing more.
template <thread_scope Scope>
void pipeline_producer_commit(pipeline<thread_scope_thread>&, barrier<Scope>&) {}

}  // namespace cuda

namespace simt::libcu {

// make_pipeline's collective part, as libcu++ does it: the group counts its
// producers, its rank 0 sets up every stage's barriers, and the group
// synchronises around both (every member must call).
template <class Group, ::cuda::thread_scope Scope, ::std::uint8_t N>
class pipeline_maker {
public:
    using state = ::cuda::pipeline_shared_state<Scope, N>;
    static ::cuda::pipeline<Scope> make(const Group& group, state* s, ::std::uint32_t producers,
                                        ::std::uint32_t consumers) {
        if (group.thread_rank() == 0)
            for (::std::uint8_t i = 0; i < N; ++i) {
                init(&s->stages_[i][0], consumers);
                init(&s->stages_[i][1], producers);
            }
        group.sync();
        return ::cuda::pipeline<Scope>(s->stages_, N);
    }
    static ::cuda::pipeline<Scope> make(const Group& group, state* s, bool producer) {
        if (group.thread_rank() == 0) s->producers_.store(0, ::std::memory_order_relaxed);
        group.sync();
        if (producer) s->producers_.fetch_add(1, ::std::memory_order_relaxed);
        group.sync();
        const ::std::uint32_t producers = s->producers_.load(::std::memory_order_relaxed);
        return make(group, s, producers, ::std::uint32_t(group.size()) - producers);
    }
};

}  // namespace simt::libcu

namespace cuda {

// Every member both produces and consumes: both barriers of a stage expect
// the whole group.
template <class Group, thread_scope Scope, ::std::uint8_t N>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, N>* state) {
    const auto size = ::std::uint32_t(group.size());
    return ::simt::libcu::pipeline_maker<Group, Scope, N>::make(group, state, size, size);
}
template <class Group, thread_scope Scope, ::std::uint8_t N>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, N>* state, ::std::size_t producers) {
    const auto size = ::std::uint32_t(group.size());
    if (producers > size) ::simt::cuda::async_copy_misuse("cuda::make_pipeline: more producers than group members");
    return ::simt::libcu::pipeline_maker<Group, Scope, N>::make(group, state, ::std::uint32_t(producers),
                                                                size - ::std::uint32_t(producers));
}
template <class Group, thread_scope Scope, ::std::uint8_t N>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, N>* state, pipeline_role role) {
    return ::simt::libcu::pipeline_maker<Group, Scope, N>::make(group, state, role == pipeline_role::producer);
}

template <class Sync>
SIMT_LIBCU_INLINE void memcpy_async(void* dst, const void* src, ::std::size_t size, Sync&) {
    ::simt::libcu::copy_now(dst, src, size);
}
template <::std::size_t Alignment, class Sync>
SIMT_LIBCU_INLINE void memcpy_async(void* dst, const void* src, aligned_size_t<Alignment> size, Sync&) {
    if ((reinterpret_cast<::std::uintptr_t>(dst) | reinterpret_cast<::std::uintptr_t>(src) | size.value) % Alignment != 0)
        ::simt::cuda::async_copy_misuse("cuda::memcpy_async with aligned_size_t: a pointer or the size is not a "
                                        "multiple of the alignment promised");
    ::simt::libcu::copy_now(dst, src, size.value);
}


// A group's collective copy: every member calls with the same arguments and
// copies its own slice (whole 16-byte units), so nothing is copied twice and
// the barrier's or pipeline's ordering covers every slice. No extra
// synchronisation (unlike cooperative_groups::memcpy_async, which has no
// barrier to order it): a member that does not take part leaves its slice
// uncopied, and the init checker reports the reads of it.
template <class Group, class Sync>
SIMT_LIBCU_INLINE void memcpy_async(const Group& group, void* dst, const void* src, ::std::size_t size, Sync&) {
    const ::std::size_t members = ::std::size_t(group.size());
    const ::std::size_t per_member = ((size + 15) / 16 + members - 1) / members * 16;
    const ::std::size_t begin = ::std::size_t(group.thread_rank()) * per_member;
    if (begin >= size) return;
    const ::std::size_t end = begin + per_member < size ? begin + per_member : size;
    ::simt::libcu::copy_now(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin, end - begin);
}
template <class Group, ::std::size_t Alignment, class Sync>
SIMT_LIBCU_INLINE void memcpy_async(const Group& group, void* dst, const void* src, aligned_size_t<Alignment> size,
                                    Sync& sync) {
    if ((reinterpret_cast<::std::uintptr_t>(dst) | reinterpret_cast<::std::uintptr_t>(src) | size.value) % Alignment != 0)
        ::simt::cuda::async_copy_misuse("cuda::memcpy_async with aligned_size_t: a pointer or the size is not a "
                                        "multiple of the alignment promised");
    memcpy_async(group, dst, src, size.value, sync);
}

}  // namespace cuda
