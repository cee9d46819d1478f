// The host-side CUDA runtime API on the emulated device.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>

#include "driver/hazard.h"
#include "emulator/device_context.h"
#include "emulator/global_memory.h"
#include "emulator/symbolizer.h"
#include "graph_model.h"
#include "deferred_work.h"
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

// Bumped whenever an allocation ends: the allocations host code was last
// seen storing to (note_host_store) must be looked up again.
std::atomic<std::uint64_t> allocations_ended{0};

void tell_checkers(const MemoryEvent& event) {
    if (event.op == MemoryOp::Freed) allocations_ended.fetch_add(1, std::memory_order_relaxed);
    for (Checker* c : ProcessRuntime::get().engine().checkers()) c->on_memory(event);
}

GlobalMemory& memory() { return ProcessRuntime::get().engine().memory(); }

// A runtime call as the program made it: its name and where it was made,
// for the report when it fails.
struct Call {
    const char* name;
    const void* site;
};

std::string hex(const void* p) {
    char text[32];
    std::snprintf(text, sizeof text, "%#llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p)));
    return text;
}

// The call fails the way it does on a GPU (nothing is written) and is
// reported the way compute-sanitizer reports failing calls.
cudaError_t refuse(const Call& call, cudaError_t e, std::string what, std::string why, std::string fix) {
    return ProcessRuntime::get().refuse_call(call.name, call.site, e, std::move(what), std::move(why), std::move(fix));
}

// No allocation is this large: a count computed from a negative number.
constexpr std::size_t kLargestCount = PTRDIFF_MAX;

cudaError_t refuse_count(const Call& call, std::size_t bytes) {
    return refuse(call, cudaErrorInvalidValue, "the count, " + std::to_string(bytes) + " bytes, is larger than any allocation",
                  "it is what a negative count becomes as a size_t; the call does nothing",
                  "check how the count is computed (a difference that went below zero, a -1 sentinel)");
}

// What is wrong with [p, p + bytes) as one side of a copy or fill; "" when
// nothing is. Memory outside the device arena is the host's, which a GPU
// cannot check either.
std::string device_range_problem(const void* p, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    if (bytes == 0 || !memory().contains(a)) return "";
    return memory().check_range(a, bytes);
}

cudaError_t refuse_range(const Call& call, const char* side, const void* p, std::size_t bytes, std::string problem) {
    return refuse(call, cudaErrorInvalidValue,
                  std::string(side) + ", " + std::to_string(bytes) + " bytes at " + hex(p) + ", " + problem,
                  "device memory a copy or fill touches must lie inside one live allocation; a GPU refuses the "
                  "whole call and writes nothing",
                  "pass a count in bytes (elements * sizeof(T)) that fits the allocation from that offset, and "
                  "keep the allocation alive until the call");
}

// Device code calling cudaMalloc or cudaFree (CUDA's device runtime): the
// allocator's state, and the pointer stored for the caller, are not undone
// when a launch whose blocks ran side by side on trial is run again in block
// order, so such a launch stops trying first (before any lock is taken).
void before_device_side_allocation() {
    if (simt::device::in_kernel()) simt::device::before_unobserved_effect();
}

// `site`: the user's call, for leak reports.
cudaError_t allocate(void** ptr, std::size_t bytes, AllocationKind kind, const Call& call) {
    before_device_side_allocation();
    const auto turn = ProcessRuntime::get().device_turn();
    if (ptr == nullptr)
        return refuse(call, cudaErrorInvalidValue, "the pointer to store the allocation in is null",
                      "the call has nowhere to put the device pointer", "pass the address of a pointer: cudaMalloc(&p, n)");
    *ptr = memory().allocate(bytes, kind, call.site);
    if (*ptr == nullptr)
        return refuse(call, cudaErrorMemoryAllocation,
                      std::to_string(bytes) + " bytes do not fit the " +
                          std::to_string(ProcessRuntime::get().engine().limits().global_bytes) +
                          "-byte device memory (with what is allocated now)",
                      "the device is out of memory for this request; nothing was allocated",
                      "check the size (a negative count becomes a huge size_t), free buffers no longer needed, "
                      "or use a smaller problem");
    if (kind != AllocationKind::Device) ProcessRuntime::get().watch_host_memory();
    tell_checkers(MemoryEvent{MemoryOp::Allocated, *memory().find(reinterpret_cast<std::uintptr_t>(*ptr)), 0, 0});
    return done(cudaSuccess);
}

// The host wrote [dst, dst + bytes): in device memory, that initialises it.
void host_wrote(const void* dst, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(dst);
    if (bytes == 0 || !memory().contains(a)) return;
    tell_checkers(MemoryEvent{MemoryOp::HostWrite, Allocation{}, a, bytes});
}

}  // namespace

