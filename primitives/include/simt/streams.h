// Streams, events and host callbacks. Every launch and copy completes before
// its call returns, so a stream is an ordering that always holds already:
// waits succeed at once, queries report completion, and a host function
// enqueued on a stream runs right away, on the calling thread (all the work
// before it has finished, which is all CUDA promises it).
#pragma once

#include "simt/runtime_api.h"

#ifndef CUDART_CB
#define CUDART_CB
#endif

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaEventRecordDefault 0x00
#define cudaEventWaitDefault 0x00
// The legacy default stream and the per-thread one, as CUDA's handles.
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)

typedef void(CUDART_CB* cudaHostFn_t)(void* user_data);
typedef void(CUDART_CB* cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void* user_data);

SIMT_C_API cudaError_t cudaStreamCreate(cudaStream_t* stream);
SIMT_C_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned flags);
// Priorities change nothing: every launch runs to completion in turn.
SIMT_C_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned flags, int priority);
SIMT_C_API cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest);
SIMT_C_API cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned* flags);
SIMT_C_API cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority);
SIMT_C_API cudaError_t cudaStreamDestroy(cudaStream_t stream);
SIMT_C_API cudaError_t cudaStreamSynchronize(cudaStream_t stream);
SIMT_C_API cudaError_t cudaStreamQuery(cudaStream_t stream);
SIMT_C_API cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* user_data);
SIMT_C_API cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* user_data,
                                  unsigned flags);

SIMT_C_API cudaError_t cudaEventCreate(cudaEvent_t* event);
SIMT_C_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned flags);
#ifdef __cplusplus
// cuda_runtime.h's C++ overload.
[[gnu::always_inline]] inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned flags) {
    return cudaEventCreateWithFlags(event, flags);
}
#endif
SIMT_C_API cudaError_t cudaEventDestroy(cudaEvent_t event);
SIMT_C_API cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream SIMT_DEFAULT(0), unsigned flags SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaEventQuery(cudaEvent_t event);
SIMT_C_API cudaError_t cudaEventSynchronize(cudaEvent_t event);
SIMT_C_API cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
