// Block barriers, warp barriers and fences. Each is an out-of-line runtime
// function so its return address is the caller's line in the kernel.
#pragma once

#include <ctime>

// Collectives that depend on where they are called take the call site as
// default arguments. GCC has __builtin_FILE and __builtin_LINE in every
// standard but the column only through C++20's std::source_location: under
// C++17 (nvcc's default) two such calls on one line share a site.
#if __cplusplus >= 202002L
#include <source_location>
#define SIMT_CALL_COLUMN std::source_location::current().column()
#else
#define SIMT_CALL_COLUMN 0u
#endif

void __syncthreads();
int __syncthreads_count(int predicate);
int __syncthreads_and(int predicate);
int __syncthreads_or(int predicate);
// Each barrier keeps its own call site, and with it its identity: g++ would
// merge identical branches that each end in __syncthreads() (a divergent
// barrier a GPU's synccheck reports) into one call. An empty asm naming the
// line makes the branches differ and emits no instruction. The runtime
// defines the functions as `void(__syncthreads)()`, out of the macros' way.
#define SIMT_BARRIER_SITE() asm volatile("" ::"i"(__LINE__))
#define __syncthreads() ({ SIMT_BARRIER_SITE(); ::__syncthreads(); })
#define __syncthreads_count(predicate) ({ SIMT_BARRIER_SITE(); ::__syncthreads_count(predicate); })
#define __syncthreads_and(predicate) ({ SIMT_BARRIER_SITE(); ::__syncthreads_and(predicate); })
#define __syncthreads_or(predicate) ({ SIMT_BARRIER_SITE(); ::__syncthreads_or(predicate); })
void __syncwarp(unsigned long long mask = ~0ull);
void __threadfence();
void __threadfence_block();
void __threadfence_system();
[[noreturn]] void __trap();
void __nanosleep(unsigned nanoseconds);
// The device clock: cycles of the emulated 1 GHz device (clockRate
// 1000000 kHz), counted per block and advanced 1000 by every reading, so a
// wait of N cycles takes N/1000 readings and the same run reads the same
// values. clock() is libc's name: kernels get the device's through the link
// (--wrap=clock), host code keeps libc's.
long long clock64();
namespace simt::cuda {
// The lanes of the caller's warp converged at this call (see
// Block::converged_lanes), as a mask as wide as the warp.
unsigned long long converged_lanes_at(const char* file, unsigned line, unsigned column);
// A lane mask as CUDA's 32-bit result; under 64-lane warps a mask that named
// lanes 32-63 is reported (a warning) as it loses them.
unsigned mask32(unsigned long long lanes);
}  // namespace simt::cuda
inline __attribute__((always_inline)) unsigned __activemask(
    const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(), unsigned column = SIMT_CALL_COLUMN) {
    return simt::cuda::mask32(simt::cuda::converged_lanes_at(file, line, column));
}
// The whole mask under --warp-size 64 (HIP's __activemask is 64-bit too).
inline __attribute__((always_inline)) unsigned long long simt_activemask64(
    const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(), unsigned column = SIMT_CALL_COLUMN) {
    return simt::cuda::converged_lanes_at(file, line, column);
}
// With 64-lane warps (--warp-size 64) masks are 64 bits wide; this names
// "every lane" whatever the warp size.
unsigned long long simt_full_mask();
