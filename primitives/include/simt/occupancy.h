// A kernel's attributes and the occupancy calculators, answered for the
// emulated H100-like device from what simt knows of the kernel: its static
// __shared__ bytes and the dynamic shared memory asked for. Registers are
// not known on the CPU: a kernel counts as using 32 per thread, the most
// that never limits a full multiprocessor (2048 threads x 32 = 65536), so
// for a register-hungry kernel the figures are higher than a GPU's.
#pragma once

#include <cstddef>

#include "simt/runtime_api.h"

#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01

struct cudaFuncAttributes {
    std::size_t sharedSizeBytes;
    std::size_t constSizeBytes;
    std::size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
    int cacheModeCA;
    int maxDynamicSharedSizeBytes;
    int preferredShmemCarveout;
    int clusterDimMustBeSet;
    int requiredClusterWidth;
    int requiredClusterHeight;
    int requiredClusterDepth;
    int clusterSchedulingPolicyPreference;
    int nonPortableClusterSizeAllowed;
    int reserved[16];
};

cudaError_t simt_func_get_attributes(cudaFuncAttributes* attributes, const void* function);
// Inline wrappers: the entry points find the program's line from their
// return address.
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, F* function) {
    return simt_func_get_attributes(attributes, reinterpret_cast<const void*>(function));
}

cudaError_t simt_occupancy_blocks(int* blocks, const void* function, int block_size, std::size_t dynamic_shared);
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, F* function, int block_size,
                                                          std::size_t dynamic_shared) {
    return simt_occupancy_blocks(blocks, reinterpret_cast<const void*>(function), block_size, dynamic_shared);
}
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, F* function, int block_size,
                                                                   std::size_t dynamic_shared, unsigned flags) {
    if (flags > cudaOccupancyDisableCachingOverride) return cudaErrorInvalidValue;
    return simt_occupancy_blocks(blocks, reinterpret_cast<const void*>(function), block_size, dynamic_shared);
}

cudaError_t simt_available_dynamic_shared(std::size_t* bytes, const void* function, int blocks, int block_size);
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(std::size_t* bytes, F* function, int blocks, int block_size) {
    return simt_available_dynamic_shared(bytes, reinterpret_cast<const void*>(function), blocks, block_size);
}

namespace simt::cuda {
// The block size with the most resident threads per multiprocessor, trying
// warp multiples from the largest down as CUDA's calculator does (so ties go
// to the larger block); `shared_for(block size)` is the dynamic shared
// memory a block of that size asks for.
cudaError_t potential_block_size(int* min_grid, int* block_size, const void* function,
                                 std::size_t (*shared_for)(int, const void*), const void* context, int limit);
}  // namespace simt::cuda

template <class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block_size, F* function,
                                               std::size_t dynamic_shared = 0, int limit = 0) {
    return simt::cuda::potential_block_size(
        min_grid, block_size, reinterpret_cast<const void*>(function),
        [](int, const void* bytes) { return *static_cast<const std::size_t*>(bytes); }, &dynamic_shared, limit);
}
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* min_grid, int* block_size, F* function,
                                                        std::size_t dynamic_shared = 0, int limit = 0,
                                                        unsigned flags = 0) {
    if (flags > cudaOccupancyDisableCachingOverride) return cudaErrorInvalidValue;
    return cudaOccupancyMaxPotentialBlockSize(min_grid, block_size, function, dynamic_shared, limit);
}
template <class SharedFor, class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* min_grid, int* block_size, F* function,
                                                           SharedFor shared_for, int limit = 0) {
    return simt::cuda::potential_block_size(
        min_grid, block_size, reinterpret_cast<const void*>(function),
        [](int size, const void* f) { return std::size_t((*static_cast<const SharedFor*>(f))(size)); }, &shared_for,
        limit);
}
template <class SharedFor, class F>
__attribute__((always_inline)) inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int* min_grid, int* block_size, F* function,
                                                                    SharedFor shared_for, int limit = 0,
                                                                    unsigned flags = 0) {
    if (flags > cudaOccupancyDisableCachingOverride) return cudaErrorInvalidValue;
    return cudaOccupancyMaxPotentialBlockSizeVariableSMem(min_grid, block_size, function, shared_for, limit);
}
