// cudaDeviceGetAttribute, read from the same device model as
// cudaGetDeviceProperties (runtime_api.cpp), so the two never disagree; the
// device-wide settings.
#include <atomic>

#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

namespace {

std::atomic<unsigned> device_flags{cudaDeviceScheduleAuto};
std::atomic<cudaFuncCache> cache_config{cudaFuncCachePreferNone};
}  // namespace

namespace {
cudaError_t api_level(int* version) {
    if (version == nullptr) return cudaErrorInvalidValue;
    *version = CUDART_VERSION;
    return cudaSuccess;
}
}  // namespace

cudaError_t cudaRuntimeGetVersion(int* version) { return SIMT_API_RESULT(api_level(version)); }
cudaError_t cudaDriverGetVersion(int* version) { return SIMT_API_RESULT(api_level(version)); }

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
    if (value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    switch (attribute) {
        case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
        case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
        case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
        case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
        case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
        case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
        case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
        case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
        case cudaDevAttrTotalConstantMemory: *value = int(p.totalConstMem); break;
        case cudaDevAttrWarpSize: *value = p.warpSize; break;
        case cudaDevAttrMaxPitch: *value = int(p.memPitch > 0x7fffffff ? 0x7fffffff : p.memPitch); break;
        case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
        case cudaDevAttrClockRate: *value = p.clockRate; break;
        case cudaDevAttrTextureAlignment: *value = int(p.textureAlignment); break;
        case cudaDevAttrGpuOverlap: *value = p.deviceOverlap; break;
        case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
        case cudaDevAttrKernelExecTimeout: *value = p.kernelExecTimeoutEnabled; break;
        case cudaDevAttrIntegrated: *value = p.integrated; break;
        case cudaDevAttrCanMapHostMemory: *value = p.canMapHostMemory; break;
        case cudaDevAttrComputeMode: *value = cudaComputeModeDefault; break;
        case cudaDevAttrConcurrentKernels: *value = p.concurrentKernels; break;
        case cudaDevAttrEccEnabled: *value = p.ECCEnabled; break;
        case cudaDevAttrPciBusId: *value = p.pciBusID; break;
        case cudaDevAttrPciDeviceId: *value = p.pciDeviceID; break;
        case cudaDevAttrTccDriver: *value = p.tccDriver; break;
        case cudaDevAttrMemoryClockRate: *value = p.memoryClockRate; break;
        case cudaDevAttrGlobalMemoryBusWidth: *value = p.memoryBusWidth; break;
        case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
        case cudaDevAttrMaxPersistingL2CacheSize: *value = p.persistingL2CacheMaxSize; break;
        case cudaDevAttrMaxAccessPolicyWindowSize: *value = p.accessPolicyMaxWindowSize; break;
        case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
        case cudaDevAttrAsyncEngineCount: *value = p.asyncEngineCount; break;
        case cudaDevAttrUnifiedAddressing: *value = p.unifiedAddressing; break;
        case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
        case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
        case cudaDevAttrStreamPrioritiesSupported: *value = p.streamPrioritiesSupported; break;
        case cudaDevAttrGlobalL1CacheSupported: *value = p.globalL1CacheSupported; break;
        case cudaDevAttrLocalL1CacheSupported: *value = p.localL1CacheSupported; break;
        case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(p.sharedMemPerMultiprocessor); break;
        case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
        case cudaDevAttrManagedMemory: *value = p.managedMemory; break;
        case cudaDevAttrIsMultiGpuBoard: *value = p.isMultiGpuBoard; break;
        case cudaDevAttrHostNativeAtomicSupported: *value = p.hostNativeAtomicSupported; break;
        case cudaDevAttrSingleToDoublePrecisionPerfRatio: *value = p.singleToDoublePrecisionPerfRatio; break;
        case cudaDevAttrPageableMemoryAccess: *value = p.pageableMemoryAccess; break;
        case cudaDevAttrConcurrentManagedAccess: *value = p.concurrentManagedAccess; break;
        case cudaDevAttrCooperativeLaunch: *value = p.cooperativeLaunch; break;
        case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = int(p.sharedMemPerBlockOptin); break;
        case cudaDevAttrDirectManagedMemAccessFromHost: *value = p.directManagedMemAccessFromHost; break;
        case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p.maxBlocksPerMultiProcessor; break;
        case cudaDevAttrMemoryPoolsSupported: *value = p.memoryPoolsSupported; break;
        default: return SIMT_API_RESULT(cudaErrorInvalidValue);
    }
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaSetDeviceFlags(unsigned flags) {
    // One scheduling choice at most, and only known bits.
    const unsigned schedule = flags & cudaDeviceScheduleMask;
    if ((flags & ~unsigned(cudaDeviceMask)) != 0 || (schedule != 0 && (schedule & (schedule - 1)) != 0))
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    device_flags = flags;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGetDeviceFlags(unsigned* flags) {
    if (flags == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *flags = device_flags | cudaDeviceMapHost;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
    if (config < cudaFuncCachePreferNone || config > cudaFuncCachePreferEqual) return SIMT_API_RESULT(cudaErrorInvalidValue);
    cache_config = config;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
    if (config == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *config = cache_config;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
    if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    return SIMT_API_RESULT(cudaSuccess);  // the bank size is fixed at four bytes, as on an H100
}
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
    if (config == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *config = cudaSharedMemBankSizeFourByte;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop) {
    if (device == nullptr || prop == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *device = 0;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaDeviceCanAccessPeer(int* can, int device, int peer) {
    if (can == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (device != 0 || peer != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    *can = 0;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr attribute, int source, int destination) {
    (void)attribute, (void)source, (void)destination;
    if (value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    return SIMT_API_RESULT(cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceEnablePeerAccess(int, unsigned flags) {
    return SIMT_API_RESULT(flags != 0 ? cudaErrorInvalidValue : cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceDisablePeerAccess(int) { return SIMT_API_RESULT(cudaErrorInvalidDevice); }
