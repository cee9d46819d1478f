// How the CPU backend stores a static __shared__ array declared in a
// function: the array, then a guard zone nothing may touch. The source
// rewriter turns `__shared__ float tile[16][16];` into one of these plus a
// reference named `tile`, so an index past the end lands in the guard and is
// reported as an out-of-bounds shared access (as memcheck does) instead of
// silently reading the next variable. The engine learns where the guards are
// from the executable's TLS symbols (simt_shared_NAME, this struct's size).
#pragma once

#include <cstddef>

namespace simt {

// At least the largest access (16 bytes) so an overrun cannot jump it, and
// a multiple of every usual alignment so sizeof(T) = symbol size - guard.
inline constexpr std::size_t kSharedGuardBytes = 32;

template <class T>
struct shared_array {
    T value;
    unsigned char guard[kSharedGuardBytes];
};

}  // namespace simt
