// threadIdx, blockIdx, blockDim, gridDim and warpSize. They are per simulated
// thread: on x86-64 a read is one load from the thread-local the block keeps
// them in (simt/running_coordinates.h), in inline assembly, because a plain
// read of a thread-local from instrumented code would be observed as a memory
// access (GCC's TSan instrumentation reports TLS loads too). The value is the
// same for a simulated thread's whole life, so the compiler may reuse a read.
// Elsewhere each is a call into the (uninstrumented) runtime.
#pragma once

#include "simt/running_coordinates.h"
#include "simt/vector_types.h"

namespace simt::cuda {
uint3 thread_idx();
uint3 block_idx();
dim3 block_dim();
dim3 grid_dim();
int warp_size();
// A PTX special register by name ("laneid", "lanemask_lt", "clock64", ...):
// what the source rewriter turns `asm("mov.u32 %0, %%laneid;" ...)` into.
unsigned long long special_register(const char* name);
}  // namespace simt::cuda

#if defined(__x86_64__) && defined(__linux__)
namespace simt::cuda::coordinates {
// Word `Word` of simt_running_coordinates (initial-exec TLS: the linker
// turns it into one %fs-relative load in an executable).
template <unsigned Word>
inline unsigned word() {
    unsigned long offset;
    asm("movq simt_running_coordinates@gottpoff(%%rip), %0" : "=r"(offset));
    unsigned value;
    asm("movl %%fs:%c2(%1), %0" : "=r"(value) : "r"(offset), "i"(Word * 4));
    return value;
}
}  // namespace simt::cuda::coordinates
#define threadIdx                                                                           \
    (::uint3{::simt::cuda::coordinates::word<0>(), ::simt::cuda::coordinates::word<1>(),   \
             ::simt::cuda::coordinates::word<2>()})
#define blockIdx                                                                            \
    (::uint3{::simt::cuda::coordinates::word<3>(), ::simt::cuda::coordinates::word<4>(),   \
             ::simt::cuda::coordinates::word<5>()})
#define blockDim                                                                            \
    (::dim3(::simt::cuda::coordinates::word<6>(), ::simt::cuda::coordinates::word<7>(),    \
            ::simt::cuda::coordinates::word<8>()))
#define gridDim                                                                             \
    (::dim3(::simt::cuda::coordinates::word<9>(), ::simt::cuda::coordinates::word<10>(),   \
            ::simt::cuda::coordinates::word<11>()))
#else
#define threadIdx (::simt::cuda::thread_idx())
#define blockIdx (::simt::cuda::block_idx())
#define blockDim (::simt::cuda::block_dim())
#define gridDim (::simt::cuda::grid_dim())
#endif
// warpSize is a run-time int, as in CUDA (printf("%d", warpSize), min(n,
// warpSize)); not a macro, so cudaDeviceProp::warpSize still works. It names
// the emulated device's warp size (--warp-size), set with the device; a
// plain global, so reading it is not a memory access the checkers see.
namespace simt::cuda {
extern int device_warp_size;
}  // namespace simt::cuda
inline const int& warpSize = simt::cuda::device_warp_size;