// Host code stored to device memory (GlobalMemory::host_store): Thrust's
// algorithms, which run on the host (README, "Thrust"), or a program's own
// store. For the init checker the whole allocation counts as written from
// the first such store on: one event an allocation, not one a store (a sort
// stores millions of times, scattered over its buffers), and host code's
// stores are seen only where they are instrumented.
void simt::cuda::note_host_store(std::uintptr_t a, std::size_t) {
    struct Marked {
        std::uintptr_t base = 0;
        std::size_t size = 0;
    };
    thread_local std::array<Marked, 4> recent{};
    thread_local std::size_t next = 0;
    thread_local std::uint64_t seen_ended = 0;
    const std::uint64_t ended = allocations_ended.load(std::memory_order_relaxed);
    if (ended != seen_ended) {
        recent = {};
        seen_ended = ended;
    }
    for (const Marked& m : recent)
        if (a - m.base < m.size) return;
    // Host threads store side by side; the checkers hear one call at a time.
    const auto turn = ProcessRuntime::get().device_turn();
    const std::optional<Allocation> found = memory().find(a);
    if (!found) return;
    tell_checkers(MemoryEvent{MemoryOp::HostWrite, Allocation{}, found->base, found->size});
    recent[next++ % recent.size()] = Marked{found->base, found->size};
}

void simt::cuda::forget_host_stores() { allocations_ended.fetch_add(1, std::memory_order_relaxed); }

