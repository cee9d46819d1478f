// cudaLaunchKernelEx: a launch described by a configuration and a list of
// launch attributes (CUDA 12). Cooperative launches are cooperative; a
// cluster shape is checked as CUDA documents it (each dimension divides the
// grid's) and its blocks run as any others (simt runs a block at a time:
// the co-scheduling a cluster promises holds, but cluster-wide shared
// memory and barriers, cg::this_cluster, are not emulated); the attributes
// that only tune scheduling or caching are accepted and change nothing.
#pragma once

#include <cstddef>
#include <utility>

#include "simt/launch.h"
#include "simt/launch_attributes.h"

typedef struct cudaLaunchConfig_st {
    dim3 simt_gridDim;  // gridDim (the source rewriter renames the member: gridDim is a built-in here)
    dim3 simt_blockDim;
    std::size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute* attrs;
    unsigned int numAttrs;
} cudaLaunchConfig_t;

// Whether the configuration's attributes make the launch cooperative; an
// error (recorded, and reported at the caller's line: reached through the
// inline wrappers below) when they cannot be honoured.
cudaError_t simt_launch_ex_attributes(const cudaLaunchConfig_t* config, bool* cooperative, const char* call);

__attribute__((always_inline)) inline cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config,
                                                                      const void* kernel, void** args) {
    bool cooperative = false;
    if (const cudaError_t e = simt_launch_ex_attributes(config, &cooperative, "cudaLaunchKernelExC"); e != cudaSuccess)
        return e;
    const cudaLaunchConfig_t& c = *config;
    return cooperative ? cudaLaunchCooperativeKernel(kernel, c.simt_gridDim, c.simt_blockDim, args, c.dynamicSmemBytes, c.stream)
                       : cudaLaunchKernel(kernel, c.simt_gridDim, c.simt_blockDim, args, c.dynamicSmemBytes, c.stream);
}

// As CUDA's: the arguments are converted to the kernel's parameter types.
template <class... ExpTypes, class... ActTypes>
__attribute__((always_inline)) inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config,
                                                                     void (*kernel)(ExpTypes...), ActTypes&&... args) {
    bool cooperative = false;
    if (const cudaError_t e = simt_launch_ex_attributes(config, &cooperative, "cudaLaunchKernelEx"); e != cudaSuccess)
        return e;
    const cudaLaunchConfig_t& c = *config;
    return [&](ExpTypes... coerced) {
        void* pointers[] = {static_cast<void*>(&coerced)..., nullptr};
        return cooperative ? cudaLaunchCooperativeKernel(kernel, c.simt_gridDim, c.simt_blockDim, pointers, c.dynamicSmemBytes,
                                                         c.stream)
                           : cudaLaunchKernel(kernel, c.simt_gridDim, c.simt_blockDim, pointers, c.dynamicSmemBytes, c.stream);
    }(std::forward<ActTypes>(args)...);
}
