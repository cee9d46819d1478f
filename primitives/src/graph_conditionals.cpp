// Conditional graph nodes, cudaGraphAddNode, and the capture calls that
// name a graph and its dependencies (simt/graph_nodes.h). A conditional
// node runs its body graphs on the value of its handle when the node runs:
// kernels before it set the value with cudaGraphSetConditional (here a
// plain call: kernel code runs on the host), and a launch of an instance
// sets it to the handle's default first if the handle asks.
#include <cstdint>
#include <map>
#include <mutex>

#include "graph_model.h"
#include "process_runtime.h"
#include "simt/cuda.h"
#include "simt/grid_sync.h"

using simt::cuda::captures;
using simt::cuda::graphs_mutex;

namespace {

struct Condition {
    unsigned value = 0;
    unsigned default_value = 0;
    bool assign_default = false;
};
std::mutex conditions_mutex;
std::map<cudaGraphConditionalHandle, Condition>& conditions() {
    static std::map<cudaGraphConditionalHandle, Condition> all;
    return all;
}
cudaGraphConditionalHandle next_handle = 1;

unsigned value_of(cudaGraphConditionalHandle handle) {
    std::lock_guard<std::mutex> lock(conditions_mutex);
    return conditions()[handle].value;
}

// A conditional node's bodies, made with it: `size` empty graphs.
cudaError_t add_conditional(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                            std::size_t count, cudaConditionalNodeParams& p) {
    {
        std::lock_guard<std::mutex> lock(conditions_mutex);
        if (conditions().count(p.handle) == 0) return cudaErrorInvalidValue;
    }
    const bool size_ok = p.type == cudaGraphCondTypeIf       ? (p.size == 1 || p.size == 2)
                         : p.type == cudaGraphCondTypeWhile  ? p.size == 1
                         : p.type == cudaGraphCondTypeSwitch ? p.size >= 1
                                                             : false;
    if (!size_ok) return cudaErrorInvalidValue;
    std::vector<cudaGraph_t> bodies;
    for (unsigned i = 0; i < p.size; ++i) bodies.push_back(new CUgraph_st);
    *node = simt::cuda::add_node(graph, cudaGraphNodeTypeConditional,
                                 simt::cuda::conditional_run(p.handle, p.type, bodies), dependencies, count);
    (*node)->condition = p.handle;
    (*node)->condition_type = p.type;
    (*node)->bodies = std::move(bodies);
    p.phGraph_out = (*node)->bodies.data();
    return cudaSuccess;
}

// What cudaGraphAddNode adds, by the node's type (the checks of the
// cudaGraphAdd*Node call of each type).
cudaError_t add_node(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies, std::size_t count,
                     cudaGraphNodeParams* params, const void* site) {
    if (params == nullptr) return cudaErrorInvalidValue;
    if (params->type == cudaGraphNodeTypeMemAlloc)
        return simt::cuda::add_alloc_node(node, graph, dependencies, count, &params->alloc, site);
    if (params->type == cudaGraphNodeTypeMemFree)
        return simt::cuda::add_free_node(node, graph, dependencies, count, params->free.dptr);
    if (const cudaError_t e = simt::cuda::check_placement(node, graph, dependencies, count); e != cudaSuccess) return e;
    std::function<cudaError_t()> run;
    switch (params->type) {
        case cudaGraphNodeTypeKernel: {
            const cudaKernelNodeParamsV2& k = params->kernel;
            const cudaKernelNodeParams v1{k.func, k.simt_gridDim, k.simt_blockDim, k.sharedMemBytes, k.kernelParams,
                                          k.extra};
            if (const cudaError_t e = simt::cuda::kernel_step(&v1, run); e != cudaSuccess) return e;
            *node = simt::cuda::add_node(graph, cudaGraphNodeTypeKernel, std::move(run), dependencies, count);
            (*node)->kernel = v1;
            return cudaSuccess;
        }
        case cudaGraphNodeTypeHost: {
            const cudaHostNodeParamsV2 h = params->host;
            if (h.fn == nullptr) return cudaErrorInvalidValue;
            run = [h] {
                h.fn(h.userData);
                return cudaSuccess;
            };
            break;
        }
        case cudaGraphNodeTypeGraph: {
            if (params->graph.graph == nullptr) return cudaErrorInvalidValue;
            cudaGraph_t copy = simt::cuda::clone(params->graph.graph);
            *node = simt::cuda::add_node(graph, cudaGraphNodeTypeGraph, simt::cuda::run_graph(copy), dependencies,
                                         count);
            (*node)->child = copy;
            return cudaSuccess;
        }
        case cudaGraphNodeTypeEmpty:
            break;
        case cudaGraphNodeTypeConditional:
            return add_conditional(node, graph, dependencies, count, params->conditional);
        default:
            // Memset (cudaMemsetParamsV2), memcpy (cudaMemcpyNodeParams), event and semaphore
            // nodes: through their own cudaGraphAdd*Node calls only, for now.
            return cudaErrorNotSupported;
    }
    *node = simt::cuda::add_node(graph, params->type, std::move(run), dependencies, count);
    return cudaSuccess;
}

// Only the default edge (whole completion, whole dependant) exists here.
bool default_edges(const cudaGraphEdgeData* edges, std::size_t count) {
    if (edges == nullptr) return true;
    for (std::size_t i = 0; i < count; ++i)
        if (edges[i].from_port != 0 || edges[i].to_port != 0 || edges[i].type != 0) return false;
    return true;
}

}  // namespace

