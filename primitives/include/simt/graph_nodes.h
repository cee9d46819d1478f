// CUDA graph nodes beyond simt/graphs.h's: memory nodes (an allocation's
// address is fixed when its node is made; it is live from the node's run to
// a free node, cudaFree or cudaFreeAsync), conditional nodes (if, while and
// switch over body graphs, on a value kernels set with
// cudaGraphSetConditional), the generic cudaGraphAddNode, and the capture
// calls of CUDA 12.3 and later that name a graph and its dependencies.
#pragma once

#include <cstddef>

#include "simt/host_memory.h"
#include "simt/runtime_api.h"

enum cudaMemAllocationType {
    cudaMemAllocationTypeInvalid = 0x0,
    cudaMemAllocationTypePinned = 0x1,
    cudaMemAllocationTypeMax = 0x7FFFFFFF,
};
enum cudaMemAllocationHandleType {
    cudaMemHandleTypeNone = 0x0,
    cudaMemHandleTypePosixFileDescriptor = 0x1,
    cudaMemHandleTypeWin32 = 0x2,
    cudaMemHandleTypeWin32Kmt = 0x4,
    cudaMemHandleTypeFabric = 0x8,
};
enum cudaMemAccessFlags {
    cudaMemAccessFlagsProtNone = 0,
    cudaMemAccessFlagsProtRead = 1,
    cudaMemAccessFlagsProtReadWrite = 3,
};
struct cudaMemPoolProps {
    cudaMemAllocationType allocType;
    cudaMemAllocationHandleType handleTypes;
    cudaMemLocation location;
    void* win32SecurityAttributes;
    std::size_t maxSize;
    unsigned short usage;
    unsigned char reserved[54];
};
struct cudaMemAccessDesc {
    cudaMemLocation location;
    cudaMemAccessFlags flags;
};
struct cudaMemAllocNodeParams {
    cudaMemPoolProps poolProps;
    const cudaMemAccessDesc* accessDescs;
    std::size_t accessDescCount;
    std::size_t bytesize;
    void* dptr;  // out: the allocation's address, fixed for the node's life
};
typedef cudaMemAllocNodeParams cudaMemAllocNodeParamsV2;
struct cudaMemFreeNodeParams {
    void* dptr;
};

enum cudaGraphMemAttributeType {
    cudaGraphMemAttrUsedMemCurrent = 0x0,
    cudaGraphMemAttrUsedMemHigh = 0x1,
    cudaGraphMemAttrReservedMemCurrent = 0x2,
    cudaGraphMemAttrReservedMemHigh = 0x3,
};

SIMT_C_API cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     std::size_t count, cudaMemAllocNodeParams* params);
SIMT_C_API cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* params);
SIMT_C_API cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                    std::size_t count, void* pointer);
SIMT_C_API cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* pointer);
// Bytes of graph allocations: live now (used) and held for graphs
// (reserved), with their highest values; the high marks reset to 0.
SIMT_C_API cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value);
SIMT_C_API cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value);
SIMT_C_API cudaError_t cudaDeviceGraphMemTrim(int device);

typedef unsigned long long cudaGraphConditionalHandle;
enum cudaGraphConditionalHandleFlags { cudaGraphCondAssignDefault = 1 };
enum cudaGraphConditionalNodeType {
    cudaGraphCondTypeIf = 0,
    cudaGraphCondTypeWhile = 1,
    cudaGraphCondTypeSwitch = 2,
};
struct cudaConditionalNodeParams {
    cudaGraphConditionalHandle handle;
    cudaGraphConditionalNodeType type;
    unsigned int size;          // bodies: 1 (while), 1 or 2 (if, else), any (switch)
    cudaGraph_t* phGraph_out;   // out: the bodies, owned by the node
};

// A dim3 that leaves a union's default constructor trivial (CUDA's
// cudaGraphNodeParams is zero-initialised with `= {type}`).
struct simt_plain_dim3 {
    unsigned int x, y, z;
    operator dim3() const { return dim3(x, y, z); }
    simt_plain_dim3& operator=(dim3 d) {
        x = d.x;
        y = d.y;
        z = d.z;
        return *this;
    }
};
// `.gridDim`/`.blockDim` are renamed by the source rewriter (see cudaKernelNodeParams).
struct cudaKernelNodeParamsV2 {
    void* func;
    simt_plain_dim3 simt_gridDim;
    simt_plain_dim3 simt_blockDim;
    unsigned int sharedMemBytes;
    void** kernelParams;
    void** extra;
    void* ctx;
};
struct cudaMemsetParamsV2 {
    void* dst;
    std::size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    std::size_t width;
    std::size_t height;
    void* ctx;
};
struct cudaHostNodeParamsV2 {
    cudaHostFn_t fn;
    void* userData;
};
struct cudaChildGraphNodeParams {
    cudaGraph_t graph;
    int ownership;
};
struct cudaGraphNodeParams {
    cudaGraphNodeType type;
    int reserved0[3];
    union {
        long long reserved1[29];
        cudaKernelNodeParamsV2 kernel;
        cudaMemsetParamsV2 memset;
        cudaHostNodeParamsV2 host;
        cudaChildGraphNodeParams graph;
        cudaMemAllocNodeParamsV2 alloc;
        cudaMemFreeNodeParams free;
        cudaConditionalNodeParams conditional;
    };
    long long reserved2;
};
struct cudaGraphEdgeData {
    unsigned char from_port;
    unsigned char to_port;
    unsigned char type;
    unsigned char reserved[5];
};

SIMT_C_API cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* handle, cudaGraph_t graph,
                                             unsigned default_value = 0, unsigned flags = 0);
// Called by kernels: the value the conditional node reads when it runs.
SIMT_C_API void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned value);
// Kernel, empty, host, memset, child-graph, memory and conditional nodes.
cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                             const cudaGraphEdgeData* edges, std::size_t count, cudaGraphNodeParams* params);
// CUDA 12.2's form, without edge data.
SIMT_C_API cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                             std::size_t count, cudaGraphNodeParams* params);

enum cudaStreamUpdateCaptureDependenciesFlags {
    cudaStreamAddCaptureDependencies = 0x0,
    cudaStreamSetCaptureDependencies = 0x1,
};
// Captures into an existing graph, after the given nodes.
SIMT_C_API cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* edges, std::size_t count,
                                          cudaStreamCaptureMode mode);
// CUDA 13's form; CUDA 12's six-argument form without edge data follows.
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status,
                                     unsigned long long* id = nullptr, cudaGraph_t* graph = nullptr,
                                     const cudaGraphNode_t** dependencies = nullptr,
                                     const cudaGraphEdgeData** edges = nullptr, std::size_t* count = nullptr);
SIMT_C_API cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status, unsigned long long* id,
                                     cudaGraph_t* graph, const cudaGraphNode_t** dependencies, std::size_t* count);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* edges, std::size_t count,
                                                unsigned flags = 0);
SIMT_C_API cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies, std::size_t count,
                                                unsigned flags = 0);
