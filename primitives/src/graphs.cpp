// CUDA graphs (simt/graphs.h): nodes that replay the calls they stand for.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "graph_model.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

std::mutex simt::cuda::graphs_mutex;

std::map<cudaStream_t, simt::cuda::Capture>& simt::cuda::captures() {
    static std::map<cudaStream_t, Capture> streams;
    return streams;
}

namespace {
using simt::cuda::Capture;
using simt::cuda::captures;
using simt::cuda::graphs_mutex;

std::map<cudaEvent_t, Capture>& captured_events() {
    static std::map<cudaEvent_t, Capture> events;
    return events;
}

}  // namespace

cudaGraphNode_t simt::cuda::add_node(cudaGraph_t graph, cudaGraphNodeType type, std::function<cudaError_t()> run,
                                     const cudaGraphNode_t* dependencies, std::size_t count) {
    auto node = std::make_unique<CUgraphNode_st>();
    node->type = type;
    node->run = std::move(run);
    if (dependencies != nullptr) node->dependencies.assign(dependencies, dependencies + count);
    graph->nodes.push_back(std::move(node));
    return graph->nodes.back().get();
}

bool simt::cuda::belongs(cudaGraph_t graph, cudaGraphNode_t node) {
    return std::any_of(graph->nodes.begin(), graph->nodes.end(), [&](const auto& n) { return n.get() == node; });
}

namespace {
using simt::cuda::add_node;
using simt::cuda::belongs;

// The nodes in an order that respects every dependency (insertion order
// among those ready); false when the dependencies form a cycle.
bool run_order(cudaGraph_t graph, std::vector<cudaGraphNode_t>& order) {
    std::map<cudaGraphNode_t, std::size_t> waiting;
    for (const auto& n : graph->nodes) waiting[n.get()] = n->dependencies.size();
    std::vector<bool> done(graph->nodes.size(), false);
    while (order.size() < graph->nodes.size()) {
        bool progressed = false;
        for (std::size_t i = 0; i < graph->nodes.size(); ++i) {
            cudaGraphNode_t n = graph->nodes[i].get();
            if (done[i] || waiting[n] != 0) continue;
            done[i] = true;
            order.push_back(n);
            for (const auto& other : graph->nodes)
                for (cudaGraphNode_t d : other->dependencies)
                    if (d == n) --waiting[other.get()];
            progressed = true;
            break;
        }
        if (!progressed) return false;
    }
    return true;
}

// A memset node: `height` rows of `width` elements of `elementSize` bytes.
cudaError_t fill_elements(const cudaMemsetParams& m) {
    const std::size_t row = m.width * m.elementSize;
    const std::size_t pitch = std::max(m.pitch, row);
    if (m.elementSize == 1) return cudaMemset2D(m.dst, pitch, int(m.value), m.width, m.height);
    std::vector<unsigned char> pattern(row);
    for (std::size_t i = 0; i < m.width; ++i) std::memcpy(&pattern[i * m.elementSize], &m.value, m.elementSize);
    return cudaMemcpy2D(m.dst, pitch, pattern.data(), row, row, m.height, cudaMemcpyHostToDevice);
}

}  // namespace

// A child graph runs as one node: its own nodes in their order.
std::function<cudaError_t()> simt::cuda::run_graph(cudaGraph_t graph) {
    return [graph] {
        cudaGraphExec_t exec = nullptr;
        if (const cudaError_t e = instantiate(&exec, graph); e != cudaSuccess) return e;
        const cudaError_t e = cudaGraphLaunch(exec, 0);
        delete exec;
        return e;
    };
}

cudaGraph_t simt::cuda::clone(cudaGraph_t original) {
    auto copy = new CUgraph_st;
    std::map<cudaGraphNode_t, cudaGraphNode_t> renamed;
    for (const auto& n : original->nodes) {
        auto node = std::make_unique<CUgraphNode_st>(*n);
        if (n->child != nullptr) {
            node->child = clone(n->child);
            node->run = run_graph(node->child);
        }
        if (!n->bodies.empty()) {
            for (cudaGraph_t& body : node->bodies) body = clone(body);
            node->run = conditional_run(node->condition, node->condition_type, node->bodies);
        }
        renamed[n.get()] = node.get();
        copy->nodes.push_back(std::move(node));
    }
    for (auto& n : copy->nodes)
        for (cudaGraphNode_t& d : n->dependencies) d = renamed[d];
    return copy;
}

