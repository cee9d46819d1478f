// Graph memory nodes (simt/graph_nodes.h). CUDA fixes an allocation node's
// address when the node is made and keeps it for every launch; so does
// simt: the device memory is taken then and held while the node or an
// instance of its graph exists. The allocation is *live* from the node's
// run until one free (a free node, cudaFree or cudaFreeAsync); the checkers
// hear of each life (its bytes are uninitialised again at each run). What
// simt does not catch: an access to the reservation between a free and the
// next run (the memory stays mapped, as a GPU's often does).
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "graph_model.h"
#include "process_runtime.h"
#include "simt/cuda.h"

namespace {

struct Reservation {
    std::size_t bytes = 0;
    bool live = false;
    bool held = true;  // an allocation node or an instance of its graph still names it
};

std::mutex reservations_mutex;
std::map<void*, Reservation>& reservations() {
    static std::map<void*, Reservation> all;
    return all;
}
std::size_t used_high = 0, reserved_high = 0;

std::size_t total(bool live_only) {
    std::size_t sum = 0;
    for (const auto& [ptr, r] : reservations())
        if (!live_only || r.live) sum += r.bytes;
    return sum;
}

// Held by the allocation node's work (and so by every instance's copy of
// it); when the last is gone, a reservation no longer live is released.
struct Hold {
    void* ptr = nullptr;
    Hold() = default;
    Hold(const Hold&) = delete;
    ~Hold() {
        std::unique_lock<std::mutex> lock(reservations_mutex);
        const auto found = reservations().find(ptr);
        if (found == reservations().end()) return;
        found->second.held = false;
        if (found->second.live) return;  // the program frees it later
        reservations().erase(found);
        lock.unlock();
        simt::cuda::release_graph_memory(ptr);
    }
};

// The allocation node's run: a new life. A graph launched again before its
// allocation was freed would hand out memory still in use: refused.
cudaError_t begin_life(void* ptr) {
    {
        std::lock_guard<std::mutex> lock(reservations_mutex);
        Reservation& r = reservations()[ptr];
        if (r.live) return cudaErrorInvalidValue;
        r.live = true;
        used_high = std::max(used_high, total(true));
    }
    simt::cuda::announce_graph_memory(ptr, true);
    return cudaSuccess;
}

cudaError_t reserve(void** ptr, std::size_t bytes, const void* site, std::shared_ptr<Hold>& hold) {
    if (const cudaError_t e = simt::cuda::reserve_graph_memory(ptr, bytes, "cudaGraphAddMemAllocNode", site);
        e != cudaSuccess)
        return e;
    // Reserved, not live: the checkers hear of the allocation at the node's run.
    simt::cuda::announce_graph_memory(*ptr, false);
    {
        std::lock_guard<std::mutex> lock(reservations_mutex);
        reservations()[*ptr] = Reservation{bytes, false, true};
        reserved_high = std::max(reserved_high, total(false));
    }
    hold = std::make_shared<Hold>();  // (a temporary Hold would release the memory as it goes)
    hold->ptr = *ptr;
    return cudaSuccess;
}

std::function<cudaError_t()> alloc_run(std::shared_ptr<Hold> hold) {
    return [hold] { return begin_life(hold->ptr); };
}
std::function<cudaError_t()> free_run(void* ptr) {
    return [ptr] { return simt::cuda::end_graph_allocation(ptr) ? cudaSuccess : cudaErrorInvalidValue; };
}

bool valid_props(const cudaMemAllocNodeParams& p) {
    return p.bytesize != 0 && p.poolProps.allocType == cudaMemAllocationTypePinned &&
           p.poolProps.location.type == cudaMemLocationTypeDevice && p.poolProps.location.id == 0 &&
           p.poolProps.handleTypes == cudaMemHandleTypeNone;
}

}  // namespace

bool simt::cuda::is_graph_allocation(void* ptr) {
    std::lock_guard<std::mutex> lock(reservations_mutex);
    return reservations().count(ptr) != 0;
}

bool simt::cuda::graph_allocation_live(void* ptr) {
    std::lock_guard<std::mutex> lock(reservations_mutex);
    const auto found = reservations().find(ptr);
    return found != reservations().end() && found->second.live;
}

