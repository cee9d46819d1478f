// CUDA's pipeline primitives (cuda_pipeline_primitives.h): a thread's
// asynchronous copies of 4, 8 or 16 bytes from global to shared memory,
// committed in batches and waited for. simt copies at once (see
// simt/libcu_pipeline.h): the checkers see the read and the write by the
// calling thread at the call's line; commits and waits have nothing left to
// wait for. Misuse a GPU faults on (a size other than 4, 8 or 16, a zero
// fill larger than the copy, unaligned pointers) fails the launch.
#pragma once

#include <cstddef>
#include <cstdint>

#include "simt/libcu_pipeline.h"

SIMT_LIBCU_INLINE void __pipeline_memcpy_async(void* dst_shared, const void* src_global, ::std::size_t size_and_align,
                                               ::std::size_t zfill = 0) {
    if (size_and_align != 4 && size_and_align != 8 && size_and_align != 16)
        simt::cuda::async_copy_misuse("__pipeline_memcpy_async copies 4, 8 or 16 bytes only");
    if (zfill > size_and_align)
        simt::cuda::async_copy_misuse("__pipeline_memcpy_async: the zero fill is larger than the copy");
    if ((reinterpret_cast<::std::uintptr_t>(dst_shared) | reinterpret_cast<::std::uintptr_t>(src_global)) %
            size_and_align != 0)
        simt::cuda::async_copy_misuse("__pipeline_memcpy_async: both pointers must be aligned to the copy's size");
    const ::std::size_t copied = size_and_align - zfill;
    simt::libcu::copy_now(dst_shared, src_global, copied);
    if (zfill != 0) {
        __tsan_write_range(static_cast<char*>(dst_shared) + copied, zfill);
        __builtin_memset(static_cast<char*>(dst_shared) + copied, 0, zfill);
    }
}
inline void __pipeline_commit() {}
inline void __pipeline_wait_prior(::std::size_t) {}