namespace {

cudaError_t release(void* ptr, const Call& call) {
    before_device_side_allocation();
    simt::cuda::wait_for_device();  // a free waits for the device's work
    const auto turn = ProcessRuntime::get().device_turn();
    if (ptr == nullptr) return done(cudaSuccess);
    const auto a = reinterpret_cast<std::uintptr_t>(ptr);
    const std::optional<Allocation> freed = memory().find(a);
    simt::cuda::end_ipc_sharing(a);
    if (!memory().free(ptr)) {
        std::string what;
        if (!memory().contains(a))  // a host address differs from run to run: not printed
            what = "the pointer is not device memory (a host pointer?), so not the start of a live allocation";
        else if (freed)
            what = hex(ptr) + " is not the start of a live allocation: it lies " + std::to_string(a - freed->base) +
                   " bytes into allocation #" + std::to_string(freed->serial) + " (" + std::to_string(freed->size) +
                   " bytes at " + hex(reinterpret_cast<void*>(freed->base)) + ")";
        else
            what = hex(ptr) + " is not the start of a live allocation: it " + memory().explain(a, 1);
        return refuse(call, cudaErrorInvalidValue, std::move(what),
                      "only a pointer that cudaMalloc returned, not yet freed, can be freed; the call frees nothing",
                      "free each allocation once, through the pointer the allocation returned (not an offset "
                      "into it), and set the pointer to nullptr after freeing");
    }
    tell_checkers(MemoryEvent{MemoryOp::Freed, *freed, 0, 0});
    return done(cudaSuccess);
}

// A copy from cudaMalloc'd memory reads what it holds: bytes nothing wrote
// are reported as initcheck reports a cudaMemcpy source (the copy goes on, as
// on a GPU). Managed memory is written by host code simt does not see.
void check_copy_source(const void* src, std::size_t pitch, std::size_t width, std::size_t height, const Call& call) {
    const auto base = reinterpret_cast<std::uintptr_t>(src);
    const std::optional<Allocation> a = memory().find(base);
    if (!a || a->kind != simt::AllocationKind::Device) return;
    ProcessRuntime& rt = ProcessRuntime::get();
    std::size_t unwritten = 0;
    std::uintptr_t first = 0;
    for (std::size_t row = 0; row < height; ++row) {
        const auto found = rt.unwritten_device_bytes(static_cast<const char*>(src) + row * pitch, width);
        if (!found) return;  // the init checker is off
        if (found->bytes != 0 && unwritten == 0) first = found->first;
        unwritten += found->bytes;
    }
    if (unwritten == 0) return;
    simt::driver::HazardReport r;
    r.kernel = call.name;
    r.rule = simt::driver::Rule::InitUninitialisedRead;
    r.space = simt::MemorySpace::Global;
    r.location = "the source: " + std::to_string(unwritten) + " of the " + std::to_string(width * height) +
                 " bytes copied, the first at offset " + std::to_string(first - a->base) + " of allocation #" +
                 std::to_string(a->serial) + " (" + std::to_string(a->size) + " bytes)";
    r.current.pc = call.site;
    r.why = "nothing has written these bytes of device memory: no cudaMemcpy or cudaMemset filled them and no "
            "kernel stored to them, so the copy delivers garbage on a GPU";
    r.fix = "copy only what a kernel or a copy wrote, or initialise the allocation first (cudaMemset)";
    rt.report_uninitialised_copy(std::move(r));
}

// Rows of `width` bytes, `pitch` apart: what [p, p + span) must cover.
bool pitched_span(std::size_t pitch, std::size_t width, std::size_t height, std::size_t& span) {
    if (height == 0 || width == 0) return span = 0, true;
    if (pitch != 0 && height - 1 > (kLargestCount - width) / pitch) return false;
    span = pitch * (height - 1) + width;
    return true;
}

// A copy of `height` rows of `width` bytes, `dpitch` and `spitch` apart
// (one row for cudaMemcpy): refused whole, as a GPU refuses it, when either
// device side leaves its allocation.
cudaError_t copy_rows(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                      std::size_t height, cudaMemcpyKind kind, const Call& call) {
    simt::cuda::wait_for_device();  // what the copy reads or overwrites comes first
    const auto turn = ProcessRuntime::get().device_turn();
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        return refuse(call, cudaErrorInvalidMemcpyDirection, "direction " + std::to_string(int(kind)) + " is not a cudaMemcpyKind",
                      "the call does not know which way to copy", "pass one of cudaMemcpyHostToDevice, "
                      "cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyHostToHost, cudaMemcpyDefault");
    if (width > dpitch || width > spitch)
        return refuse(call, cudaErrorInvalidPitchValue,
                      "rows of " + std::to_string(width) + " bytes do not fit a pitch of " +
                          std::to_string(width > dpitch ? dpitch : spitch) + " bytes",
                      "a row is copied within its pitch; nothing was copied",
                      "pass the pitch cudaMallocPitch returned, and a width in bytes no larger than it");
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    std::size_t dspan = 0, sspan = 0;
    if (width > kLargestCount) return refuse_count(call, width);
    if (!pitched_span(dpitch, width, height, dspan) || !pitched_span(spitch, width, height, sspan))
        return refuse_count(call, SIZE_MAX);
    if (dspan == 0) return done(cudaSuccess);
    if (dst == nullptr || src == nullptr)
        return refuse(call, cudaErrorInvalidValue, std::string("the ") + (dst == nullptr ? "destination" : "source") + " is a null pointer",
                      "a copy of " + std::to_string(dspan) + " bytes needs memory on both sides; nothing was copied",
                      "allocate the buffer before the copy, and check that the allocation succeeded");
    if (std::string problem = device_range_problem(dst, dspan); !problem.empty())
        return refuse_range(call, "the destination", dst, dspan, std::move(problem));
    if (std::string problem = device_range_problem(src, sspan); !problem.empty())
        return refuse_range(call, "the source", src, sspan, std::move(problem));
    check_copy_source(src, spitch, width, height, call);
    for (std::size_t row = 0; row < height; ++row) {
        char* to = static_cast<char*>(dst) + row * dpitch;
        std::memmove(to, static_cast<const char*>(src) + row * spitch, width);
        host_wrote(to, width);
    }
    return done(cudaSuccess);
}

// The same for a fill (one row for cudaMemset).
cudaError_t fill_rows(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height,
                      const Call& call) {
    simt::cuda::wait_for_device();
    const auto turn = ProcessRuntime::get().device_turn();
    if (width > pitch)
        return refuse(call, cudaErrorInvalidPitchValue,
                      "rows of " + std::to_string(width) + " bytes do not fit a pitch of " + std::to_string(pitch) + " bytes",
                      "a row is filled within its pitch; nothing was written",
                      "pass the pitch cudaMallocPitch returned, and a width in bytes no larger than it");
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    std::size_t span = 0;
    if (width > kLargestCount) return refuse_count(call, width);
    if (!pitched_span(pitch, width, height, span)) return refuse_count(call, SIZE_MAX);
    if (span == 0) return done(cudaSuccess);
    if (dst == nullptr)
        return refuse(call, cudaErrorInvalidValue, "the destination is a null pointer",
                      "a fill of " + std::to_string(span) + " bytes needs memory to write; nothing was written",
                      "allocate the buffer before the fill, and check that the allocation succeeded");
    if (std::string problem = device_range_problem(dst, span); !problem.empty())
        return refuse_range(call, "the destination", dst, span, std::move(problem));
    for (std::size_t row = 0; row < height; ++row) {
        char* to = static_cast<char*>(dst) + row * pitch;
        std::memset(to, value, width);
        host_wrote(to, width);
    }
    return done(cudaSuccess);
}

}  // namespace

