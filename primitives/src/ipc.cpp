// CUDA IPC handles (simt/ipc.h): a handle records the process that made it
// and what it names. Opened by that process, CUDA refuses it
// (cudaErrorDeviceUninitialized on an H200), and so does simt; opened by
// another process, a GPU would map the same memory, which simt cannot: each
// process has its own device arena. That is refused and reported, so a
// program such as cuda-samples' simpleIPC stops with the reason instead of
// computing on memory nobody else sees.
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "driver/hazard.h"
#include "emulator/global_memory.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

bool simt_event_interprocess(cudaEvent_t e);  // streams.cpp

namespace {

constexpr char kMagic[8] = {'s', 'i', 'm', 't', '-', 'i', 'p', 'c'};

// The layout inside the 64 bytes of either handle.
struct Contents {
    char magic[8];
    std::int64_t process;
    std::uint64_t address;  // the allocation's start, or the event
};
static_assert(sizeof(Contents) <= CUDA_IPC_HANDLE_SIZE);

template <class Handle>
void write(Handle& handle, std::uint64_t address) {
    Contents c{};
    std::memcpy(c.magic, kMagic, sizeof kMagic);
    c.process = getpid();
    c.address = address;
    std::memset(handle.reserved, 0, sizeof handle.reserved);
    std::memcpy(handle.reserved, &c, sizeof c);
}

// What opening `handle` in this process gives: the error, reported at the
// program's line when the handle is from elsewhere.
template <class Handle>
cudaError_t open(const Handle& handle, const char* call, const void* site) {
    Contents c;
    std::memcpy(&c, handle.reserved, sizeof c);
    if (std::memcmp(c.magic, kMagic, sizeof kMagic) != 0) return cudaErrorInvalidValue;
    if (c.process == getpid()) return cudaErrorDeviceUninitialized;
    simt::driver::HazardReport r;
    r.kernel = call;
    r.rule = simt::driver::Rule::ApiError;
    r.detail = cudaGetErrorName(cudaErrorNotSupported);
    r.space = simt::MemorySpace::Global;
    r.location = "the handle comes from process " + std::to_string(c.process) + "; this is process " +
                 std::to_string(getpid());
    r.current.pc = site;
    r.why = "simt's device memory and events live in the address space of the process that made them (a forked "
            "process has a copy, not the same memory), so another process cannot share them as a GPU would";
    r.fix = "run the work of all processes in one process under simt (threads instead of fork), or test the "
            "inter-process part on a GPU";
    ProcessRuntime::get().report_api_error(std::move(r));
    return ProcessRuntime::get().result(cudaErrorNotSupported);
}

}  // namespace

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t* handle, void* ptr) {
    if (handle == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const auto turn = ProcessRuntime::get().device_turn();
    const std::optional<simt::Allocation> a =
        ProcessRuntime::get().engine().memory().find(reinterpret_cast<std::uintptr_t>(ptr));
    if (!a) return SIMT_API_RESULT(cudaErrorInvalidValue);
    write(*handle, a->base);  // a pointer into an allocation names the allocation
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaIpcOpenMemHandle(void** ptr, cudaIpcMemHandle_t handle, unsigned flags) {
    if (ptr == nullptr || (flags & ~unsigned(cudaIpcMemLazyEnablePeerAccess)) != 0)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    const cudaError_t e = open(handle, "cudaIpcOpenMemHandle", __builtin_return_address(0));
    return e == cudaErrorNotSupported ? e : SIMT_API_RESULT(e);
}
// Nothing is ever opened, so nothing can be closed.
cudaError_t cudaIpcCloseMemHandle(void*) { return SIMT_API_RESULT(cudaErrorInvalidValue); }

cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t* handle, cudaEvent_t event) {
    if (handle == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    // Only an event made with cudaEventInterprocess has a handle.
    if (!simt_event_interprocess(event)) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    write(*handle, reinterpret_cast<std::uintptr_t>(event));
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t* event, cudaIpcEventHandle_t handle) {
    if (event == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const cudaError_t e = open(handle, "cudaIpcOpenEventHandle", __builtin_return_address(0));
    return e == cudaErrorNotSupported ? e : SIMT_API_RESULT(e);
}
