// Streams, events and host callbacks (simt/streams.h): handles over work
// that has always finished already.
#include <chrono>
#include <cstdint>

#include "deferred_work.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

namespace {
// The default stream's handles: 0, cudaStreamLegacy, cudaStreamPerThread.
bool default_stream(cudaStream_t s) { return reinterpret_cast<std::uintptr_t>(s) <= 2; }
}  // namespace

struct CUstream_st {
    unsigned flags = cudaStreamDefault;
    int priority = 0;
    // Attributes kept to be read back (simt has no L2 to apply them to).
    cudaAccessPolicyWindow window{};
    cudaSynchronizationPolicy sync_policy = cudaSyncPolicyAuto;
};

namespace {
cudaError_t create_stream(cudaStream_t* s, unsigned flags, int priority) {
    if (s == nullptr || flags > cudaStreamNonBlocking) return cudaErrorInvalidValue;
    int least = 0, greatest = 0;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    // Out-of-range priorities are clamped, as CUDA does.
    priority = priority > least ? least : priority < greatest ? greatest : priority;
    *s = new CUstream_st{flags, priority, {}, cudaSyncPolicyAuto};
    return cudaSuccess;
}
}  // namespace

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* s, unsigned flags, int priority) {
    return SIMT_API_RESULT(create_stream(s, flags, priority));
}
cudaError_t cudaStreamCreate(cudaStream_t* s) { return SIMT_API_RESULT(create_stream(s, cudaStreamDefault, 0)); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned flags) {
    return SIMT_API_RESULT(create_stream(s, flags, 0));
}
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
    if (least != nullptr) *least = 0;  // an H100's range
    if (greatest != nullptr) *greatest = -5;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned* flags) {
    if (flags == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *flags = default_stream(s) ? cudaStreamDefault : s->flags;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaStreamGetPriority(cudaStream_t s, int* priority) {
    if (priority == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *priority = default_stream(s) ? 0 : s->priority;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
    if (default_stream(s)) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    delete s;
    return SIMT_API_RESULT(cudaSuccess);
}
// Waiting for a stream that is being captured is not allowed (its work has
// not run: it is in the graph).
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
    if (!simt::cuda::capturing(s)) simt::cuda::wait_for_device();
    return SIMT_API_RESULT(simt::cuda::capturing(s) ? cudaErrorStreamCaptureUnsupported : cudaSuccess);
}
// Work put off behind a launch waiting for the host is done first: a
// program polling until its stream is idle must see it end.
cudaError_t cudaStreamQuery(cudaStream_t) {
    simt::cuda::wait_for_device();
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned) {
    if (event == nullptr) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    // An event recorded during a capture draws the waiting stream into it.
    simt::cuda::capture_wait(stream, event);
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* user_data) {
    if (function == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    // A host function runs once the stream's work before it has: the
    // host has waited for those launches.
    if (simt::cuda::capture(stream, cudaGraphNodeTypeHost, [=] {
            ProcessRuntime::get().host_waited();
            function(user_data);
            return cudaSuccess;
        }))
        return SIMT_API_RESULT(cudaSuccess);
    ProcessRuntime::get().host_waited();
    function(user_data);
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* user_data,
                                  unsigned flags) {
    if (callback == nullptr || flags != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    // The status is the stream's: a kernel fault earlier makes it sticky.
    const auto call = [=] {
        ProcessRuntime::get().host_waited();
        callback(stream, ProcessRuntime::get().sticky(), user_data);
        return cudaSuccess;
    };
    if (simt::cuda::work_deferred()) {
        simt::cuda::defer_work(call);
        return SIMT_API_RESULT(cudaSuccess);
    }
    call();
    return SIMT_API_RESULT(cudaSuccess);
}

struct CUevent_st {
    unsigned flags = cudaEventDefault;
    std::chrono::steady_clock::time_point when{};
    bool recorded = false;
};
namespace {
cudaError_t create_event(cudaEvent_t* e, unsigned flags) {
    constexpr unsigned kKnown = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
    if (e == nullptr || (flags & ~kKnown) != 0) return cudaErrorInvalidValue;
    // An interprocess event must not time (CUDA's rule).
    if ((flags & cudaEventInterprocess) != 0 && (flags & cudaEventDisableTiming) == 0) return cudaErrorInvalidValue;
    *e = new CUevent_st{flags};
    return cudaSuccess;
}
cudaError_t record_event(cudaEvent_t e, cudaStream_t s) {
    if (e == nullptr) return cudaErrorInvalidResourceHandle;
    if (!simt::cuda::capturing(s) && simt::cuda::work_deferred()) {
        // Recorded now; its time is taken when the work before it is done.
        e->recorded = true;
        simt::cuda::defer_work([e] {
            e->when = std::chrono::steady_clock::now();
            return cudaSuccess;
        });
        return cudaSuccess;
    }
    simt::cuda::capture_event(e, s);
    e->when = std::chrono::steady_clock::now();
    e->recorded = true;
    return cudaSuccess;
}
}  // namespace

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned flags) { return SIMT_API_RESULT(create_event(e, flags)); }
cudaError_t cudaEventCreate(cudaEvent_t* e) { return SIMT_API_RESULT(create_event(e, cudaEventDefault)); }
cudaError_t cudaEventDestroy(cudaEvent_t e) {
    if (e == nullptr) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    simt::cuda::wait_for_device();  // a record waiting there names it
    delete e;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s, unsigned) {
    return SIMT_API_RESULT(record_event(e, s));
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) { return SIMT_API_RESULT(record_event(e, s)); }
// The work an event follows is done, and an event never recorded counts as
// complete (CUDA's rule for both calls).
cudaError_t cudaEventQuery(cudaEvent_t e) {
    simt::cuda::wait_for_device();
    return SIMT_API_RESULT(e == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
    simt::cuda::wait_for_device();
    return SIMT_API_RESULT(e == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
    simt::cuda::wait_for_device();
    if (ms == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (start == nullptr || end == nullptr || !start->recorded || !end->recorded) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    if (((start->flags | end->flags) & cudaEventDisableTiming) != 0) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
    return SIMT_API_RESULT(cudaSuccess);
}

namespace {
// The default stream's attributes.
CUstream_st default_attributes;
CUstream_st& attributes_of(cudaStream_t s) { return default_stream(s) ? default_attributes : *s; }

bool valid_window(const cudaAccessPolicyWindow& w) {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const auto valid = [](cudaAccessProperty p) { return p >= cudaAccessPropertyNormal && p <= cudaAccessPropertyPersisting; };
    return w.num_bytes <= std::size_t(prop.accessPolicyMaxWindowSize) && w.hitRatio >= 0.0f && w.hitRatio <= 1.0f &&
           valid(w.hitProp) && valid(w.missProp);
}
}  // namespace

cudaError_t cudaStreamSetAttribute(cudaStream_t s, cudaStreamAttrID attribute, const cudaStreamAttrValue* value) {
    if (value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    CUstream_st& a = attributes_of(s);
    switch (attribute) {
        case cudaLaunchAttributeAccessPolicyWindow:
            if (!valid_window(value->accessPolicyWindow)) return SIMT_API_RESULT(cudaErrorInvalidValue);
            a.window = value->accessPolicyWindow;
            return SIMT_API_RESULT(cudaSuccess);
        case cudaLaunchAttributeSynchronizationPolicy:
            if (value->syncPolicy < cudaSyncPolicyAuto || value->syncPolicy > cudaSyncPolicyBlockingSync)
                return SIMT_API_RESULT(cudaErrorInvalidValue);
            a.sync_policy = value->syncPolicy;
            return SIMT_API_RESULT(cudaSuccess);
        default:
            return SIMT_API_RESULT(cudaErrorInvalidValue);
    }
}
cudaError_t cudaStreamGetAttribute(cudaStream_t s, cudaStreamAttrID attribute, cudaStreamAttrValue* value) {
    if (value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const CUstream_st& a = attributes_of(s);
    switch (attribute) {
        case cudaLaunchAttributeAccessPolicyWindow: value->accessPolicyWindow = a.window; break;
        case cudaLaunchAttributeSynchronizationPolicy: value->syncPolicy = a.sync_policy; break;
        case cudaLaunchAttributePriority: value->priority = default_stream(s) ? 0 : s->priority; break;
        default: return SIMT_API_RESULT(cudaErrorInvalidValue);
    }
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaCtxResetPersistingL2Cache() { return SIMT_API_RESULT(cudaSuccess); }

// For IPC event handles (ipc.cpp): whether the event was made for them.
bool simt_event_interprocess(cudaEvent_t e) { return e != nullptr && (e->flags & cudaEventInterprocess) != 0; }