cudaError_t simt::cuda::instantiate(cudaGraphExec_t* exec, cudaGraph_t graph) {
    if (exec == nullptr || graph == nullptr) return cudaErrorInvalidValue;
    std::vector<cudaGraphNode_t> order;
    if (!run_order(graph, order)) return cudaErrorInvalidValue;
    auto instance = new CUgraphExec_st;
    for (cudaGraphNode_t n : order) {
        std::function<cudaError_t()> run = n->run;
        if (n->child != nullptr) {
            instance->owned.push_back(clone(n->child));
            run = run_graph(instance->owned.back());
        } else if (!n->bodies.empty()) {
            std::vector<cudaGraph_t> bodies;
            for (cudaGraph_t body : n->bodies) bodies.push_back(clone(body));
            instance->owned.insert(instance->owned.end(), bodies.begin(), bodies.end());
            run = conditional_run(n->condition, n->condition_type, bodies);
        }
        instance->steps.push_back({n, std::move(run), n->type == cudaGraphNodeTypeMemAlloc ? n->alloc.dptr : nullptr});
    }
    instance->conditions = graph->conditions;
    *exec = instance;
    return cudaSuccess;
}

namespace {
using simt::cuda::clone;
using simt::cuda::instantiate;
using simt::cuda::run_graph;

}  // namespace

// A kernel node: its launch, with the arguments copied now, as CUDA copies them.
cudaError_t simt::cuda::kernel_step(const cudaKernelNodeParams* p, std::function<cudaError_t()>& run) {
    if (p == nullptr || p->func == nullptr || p->extra != nullptr) return cudaErrorInvalidValue;
    const simt::cuda::ErasedBind bind = simt::cuda::erased_binder(p->func);
    if (bind == nullptr) return cudaErrorInvalidDeviceFunction;
    run = bind(p->func, p->simt_gridDim, p->simt_blockDim, p->sharedMemBytes, p->kernelParams);
    return cudaSuccess;
}
using simt::cuda::kernel_step;

bool simt::cuda::capturing(cudaStream_t stream) {
    std::lock_guard<std::mutex> lock(graphs_mutex);
    return captures().count(stream) != 0;
}

bool simt::cuda::capture_launch(cudaStream_t stream, std::function<cudaError_t()> launch) {
    return capture(stream, cudaGraphNodeTypeKernel, std::move(launch));
}

bool simt::cuda::capture(cudaStream_t stream, cudaGraphNodeType type, std::function<cudaError_t()> run) {
    {
        std::lock_guard<std::mutex> lock(graphs_mutex);
        const auto found = captures().find(stream);
        if (found != captures().end()) {
            Capture& c = found->second;
            const cudaGraphNode_t node =
                add_node(c.graph, type, std::move(run), c.dependencies.data(), c.dependencies.size());
            c.dependencies.assign(1, node);
            return true;
        }
    }
    if (!work_deferred()) return false;
    defer_work(std::move(run));  // behind a launch waiting for the host (simt/launch.h)
    return true;
}

void simt::cuda::capture_event(cudaEvent_t event, cudaStream_t stream) {
    std::lock_guard<std::mutex> lock(graphs_mutex);
    const auto found = captures().find(stream);
    if (found != captures().end()) captured_events()[event] = found->second;
}

