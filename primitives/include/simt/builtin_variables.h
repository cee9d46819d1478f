// threadIdx, blockIdx, blockDim, gridDim and warpSize. They are per simulated
// thread, so each is a call into the (uninstrumented) runtime rather than a
// variable: reading a TLS variable from instrumented code would look like a
// shared-memory access.
#pragma once

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

#define threadIdx (::simt::cuda::thread_idx())
#define blockIdx (::simt::cuda::block_idx())
#define blockDim (::simt::cuda::block_dim())
#define gridDim (::simt::cuda::grid_dim())
// warpSize is a run-time int, as in CUDA (printf("%d", warpSize), min(n,
// warpSize)); not a macro, so cudaDeviceProp::warpSize still works. It names
// the emulated device's warp size (--warp-size), set with the device; a
// plain global, so reading it is not a memory access the checkers see.
namespace simt::cuda {
extern int device_warp_size;
}  // namespace simt::cuda
inline const int& warpSize = simt::cuda::device_warp_size;
