// cooperative_groups::memcpy_async, wait and wait_prior: a group copies a
// range together, every member taking part with the same arguments.
//
// simt copies at once (see simt/libcu_pipeline.h), each member its own slice
// of the range, so the race checker sees which thread wrote which bytes: a
// member reading bytes another member copied before cg::wait is reported,
// as the read races with the copy on a GPU (a member reading its own slice
// early is not). memcpy_async begins by synchronising the group: a member
// that does not take part is then a barrier the others wait at forever, a
// deadlock report, rather than bytes silently left uncopied. That extra
// synchronisation also orders what members did before the call, so a race
// between a member's write of the source before the call and another
// member's copy is not reported. wait and wait_prior synchronise the group.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cooperative_groups.h"
#include "simt/libcu_pipeline.h"

namespace cooperative_groups {

namespace detail {
// Slices are whole 16-byte units, so no two members write one 4-byte word.
template <class Group>
SIMT_LIBCU_INLINE void copy_slice(const Group& group, void* dst, const void* src, ::std::size_t size) {
    group.sync();
    const ::std::size_t members = ::std::size_t(group.size());
    const ::std::size_t rank = ::std::size_t(group.thread_rank());
    const ::std::size_t units = (size + 15) / 16;
    const ::std::size_t per_member = (units + members - 1) / members * 16;
    const ::std::size_t begin = rank * per_member;
    if (begin >= size) return;
    const ::std::size_t end = begin + per_member < size ? begin + per_member : size;
    simt::libcu::copy_now(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin, end - begin);
}
}  // namespace detail

template <class Group>
SIMT_LIBCU_INLINE void memcpy_async(const Group& group, void* dst, const void* src, ::std::size_t size) {
    detail::copy_slice(group, dst, src, size);
}
template <class Group, ::std::size_t Alignment>
SIMT_LIBCU_INLINE void memcpy_async(const Group& group, void* dst, const void* src,
                                    ::cuda::aligned_size_t<Alignment> size) {
    detail::copy_slice(group, dst, src, size.value);
}
// Elements: the destination holds dst_count, the source src_count; the
// smaller count is copied.
template <class Group, class T>
SIMT_LIBCU_INLINE void memcpy_async(const Group& group, T* dst, ::std::size_t dst_count, const T* src,
                                    ::std::size_t src_count) {
    const ::std::size_t count = dst_count < src_count ? dst_count : src_count;
    detail::copy_slice(group, dst, src, count * sizeof(T));
}

template <class Group>
SIMT_LIBCU_INLINE void wait(const Group& group) {
    group.sync();
}
template <unsigned Stage, class Group>
SIMT_LIBCU_INLINE void wait_prior(const Group& group) {
    group.sync();
}

}  // namespace cooperative_groups