void simt::cuda::capture_wait(cudaStream_t stream, cudaEvent_t event) {
    std::lock_guard<std::mutex> lock(graphs_mutex);
    const auto found = captured_events().find(event);
    if (found == captured_events().end() || captures().count(stream) != 0) return;
    captures()[stream] = found->second;  // the stream joins the capture (a fork)
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
    if (mode < cudaStreamCaptureModeGlobal || mode > cudaStreamCaptureModeRelaxed)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    // The legacy default stream cannot be captured (it synchronises with all).
    if (stream == nullptr || stream == cudaStreamLegacy) return SIMT_API_RESULT(cudaErrorStreamCaptureUnsupported);
    std::lock_guard<std::mutex> lock(graphs_mutex);
    if (captures().count(stream) != 0) return SIMT_API_RESULT(cudaErrorIllegalState);
    captures()[stream] = Capture{new CUgraph_st, {}};
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
    if (graph == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(graphs_mutex);
    const auto found = captures().find(stream);
    if (found == captures().end()) return SIMT_API_RESULT(cudaErrorIllegalState);
    *graph = found->second.graph;
    // Every stream that joined this capture leaves it; its events are forgotten.
    for (auto it = captures().begin(); it != captures().end();)
        it = it->second.graph == *graph ? captures().erase(it) : std::next(it);
    for (auto it = captured_events().begin(); it != captured_events().end();)
        it = it->second.graph == *graph ? captured_events().erase(it) : std::next(it);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status) {
    if (status == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *status = simt::cuda::capturing(stream) ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned flags) {
    if (graph == nullptr || flags != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *graph = new CUgraph_st;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
    if (graph == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    delete graph;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphClone(cudaGraph_t* copy, cudaGraph_t original) {
    if (copy == nullptr || original == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *copy = clone(original);
    return SIMT_API_RESULT(cudaSuccess);
}

// The checks every cudaGraphAdd*Node makes on where the node goes.
cudaError_t simt::cuda::check_placement(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                            std::size_t count) {
    if (node == nullptr || graph == nullptr || (dependencies == nullptr && count != 0)) return cudaErrorInvalidValue;
    for (std::size_t i = 0; i < count; ++i)
        if (!belongs(graph, dependencies[i])) return cudaErrorInvalidValue;
    return cudaSuccess;
}
using simt::cuda::check_placement;

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   std::size_t count, const cudaKernelNodeParams* params) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    std::function<cudaError_t()> run;
    if (const cudaError_t e = kernel_step(params, run); e != cudaSuccess) return SIMT_API_RESULT(e);
    *node = add_node(graph, cudaGraphNodeTypeKernel, std::move(run), dependencies, count);
    (*node)->kernel = *params;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* params) {
    if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeKernel)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    *params = node->kernel;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* params) {
    if (node == nullptr || node->type != cudaGraphNodeTypeKernel) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::function<cudaError_t()> run;
    if (const cudaError_t e = kernel_step(params, run); e != cudaSuccess) return SIMT_API_RESULT(e);
    node->run = std::move(run);
    node->kernel = *params;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   std::size_t count, const cudaMemsetParams* p) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    if (p == nullptr || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    const cudaMemsetParams m = *p;
    *node = add_node(graph, cudaGraphNodeTypeMemset, [m] { return fill_elements(m); }, dependencies, count);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   std::size_t count, const cudaMemcpy3DParms* p) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    if (p == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const cudaMemcpy3DParms copy = *p;
    *node = add_node(graph, cudaGraphNodeTypeMemcpy, [copy] { return cudaMemcpy3D(&copy); }, dependencies, count);
    (*node)->copy = copy;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms* params) {
    if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeMemcpy)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    *params = node->copy;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms* params) {
    if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeMemcpy)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    const cudaMemcpy3DParms copy = *params;
    node->run = [copy] { return cudaMemcpy3D(&copy); };
    node->copy = copy;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     std::size_t count, void* dst, const void* src, std::size_t bytes,
                                     cudaMemcpyKind kind) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    *node = add_node(graph, cudaGraphNodeTypeMemcpy, [=] { return cudaMemcpy(dst, src, bytes, kind); }, dependencies,
                     count);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                 std::size_t count, const cudaHostNodeParams* p) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    if (p == nullptr || p->fn == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const cudaHostNodeParams h = *p;
    *node = add_node(graph, cudaGraphNodeTypeHost, [h] {
        ProcessRuntime::get().host_waited();  // the node's dependencies have run
        h.fn(h.userData);
        return cudaSuccess;
    }, dependencies, count);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                  std::size_t count) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    *node = add_node(graph, cudaGraphNodeTypeEmpty, nullptr, dependencies, count);
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                       std::size_t count, cudaGraph_t child) {
    if (const cudaError_t e = check_placement(node, graph, dependencies, count); e != cudaSuccess)
        return SIMT_API_RESULT(e);
    if (child == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    cudaGraph_t copy = clone(child);  // CUDA copies the child graph
    *node = add_node(graph, cudaGraphNodeTypeGraph, run_graph(copy), dependencies, count);
    (*node)->child = copy;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     std::size_t count) {
    if (graph == nullptr || (count != 0 && (from == nullptr || to == nullptr))) return SIMT_API_RESULT(cudaErrorInvalidValue);
    for (std::size_t i = 0; i < count; ++i) {
        if (!belongs(graph, from[i]) || !belongs(graph, to[i])) return SIMT_API_RESULT(cudaErrorInvalidValue);
        to[i]->dependencies.push_back(from[i]);
    }
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count) {
    if (graph == nullptr || count == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (nodes != nullptr)
        for (std::size_t i = 0; i < std::min(*count, graph->nodes.size()); ++i) nodes[i] = graph->nodes[i].get();
    *count = graph->nodes.size();
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count) {
    if (graph == nullptr || count == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::vector<cudaGraphNode_t> roots;
    for (const auto& n : graph->nodes)
        if (n->dependencies.empty()) roots.push_back(n.get());
    if (nodes != nullptr) std::copy_n(roots.begin(), std::min(*count, roots.size()), nodes);
    *count = roots.size();
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type) {
    if (node == nullptr || type == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *type = node->type;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long) {
    return SIMT_API_RESULT(instantiate(exec, graph));
}
cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, cudaGraphNode_t*, char* log,
                                 std::size_t log_size) {
    if (log != nullptr && log_size != 0) log[0] = '\0';
    return SIMT_API_RESULT(instantiate(exec, graph));
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long) {
    return SIMT_API_RESULT(instantiate(exec, graph));
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
    if (exec == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    // Launched into a stream being captured: the whole graph is one node.
    if (simt::cuda::capture(stream, cudaGraphNodeTypeGraph, [exec] { return cudaGraphLaunch(exec, 0); }))
        return SIMT_API_RESULT(cudaSuccess);
    // An allocation still live from the last launch (not freed since) would
    // be handed out twice: CUDA refuses the launch, and nothing runs.
    for (const CUgraphExec_st::Step& step : exec->steps)
        if (step.allocation != nullptr && simt::cuda::graph_allocation_live(step.allocation))
            return SIMT_API_RESULT(cudaErrorInvalidValue);
    simt::cuda::assign_defaults(exec->conditions);
    for (const CUgraphExec_st::Step& step : exec->steps) {
        if (!step.run) continue;
        const cudaError_t e = step.run();
        if (e != cudaSuccess) return ProcessRuntime::get().result(e);
    }
    return ProcessRuntime::get().result(cudaSuccess);
}
cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t) {
    return SIMT_API_RESULT(exec == nullptr ? cudaErrorInvalidValue : cudaSuccess);
}
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
    if (exec == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    delete exec;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* params) {
    if (exec == nullptr || node == nullptr || node->type != cudaGraphNodeTypeKernel)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    for (CUgraphExec_st::Step& step : exec->steps) {
        if (step.origin != node) continue;
        std::function<cudaError_t()> run;
        if (const cudaError_t e = kernel_step(params, run); e != cudaSuccess) return SIMT_API_RESULT(e);
        step.run = std::move(run);
        return SIMT_API_RESULT(cudaSuccess);
    }
    return SIMT_API_RESULT(cudaErrorInvalidValue);
}

namespace {
// An instance takes a graph of the same shape: nodes of the same types in
// the same order; their work is taken from the new graph.
cudaGraphExecUpdateResult update(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphNode_t& error_node) {
    std::vector<cudaGraphNode_t> order;
    if (!run_order(graph, order) || order.size() != exec->steps.size()) return cudaGraphExecUpdateErrorTopologyChanged;
    for (std::size_t i = 0; i < order.size(); ++i)
        if (order[i]->type != exec->steps[i].origin->type) {
            error_node = order[i];
            return cudaGraphExecUpdateErrorNodeTypeChanged;
        }
    for (std::size_t i = 0; i < order.size(); ++i)
        exec->steps[i] = {order[i], order[i]->run,
                          order[i]->type == cudaGraphNodeTypeMemAlloc ? order[i]->alloc.dptr : nullptr};
    return cudaGraphExecUpdateSuccess;
}
}  // namespace

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphExecUpdateResultInfo* info) {
    if (exec == nullptr || graph == nullptr || info == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *info = cudaGraphExecUpdateResultInfo{cudaGraphExecUpdateSuccess, nullptr, nullptr};
    info->result = update(exec, graph, info->errorNode);
    return SIMT_API_RESULT(info->result == cudaGraphExecUpdateSuccess ? cudaSuccess : cudaErrorGraphExecUpdateFailure);
}
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphNode_t* error_node,
                                cudaGraphExecUpdateResult* result) {
    if (exec == nullptr || graph == nullptr || result == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    cudaGraphNode_t failed = nullptr;
    *result = update(exec, graph, failed);
    if (error_node != nullptr) *error_node = failed;
    return SIMT_API_RESULT(*result == cudaGraphExecUpdateSuccess ? cudaSuccess : cudaErrorGraphExecUpdateFailure);
}
