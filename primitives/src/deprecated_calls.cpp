// CUDA 12's deprecated names: each passes on to the modern call. Calls in
// tail position, so a refusal is reported at the program's line.
#include "simt/cuda.h"

cudaError_t cudaThreadSynchronize() { return cudaDeviceSynchronize(); }
cudaError_t cudaThreadExit() { return cudaDeviceReset(); }
cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) { return cudaDeviceSetLimit(limit, value); }
cudaError_t cudaThreadGetLimit(size_t* value, cudaLimit limit) { return cudaDeviceGetLimit(value, limit); }
cudaError_t cudaThreadSetCacheConfig(cudaFuncCache config) { return cudaDeviceSetCacheConfig(config); }
cudaError_t cudaThreadGetCacheConfig(cudaFuncCache* config) { return cudaDeviceGetCacheConfig(config); }
cudaError_t cudaSetDoubleForDevice(double*) { return cudaSuccess; }
cudaError_t cudaSetDoubleForHost(double*) { return cudaSuccess; }
cudaError_t cudaGetDeviceProperties_v2(cudaDeviceProp* prop, int device) { return cudaGetDeviceProperties(prop, device); }
