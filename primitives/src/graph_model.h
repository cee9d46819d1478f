// What a CUDA graph is inside simt (simt/graphs.h): nodes that replay the
// calls they stand for, a graph as a list of them, an instance as the nodes
// in the order they run. Shared by graphs.cpp (capture, explicit nodes,
// instances), graph_memory.cpp (allocation and free nodes) and
// graph_conditionals.cpp (conditional nodes, cudaGraphAddNode).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "simt/cuda.h"

struct CUgraphNode_st {
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    std::function<cudaError_t()> run;  // what replaying the node does (empty: nothing)
    std::vector<cudaGraphNode_t> dependencies;
    cudaKernelNodeParams kernel{};     // a kernel node's parameters, as given
    cudaGraph_t child = nullptr;       // a child-graph node's copy of its graph
    cudaMemcpy3DParms copy{};          // a 3-D memcpy node's parameters
    cudaMemAllocNodeParams alloc{};    // an allocation node's parameters, its address included
    // A conditional node: its handle, kind and body graphs (phGraph_out points here).
    cudaGraphConditionalHandle condition = 0;
    cudaGraphConditionalNodeType condition_type = cudaGraphCondTypeIf;
    std::vector<cudaGraph_t> bodies;
};

struct CUgraph_st {
    std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
    // Conditional handles created on this graph (their values are set to
    // the default when an instance of it is launched, if asked).
    std::vector<cudaGraphConditionalHandle> conditions;
    ~CUgraph_st() {
        for (auto& n : nodes) {
            delete n->child;
            for (cudaGraph_t body : n->bodies) delete body;
        }
    }
};

struct CUgraphExec_st {
    // The graph's nodes in the order they run, with their own copies of what
    // they do (a later change to the graph does not change an instance).
    struct Step {
        cudaGraphNode_t origin;
        std::function<cudaError_t()> run;
        void* allocation = nullptr;  // an allocation node's address
    };
    std::vector<Step> steps;
    std::vector<cudaGraphConditionalHandle> conditions;
    // Its own copies of child and body graphs: it outlives the graph.
    std::vector<cudaGraph_t> owned;
    ~CUgraphExec_st() {
        for (cudaGraph_t g : owned) delete g;
    }
};

namespace simt::cuda {

// Guards the captures and the graphs being built.
extern std::mutex graphs_mutex;
// A stream being captured: into which graph, after which nodes.
struct Capture {
    cudaGraph_t graph;
    std::vector<cudaGraphNode_t> dependencies;
};
std::map<cudaStream_t, Capture>& captures();

cudaGraphNode_t add_node(cudaGraph_t graph, cudaGraphNodeType type, std::function<cudaError_t()> run,
                         const cudaGraphNode_t* dependencies, std::size_t count);
bool belongs(cudaGraph_t graph, cudaGraphNode_t node);
// The checks every cudaGraphAdd*Node makes on where the node goes.
cudaError_t check_placement(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                            std::size_t count);
cudaError_t kernel_step(const cudaKernelNodeParams* p, std::function<cudaError_t()>& run);
cudaError_t instantiate(cudaGraphExec_t* exec, cudaGraph_t graph);
cudaGraph_t clone(cudaGraph_t original);
// A child graph runs as one node: its own nodes in their order.
std::function<cudaError_t()> run_graph(cudaGraph_t graph);

// graph_conditionals.cpp: a conditional node's work, and the reset of the
// handles an instance's launch asks for.
std::function<cudaError_t()> conditional_run(cudaGraphConditionalHandle handle, cudaGraphConditionalNodeType type,
                                             const std::vector<cudaGraph_t>& bodies);
void assign_defaults(const std::vector<cudaGraphConditionalHandle>& handles);

// graph_memory.cpp: an allocation node's and a free node's work (address
// fixed when the node is made).
cudaError_t add_alloc_node(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                           std::size_t count, cudaMemAllocNodeParams* params, const void* site);
cudaError_t add_free_node(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                          std::size_t count, void* pointer);
// cudaMallocAsync and cudaFreeAsync on a stream being captured.
cudaError_t capture_allocation(cudaStream_t stream, void** ptr, std::size_t bytes, const void* site);
cudaError_t capture_free(cudaStream_t stream, void* ptr);
// Whether `ptr` is the start of a graph allocation; ending its life (false:
// it was not live).
bool is_graph_allocation(void* ptr);
bool graph_allocation_live(void* ptr);
bool end_graph_allocation(void* ptr);

// runtime_api.cpp: device memory for a graph allocation, and what the
// checkers hear of it.
cudaError_t reserve_graph_memory(void** ptr, std::size_t bytes, const char* name, const void* site);
void announce_graph_memory(void* ptr, bool live);
void release_graph_memory(void* ptr);

}  // namespace simt::cuda
