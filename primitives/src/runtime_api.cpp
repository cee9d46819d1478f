// The host-side CUDA runtime API on the emulated device.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>

#include "emulator/global_memory.h"
#include "emulator/symbolizer.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::Allocation;
using simt::AllocationKind;
using simt::Checker;
using simt::GlobalMemory;
using simt::MemoryEvent;
using simt::MemoryOp;
using simt::cuda::ProcessRuntime;

namespace {

cudaError_t done(cudaError_t e) { return ProcessRuntime::get().result(e); }

void tell_checkers(const MemoryEvent& event) {
    for (Checker* c : ProcessRuntime::get().engine().checkers()) c->on_memory(event);
}

// `site`: the user's call, for leak reports.
cudaError_t allocate(void** ptr, std::size_t bytes, AllocationKind kind, const void* site) {
    if (ptr == nullptr) return done(cudaErrorInvalidValue);
    GlobalMemory& memory = ProcessRuntime::get().engine().memory();
    *ptr = memory.allocate(bytes, kind, site);
    if (*ptr == nullptr) return done(cudaErrorMemoryAllocation);
    tell_checkers(MemoryEvent{MemoryOp::Allocated, *memory.find(reinterpret_cast<std::uintptr_t>(*ptr)), 0, 0});
    return done(cudaSuccess);
}

// The host wrote [dst, dst + bytes): in device memory, that initialises it.
void host_wrote(const void* dst, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(dst);
    if (bytes == 0 || !ProcessRuntime::get().engine().memory().contains(a)) return;
    tell_checkers(MemoryEvent{MemoryOp::HostWrite, Allocation{}, a, bytes});
}

}  // namespace

cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
    return allocate(ptr, bytes, AllocationKind::Device, __builtin_return_address(0));
}
cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes, unsigned) {
    return allocate(ptr, bytes, AllocationKind::Managed, __builtin_return_address(0));
}
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) {
    return allocate(ptr, bytes, AllocationKind::PinnedHost, __builtin_return_address(0));
}
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned) {
    return allocate(ptr, bytes, AllocationKind::PinnedHost, __builtin_return_address(0));
}
cudaError_t cudaFree(void* ptr) {
    if (ptr == nullptr) return done(cudaSuccess);
    GlobalMemory& memory = ProcessRuntime::get().engine().memory();
    const std::optional<Allocation> freed = memory.find(reinterpret_cast<std::uintptr_t>(ptr));
    if (!memory.free(ptr)) return done(cudaErrorInvalidDevicePointer);
    tell_checkers(MemoryEvent{MemoryOp::Freed, *freed, 0, 0});
    return done(cudaSuccess);
}
cudaError_t cudaFreeHost(void* ptr) { return cudaFree(ptr); }

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        return done(cudaErrorInvalidMemcpyDirection);
    if (bytes != 0 && (dst == nullptr || src == nullptr)) return done(cudaErrorInvalidValue);
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    std::memmove(dst, src, bytes);
    host_wrote(dst, bytes);
    return done(cudaSuccess);
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t) {
    return cudaMemcpy(dst, src, bytes, kind);
}
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) {
    if (bytes != 0 && dst == nullptr) return done(cudaErrorInvalidValue);
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    std::memset(dst, value, bytes);
    host_wrote(dst, bytes);
    return done(cudaSuccess);
}
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t) {
    return cudaMemset(dst, value, bytes);
}
cudaError_t simt_memcpy_symbol(void* symbol, std::size_t symbol_size, const void* data,
                               std::size_t bytes, std::size_t offset, bool to_symbol) {
    if (offset > symbol_size || bytes > symbol_size - offset) return done(cudaErrorInvalidValue);
    char* target = static_cast<char*>(symbol) + offset;
    if (to_symbol)
        std::memcpy(target, data, bytes);
    else
        std::memcpy(const_cast<void*>(data), target, bytes);
    return done(cudaSuccess);
}