std::function<cudaError_t()> simt::cuda::conditional_run(cudaGraphConditionalHandle handle,
                                                         cudaGraphConditionalNodeType type,
                                                         const std::vector<cudaGraph_t>& bodies) {
    return [handle, type, bodies]() -> cudaError_t {
        if (type == cudaGraphCondTypeWhile) {
            while (value_of(handle) != 0)
                if (const cudaError_t e = run_graph(bodies[0])(); e != cudaSuccess) return e;
            return cudaSuccess;
        }
        const unsigned v = value_of(handle);
        if (type == cudaGraphCondTypeIf) {
            if (v != 0) return run_graph(bodies[0])();
            return bodies.size() == 2 ? run_graph(bodies[1])() : cudaSuccess;
        }
        return v < bodies.size() ? run_graph(bodies[v])() : cudaSuccess;
    };
}

void simt::cuda::assign_defaults(const std::vector<cudaGraphConditionalHandle>& handles) {
    std::lock_guard<std::mutex> lock(conditions_mutex);
    for (cudaGraphConditionalHandle h : handles) {
        Condition& c = conditions()[h];
        if (c.assign_default) c.value = c.default_value;
    }
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* handle, cudaGraph_t graph,
                                             unsigned default_value, unsigned flags) {
    if (handle == nullptr || graph == nullptr || (flags & ~unsigned(cudaGraphCondAssignDefault)) != 0)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(conditions_mutex);
    *handle = next_handle++;
    conditions()[*handle] = Condition{default_value, default_value, (flags & cudaGraphCondAssignDefault) != 0};
    graph->conditions.push_back(*handle);
    return SIMT_API_RESULT(cudaSuccess);
}

