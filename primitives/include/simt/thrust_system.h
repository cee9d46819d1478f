// Thrust under simt. nvcc's Thrust runs its device algorithms as CUDA
// kernels built from CUB, whose inline PTX and architecture dispatch simt
// does not emulate. Here Thrust's device system is its sequential C++ one:
// a device algorithm runs on the calling host thread, over device memory all
// the same (thrust/system/cpp/memory_resource.h and
// thrust/system/cpp/detail/malloc_and_free.h beside this header give that
// system cudaMalloc'd memory), so kernels get device_vector's storage as on a
// GPU and simt checks their accesses to it. Results are the same as a GPU's
// wherever Thrust defines them (a sort, a scan of integers; a floating-point
// reduction may add in another order). A program that sets
// THRUST_DEVICE_SYSTEM itself keeps its choice.
#pragma once

#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif
