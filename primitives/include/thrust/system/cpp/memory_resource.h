// simt's stand-in for Thrust's header of the same name (found first on the
// include path of CUDA files, simt/thrust_system.h says why): the C++
// system, which is Thrust's device system under simt, takes its memory from
// cudaMalloc, so a device_vector's elements are device memory, bounds- and
// race-checked in kernels; its universal (managed) memory from
// cudaMallocManaged. Written for Thrust 1.x and 2.x, whose header declares
// the same three names.
#pragma once

#include <cstddef>
#include <string>

#include <thrust/detail/config.h>
#include <thrust/mr/fancy_pointer_resource.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/system/cpp/pointer.h>
#include <thrust/system/detail/bad_alloc.h>
// nvcc's Thrust declares thrust::system_error wherever device memory is
// (through its CUDA system's headers): programs catch it without including it.
#include <thrust/system_error.h>

#include "simt/runtime_api.h"

THRUST_NAMESPACE_BEGIN
namespace system {
namespace cpp {
namespace detail {

template <bool managed>
class simt_device_resource final : public thrust::mr::memory_resource<> {
public:  // fancy_pointer_resource calls these directly
    void* do_allocate(std::size_t bytes, std::size_t alignment) override {
        void* p = nullptr;
        // cudaMalloc's alignment is 256 bytes, as a GPU's.
        const cudaError_t e = alignment > 256 ? cudaErrorInvalidValue
                              : managed       ? cudaMallocManaged(&p, bytes, cudaMemAttachGlobal)
                                              : cudaMalloc(&p, bytes);
        if (e != cudaSuccess) throw thrust::system::detail::bad_alloc(cudaGetErrorString(e));
        return p;
    }
    void do_deallocate(void* p, std::size_t, std::size_t) override { cudaFree(p); }
};

typedef thrust::mr::fancy_pointer_resource<simt_device_resource<false>, thrust::cpp::pointer<void>> native_resource;
typedef thrust::mr::fancy_pointer_resource<simt_device_resource<true>, thrust::cpp::universal_pointer<void>>
    universal_native_resource;

}  // namespace detail

typedef detail::native_resource memory_resource;
typedef detail::universal_native_resource universal_memory_resource;
typedef detail::native_resource universal_host_pinned_memory_resource;

}  // namespace cpp
}  // namespace system
THRUST_NAMESPACE_END
