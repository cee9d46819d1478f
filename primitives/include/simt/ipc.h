// CUDA IPC handles. A handle names device memory or an event of the process
// that made it; another process that opens it shares that memory (the
// allocation's pages move onto a shared file: primitives/src/ipc.cpp), and an
// event from elsewhere is complete (every call's work is done when it
// returns). Opened in the process that made it, CUDA refuses a handle
// (cudaErrorDeviceUninitialized on an H200), and so does simt.
#pragma once

#include "simt/runtime_api.h"

#define CUDA_IPC_HANDLE_SIZE 64
#define cudaIpcMemLazyEnablePeerAccess 0x01
struct cudaIpcMemHandle_t {
    char reserved[CUDA_IPC_HANDLE_SIZE];
};
struct cudaIpcEventHandle_t {
    char reserved[CUDA_IPC_HANDLE_SIZE];
};

SIMT_C_API cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t* handle, void* ptr);
SIMT_C_API cudaError_t cudaIpcOpenMemHandle(void** ptr, cudaIpcMemHandle_t handle, unsigned flags);
SIMT_C_API cudaError_t cudaIpcCloseMemHandle(void* ptr);
SIMT_C_API cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t* handle, cudaEvent_t event);
SIMT_C_API cudaError_t cudaIpcOpenEventHandle(cudaEvent_t* event, cudaIpcEventHandle_t handle);
template <class T>
cudaError_t cudaIpcOpenMemHandle(T** ptr, cudaIpcMemHandle_t handle, unsigned flags) {
    return cudaIpcOpenMemHandle(static_cast<void**>(static_cast<void*>(ptr)), handle, flags);
}
