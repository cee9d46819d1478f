// Host memory the device can reach, memory information, stream-ordered
// pools and managed-memory hints. simt's device shares the host's address
// space, so a registered or mapped host buffer is its own device pointer;
// hints and prefetches have nothing to move and succeed once checked.
#pragma once

#include <cstddef>

#include "simt/runtime_api.h"

#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

enum cudaMemoryType {
    cudaMemoryTypeUnregistered = 0,
    cudaMemoryTypeHost = 1,
    cudaMemoryTypeDevice = 2,
    cudaMemoryTypeManaged = 3,
};
struct cudaPointerAttributes {
    cudaMemoryType type;
    int device;
    void* devicePointer;
    void* hostPointer;
};

enum cudaMemoryAdvise {
    cudaMemAdviseSetReadMostly = 1,
    cudaMemAdviseUnsetReadMostly = 2,
    cudaMemAdviseSetPreferredLocation = 3,
    cudaMemAdviseUnsetPreferredLocation = 4,
    cudaMemAdviseSetAccessedBy = 5,
    cudaMemAdviseUnsetAccessedBy = 6,
};

struct CUmemPoolHandle_st;
typedef CUmemPoolHandle_st* cudaMemPool_t;
enum cudaMemPoolAttr {
    cudaMemPoolReuseFollowEventDependencies = 1,
    cudaMemPoolReuseAllowOpportunistic = 2,
    cudaMemPoolReuseAllowInternalDependencies = 3,
    cudaMemPoolAttrReleaseThreshold = 4,
    cudaMemPoolAttrReservedMemCurrent = 5,
    cudaMemPoolAttrReservedMemHigh = 6,
    cudaMemPoolAttrUsedMemCurrent = 7,
    cudaMemPoolAttrUsedMemHigh = 8,
};

// Page-locking changes nothing on the CPU: the range is remembered so that
// cudaHostGetDevicePointer and cudaHostUnregister can answer as a GPU does.
// Kernels reach it unobserved by the checkers (it is not device memory).
SIMT_C_API cudaError_t cudaHostRegister(void* ptr, std::size_t bytes, unsigned flags);
SIMT_C_API cudaError_t cudaHostUnregister(void* ptr);
SIMT_C_API cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned flags);
template <class T>
cudaError_t cudaHostGetDevicePointer(T** device, void* host, unsigned flags) {
    return cudaHostGetDevicePointer(reinterpret_cast<void**>(device), host, flags);
}
SIMT_C_API cudaError_t cudaHostGetFlags(unsigned* flags, void* host);
SIMT_C_API cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr);

// Free: the device's capacity (--device-memory) less what is allocated.
SIMT_C_API cudaError_t cudaMemGetInfo(std::size_t* free, std::size_t* total);

// The device's one memory pool; cudaMallocAsync/cudaFreeAsync are in
// runtime_api.h.
SIMT_C_API cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device);
SIMT_C_API cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device);
SIMT_C_API cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value);
SIMT_C_API cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value);
SIMT_C_API cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t keep);
cudaError_t simt_malloc_from_pool_at(void** ptr, std::size_t bytes, cudaMemPool_t pool, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocFromPoolAsync(T** ptr, std::size_t bytes, cudaMemPool_t pool, cudaStream_t) {
    return simt_malloc_from_pool_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, pool, __builtin_return_address(0));
}

SIMT_C_API cudaError_t cudaMemPrefetchAsync(const void* ptr, std::size_t bytes, int device, cudaStream_t stream = 0);
SIMT_C_API cudaError_t cudaMemAdvise(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice, int device);
// The forms of CUDA 12.2 (_v2) and 13, which name a location.
enum cudaMemLocationType {
    cudaMemLocationTypeInvalid = 0,
    cudaMemLocationTypeDevice = 1,
    cudaMemLocationTypeHost = 2,
    cudaMemLocationTypeHostNuma = 3,
    cudaMemLocationTypeHostNumaCurrent = 4,
};
struct cudaMemLocation {
    cudaMemLocationType type;
    int id;
};
cudaError_t cudaMemPrefetchAsync(const void* ptr, std::size_t bytes, cudaMemLocation location, unsigned flags,
                                 cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice, cudaMemLocation location);
inline cudaError_t cudaMemPrefetchAsync_v2(const void* ptr, std::size_t bytes, cudaMemLocation location,
                                           unsigned flags, cudaStream_t stream = 0) {
    return cudaMemPrefetchAsync(ptr, bytes, location, flags, stream);
}
inline cudaError_t cudaMemAdvise_v2(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice,
                                    cudaMemLocation location) {
    return cudaMemAdvise(ptr, bytes, advice, location);
}
SIMT_C_API cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* ptr, std::size_t bytes = 0,
                                     unsigned flags = cudaMemAttachSingle);

// __device__ and __constant__ variables are ordinary objects: their address
// is the device pointer.
template <class T>
cudaError_t cudaGetSymbolAddress(void** device, const T& symbol) {
    if (device == nullptr) return cudaErrorInvalidValue;
    *device = const_cast<T*>(&symbol);
    return cudaSuccess;
}
template <class T>
cudaError_t cudaGetSymbolSize(std::size_t* bytes, const T&) {
    if (bytes == nullptr) return cudaErrorInvalidValue;
    *bytes = sizeof(T);
    return cudaSuccess;
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, std::size_t bytes,
                                                      std::size_t offset = 0,
                                                      cudaMemcpyKind = cudaMemcpyHostToDevice, cudaStream_t = 0) {
    return simt_memcpy_symbol(const_cast<T*>(&symbol), sizeof(T), src, bytes, offset, true,
                              __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, std::size_t bytes,
                                                        std::size_t offset = 0,
                                                        cudaMemcpyKind = cudaMemcpyDeviceToHost, cudaStream_t = 0) {
    return simt_memcpy_symbol(const_cast<T*>(&symbol), sizeof(T), dst, bytes, offset, false,
                              __builtin_return_address(0));
}