void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned value) {
    std::lock_guard<std::mutex> lock(conditions_mutex);
    const auto found = conditions().find(handle);
    if (found == conditions().end())
        simt::cuda::group_misuse("cudaGraphSetConditional with a handle cudaGraphConditionalHandleCreate did not make");
    found->second.value = value;
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                             const cudaGraphEdgeData* edges, std::size_t count, cudaGraphNodeParams* params) {
    if (!default_edges(edges, count)) return SIMT_API_RESULT(cudaErrorNotSupported);
    return SIMT_API_RESULT(add_node(node, graph, dependencies, count, params, __builtin_return_address(0)));
}
cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                             std::size_t count, cudaGraphNodeParams* params) {
    return SIMT_API_RESULT(add_node(node, graph, dependencies, count, params, __builtin_return_address(0)));
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* edges, std::size_t count,
                                          cudaStreamCaptureMode mode) {
    if (graph == nullptr || (dependencies == nullptr && count != 0) || mode < cudaStreamCaptureModeGlobal ||
        mode > cudaStreamCaptureModeRelaxed)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (!default_edges(edges, count)) return SIMT_API_RESULT(cudaErrorNotSupported);
    if (stream == nullptr || stream == cudaStreamLegacy) return SIMT_API_RESULT(cudaErrorStreamCaptureUnsupported);
    for (std::size_t i = 0; i < count; ++i)
        if (!simt::cuda::belongs(graph, dependencies[i])) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(graphs_mutex);
    if (captures().count(stream) != 0) return SIMT_API_RESULT(cudaErrorIllegalState);
    captures()[stream] = simt::cuda::Capture{graph, std::vector<cudaGraphNode_t>(dependencies, dependencies + count)};
    return SIMT_API_RESULT(cudaSuccess);
}

namespace {
cudaError_t capture_info(cudaStream_t stream, cudaStreamCaptureStatus* status, unsigned long long* id,
                         cudaGraph_t* graph, const cudaGraphNode_t** dependencies, const cudaGraphEdgeData** edges,
                         std::size_t* count) {
    if (status == nullptr) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(graphs_mutex);
    const auto found = captures().find(stream);
    *status = found == captures().end() ? cudaStreamCaptureStatusNone : cudaStreamCaptureStatusActive;
    if (found == captures().end()) return cudaSuccess;  // CUDA leaves the other outputs as they were
    const simt::cuda::Capture& c = found->second;
    if (id != nullptr) *id = reinterpret_cast<std::uintptr_t>(c.graph);
    if (graph != nullptr) *graph = c.graph;
    // Valid until the next call on the stream, as CUDA's array is.
    if (dependencies != nullptr) *dependencies = c.dependencies.data();
    if (edges != nullptr) *edges = nullptr;  // all default edges
    if (count != nullptr) *count = c.dependencies.size();
    return cudaSuccess;
}
cudaError_t update_dependencies(cudaStream_t stream, cudaGraphNode_t* dependencies, std::size_t count,
                                unsigned flags) {
    if ((dependencies == nullptr && count != 0) || flags > cudaStreamSetCaptureDependencies) return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(graphs_mutex);
    const auto found = captures().find(stream);
    if (found == captures().end()) return cudaErrorIllegalState;
    simt::cuda::Capture& c = found->second;
    for (std::size_t i = 0; i < count; ++i)
        if (!simt::cuda::belongs(c.graph, dependencies[i])) return cudaErrorInvalidValue;
    if (flags == cudaStreamSetCaptureDependencies) c.dependencies.clear();
    c.dependencies.insert(c.dependencies.end(), dependencies, dependencies + count);
    return cudaSuccess;
}
}  // namespace

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status, unsigned long long* id,
                                     cudaGraph_t* graph, const cudaGraphNode_t** dependencies,
                                     const cudaGraphEdgeData** edges, std::size_t* count) {
    return SIMT_API_RESULT(capture_info(stream, status, id, graph, dependencies, edges, count));
}
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status, unsigned long long* id,
                                     cudaGraph_t* graph, const cudaGraphNode_t** dependencies, std::size_t* count) {
    return SIMT_API_RESULT(capture_info(stream, status, id, graph, dependencies, nullptr, count));
}
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* edges, std::size_t count, unsigned flags) {
    if (!default_edges(edges, count)) return SIMT_API_RESULT(cudaErrorNotSupported);
    return SIMT_API_RESULT(update_dependencies(stream, dependencies, count, flags));
}
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies, std::size_t count,
                                                unsigned flags) {
    return SIMT_API_RESULT(update_dependencies(stream, dependencies, count, flags));
}
