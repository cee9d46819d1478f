// CUDA graphs: stream capture and explicit graphs of kernel, memcpy, memset,
// host, empty and child-graph nodes (memory and conditional nodes:
// simt/graph_nodes.h). A graph is a list of nodes with their
// dependencies; launching an instantiated graph runs the nodes in an order
// that respects them (insertion order among the ready ones), each as the
// call it stands for would run: launches and copies complete in turn, so a
// graph launch has finished when cudaGraphLaunch returns.
#pragma once

#include <cstddef>
#include <functional>

#include "simt/cuda_arrays.h"
#include "simt/runtime_api.h"
#include "simt/streams.h"

struct CUgraph_st;
struct CUgraphExec_st;
struct CUgraphNode_st;
typedef CUgraph_st* cudaGraph_t;
typedef CUgraphExec_st* cudaGraphExec_t;
typedef CUgraphNode_st* cudaGraphNode_t;

enum cudaStreamCaptureMode {
    cudaStreamCaptureModeGlobal = 0,
    cudaStreamCaptureModeThreadLocal = 1,
    cudaStreamCaptureModeRelaxed = 2,
};
enum cudaStreamCaptureStatus {
    cudaStreamCaptureStatusNone = 0,
    cudaStreamCaptureStatusActive = 1,
    cudaStreamCaptureStatusInvalidated = 2,
};
enum cudaGraphNodeType {
    cudaGraphNodeTypeKernel = 0x00,
    cudaGraphNodeTypeMemcpy = 0x01,
    cudaGraphNodeTypeMemset = 0x02,
    cudaGraphNodeTypeHost = 0x03,
    cudaGraphNodeTypeGraph = 0x04,
    cudaGraphNodeTypeEmpty = 0x05,
    cudaGraphNodeTypeWaitEvent = 0x06,
    cudaGraphNodeTypeEventRecord = 0x07,
    cudaGraphNodeTypeMemAlloc = 0x0a,
    cudaGraphNodeTypeMemFree = 0x0b,
    cudaGraphNodeTypeConditional = 0x0d,
    cudaGraphNodeTypeExtSemaphoreSignal = 8,
    cudaGraphNodeTypeExtSemaphoreWait = 9,
    cudaGraphNodeTypeCount = 14,
};
enum cudaGraphExecUpdateResult {
    cudaGraphExecUpdateSuccess = 0x0,
    cudaGraphExecUpdateError = 0x1,
    cudaGraphExecUpdateErrorTopologyChanged = 0x2,
    cudaGraphExecUpdateErrorNodeTypeChanged = 0x3,
    cudaGraphExecUpdateErrorFunctionChanged = 0x4,
    cudaGraphExecUpdateErrorParametersChanged = 0x5,
    cudaGraphExecUpdateErrorNotSupported = 0x6,
    cudaGraphExecUpdateErrorUnsupportedFunctionChange = 0x7,
    cudaGraphExecUpdateErrorAttributesChanged = 0x8,
};
struct cudaGraphExecUpdateResultInfo {
    cudaGraphExecUpdateResult result;
    cudaGraphNode_t errorNode;
    cudaGraphNode_t errorFromNode;
};
#define cudaGraphInstantiateFlagAutoFreeOnLaunch 1
#define cudaGraphInstantiateFlagUpload 2
#define cudaGraphInstantiateFlagDeviceLaunch 4
#define cudaGraphInstantiateFlagUseNodePriority 8

// gridDim and blockDim are macros here (simt/builtin_variables.h): the
// source rewriter renames `.gridDim`/`.blockDim` member accesses to these.
struct cudaKernelNodeParams {
    void* func;
    dim3 simt_gridDim;
    dim3 simt_blockDim;
    unsigned sharedMemBytes;
    void** kernelParams;
    void** extra;
};
struct cudaMemsetParams {
    void* dst;
    std::size_t pitch;
    unsigned value;
    unsigned elementSize;
    std::size_t width;
    std::size_t height;
};
struct cudaHostNodeParams {
    cudaHostFn_t fn;
    void* userData;
};

SIMT_C_API cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode);
SIMT_C_API cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph);
SIMT_C_API cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status);

SIMT_C_API cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned flags);
SIMT_C_API cudaError_t cudaGraphDestroy(cudaGraph_t graph);
SIMT_C_API cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t original);
SIMT_C_API cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   std::size_t count, const cudaKernelNodeParams* params);
SIMT_C_API cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* params);
SIMT_C_API cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* params);
SIMT_C_API cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   std::size_t count, const cudaMemsetParams* params);
SIMT_C_API cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   std::size_t count, const cudaMemcpy3DParms* params);
SIMT_C_API cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms* params);
SIMT_C_API cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms* params);
SIMT_C_API cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     std::size_t count, void* dst, const void* src, std::size_t bytes,
                                     cudaMemcpyKind kind);
SIMT_C_API cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                 std::size_t count, const cudaHostNodeParams* params);
SIMT_C_API cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                  std::size_t count);
SIMT_C_API cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                       std::size_t count, cudaGraph_t child);
SIMT_C_API cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     std::size_t count);
SIMT_C_API cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count);
SIMT_C_API cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count);
SIMT_C_API cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type);

SIMT_C_API cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags = 0);
// CUDA 11's form, which CUDA 12's cuda_runtime.h still accepts from C++.
cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, cudaGraphNode_t* error_node,
                                 char* log, std::size_t log_size);
SIMT_C_API cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags);
SIMT_C_API cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream);
SIMT_C_API cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t stream);
SIMT_C_API cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
SIMT_C_API cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* params);
SIMT_C_API cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphExecUpdateResultInfo* info);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphNode_t* error_node,
                                cudaGraphExecUpdateResult* result);

#include "simt/graph_nodes.h"

namespace simt::cuda {
// While `stream` is captured: adds a node of this type that runs `run` when
// the graph does, and says so; while stream work waits behind a launch that
// waits for the host (simt/launch.h: defer_work), queues `run` behind it
// (false: neither, do the work now).
bool capture(cudaStream_t stream, cudaGraphNodeType type, std::function<cudaError_t()> run);
// An event recorded on a captured stream, and a stream waiting for it (which
// joins the capture).
void capture_event(cudaEvent_t event, cudaStream_t stream);
void capture_wait(cudaStream_t stream, cudaEvent_t event);
}  // namespace simt::cuda