// Each entry point names itself and its caller: __builtin_return_address(0)
// is the program's call (the functions below are never inlined into it).
#define SIMT_CALL(name) Call{name, __builtin_return_address(0)}

cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
    return allocate(ptr, bytes, AllocationKind::Device, SIMT_CALL("cudaMalloc"));
}
cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes, unsigned) {
    return allocate(ptr, bytes, AllocationKind::Managed, SIMT_CALL("cudaMallocManaged"));
}
cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) {
    return allocate(ptr, bytes, AllocationKind::PinnedHost, SIMT_CALL("cudaMallocHost"));
}
cudaError_t simt_host_alloc_at(void** ptr, std::size_t bytes, unsigned flags, const void* site) {
    // Portable, mapped and write-combined change nothing here: every
    // allocation is visible to the one device and to every host thread.
    constexpr unsigned kKnown = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
    if ((flags & ~kKnown) != 0)
        return refuse(Call{"cudaHostAlloc", site}, cudaErrorInvalidValue,
                      "flags " + std::to_string(flags) + " name no cudaHostAlloc flag",
                      "the call allocates nothing", "combine cudaHostAllocDefault, cudaHostAllocPortable, "
                      "cudaHostAllocMapped and cudaHostAllocWriteCombined");
    return allocate(ptr, bytes, AllocationKind::PinnedHost, Call{"cudaHostAlloc", site});
}
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned flags) {
    return simt_host_alloc_at(ptr, bytes, flags, __builtin_return_address(0));
}
cudaError_t simt_malloc_at(void** ptr, std::size_t bytes, int kind, const void* site) {
    static constexpr AllocationKind kinds[] = {AllocationKind::Device, AllocationKind::Managed, AllocationKind::PinnedHost,
                                               AllocationKind::Device};
    static constexpr const char* names[] = {"cudaMalloc", "cudaMallocManaged", "cudaMallocHost", "cudaMallocAsync"};
    return allocate(ptr, bytes, kinds[kind], Call{names[kind], site});
}
namespace {
// A graph allocation's address stays reserved for its graph's next launch:
// freeing it ends its life, not the reservation (graph_memory.cpp).
cudaError_t release_any(void* ptr, const Call& call) {
    simt::cuda::wait_for_device();
    if (simt::cuda::is_graph_allocation(ptr)) {
        if (simt::cuda::end_graph_allocation(ptr)) return done(cudaSuccess);
        return refuse(call, cudaErrorInvalidValue, hex(ptr) + " is a graph allocation that is not live",
                      "a graph's allocation lives from its allocation node's run until one free; it was freed "
                      "already or its graph has not run",
                      "free a graph allocation once per launch of its graph, after the launch");
    }
    return release(ptr, call);
}
cudaError_t malloc_async(void** ptr, std::size_t bytes, cudaStream_t stream, const Call& call) {
    if (simt::cuda::capturing(stream)) {
        if (ptr == nullptr) return refuse(call, cudaErrorInvalidValue, "the pointer to store the allocation in is null",
                                          "the call has nowhere to put the device pointer",
                                          "pass the address of a pointer: cudaMallocAsync(&p, n, stream)");
        return done(simt::cuda::capture_allocation(stream, ptr, bytes, call.site));
    }
    return allocate(ptr, bytes, AllocationKind::Device, call);
}
}  // namespace