bool simt::cuda::end_graph_allocation(void* ptr) {
    std::unique_lock<std::mutex> lock(reservations_mutex);
    const auto found = reservations().find(ptr);
    if (found == reservations().end() || !found->second.live) return false;
    found->second.live = false;
    const bool orphaned = !found->second.held;
    if (orphaned) reservations().erase(found);
    lock.unlock();
    if (orphaned)
        release_graph_memory(ptr);
    else
        announce_graph_memory(ptr, false);
    return true;
}

cudaError_t simt::cuda::add_alloc_node(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                       std::size_t count, cudaMemAllocNodeParams* params, const void* site) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess) return e;
    if (params == nullptr || !valid_props(*params)) return cudaErrorInvalidValue;
    std::shared_ptr<Hold> hold;
    void* ptr = nullptr;
    if (const cudaError_t e = reserve(&ptr, params->bytesize, site, hold); e != cudaSuccess) return e;
    params->dptr = ptr;
    *node = add_node(graph, cudaGraphNodeTypeMemAlloc, alloc_run(hold), dependencies, count);
    (*node)->alloc = *params;
    return cudaSuccess;
}

cudaError_t simt::cuda::add_free_node(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                      std::size_t count, void* pointer) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess) return e;
    if (!is_graph_allocation(pointer)) return cudaErrorInvalidValue;
    *node = add_node(graph, cudaGraphNodeTypeMemFree, free_run(pointer), dependencies, count);
    (*node)->alloc.dptr = pointer;
    return cudaSuccess;
}

cudaError_t simt::cuda::capture_allocation(cudaStream_t stream, void** ptr, std::size_t bytes, const void* site) {
    if (bytes == 0) return cudaErrorInvalidValue;
    std::shared_ptr<Hold> hold;
    if (const cudaError_t e = reserve(ptr, bytes, site, hold); e != cudaSuccess) return e;
    capture(stream, cudaGraphNodeTypeMemAlloc, alloc_run(hold));
    return cudaSuccess;
}

cudaError_t simt::cuda::capture_free(cudaStream_t stream, void* ptr) {
    if (!is_graph_allocation(ptr)) return cudaErrorInvalidValue;
    capture(stream, cudaGraphNodeTypeMemFree, free_run(ptr));
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     std::size_t count, cudaMemAllocNodeParams* params) {
    const cudaError_t e =
        simt::cuda::add_alloc_node(node, graph, dependencies, count, params, __builtin_return_address(0));
    // Out of memory was reported by the allocation itself.
    if (e == cudaErrorMemoryAllocation) return simt::cuda::ProcessRuntime::get().result(e);
    return SIMT_API_RESULT(e);
}
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* params) {
    if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeMemAlloc)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    *params = node->alloc;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                    std::size_t count, void* pointer) {
    return SIMT_API_RESULT(simt::cuda::add_free_node(node, graph, dependencies, count, pointer));
}
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* pointer) {
    if (node == nullptr || pointer == nullptr || node->type != cudaGraphNodeTypeMemFree)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    *static_cast<void**>(pointer) = node->alloc.dptr;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value) {
    if (device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    if (value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(reservations_mutex);
    unsigned long long v = 0;
    switch (attribute) {
        case cudaGraphMemAttrUsedMemCurrent: v = total(true); break;
        case cudaGraphMemAttrUsedMemHigh: v = used_high; break;
        case cudaGraphMemAttrReservedMemCurrent: v = total(false); break;
        case cudaGraphMemAttrReservedMemHigh: v = reserved_high; break;
        default: return SIMT_API_RESULT(cudaErrorInvalidValue);
    }
    *static_cast<unsigned long long*>(value) = v;
    return SIMT_API_RESULT(cudaSuccess);
}
// Only the high marks can be set, and only to 0 (reset).
cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value) {
    if (device != 0) return SIMT_API_RESULT(cudaErrorInvalidDevice);
    if (value == nullptr || *static_cast<unsigned long long*>(value) != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(reservations_mutex);
    if (attribute == cudaGraphMemAttrUsedMemHigh)
        used_high = total(true);
    else if (attribute == cudaGraphMemAttrReservedMemHigh)
        reserved_high = total(false);
    else
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    return SIMT_API_RESULT(cudaSuccess);
}
// Memory no graph holds is released as soon as it is free: nothing to trim.
cudaError_t cudaDeviceGraphMemTrim(int device) {
    return SIMT_API_RESULT(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}
