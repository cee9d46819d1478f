// Streams, events and host callbacks (simt/streams.h): handles over work
// that has always finished already.
#include <chrono>
#include <cstdint>

#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

namespace {
cudaError_t done(cudaError_t e) { return ProcessRuntime::get().result(e); }

// The default stream's handles: 0, cudaStreamLegacy, cudaStreamPerThread.
bool default_stream(cudaStream_t s) { return reinterpret_cast<std::uintptr_t>(s) <= 2; }
}  // namespace

struct CUstream_st {
    unsigned flags = cudaStreamDefault;
    int priority = 0;
};

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* s, unsigned flags, int priority) {
    if (s == nullptr || flags > cudaStreamNonBlocking) return done(cudaErrorInvalidValue);
    int least = 0, greatest = 0;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    // Out-of-range priorities are clamped, as CUDA does.
    priority = priority > least ? least : priority < greatest ? greatest : priority;
    *s = new CUstream_st{flags, priority};
    return done(cudaSuccess);
}
cudaError_t cudaStreamCreate(cudaStream_t* s) { return cudaStreamCreateWithPriority(s, cudaStreamDefault, 0); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned flags) {
    return cudaStreamCreateWithPriority(s, flags, 0);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
    if (least != nullptr) *least = 0;  // an H100's range
    if (greatest != nullptr) *greatest = -5;
    return done(cudaSuccess);
}
cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned* flags) {
    if (flags == nullptr) return done(cudaErrorInvalidValue);
    *flags = default_stream(s) ? cudaStreamDefault : s->flags;
    return done(cudaSuccess);
}
cudaError_t cudaStreamGetPriority(cudaStream_t s, int* priority) {
    if (priority == nullptr) return done(cudaErrorInvalidValue);
    *priority = default_stream(s) ? 0 : s->priority;
    return done(cudaSuccess);
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
    if (default_stream(s)) return done(cudaErrorInvalidResourceHandle);
    delete s;
    return done(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return done(cudaSuccess); }
cudaError_t cudaStreamQuery(cudaStream_t) { return done(cudaSuccess); }
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t event, unsigned) {
    return done(event == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t function, void* user_data) {
    if (function == nullptr) return done(cudaErrorInvalidValue);
    function(user_data);
    return done(cudaSuccess);
}
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* user_data,
                                  unsigned flags) {
    if (callback == nullptr || flags != 0) return done(cudaErrorInvalidValue);
    // The status is the stream's: a kernel fault earlier makes it sticky.
    callback(stream, ProcessRuntime::get().sticky(), user_data);
    return done(cudaSuccess);
}

struct CUevent_st {
    unsigned flags = cudaEventDefault;
    std::chrono::steady_clock::time_point when{};
    bool recorded = false;
};
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned flags) {
    constexpr unsigned kKnown = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
    if (e == nullptr || (flags & ~kKnown) != 0) return done(cudaErrorInvalidValue);
    // An interprocess event must not time (CUDA's rule).
    if ((flags & cudaEventInterprocess) != 0 && (flags & cudaEventDisableTiming) == 0) return done(cudaErrorInvalidValue);
    *e = new CUevent_st{flags};
    return done(cudaSuccess);
}
cudaError_t cudaEventCreate(cudaEvent_t* e) { return cudaEventCreateWithFlags(e, cudaEventDefault); }
cudaError_t cudaEventDestroy(cudaEvent_t e) {
    if (e == nullptr) return done(cudaErrorInvalidResourceHandle);
    delete e;
    return done(cudaSuccess);
}
cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t, unsigned) {
    if (e == nullptr) return done(cudaErrorInvalidResourceHandle);
    e->when = std::chrono::steady_clock::now();
    e->recorded = true;
    return done(cudaSuccess);
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) { return cudaEventRecordWithFlags(e, s, 0); }
// The work an event follows is done, and an event never recorded counts as
// complete (CUDA's rule for both calls).
cudaError_t cudaEventQuery(cudaEvent_t e) {
    return done(e == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
    return done(e == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
    if (ms == nullptr) return done(cudaErrorInvalidValue);
    if (start == nullptr || end == nullptr || !start->recorded || !end->recorded) return done(cudaErrorInvalidResourceHandle);
    if (((start->flags | end->flags) & cudaEventDisableTiming) != 0) return done(cudaErrorInvalidResourceHandle);
    *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
    return done(cudaSuccess);
}
