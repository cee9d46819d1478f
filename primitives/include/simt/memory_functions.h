// memcpy, memmove and memset in device code, observed. g++ instruments loads
// and stores, not calls: a variable-length copy goes to plain libc and a
// constant-length one is expanded inline after the instrumentation pass, so
// the checkers would not see races, out-of-bounds bytes or uninitialised
// reads through them. Here each is an inline wrapper (as glibc's fortify
// wrappers are) that calls simt's runtime (emulator/tsan_entry_points.cpp):
// a read of the whole source and a write of the whole destination at the
// caller's line, then libc's copy. An opaque call, not a builtin: g++ would
// fold a copy of a whole object into an instrumented aggregate copy, and the
// bytes would be observed twice.
//
// Outside a kernel the runtime only copies (the host's calls are not
// observed; they cost one call more). A copy of 1, 2, 4, 8 or 16 bytes of
// known length is left to g++: it folds it into one load and store before
// instrumenting, so it is observed already (the bit casts of __int_as_float
// and kin stay free). __builtin_memcpy and __builtin_memset called by name
// are not wrapped.
#pragma once

#include <cstddef>
#include <cstring>

extern "C" void* simt_device_memcpy(void* dst, const void* src, std::size_t n) noexcept;
extern "C" void* simt_device_memmove(void* dst, const void* src, std::size_t n) noexcept;
extern "C" void* simt_device_memset(void* dst, int value, std::size_t n) noexcept;
// malloc and free in the user's code (the source rewriter names these): in a
// kernel, CUDA's device heap in device memory (primitives/src/device_heap.cpp);
// elsewhere libc's.
extern "C" void* simt_device_malloc(std::size_t bytes) noexcept;
extern "C" void simt_device_free(void* p) noexcept;

// glibc's own inline wrappers take these names when _FORTIFY_SOURCE is on
// (simt's kernel flags turn it off).
#if !defined(__USE_FORTIFY_LEVEL) || __USE_FORTIFY_LEVEL == 0
#define SIMT_MEMORY_FUNCTION extern inline __attribute__((gnu_inline, always_inline, artificial))

namespace simt::cuda {
// A copy g++ folds into one instrumented load and store.
constexpr bool folded_copy_size(std::size_t n) { return n == 1 || n == 2 || n == 4 || n == 8 || n == 16; }
}  // namespace simt::cuda

extern "C" {
SIMT_MEMORY_FUNCTION void* memcpy(void* __restrict dst, const void* __restrict src, std::size_t n) noexcept {
    if (__builtin_constant_p(n) && ::simt::cuda::folded_copy_size(n)) return __builtin_memcpy(dst, src, n);
    return simt_device_memcpy(dst, src, n);
}
SIMT_MEMORY_FUNCTION void* memmove(void* dst, const void* src, std::size_t n) noexcept {
    if (__builtin_constant_p(n) && ::simt::cuda::folded_copy_size(n)) return __builtin_memmove(dst, src, n);
    return simt_device_memmove(dst, src, n);
}
// g++ folds a constant-length memset after instrumenting: always the runtime's.
SIMT_MEMORY_FUNCTION void* memset(void* dst, int value, std::size_t n) noexcept {
    return simt_device_memset(dst, value, n);
}
}

#undef SIMT_MEMORY_FUNCTION
#endif
