// The CUDA compatibility layer: force-included (-include simt/cuda.h) before
// a .cu file compiled for the CPU backend, so an unchanged CUDA program builds
// with g++. Each family lives in its own header.
#pragma once

// What cuda_runtime.h and driver_types.h define for code that tests for
// them (cuda-samples' helper_cuda.h hides its helpers behind the guards):
// simt provides the CUDA 12.0 runtime API level. __CUDACC__, __NVCC__ and
// __CUDACC_VER_*__ are the compiler's: simt defines them for CUDA files only
// (SIMT_KERNEL_COMPILE_FLAGS).
#define __CUDA_RUNTIME_H__
#define __DRIVER_TYPES_H__
#define CUDART_VERSION 12000
#define CUDART_CB

#include <cstdio>
#include <cstdlib>

#include "simt/qualifiers.h"
#include "simt/memory_functions.h"
#include "simt/shared_array.h"
#include "simt/vector_types.h"
#include "simt/builtin_variables.h"
#include "simt/runtime_api.h"
#include "simt/device_queries.h"
#include "simt/cuda12_enums.h"
#include "simt/deprecated_calls.h"
#include "simt/streams.h"
#include "simt/launch_attributes.h"
#include "simt/ipc.h"
#include "simt/graphs.h"
#include "simt/host_memory.h"
#include "simt/occupancy.h"
#include "simt/textures.h"
#include "simt/surfaces.h"
#include "simt/launch.h"
#include "simt/launch_ex.h"
#include "simt/sync.h"
#include "simt/warp.h"
#include "simt/address_spaces.h"
#include "simt/atomics.h"
#include "simt/device_math.h"
#include "simt/rounding.h"
#include "simt/conversions.h"
#include "simt/integer_intrinsics.h"
#include "simt/simd_video.h"
#include "simt/special_math.h"
#include "simt/load_store_hints.h"
#include "simt/thrust_system.h"

namespace simt::cuda {
// The dynamic shared memory of the running block (extern __shared__ T x[]).
void* dynamic_shared();

// What a file-scope `extern __shared__ T name[];` becomes (the source
// rewriter declares `static constexpr dynamic_shared_array<T> name{};`): an
// ordinary name, hidden by a member, local or parameter of the same name,
// that reads as the running block's buffer wherever it converts to a
// pointer (name[i], name + i, passing it on, (U*)name, static_cast<U*>).
template <class T>
struct dynamic_shared_array {
    operator T*() const { return static_cast<T*>(dynamic_shared()); }
    template <class U>
    explicit operator U*() const { return static_cast<U*>(dynamic_shared()); }
};
}  // namespace simt::cuda
