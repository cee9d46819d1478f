// The CUDA runtime API subset simt provides (host side). Numbers match CUDA's
// so programs that print or compare error codes behave the same. A C file
// may include it (cuda_runtime_api.h from a .c file): the C++ overloads and
// templates of cuda_runtime.h come last, for C++ only.
#pragma once

#include <stddef.h>

#include "simt/error_codes.h"
#include "simt/vector_types.h"

// CUDA's runtime API has C linkage (cuda_runtime_api.h declares it in extern
// "C"), so C code and gcc-linked programs call it by its plain name.
#ifdef __cplusplus
#define SIMT_C_API extern "C"
#define SIMT_DEFAULT(value) = value
#else
#define SIMT_C_API extern
#define SIMT_DEFAULT(value)
#endif

#define SIMT_ENUMERATOR(name, number, text) name = number,
enum cudaError { SIMT_CUDA_ERRORS(SIMT_ENUMERATOR) };
#undef SIMT_ENUMERATOR
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};
typedef enum cudaMemcpyKind cudaMemcpyKind;

enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
    cudaFuncAttributeClusterDimMustBeSet = 10,
    cudaFuncAttributeRequiredClusterWidth = 11,
    cudaFuncAttributeRequiredClusterHeight = 12,
    cudaFuncAttributeRequiredClusterDepth = 13,
    cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
    cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
    cudaFuncAttributeMax = 16,
};
typedef enum cudaFuncAttribute cudaFuncAttribute;

enum cudaLimit {
    cudaLimitStackSize = 0x00,
    cudaLimitPrintfFifoSize = 0x01,
    cudaLimitMallocHeapSize = 0x02,
    cudaLimitDevRuntimeSyncDepth = 0x03,
    cudaLimitDevRuntimePendingLaunchCount = 0x04,
    cudaLimitMaxL2FetchGranularity = 0x05,
    cudaLimitPersistingL2CacheSize = 0x06,
};
typedef enum cudaLimit cudaLimit;

enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1, cudaFuncCachePreferEqual };
typedef enum cudaFuncCache cudaFuncCache;

#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;

struct cudaUUID_st {
    char bytes[16];
};
typedef struct cudaUUID_st cudaUUID_t;

// CUDA 12.0's fields in CUDA's order; cudaGetDeviceProperties fills in an
// H100-like device (runtime_api.cpp) and zeroes what simt does not model
// (textures, surfaces, interop).
struct cudaDeviceProp {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int deviceOverlap;
    int multiProcessorCount;
    int kernelExecTimeoutEnabled;
    int integrated;
    int canMapHostMemory;
    int computeMode;
    int maxTexture1D;
    int maxTexture1DMipmap;
    int maxTexture1DLinear;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryClockRate;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int singleToDoublePrecisionPerfRatio;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    int cooperativeMultiDeviceLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int reserved2[2];
    int reserved[61];
};
typedef struct cudaDeviceProp cudaDeviceProp;

SIMT_C_API cudaError_t cudaMalloc(void** ptr, size_t bytes);
SIMT_C_API cudaError_t cudaMallocManaged(void** ptr, size_t bytes, unsigned flags SIMT_DEFAULT(cudaMemAttachGlobal));
SIMT_C_API cudaError_t cudaMallocHost(void** ptr, size_t bytes);
SIMT_C_API cudaError_t cudaHostAlloc(void** ptr, size_t bytes, unsigned flags);
SIMT_C_API cudaError_t cudaFree(void* ptr);
SIMT_C_API cudaError_t cudaFreeHost(void* ptr);
SIMT_C_API cudaError_t cudaMallocAsync(void** ptr, size_t bytes, cudaStream_t stream);
SIMT_C_API cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream);
SIMT_C_API cudaError_t cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind);
SIMT_C_API cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaMemset(void* dst, int value, size_t bytes);
// Pitched (2-D) memory: rows of `width` bytes, `pitch` bytes apart.
SIMT_C_API cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
SIMT_C_API cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind);
SIMT_C_API cudaError_t cudaMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);
SIMT_C_API cudaError_t cudaMemsetAsync(void* dst, int value, size_t bytes, cudaStream_t stream SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                         size_t height, cudaMemcpyKind kind, cudaStream_t stream SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height,
                                         cudaStream_t stream SIMT_DEFAULT(0));
