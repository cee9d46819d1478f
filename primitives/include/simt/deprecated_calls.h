// Calls CUDA 12 still declares though deprecated (CUDA 13 removed them), which
// older programs use throughout: each does what its modern name does.
#pragma once

#include "simt/runtime_api.h"

SIMT_C_API cudaError_t cudaThreadSynchronize(void);  // cudaDeviceSynchronize
SIMT_C_API cudaError_t cudaThreadExit(void);         // cudaDeviceReset
SIMT_C_API cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value);
SIMT_C_API cudaError_t cudaThreadGetLimit(size_t* value, cudaLimit limit);
SIMT_C_API cudaError_t cudaThreadSetCacheConfig(cudaFuncCache config);
SIMT_C_API cudaError_t cudaThreadGetCacheConfig(cudaFuncCache* config);
// For devices without double precision (before sm_13): nothing to change.
SIMT_C_API cudaError_t cudaSetDoubleForDevice(double* value);
SIMT_C_API cudaError_t cudaSetDoubleForHost(double* value);
// CUDA 12's cudaGetDeviceProperties is this symbol (cuda_runtime_api.h renames it).
SIMT_C_API cudaError_t cudaGetDeviceProperties_v2(cudaDeviceProp* prop, int device);
