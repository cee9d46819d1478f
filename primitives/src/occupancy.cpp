// Kernel attributes and occupancy (simt/occupancy.h).
#include <algorithm>
#include <string>

#include "emulator/symbolizer.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

namespace {

// An H100's per-multiprocessor shared memory and how it is handed out: each
// block also holds 1 KiB the system reserves, in 128-byte units.
constexpr std::size_t kSharedPerMultiprocessor = 228 * 1024;
constexpr std::size_t kReservedPerBlock = 1024;
constexpr std::size_t kSharedGranule = 128;
constexpr int kAssumedRegisters = 32;

// The kernel's base name, "" when `function` is not a kernel simt knows.
std::string kernel_of(const void* function) {
    return function == nullptr ? "" : simt::cuda::kernel_base_name(simt::function_name(function));
}

// Blocks of `block_size` threads asking for `dynamic_shared` bytes that fit
// on one multiprocessor at once.
int resident_blocks(const std::string& kernel, int block_size, std::size_t dynamic_shared) {
    ProcessRuntime& rt = ProcessRuntime::get();
    const simt::DeviceLimits& d = rt.engine().limits();
    if (block_size <= 0 || unsigned(block_size) > d.max_threads_per_block) return 0;
    // More dynamic shared memory than the kernel may have (48 KiB less its
    // static bytes, unless cudaFuncSetAttribute raised it) cannot launch.
    if (dynamic_shared > rt.dynamic_shared_limit(kernel)) return 0;
    const std::size_t shared = rt.static_shared_bytes(kernel) + dynamic_shared;
    // Threads are handed out in whole warps.
    const unsigned warp = rt.engine().options().warp_size;
    const unsigned warps = (unsigned(block_size) + warp - 1) / warp;
    const unsigned by_threads = d.max_threads_per_multiprocessor / warp / warps;
    const std::size_t per_block = (shared + kReservedPerBlock + kSharedGranule - 1) / kSharedGranule * kSharedGranule;
    const std::size_t by_shared = kSharedPerMultiprocessor / per_block;
    return int(std::min<std::size_t>({by_threads, d.max_blocks_per_multiprocessor, by_shared}));
}

}  // namespace

cudaError_t simt_func_get_attributes(cudaFuncAttributes* a, const void* function) {
    if (a == nullptr) return SIMT_API_RESULT_AS(cudaErrorInvalidValue, "cudaFuncGetAttributes");
    const std::string kernel = kernel_of(function);
    if (kernel.empty()) return SIMT_API_RESULT_AS(cudaErrorInvalidDeviceFunction, "cudaFuncGetAttributes");
    ProcessRuntime& rt = ProcessRuntime::get();
    *a = cudaFuncAttributes{};
    a->sharedSizeBytes = rt.static_shared_bytes(kernel);
    // A kernel compiled with __launch_bounds__ says its bound (an H100: 128
    // for __launch_bounds__(128), docs/gpu-runs/2026-12-07-h100-probes, g05).
    const std::uint64_t bound = simt::cuda::launch_bound(kernel);
    a->maxThreadsPerBlock = int(bound != 0 ? bound : rt.engine().limits().max_threads_per_block);
    a->numRegs = kAssumedRegisters;
    a->ptxVersion = 90;
    a->binaryVersion = 90;
    a->maxDynamicSharedSizeBytes = int(rt.dynamic_shared_limit(kernel));
    a->preferredShmemCarveout = -1;
    return SIMT_API_RESULT_AS(cudaSuccess, "cudaFuncGetAttributes");
}

cudaError_t simt_occupancy_blocks(int* blocks, const void* function, int block_size, std::size_t dynamic_shared) {
    if (blocks == nullptr || block_size <= 0) return SIMT_API_RESULT_AS(cudaErrorInvalidValue, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    const std::string kernel = kernel_of(function);
    if (kernel.empty()) return SIMT_API_RESULT_AS(cudaErrorInvalidDeviceFunction, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    *blocks = resident_blocks(kernel, block_size, dynamic_shared);
    return SIMT_API_RESULT_AS(cudaSuccess, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
}

cudaError_t simt_available_dynamic_shared(std::size_t* bytes, const void* function, int blocks, int block_size) {
    if (bytes == nullptr || blocks <= 0 || block_size <= 0) return SIMT_API_RESULT_AS(cudaErrorInvalidValue, "cudaOccupancyAvailableDynamicSMemPerBlock");
    const std::string kernel = kernel_of(function);
    if (kernel.empty()) return SIMT_API_RESULT_AS(cudaErrorInvalidDeviceFunction, "cudaOccupancyAvailableDynamicSMemPerBlock");
    ProcessRuntime& rt = ProcessRuntime::get();
    *bytes = 0;
    if (resident_blocks(kernel, block_size, 0) < blocks) return SIMT_API_RESULT_AS(cudaSuccess, "cudaOccupancyAvailableDynamicSMemPerBlock");
    // The largest share of the multiprocessor each block can have, less what
    // the system and the static __shared__ variables take.
    const std::size_t share = kSharedPerMultiprocessor / std::size_t(blocks) / kSharedGranule * kSharedGranule;
    const std::size_t fixed = kReservedPerBlock + rt.static_shared_bytes(kernel);
    *bytes = share > fixed ? std::min(share - fixed, rt.dynamic_shared_limit(kernel)) : 0;
    return SIMT_API_RESULT_AS(cudaSuccess, "cudaOccupancyAvailableDynamicSMemPerBlock");
}

cudaError_t simt::cuda::potential_block_size(int* min_grid, int* block_size, const void* function,
                                             std::size_t (*shared_for)(int, const void*), const void* context,
                                             int limit) {
    if (min_grid == nullptr || block_size == nullptr || limit < 0) return SIMT_API_RESULT_AS(cudaErrorInvalidValue, "cudaOccupancyMaxPotentialBlockSize");
    const std::string kernel = kernel_of(function);
    if (kernel.empty()) return SIMT_API_RESULT_AS(cudaErrorInvalidDeviceFunction, "cudaOccupancyMaxPotentialBlockSize");
    ProcessRuntime& rt = ProcessRuntime::get();
    const simt::DeviceLimits& d = rt.engine().limits();
    const int warp = int(rt.engine().options().warp_size);
    int largest = int(d.max_threads_per_block);
    if (limit > 0 && limit < largest) largest = limit;
    int best_size = 0, best_blocks = 0, best_threads = 0;
    for (int aligned = (largest + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
        const int size = std::min(aligned, largest);
        const int blocks = resident_blocks(kernel, size, shared_for(size, context));
        if (blocks * size > best_threads) {
            best_size = size;
            best_blocks = blocks;
            best_threads = blocks * size;
        }
        if (best_threads == int(d.max_threads_per_multiprocessor)) break;
    }
    *block_size = best_size;
    *min_grid = best_blocks * int(d.multiprocessors);
    return SIMT_API_RESULT_AS(cudaSuccess, "cudaOccupancyMaxPotentialBlockSize");
}
