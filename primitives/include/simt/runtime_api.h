// The CUDA runtime API subset simt provides (host side). Numbers match CUDA's
// so programs that print or compare error codes behave the same.
#pragma once

#include <cstddef>

#include "simt/vector_types.h"

enum cudaError_t {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidPitchValue = 12,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidTexture = 18,
    cudaErrorInvalidChannelDescriptor = 20,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorInvalidFilterSetting = 26,
    cudaErrorInvalidNormSetting = 27,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorDeviceUninitialized = 201,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorIllegalState = 401,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchTimeout = 702,
    cudaErrorContextIsDestroyed = 709,
    cudaErrorAssert = 710,
    cudaErrorHostMemoryAlreadyRegistered = 712,
    cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorIllegalInstruction = 715,
    cudaErrorMisalignedAddress = 716,
    cudaErrorLaunchFailure = 719,
    cudaErrorCooperativeLaunchTooLarge = 720,
    cudaErrorNotSupported = 801,
    cudaErrorStreamCaptureUnsupported = 900,
    cudaErrorGraphExecUpdateFailure = 910,
    cudaErrorUnknown = 999,
};
typedef cudaError_t cudaError;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};

enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};

enum cudaLimit {
    cudaLimitStackSize = 0x00,
    cudaLimitPrintfFifoSize = 0x01,
    cudaLimitMallocHeapSize = 0x02,
    cudaLimitDevRuntimeSyncDepth = 0x03,
    cudaLimitDevRuntimePendingLaunchCount = 0x04,
    cudaLimitMaxL2FetchGranularity = 0x05,
    cudaLimitPersistingL2CacheSize = 0x06,
};

enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1, cudaFuncCachePreferEqual };

#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04

struct CUstream_st;
typedef CUstream_st* cudaStream_t;
struct CUevent_st;
typedef CUevent_st* cudaEvent_t;

struct cudaUUID_st {
    char bytes[16];
};
typedef cudaUUID_st cudaUUID_t;

// CUDA 12.0's fields in CUDA's order; cudaGetDeviceProperties fills in an
// H100-like device (runtime_api.cpp) and zeroes what simt does not model
// (textures, surfaces, interop).
struct cudaDeviceProp {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned luidDeviceNodeMask;
    std::size_t totalGlobalMem;
    std::size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    std::size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    std::size_t totalConstMem;
    int major;
    int minor;
    std::size_t textureAlignment;
    std::size_t texturePitchAlignment;
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
    std::size_t surfaceAlignment;
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
    std::size_t sharedMemPerMultiprocessor;
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
    std::size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    std::size_t reservedSharedMemPerBlock;
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

cudaError_t cudaMalloc(void** ptr, std::size_t bytes);
cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes, unsigned flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes);
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned flags);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaFreeHost(void* ptr);
// The typed overloads pass on their caller, the program's line, for reports
// (`kind`: 0 cudaMalloc, 1 cudaMallocManaged, 2 cudaMallocHost, 3
// cudaMallocAsync). T may be const (`const float* in; cudaMalloc(&in, n)`,
// cuda-samples' HSOpticalFlow): the cast goes through void*, as CUDA's does.
cudaError_t simt_malloc_at(void** ptr, std::size_t bytes, int kind, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMalloc(T** ptr, std::size_t bytes) {
    return simt_malloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, 0, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocManaged(T** ptr, std::size_t bytes, unsigned = cudaMemAttachGlobal) {
    return simt_malloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, 1, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocHost(T** ptr, std::size_t bytes) {
    return simt_malloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, 2, __builtin_return_address(0));
}
cudaError_t simt_host_alloc_at(void** ptr, std::size_t bytes, unsigned flags, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaHostAlloc(T** ptr, std::size_t bytes, unsigned flags) {
    return simt_host_alloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, flags, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocHost(T** ptr, std::size_t bytes, unsigned flags) {
    return simt_host_alloc_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, flags, __builtin_return_address(0));
}
cudaError_t cudaMallocAsync(void** ptr, std::size_t bytes, cudaStream_t stream);
// On a stream being captured, an allocation node of the graph (graph_memory.cpp).
cudaError_t simt_malloc_async_at(void** ptr, std::size_t bytes, cudaStream_t stream, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocAsync(T** ptr, std::size_t bytes, cudaStream_t stream) {
    return simt_malloc_async_at(static_cast<void**>(static_cast<void*>(ptr)), bytes, stream, __builtin_return_address(0));
}
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes);
// Pitched (2-D) memory: rows of `width` bytes, `pitch` bytes apart.
cudaError_t cudaMallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height);
template <class T>
[[gnu::noinline]] cudaError_t cudaMallocPitch(T** ptr, std::size_t* pitch, std::size_t width, std::size_t height) {
    return cudaMallocPitch(static_cast<void**>(static_cast<void*>(ptr)), pitch, width, height);
}
cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                         std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height);
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t stream = 0);
cudaError_t simt_memcpy_symbol(void* symbol, std::size_t symbol_size, const void* src,
                               std::size_t bytes, std::size_t offset, bool to_symbol, const void* site);
template <class T>
[[gnu::noinline]] cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, std::size_t bytes,
                               std::size_t offset = 0, cudaMemcpyKind = cudaMemcpyHostToDevice) {
    return simt_memcpy_symbol(const_cast<T*>(&symbol), sizeof(T), src, bytes, offset, true, __builtin_return_address(0));
}
template <class T>
[[gnu::noinline]] cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes,
                                 std::size_t offset = 0, cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    return simt_memcpy_symbol(const_cast<T*>(&symbol), sizeof(T), dst, bytes, offset, false, __builtin_return_address(0));
}
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value);
cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit);
cudaError_t cudaDeviceReset();
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t simt_func_set_attribute(const void* function, cudaFuncAttribute attribute, int value);
template <class F>
__attribute__((always_inline)) inline cudaError_t cudaFuncSetAttribute(F* function, cudaFuncAttribute attribute, int value) {
    return simt_func_set_attribute(reinterpret_cast<const void*>(function), attribute, value);
}
template <class F>
cudaError_t cudaFuncSetCacheConfig(F*, cudaFuncCache) {
    return cudaSuccess;
}
