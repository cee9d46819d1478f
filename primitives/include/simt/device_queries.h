// What a program asks of the device and the toolkit before it starts, and
// the device-wide settings it may make:
// cudaDeviceGetAttribute (one property of the emulated device, as in
// cudaGetDeviceProperties; the enumerators carry CUDA's numbers, checked on a
// GPU: docs/gpu-runs/2026-11-26-h200-projects-and-attributes.txt) and the
// runtime and driver versions.
#pragma once

#include "simt/runtime_api.h"

enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1,
    cudaDevAttrMaxBlockDimX = 2,
    cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4,
    cudaDevAttrMaxGridDimX = 5,
    cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7,
    cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrTotalConstantMemory = 9,
    cudaDevAttrWarpSize = 10,
    cudaDevAttrMaxPitch = 11,
    cudaDevAttrMaxRegistersPerBlock = 12,
    cudaDevAttrClockRate = 13,
    cudaDevAttrTextureAlignment = 14,
    cudaDevAttrGpuOverlap = 15,
    cudaDevAttrMultiProcessorCount = 16,
    cudaDevAttrKernelExecTimeout = 17,
    cudaDevAttrIntegrated = 18,
    cudaDevAttrCanMapHostMemory = 19,
    cudaDevAttrComputeMode = 20,
    cudaDevAttrConcurrentKernels = 31,
    cudaDevAttrEccEnabled = 32,
    cudaDevAttrPciBusId = 33,
    cudaDevAttrPciDeviceId = 34,
    cudaDevAttrTccDriver = 35,
    cudaDevAttrMemoryClockRate = 36,
    cudaDevAttrGlobalMemoryBusWidth = 37,
    cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39,
    cudaDevAttrAsyncEngineCount = 40,
    cudaDevAttrUnifiedAddressing = 41,
    cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76,
    cudaDevAttrStreamPrioritiesSupported = 78,
    cudaDevAttrGlobalL1CacheSupported = 79,
    cudaDevAttrLocalL1CacheSupported = 80,
    cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
    cudaDevAttrMaxRegistersPerMultiprocessor = 82,
    cudaDevAttrManagedMemory = 83,
    cudaDevAttrIsMultiGpuBoard = 84,
    cudaDevAttrHostNativeAtomicSupported = 86,
    cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
    cudaDevAttrPageableMemoryAccess = 88,
    cudaDevAttrConcurrentManagedAccess = 89,
    cudaDevAttrCooperativeLaunch = 95,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
    cudaDevAttrDirectManagedMemAccessFromHost = 101,
    cudaDevAttrMaxBlocksPerMultiprocessor = 106,
    cudaDevAttrMaxPersistingL2CacheSize = 108,
    cudaDevAttrMaxAccessPolicyWindowSize = 109,
    cudaDevAttrMemoryPoolsSupported = 115,
};

enum cudaComputeMode {
    cudaComputeModeDefault = 0,
    cudaComputeModeExclusive = 1,
    cudaComputeModeProhibited = 2,
    cudaComputeModeExclusiveProcess = 3,
};

// cudaErrorInvalidValue for an attribute simt does not model or a null
// `value`, cudaErrorInvalidDevice for a device other than 0 (as a GPU).
SIMT_C_API cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device);

// The CUDA API level simt provides (CUDART_VERSION), for both.
SIMT_C_API cudaError_t cudaRuntimeGetVersion(int* version);
SIMT_C_API cudaError_t cudaDriverGetVersion(int* version);

// Device flags: how the host waits, and whether pinned memory is mapped
// (always, here). Kept and read back; the host never waits on this device.
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceMask 0x1f
SIMT_C_API cudaError_t cudaSetDeviceFlags(unsigned flags);
SIMT_C_API cudaError_t cudaGetDeviceFlags(unsigned* flags);

// Cache and shared-memory bank preferences change nothing on the CPU.
enum cudaSharedMemConfig {
    cudaSharedMemBankSizeDefault = 0,
    cudaSharedMemBankSizeFourByte = 1,
    cudaSharedMemBankSizeEightByte = 2,
};
SIMT_C_API cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
SIMT_C_API cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config);
SIMT_C_API cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
SIMT_C_API cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config);
template <class F>
cudaError_t cudaFuncSetSharedMemConfig(F*, cudaSharedMemConfig) {
    return cudaSuccess;
}

// One device, which every request is given; it cannot reach a peer.
SIMT_C_API cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop);
SIMT_C_API cudaError_t cudaDeviceCanAccessPeer(int* can, int device, int peer);
// No peer exists, and a device is not its own peer: cudaErrorInvalidDevice.
SIMT_C_API cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned flags);
SIMT_C_API cudaError_t cudaDeviceDisablePeerAccess(int peer);
enum cudaDeviceP2PAttr {
    cudaDevP2PAttrPerformanceRank = 1,
    cudaDevP2PAttrAccessSupported = 2,
    cudaDevP2PAttrNativeAtomicSupported = 3,
    cudaDevP2PAttrCudaArrayAccessSupported = 4,
    cudaDevP2PAttrOnlyPartialNativeAtomicSupported = 5,
};
// Every pair, even a device with itself, is refused with
// cudaErrorInvalidDevice, as on a machine with one GPU.
SIMT_C_API cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr attribute, int source, int destination);
