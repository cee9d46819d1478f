// CUDA declaration qualifiers mapped onto C++ for the CPU backend.
#pragma once

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
// __noinline__ is not a macro: libstdc++ writes __attribute__((__noinline__)).
// The source rewriter turns the user's __noinline__ into the attribute.
#define __launch_bounds__(...)
#define __grid_constant__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __CUDACC_SIMT__ 1
// Shared memory is per block; a block runs on one OS thread and never
// migrates, so per-OS-thread storage is per-block storage. `static __thread`
// (not thread_local) avoids a TLS wrapper call on every access. `used`:
// g++ at -O2 deletes a variable that is only ever written, and with it the
// stores, an out-of-bounds one included; kept, every store is observed.
// The source rewriter spells a __shared__ array it guards with this too.
#define SIMT_SHARED_STORAGE static __thread __attribute__((used))
#define __shared__ SIMT_SHARED_STORAGE
// Constant memory and __device__ variables get their own sections so the
// engine classifies an access with a range compare (see memory_spaces.h).
// (The source rewriter marks __device__/__managed__ variables.)
#define __constant__ __attribute__((section("simt_constant_space")))
// A const __constant__ object: g++ keeps read-only and writable objects in
// different sections, so the rewriter marks these with their own.
#define SIMT_CONSTANT_READONLY __attribute__((section("simt_constant_readonly")))
#define SIMT_GLOBAL_VARIABLE __attribute__((section("simt_global_space")))
// Laid by the rewriter before and after each file-scope __device__ or
// __managed__ declaration: bytes that belong to no variable, so an index
// past one is out of bounds wherever the compiler places the next
// (emulator/device_variable_layout.h). As wide as a shared array's guard.
#define SIMT_DEVICE_GUARD_NAME2(n) simt_device_guard_##n
#define SIMT_DEVICE_GUARD_NAME(n) SIMT_DEVICE_GUARD_NAME2(n)
#define SIMT_DEVICE_GUARD                                                                  \
    static unsigned char SIMT_DEVICE_GUARD_NAME(__COUNTER__)[32]                           \
        __attribute__((section("simt_global_space"), used));
#define __managed__