cudaError_t cudaFree(void* ptr) { return release_any(ptr, SIMT_CALL("cudaFree")); }
cudaError_t cudaFreeHost(void* ptr) { return release(ptr, SIMT_CALL("cudaFreeHost")); }
cudaError_t cudaMallocAsync(void** ptr, std::size_t bytes, cudaStream_t stream) {
    return malloc_async(ptr, bytes, stream, SIMT_CALL("cudaMallocAsync"));
}
cudaError_t simt_malloc_async_at(void** ptr, std::size_t bytes, cudaStream_t stream, const void* site) {
    return malloc_async(ptr, bytes, stream, Call{"cudaMallocAsync", site});
}
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaFreeAsync");
    // Captured: a free node, which checks the pointer when it is made.
    if (simt::cuda::capturing(stream)) {
        const cudaError_t e = simt::cuda::capture_free(stream, ptr);
        if (e == cudaSuccess) return done(e);
        return refuse(call, e, hex(ptr) + " is not an allocation a graph made",
                      "captured into a graph, cudaFreeAsync becomes a free node, which frees only memory a graph "
                      "allocated (cudaMallocAsync captured, or an allocation node)",
                      "free memory from cudaMalloc outside the capture, with cudaFree");
    }
    return release_any(ptr, call);
}