cudaError_t cudaDeviceSynchronize() { return done(cudaSuccess); }
cudaError_t cudaDeviceReset() { return done(cudaSuccess); }
cudaError_t cudaGetLastError() { return ProcessRuntime::get().take_last_error(); }
cudaError_t cudaPeekAtLastError() { return ProcessRuntime::get().peek_last_error(); }

const char* cudaGetErrorName(cudaError_t e) {
    switch (e) {
#define SIMT_NAME(x) case x: return #x;
        SIMT_NAME(cudaSuccess)
        SIMT_NAME(cudaErrorInvalidValue)
        SIMT_NAME(cudaErrorMemoryAllocation)
        SIMT_NAME(cudaErrorInitializationError)
        SIMT_NAME(cudaErrorInvalidConfiguration)
        SIMT_NAME(cudaErrorInvalidSymbol)
        SIMT_NAME(cudaErrorInvalidDevicePointer)
        SIMT_NAME(cudaErrorInvalidMemcpyDirection)
        SIMT_NAME(cudaErrorInvalidDeviceFunction)
        SIMT_NAME(cudaErrorNoDevice)
        SIMT_NAME(cudaErrorInvalidDevice)
        SIMT_NAME(cudaErrorInvalidResourceHandle)
        SIMT_NAME(cudaErrorNotReady)
        SIMT_NAME(cudaErrorIllegalAddress)
        SIMT_NAME(cudaErrorLaunchOutOfResources)
        SIMT_NAME(cudaErrorLaunchTimeout)
        SIMT_NAME(cudaErrorAssert)
        SIMT_NAME(cudaErrorIllegalInstruction)
        SIMT_NAME(cudaErrorMisalignedAddress)
        SIMT_NAME(cudaErrorLaunchFailure)
        SIMT_NAME(cudaErrorUnknown)
#undef SIMT_NAME
    }
    return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t e) {
    // CUDA's own wording, so programs print what they print on a GPU.
    switch (e) {
        case cudaSuccess: return "no error";
        case cudaErrorInvalidValue: return "invalid argument";
        case cudaErrorMemoryAllocation: return "out of memory";
        case cudaErrorInitializationError: return "initialization error";
        case cudaErrorInvalidConfiguration: return "invalid configuration argument";
        case cudaErrorInvalidSymbol: return "invalid device symbol";
        case cudaErrorInvalidDevicePointer: return "invalid device pointer";
        case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
        case cudaErrorInvalidDeviceFunction: return "invalid device function";
        case cudaErrorNoDevice: return "no CUDA-capable device is detected";
        case cudaErrorInvalidDevice: return "invalid device ordinal";
        case cudaErrorInvalidResourceHandle: return "invalid resource handle";
        case cudaErrorNotReady: return "device not ready";
        case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
        case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
        case cudaErrorLaunchTimeout: return "the launch timed out and was terminated";
        case cudaErrorAssert: return "device-side assert triggered";
        case cudaErrorIllegalInstruction: return "an illegal instruction was encountered";
        case cudaErrorMisalignedAddress: return "misaligned address";
        case cudaErrorLaunchFailure: return "unspecified launch failure";
        case cudaErrorUnknown: return "unknown error";
    }
    return "unknown error";
}