// Peer copies: device 0 is the only device.
SIMT_C_API cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count);
SIMT_C_API cudaError_t cudaMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, size_t count,
                                           cudaStream_t stream SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
SIMT_C_API cudaError_t cudaSetValidDevices(int* device_arr, int len);
SIMT_C_API cudaError_t cudaDeviceSynchronize(void);
SIMT_C_API cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
SIMT_C_API cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit);
SIMT_C_API cudaError_t cudaDeviceReset(void);
SIMT_C_API cudaError_t cudaGetLastError(void);
SIMT_C_API cudaError_t cudaPeekAtLastError(void);
SIMT_C_API const char* cudaGetErrorString(cudaError_t error);
SIMT_C_API const char* cudaGetErrorName(cudaError_t error);
SIMT_C_API cudaError_t cudaGetDeviceCount(int* count);
SIMT_C_API cudaError_t cudaGetDevice(int* device);
SIMT_C_API cudaError_t cudaSetDevice(int device);
SIMT_C_API cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);

#ifdef __cplusplus
// The typed overloads pass on their caller, the program's line, for reports
// (`kind`: 0 cudaMalloc, 1 cudaMallocManaged, 2 cudaMallocHost, 3
// cudaMallocAsync). T may be const (`const float* in; cudaMalloc(&in, n)`,
// cuda-samples' HSOpticalFlow): the cast goes through void*, as CUDA's does.
cudaError_t simt_malloc_at(void** ptr, size_t bytes, int kind, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMalloc(T** ptr, size_t bytes) {
    return simt_malloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, 0, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocManaged(T** ptr, size_t bytes, unsigned = cudaMemAttachGlobal) {
    return simt_malloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, 1, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocHost(T** ptr, size_t bytes) {
    return simt_malloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, 2, __builtin_return_address(0));
}
cudaError_t simt_host_alloc_at(void** ptr, size_t bytes, unsigned flags, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaHostAlloc(T** ptr, size_t bytes, unsigned flags) {
    return simt_host_alloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, flags, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocHost(T** ptr, size_t bytes, unsigned flags) {
    return simt_host_alloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, flags, __builtin_return_address(0));
}
// On a stream being captured, an allocation node of the graph (graph_memory.cpp).
cudaError_t simt_malloc_async_at(void** ptr, size_t bytes, cudaStream_t stream, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocAsync(T** ptr, size_t bytes, cudaStream_t stream) {
    return simt_malloc_async_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, stream, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocPitch(T** ptr, size_t* pitch, size_t width, size_t height) {
    return cudaMallocPitch(static_cast<void**>(static_cast<void*>(ptr)), pitch, width, height);
}
cudaError_t simt_memcpy_symbol(void* symbol, size_t symbol_size, const void* src,
                               size_t bytes, size_t offset, bool to_symbol, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t bytes,
                               size_t offset = 0, cudaMemcpyKind = cudaMemcpyHostToDevice) {
    return simt_memcpy_symbol(const_cast<T*>(&symbol), sizeof(T), src, bytes, offset, true, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t bytes,
                                 size_t offset = 0, cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    return simt_memcpy_symbol(const_cast<T*>(&symbol), sizeof(T), dst, bytes, offset, false, __builtin_return_address(0));
}
cudaError_t simt_func_set_attribute(const void* function, cudaFuncAttribute attribute, int value);
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaFuncSetAttribute(F* function, cudaFuncAttribute attribute, int value) {
    return simt_func_set_attribute(reinterpret_cast<const void*>(function), attribute, value);
}
template <class F>
cudaError_t cudaFuncSetCacheConfig(F*, cudaFuncCache) {
    return cudaSuccess;
}
#endif  // __cplusplus