// Graph memory (graph_memory.cpp): the address is taken when the node is
// made, as CUDA's is; checkers hear of each life it begins and ends.
cudaError_t simt::cuda::reserve_graph_memory(void** ptr, std::size_t bytes, const char* name, const void* site) {
    return allocate(ptr, bytes, AllocationKind::Device, Call{name, site});
}
void simt::cuda::announce_graph_memory(void* ptr, bool live) {
    const auto turn = ProcessRuntime::get().device_turn();
    const std::optional<Allocation> a = memory().find(reinterpret_cast<std::uintptr_t>(ptr));
    if (a) tell_checkers(MemoryEvent{live ? MemoryOp::Allocated : MemoryOp::Freed, *a, 0, 0});
}
void simt::cuda::release_graph_memory(void* ptr) {
    const auto turn = ProcessRuntime::get().device_turn();
    announce_graph_memory(ptr, false);
    memory().free(ptr);
}

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
    return copy_rows(dst, bytes, src, bytes, bytes, 1, kind, SIMT_CALL("cudaMemcpy"));
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaMemcpyAsync");
    // Captured into a graph: the copy happens when the graph runs.
    if (simt::cuda::capture(stream, cudaGraphNodeTypeMemcpy,
                            [=] { return copy_rows(dst, bytes, src, bytes, bytes, 1, kind, call); }))
        return done(cudaSuccess);
    return copy_rows(dst, bytes, src, bytes, bytes, 1, kind, call);
}
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) {
    return fill_rows(dst, bytes, value, bytes, 1, SIMT_CALL("cudaMemset"));
}
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaMemsetAsync");
    if (simt::cuda::capture(stream, cudaGraphNodeTypeMemset, [=] { return fill_rows(dst, bytes, value, bytes, 1, call); }))
        return done(cudaSuccess);
    return fill_rows(dst, bytes, value, bytes, 1, call);
}
// Rows padded to a multiple of 512 bytes, as an H100's texture alignment.
cudaError_t cudaMallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height) {
    const Call call = SIMT_CALL("cudaMallocPitch");
    if (pitch == nullptr)
        return refuse(call, cudaErrorInvalidValue, "the pointer to store the pitch in is null",
                      "the call has nowhere to put the pitch", "pass the address of a size_t: cudaMallocPitch(&p, &pitch, w, h)");
    constexpr std::size_t kPitchAlignment = 512;
    if (width > kLargestCount) return refuse_count(call, width);
    const std::size_t row = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
    if (height != 0 && row > kLargestCount / height) return refuse_count(call, SIZE_MAX);
    *pitch = row;
    return allocate(ptr, row * height, AllocationKind::Device, call);
}
cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                         std::size_t height, cudaMemcpyKind kind) {
    return copy_rows(dst, dpitch, src, spitch, width, height, kind, SIMT_CALL("cudaMemcpy2D"));
}
cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height) {
    return fill_rows(dst, pitch, value, width, height, SIMT_CALL("cudaMemset2D"));
}
cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                              std::size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaMemcpy2DAsync");
    if (simt::cuda::capture(stream, cudaGraphNodeTypeMemcpy,
                            [=] { return copy_rows(dst, dpitch, src, spitch, width, height, kind, call); }))
        return done(cudaSuccess);
    return copy_rows(dst, dpitch, src, spitch, width, height, kind, call);
}
cudaError_t cudaMemset2DAsync(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height,
                              cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaMemset2DAsync");
    if (simt::cuda::capture(stream, cudaGraphNodeTypeMemset,
                            [=] { return fill_rows(dst, pitch, value, width, height, call); }))
        return done(cudaSuccess);
    return fill_rows(dst, pitch, value, width, height, call);
}
namespace {
// A 3-D fill: each of `extent.depth` slices is `extent.height` rows of
// `extent.width` bytes, the rows `p.pitch` apart and the slices
// `p.pitch * p.ysize` apart; each slice's rows must lie in one allocation.
cudaError_t fill_slices(cudaPitchedPtr p, int value, cudaExtent extent, const Call& call) {
    // The whole region first: a GPU refuses the call before writing a slice.
    std::size_t rows = 0, slices = 0, whole = 0;
    if (extent.depth != 0 && pitched_span(p.pitch, extent.width, extent.height, rows) && rows != 0) {
        if (__builtin_mul_overflow(extent.depth - 1, p.pitch * p.ysize, &slices) ||
            __builtin_add_overflow(slices, rows, &whole))
            return refuse_count(call, SIZE_MAX);
        if (const std::string problem = device_range_problem(p.ptr, whole); !problem.empty())
            return refuse_range(call, "the destination", p.ptr, whole, problem);
    }
    for (std::size_t z = 0; z < extent.depth; ++z)
        if (const cudaError_t e = fill_rows(static_cast<char*>(p.ptr) + z * p.pitch * p.ysize, p.pitch, value,
                                            extent.width, extent.height, call);
            e != cudaSuccess)
            return e;
    return done(cudaSuccess);
}
}  // namespace
cudaError_t cudaMemset3D(cudaPitchedPtr p, int value, cudaExtent extent) {
    return fill_slices(p, value, extent, SIMT_CALL("cudaMemset3D"));
}
cudaError_t cudaMemset3DAsync(cudaPitchedPtr p, int value, cudaExtent extent, cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaMemset3DAsync");
    if (simt::cuda::capture(stream, cudaGraphNodeTypeMemset, [=] { return fill_slices(p, value, extent, call); }))
        return done(cudaSuccess);
    return fill_slices(p, value, extent, call);
}
// One device: a copy between device 0 and itself is a copy.
cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, std::size_t bytes) {
    const Call call = SIMT_CALL("cudaMemcpyPeer");
    if (dst_device != 0 || src_device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    return copy_rows(dst, bytes, src, bytes, bytes, 1, cudaMemcpyDeviceToDevice, call);
}
cudaError_t cudaMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, std::size_t bytes,
                                cudaStream_t stream) {
    const Call call = SIMT_CALL("cudaMemcpyPeerAsync");
    if (dst_device != 0 || src_device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    if (simt::cuda::capture(stream, cudaGraphNodeTypeMemcpy,
                            [=] { return copy_rows(dst, bytes, src, bytes, bytes, 1, cudaMemcpyDeviceToDevice, call); }))
        return done(cudaSuccess);
    return copy_rows(dst, bytes, src, bytes, bytes, 1, cudaMemcpyDeviceToDevice, call);
}
cudaError_t simt_memcpy_symbol(void* symbol, std::size_t symbol_size, const void* data,
                               std::size_t bytes, std::size_t offset, bool to_symbol, const void* site) {
    simt::cuda::wait_for_device();
    if (offset > symbol_size || bytes > symbol_size - offset)
        return refuse(Call{to_symbol ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol", site}, cudaErrorInvalidValue,
                      std::to_string(bytes) + " bytes at offset " + std::to_string(offset) + " of a " +
                          std::to_string(symbol_size) + "-byte symbol run past its end",
                      "a copy to or from a __device__ or __constant__ variable must stay inside it; nothing was "
                      "copied",
                      "copy at most sizeof(symbol) - offset bytes");
    char* target = static_cast<char*>(symbol) + offset;
    if (to_symbol)
        std::memcpy(target, data, bytes);
    else
        std::memcpy(const_cast<void*>(data), target, bytes);
    return done(cudaSuccess);
}

cudaError_t cudaDeviceSynchronize() {
    simt::cuda::wait_for_device();
    return done(cudaSuccess);
}

namespace {
// The persisting-L2 set-aside: an H200 keeps it in tenths of the maximum,
// rounded up (12345 bytes become one tenth), three tenths at first.
constexpr std::size_t kPersistingL2Max = 5 * (50 * 1024 * 1024) / 8;
constexpr std::size_t kPersistingL2Step = kPersistingL2Max / 10;
std::size_t persisting_l2 = 3 * kPersistingL2Step;
}  // namespace

cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value) {
    ProcessRuntime& rt = ProcessRuntime::get();
    switch (limit) {
        case cudaLimitPrintfFifoSize:
            rt.set_printf_buffer(value);
            return done(cudaSuccess);
        case cudaLimitMallocHeapSize:
            if (rt.heap_in_use())  // as an H100 answers (docs/gpu-runs/2026-12-07-h100-probes, g13)
                return refuse(SIMT_CALL("cudaDeviceSetLimit"), cudaErrorInvalidValue,
                              "the device heap's size cannot change: a kernel has already called malloc",
                              "the heap keeps its " + std::to_string(rt.heap_limit()) + " bytes",
                              "set cudaLimitMallocHeapSize before the first launch of a kernel that calls malloc");
            rt.set_heap_limit(value);
            return done(cudaSuccess);
        case cudaLimitStackSize:  // read back; a fiber's stack is --stack-size bytes
            rt.set_stack_limit(value);
            return done(cudaSuccess);
        case cudaLimitPersistingL2CacheSize:
            if (value > kPersistingL2Max)
                return refuse(SIMT_CALL("cudaDeviceSetLimit"), cudaErrorInvalidValue,
                              "the persisting-L2 size, " + std::to_string(value) + " bytes, is more than the " +
                                  std::to_string(kPersistingL2Max) + " bytes cudaDeviceProp::persistingL2CacheMaxSize allows",
                              "the limit stays as it was", "ask for at most persistingL2CacheMaxSize bytes");
            persisting_l2 = (value + kPersistingL2Step - 1) / kPersistingL2Step * kPersistingL2Step;
            return done(cudaSuccess);
        case cudaLimitDevRuntimeSyncDepth:
        case cudaLimitDevRuntimePendingLaunchCount:
        case cudaLimitMaxL2FetchGranularity:
            return done(cudaSuccess);  // hints simt has nothing to apply to
    }
    return refuse(SIMT_CALL("cudaDeviceSetLimit"), cudaErrorInvalidValue,
                  "limit " + std::to_string(int(limit)) + " is not a cudaLimit simt knows",
                  "the call changes nothing", "use cudaLimitStackSize, cudaLimitPrintfFifoSize or cudaLimitMallocHeapSize");
}

cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit) {
    if (value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    ProcessRuntime& rt = ProcessRuntime::get();
    switch (limit) {
        case cudaLimitPrintfFifoSize: *value = rt.printf_buffer(); return done(cudaSuccess);
        case cudaLimitStackSize: *value = rt.stack_limit(); return done(cudaSuccess);
        case cudaLimitMallocHeapSize: *value = rt.heap_limit(); return done(cudaSuccess);
        case cudaLimitPersistingL2CacheSize: *value = persisting_l2; return done(cudaSuccess);
        case cudaLimitDevRuntimeSyncDepth: *value = 2; return done(cudaSuccess);
        case cudaLimitDevRuntimePendingLaunchCount: *value = 2048; return done(cudaSuccess);
        case cudaLimitMaxL2FetchGranularity: *value = 64; return done(cudaSuccess);
    }
    return SIMT_API_RESULT(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceReset() {
    simt::cuda::wait_for_device();
    return done(cudaSuccess);
}
cudaError_t cudaGetLastError() { return ProcessRuntime::get().take_last_error(); }
cudaError_t cudaPeekAtLastError() { return ProcessRuntime::get().peek_last_error(); }

cudaError_t cudaGetDeviceCount(int* count) {
    if (count == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *count = 1;
    return done(cudaSuccess);
}
cudaError_t cudaGetDevice(int* device) {
    if (device == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *device = 0;
    return done(cudaSuccess);
}
cudaError_t cudaSetDevice(int device) {
    return SIMT_API_RESULT(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

// The one device is always initialised and valid.
cudaError_t cudaInitDevice(int device, unsigned int device_flags, unsigned int flags) {
    if (flags != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    (void)device_flags;  // how the host waits: nothing to choose here
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaSetValidDevices(int* devices, int count) {
    if (count < 0 || (count > 0 && devices == nullptr)) return SIMT_API_RESULT(cudaErrorInvalidValue);
    for (int i = 0; i < count; ++i)
        if (devices[i] != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int device) {
    if (p == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
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
    // An H200 lets 5/8 of its L2 persist (39321600 of 62914560 bytes); the
    // same share of simt's 50 MiB. Its window limit is 128 MiB.
    p->persistingL2CacheMaxSize = kPersistingL2Max;
    p->accessPolicyMaxWindowSize = 128 * 1024 * 1024;
    p->texturePitchAlignment = 32;
    p->deviceOverlap = 1;
    p->asyncEngineCount = 2;
    p->streamPrioritiesSupported = 1;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->singleToDoublePrecisionPerfRatio = 2;
    // The host and the device are one memory: host atomics are native and
    // managed memory is always coherent.
    p->hostNativeAtomicSupported = 1;
    p->concurrentManagedAccess = 1;
    p->computePreemptionSupported = 1;
    p->canUseHostPointerForRegisteredMem = 1;
    p->reservedSharedMemPerBlock = 1024;
    p->hostRegisterSupported = 1;
    p->memoryPoolsSupported = 1;
    return done(cudaSuccess);
}

cudaError_t simt_func_set_attribute(const void* function, cudaFuncAttribute attribute, int value) {
    if (function == nullptr) return SIMT_API_RESULT_AS(cudaErrorInvalidDeviceFunction, "cudaFuncSetAttribute");
    if (attribute != cudaFuncAttributeMaxDynamicSharedMemorySize) return done(cudaSuccess);
    ProcessRuntime& rt = ProcessRuntime::get();
    const std::string name = simt::cuda::kernel_base_name(simt::function_name(function));
    if (name.empty()) return SIMT_API_RESULT_AS(cudaErrorInvalidDeviceFunction, "cudaFuncSetAttribute");
    const std::size_t optin = rt.engine().limits().shared_per_block_optin;
    const std::size_t static_bytes = std::min(rt.static_shared_bytes(name), optin);
    if (value < 0 || std::size_t(value) > optin - static_bytes)
        return refuse(SIMT_CALL("cudaFuncSetAttribute"), cudaErrorInvalidValue,
                      "cudaFuncAttributeMaxDynamicSharedMemorySize " + std::to_string(value) + " is outside 0.." +
                          std::to_string(optin - static_bytes) + " bytes (the opt-in maximum less the kernel's " +
                          std::to_string(static_bytes) + " bytes of static __shared__ memory)",
                      "a block can opt in to at most the device's sharedMemPerBlockOptin bytes of shared memory, "
                      "static and dynamic together; the limit is unchanged",
                      "ask for at most cudaDeviceProp::sharedMemPerBlockOptin minus the kernel's static __shared__ "
                      "bytes, or split the data over more blocks");
    rt.set_dynamic_shared_limit(name, std::size_t(value));
    return done(cudaSuccess);
}