cudaError_t cudaGetDeviceCount(int* count) {
    if (count == nullptr) return done(cudaErrorInvalidValue);
    *count = 1;
    return done(cudaSuccess);
}
cudaError_t cudaGetDevice(int* device) {
    if (device == nullptr) return done(cudaErrorInvalidValue);
    *device = 0;
    return done(cudaSuccess);
}
cudaError_t cudaSetDevice(int device) {
    return done(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int device) {
    if (p == nullptr) return done(cudaErrorInvalidValue);
    if (device != 0) return done(cudaErrorInvalidDevice);
    const simt::Engine& engine = ProcessRuntime::get().engine();
    const simt::DeviceLimits& d = engine.limits();
    std::memset(p, 0, sizeof *p);
    std::snprintf(p->name, sizeof p->name, "simt emulated GPU (%s, warp size %u)",
                  engine.options().mode == simt::ScheduleMode::Lockstep ? "lockstep" : "its",
                  engine.options().warp_size);
    p->totalGlobalMem = d.global_bytes;
    p->sharedMemPerBlock = d.shared_per_block;
    p->sharedMemPerBlockOptin = d.shared_per_block_optin;
    p->sharedMemPerMultiprocessor = 228 * 1024;
    p->regsPerBlock = 65536;
    p->regsPerMultiprocessor = 65536;
    p->warpSize = int(engine.options().warp_size);
    p->memPitch = std::size_t(1) << 31;
    p->maxThreadsPerBlock = int(d.max_threads_per_block);
    p->maxThreadsDim[0] = int(d.max_block_x);
    p->maxThreadsDim[1] = int(d.max_block_y);
    p->maxThreadsDim[2] = int(d.max_block_z);
    p->maxGridSize[0] = int(d.max_grid_x);
    p->maxGridSize[1] = int(d.max_grid_y);
    p->maxGridSize[2] = int(d.max_grid_z);
    p->clockRate = 1000000;
    p->totalConstMem = d.constant_bytes;
    p->major = 9;
    p->minor = 0;
    p->textureAlignment = 512;
    p->multiProcessorCount = int(d.multiprocessors);
    p->maxThreadsPerMultiProcessor = int(d.max_threads_per_multiprocessor);
    p->maxBlocksPerMultiProcessor = int(d.max_blocks_per_multiprocessor);
    p->canMapHostMemory = 1;
    p->concurrentKernels = 1;
    p->unifiedAddressing = 1;
    p->managedMemory = 1;
    p->cooperativeLaunch = 1;
    p->memoryBusWidth = 5120;
    p->memoryClockRate = 2619000;
    p->l2CacheSize = 50 * 1024 * 1024;
    return done(cudaSuccess);
}

// Streams: every launch and copy completes before it returns, so a stream is
// only a handle.
struct CUstream_st {};
cudaError_t cudaStreamCreate(cudaStream_t* s) {
    if (s == nullptr) return done(cudaErrorInvalidValue);
    *s = new CUstream_st;
    return done(cudaSuccess);
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned) { return cudaStreamCreate(s); }
cudaError_t cudaStreamDestroy(cudaStream_t s) {
    delete s;
    return done(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return done(cudaSuccess); }

struct CUevent_st {
    std::chrono::steady_clock::time_point when{};
    bool recorded = false;
};
cudaError_t cudaEventCreate(cudaEvent_t* e) {
    if (e == nullptr) return done(cudaErrorInvalidValue);
    *e = new CUevent_st;
    return done(cudaSuccess);
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned) { return cudaEventCreate(e); }
cudaError_t cudaEventDestroy(cudaEvent_t e) {
    delete e;
    return done(cudaSuccess);
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t) {
    if (e == nullptr) return done(cudaErrorInvalidResourceHandle);
    e->when = std::chrono::steady_clock::now();
    e->recorded = true;
    return done(cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
    return done(e == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
    if (ms == nullptr || start == nullptr || end == nullptr) return done(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded) return done(cudaErrorInvalidResourceHandle);
    *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
    return done(cudaSuccess);
}

cudaError_t simt_func_set_attribute(const void* function, cudaFuncAttribute attribute, int value) {
    if (function == nullptr) return done(cudaErrorInvalidDeviceFunction);
    if (attribute != cudaFuncAttributeMaxDynamicSharedMemorySize) return done(cudaSuccess);
    ProcessRuntime& rt = ProcessRuntime::get();
    if (value < 0 || std::size_t(value) > rt.engine().limits().shared_per_block_optin)
        return done(cudaErrorInvalidValue);
    const std::string name = simt::cuda::kernel_base_name(simt::function_name(function));
    if (name.empty()) return done(cudaErrorInvalidDeviceFunction);
    rt.set_dynamic_shared_limit(name, std::size_t(value));
    return done(cudaSuccess);
}
