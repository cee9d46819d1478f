// simt's stand-in for Thrust's header of the same name (simt/thrust_system.h
// says why): thrust::device_malloc and the temporary buffers of the C++
// system, Thrust's device system under simt, come from cudaMalloc, as the
// CUDA system's do. (Thrust's own header gives this system the sequential
// system's std::malloc; an overload for the C++ system's policies is the
// closer match and wins.)
#pragma once

#include <cstddef>

#include <thrust/detail/config.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <thrust/system/cpp/detail/execution_policy.h>
#include <thrust/system/detail/sequential/malloc_and_free.h>
// As in thrust/system/cpp/memory_resource.h: nvcc's Thrust declares it here too.
#include <thrust/system_error.h>

#include "simt/runtime_api.h"

THRUST_NAMESPACE_BEGIN
namespace system {
namespace cpp {
namespace detail {

template <typename DerivedPolicy>
inline void* malloc(execution_policy<DerivedPolicy>&, std::size_t n) {
    void* p = nullptr;
    return cudaMalloc(&p, n) == cudaSuccess ? p : nullptr;  // Thrust throws bad_alloc on null
}

template <typename DerivedPolicy, typename Pointer>
inline void free(execution_policy<DerivedPolicy>&, Pointer ptr) {
    cudaFree(thrust::raw_pointer_cast(ptr));
}

}  // namespace detail
}  // namespace cpp
}  // namespace system
THRUST_NAMESPACE_END
