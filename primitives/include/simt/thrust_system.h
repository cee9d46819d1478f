// Thrust under simt. nvcc's Thrust runs its device algorithms as CUDA
// kernels built from CUB, whose inline PTX and architecture dispatch simt
// does not emulate. Here Thrust's device system is its sequential C++ one:
// a device algorithm runs on the calling host thread, over device memory all
// the same (thrust/system/cpp/memory_resource.h and
// thrust/system/cpp/detail/malloc_and_free.h beside this header give that
// system cudaMalloc'd memory), so kernels get device_vector's storage as on a
// GPU and simt checks their accesses to it. Results are the same as a GPU's
// wherever Thrust defines them (a sort, a scan of integers; a floating-point
// reduction may add in another order).
#pragma once

// Thrust's own values (thrust/detail/config/device_system.h defines the same,
// identically), so that a program's choice can be read here.
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM_OMP 2
#define THRUST_DEVICE_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CPP 4

#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
// Asked for by name (CMake's thrust_create_target(... DEVICE CUDA) does):
// "the GPU" is simt's device, which Thrust reaches through its C++ system.
// OpenMP and TBB are kept.
#undef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif
