// CUDA graph memory nodes and conditional nodes: allocation and free nodes
// (explicit and captured from cudaMallocAsync/cudaFreeAsync), the graph
// memory attributes, if/else, while and switch nodes whose kernels set the
// condition, a body captured with cudaStreamBeginCaptureToGraph after
// cudaStreamGetCaptureInfo and cudaStreamUpdateCaptureDependencies, and what
// these calls return when misused. Prints results and error names only.
#include <cstdio>

__global__ void fill(int* data, int n, int base) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = base + i;
}
__global__ void sum(const int* data, int n, int* out) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += data[i];
    *out = s;
}
__global__ void set_condition(cudaGraphConditionalHandle handle, const int* value) {
    cudaGraphSetConditional(handle, unsigned(*value));
}
__global__ void add(int* log, int digit) { *log = *log * 10 + digit; }
// A while body's last kernel: counts down and stops the loop at zero.
__global__ void count_down(int* counter, int* log, cudaGraphConditionalHandle handle) {
    *log = *log * 10 + *counter;
    if (--*counter == 0) cudaGraphSetConditional(handle, 0);
}

static const char* name(cudaError_t e) { return cudaGetErrorName(e); }

static cudaMemAllocNodeParams alloc_params(size_t bytes) {
    cudaMemAllocNodeParams p = {};
    p.poolProps.allocType = cudaMemAllocationTypePinned;
    p.poolProps.location.type = cudaMemLocationTypeDevice;
    p.poolProps.location.id = 0;
    p.bytesize = bytes;
    return p;
}

static cudaGraphNode_t kernel_node(cudaGraph_t graph, const cudaGraphNode_t* after, size_t count, void* func,
                                   void** args) {
    cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};
    p.kernel.func = func;
    p.kernel.gridDim.x = p.kernel.gridDim.y = p.kernel.gridDim.z = 1;
    p.kernel.blockDim.x = p.kernel.blockDim.y = p.kernel.blockDim.z = 1;
    p.kernel.kernelParams = args;
    cudaGraphNode_t node = nullptr;
    cudaError_t e = cudaGraphAddNode(&node, graph, after, nullptr, count, &p);
    if (e != cudaSuccess) std::printf("cudaGraphAddNode (kernel): %s\n", name(e));
    return node;
}

static void memory_nodes(int* result) {
    std::printf("-- memory nodes\n");
    const int n = 256;
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaMemAllocNodeParams p = alloc_params(n * sizeof(int));
    cudaGraphNode_t alloc, filled, summed, freed;
    const cudaError_t added = cudaGraphAddMemAllocNode(&alloc, graph, nullptr, 0, &p);
    std::printf("cudaGraphAddMemAllocNode: %s, address set %d\n", name(added), p.dptr != nullptr);
    int* data = static_cast<int*>(p.dptr);
    int base = 1000;
    int count = n;
    void* fill_args[] = {&data, &count, &base};
    cudaKernelNodeParams k = {};
    k.func = (void*)fill;
    k.gridDim = dim3(2);
    k.blockDim = dim3(128);
    k.kernelParams = fill_args;
    cudaGraphAddKernelNode(&filled, graph, &alloc, 1, &k);
    void* sum_args[] = {&data, &count, &result};
    summed = kernel_node(graph, &filled, 1, (void*)sum, sum_args);
    std::printf("cudaGraphAddMemFreeNode: %s\n", name(cudaGraphAddMemFreeNode(&freed, graph, &summed, 1, data)));
    cudaMemAllocNodeParams back = {};
    cudaGraphMemAllocNodeGetParams(alloc, &back);
    void* freed_pointer = nullptr;
    cudaGraphMemFreeNodeGetParams(freed, &freed_pointer);
    cudaGraphNodeType alloc_type, free_type;
    cudaGraphNodeGetType(alloc, &alloc_type);
    cudaGraphNodeGetType(freed, &free_type);
    std::printf("params: %zu bytes, same address %d, free node's %d; node types %d %d\n", back.bytesize,
                back.dptr == p.dptr, freed_pointer == p.dptr, int(alloc_type), int(free_type));
    cudaGraphExec_t exec;
    std::printf("instantiate: %s\n", name(cudaGraphInstantiate(&exec, graph, 0)));
    for (int launch = 0; launch < 2; ++launch) {
        cudaError_t e = cudaGraphLaunch(exec, 0);
        cudaError_t s = cudaStreamSynchronize(0);
        std::printf("launch %d: %s %s, sum %d\n", launch, name(e), name(s), *result);
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);

    // Not freed in the graph: live after the launch, freed by the program.
    cudaGraph_t keep;
    cudaGraphCreate(&keep, 0);
    cudaMemAllocNodeParams q = alloc_params(1 << 20);
    cudaGraphNode_t alloc2, filled2;
    cudaGraphAddMemAllocNode(&alloc2, keep, nullptr, 0, &q);
    int* kept = static_cast<int*>(q.dptr);
    int base2 = 7;
    void* fill2_args[] = {&kept, &count, &base2};
    k.kernelParams = fill2_args;
    cudaGraphAddKernelNode(&filled2, keep, &alloc2, 1, &k);
    cudaGraphExec_t exec2;
    cudaGraphInstantiate(&exec2, keep, 0);
    std::printf("launch without a free node: %s\n", name(cudaGraphLaunch(exec2, 0)));
    cudaStreamSynchronize(0);
    unsigned long long used = 0, reserved = 0;
    std::printf("get used: %s\n", name(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used)));
    std::printf("get reserved: %s\n",
                name(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemCurrent, &reserved)));
    std::printf("used at least 1 MiB %d, reserved at least used %d\n", used >= (1u << 20), reserved >= used);
    int host[4];
    cudaMemcpy(host, kept + 252, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("kept allocation reads %d %d %d %d\n", host[0], host[1], host[2], host[3]);
    cudaError_t again = cudaGraphLaunch(exec2, 0);
    std::printf("launch again while live: %s, then sync %s\n", name(again), name(cudaStreamSynchronize(0)));
    cudaGetLastError();
    std::printf("cudaFree of a graph allocation: %s\n", name(cudaFree(kept)));
    std::printf("cudaFree again: %s\n", name(cudaFree(kept)));
    cudaGetLastError();
    const cudaError_t relaunched = cudaGraphLaunch(exec2, 0);
    std::printf("launch after the free: %s %s\n", name(relaunched), name(cudaStreamSynchronize(0)));
    const cudaError_t freed_async = cudaFreeAsync(kept, 0);
    std::printf("cudaFreeAsync of it: %s %s\n", name(freed_async), name(cudaStreamSynchronize(0)));
    unsigned long long zero = 0, one = 1;
    std::printf("reset used high: %s\n", name(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &zero)));
    std::printf("set used high to 1: %s\n", name(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &one)));
    cudaGetLastError();
    std::printf("set used current: %s\n",
                name(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &zero)));
    cudaGetLastError();
    std::printf("trim: %s\n", name(cudaDeviceGraphMemTrim(0)));
    cudaGraphExecDestroy(exec2);
    cudaGraphDestroy(keep);

    // Misuse: what the calls return.
    cudaGraph_t bad;
    cudaGraphCreate(&bad, 0);
    int* plain = nullptr;
    cudaMalloc(&plain, 64);
    cudaGraphNode_t node;
    std::printf("free node of cudaMalloc memory: %s\n", name(cudaGraphAddMemFreeNode(&node, bad, nullptr, 0, plain)));
    cudaGetLastError();
    cudaMemAllocNodeParams empty = alloc_params(0);
    std::printf("allocation node of 0 bytes: %s\n", name(cudaGraphAddMemAllocNode(&node, bad, nullptr, 0, &empty)));
    cudaGetLastError();
    cudaMemAllocNodeParams nowhere = alloc_params(64);
    nowhere.poolProps.location.type = cudaMemLocationTypeInvalid;
    std::printf("allocation node with no location: %s\n",
                name(cudaGraphAddMemAllocNode(&node, bad, nullptr, 0, &nowhere)));
    cudaGetLastError();
    cudaFree(plain);
    cudaGraphDestroy(bad);
}

static void captured_memory(int* result) {
    std::printf("-- captured cudaMallocAsync and cudaFreeAsync\n");
    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    const int n = 100;
    int* data = nullptr;
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    std::printf("cudaMallocAsync: %s\n", name(cudaMallocAsync(&data, n * sizeof(int), stream)));
    fill<<<1, 128, 0, stream>>>(data, n, 5);
    sum<<<1, 1, 0, stream>>>(data, n, result);
    std::printf("cudaFreeAsync: %s\n", name(cudaFreeAsync(data, stream)));
    cudaGraph_t graph;
    std::printf("end capture: %s\n", name(cudaStreamEndCapture(stream, &graph)));
    size_t count = 0;
    cudaGraphGetNodes(graph, nullptr, &count);
    cudaGraphNode_t nodes[8];
    cudaGraphGetNodes(graph, nodes, &count);
    std::printf("%zu nodes:", count);
    for (size_t i = 0; i < count; ++i) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(nodes[i], &t);
        std::printf(" %d", int(t));
    }
    std::printf("\n");
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    for (int launch = 0; launch < 2; ++launch) {
        *result = 0;
        cudaGraphLaunch(exec, stream);
        const cudaError_t synced = cudaStreamSynchronize(stream);
        std::printf("launch %d: %s, sum %d\n", launch, name(synced), *result);
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);

    int* plain = nullptr;
    cudaMalloc(&plain, 64);
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    cudaError_t e = cudaFreeAsync(plain, stream);
    cudaGraph_t broken = nullptr;
    cudaError_t end = cudaStreamEndCapture(stream, &broken);
    std::printf("captured cudaFreeAsync of cudaMalloc memory: %s, end capture %s\n", name(e), name(end));
    cudaGetLastError();
    if (broken != nullptr) cudaGraphDestroy(broken);
    cudaFree(plain);
    cudaStreamDestroy(stream);
}

static void conditionals(int* log, int* value) {
    std::printf("-- conditional nodes\n");
    // if / else on a value a kernel reads from memory.
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaGraphConditionalHandle handle;
    std::printf("handle: %s\n", name(cudaGraphConditionalHandleCreate(&handle, graph)));
    void* set_args[] = {&handle, &value};
    cudaGraphNode_t setter = kernel_node(graph, nullptr, 0, (void*)set_condition, set_args);
    cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = handle;
    c.conditional.type = cudaGraphCondTypeIf;
    c.conditional.size = 2;
    cudaGraphNode_t node;
    std::printf("if node: %s\n", name(cudaGraphAddNode(&node, graph, &setter, nullptr, 1, &c)));
    int one = 1, two = 2;
    void* then_args[] = {&log, &one};
    void* else_args[] = {&log, &two};
    kernel_node(c.conditional.phGraph_out[0], nullptr, 0, (void*)add, then_args);
    kernel_node(c.conditional.phGraph_out[1], nullptr, 0, (void*)add, else_args);
    cudaGraphNodeType type;
    cudaGraphNodeGetType(node, &type);
    std::printf("node type %d\n", int(type));
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    *log = 0;
    for (int v : {0, 5, 0}) {
        *value = v;
        cudaGraphLaunch(exec, 0);
        cudaStreamSynchronize(0);
    }
    std::printf("if/else with 0, 5, 0: %d\n", *log);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);

    // while: the body counts down from the value; the default starts the loop.
    cudaGraphCreate(&graph, 0);
    cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault);
    c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = handle;
    c.conditional.type = cudaGraphCondTypeWhile;
    c.conditional.size = 1;
    std::printf("while node: %s\n", name(cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &c)));
    void* down_args[] = {&value, &log, &handle};
    kernel_node(c.conditional.phGraph_out[0], nullptr, 0, (void*)count_down, down_args);
    cudaGraphInstantiate(&exec, graph, 0);
    *log = 0;
    *value = 4;
    cudaGraphLaunch(exec, 0);
    cudaStreamSynchronize(0);
    std::printf("while from 4: log %d, counter %d\n", *log, *value);
    *value = 2;
    cudaGraphLaunch(exec, 0);
    const cudaError_t synced = cudaStreamSynchronize(0);
    std::printf("again from 2: %s, log %d\n", name(synced), *log);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);

    // switch over four bodies; a value past the last runs none.
    cudaGraphCreate(&graph, 0);
    cudaGraphConditionalHandleCreate(&handle, graph);
    setter = kernel_node(graph, nullptr, 0, (void*)set_condition, set_args);
    c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = handle;
    c.conditional.type = cudaGraphCondTypeSwitch;
    c.conditional.size = 4;
    std::printf("switch node: %s\n", name(cudaGraphAddNode(&node, graph, &setter, nullptr, 1, &c)));
    int digits[4] = {6, 7, 8, 9};
    void* case_args[4][2];
    for (int i = 0; i < 4; ++i) {
        case_args[i][0] = &log;
        case_args[i][1] = &digits[i];
        kernel_node(c.conditional.phGraph_out[i], nullptr, 0, (void*)add, case_args[i]);
    }
    cudaGraphInstantiate(&exec, graph, 0);
    *log = 0;
    for (int v : {3, 0, 9, 2}) {
        *value = v;
        cudaGraphLaunch(exec, 0);
        cudaStreamSynchronize(0);
    }
    std::printf("switch on 3, 0, 9, 2: %d\n", *log);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);

    // Misuse.
    cudaGraphCreate(&graph, 0);
    cudaGraphConditionalHandleCreate(&handle, graph);
    c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = handle;
    c.conditional.type = cudaGraphCondTypeIf;
    c.conditional.size = 3;
    std::printf("if node with 3 bodies: %s\n", name(cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &c)));
    cudaGetLastError();
    c.conditional.type = cudaGraphCondTypeWhile;
    c.conditional.size = 2;
    std::printf("while node with 2 bodies: %s\n", name(cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &c)));
    cudaGetLastError();
    std::printf("handle with flags 2: %s\n", name(cudaGraphConditionalHandleCreate(&handle, graph, 0, 2)));
    cudaGetLastError();
    cudaGraphDestroy(graph);
}

// A while node added to a graph being captured; its body captured on another stream.
static void captured_conditional(int* log, int* value) {
    std::printf("-- conditional node in a capture\n");
    cudaStream_t stream, body_stream;
    cudaStreamCreate(&stream);
    cudaStreamCreate(&body_stream);
    cudaStreamCaptureStatus status;
    cudaGraph_t graph = nullptr;
    const cudaGraphNode_t* dependencies = nullptr;
    size_t count = 7;
    const cudaError_t info = cudaStreamGetCaptureInfo(stream, &status, nullptr, nullptr, nullptr, nullptr, nullptr);
    std::printf("info before: %s, status %d\n", name(info), int(status));
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    add<<<1, 1, 0, stream>>>(log, 1);
    cudaStreamGetCaptureInfo(stream, &status, nullptr, &graph, &dependencies, nullptr, &count);
    std::printf("info: status %d, %zu dependency\n", int(status), count);
    cudaGraphConditionalHandle handle;
    cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault);
    cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
    c.conditional.handle = handle;
    c.conditional.type = cudaGraphCondTypeWhile;
    c.conditional.size = 1;
    cudaGraphNode_t node;
    std::printf("while node: %s\n", name(cudaGraphAddNode(&node, graph, dependencies, nullptr, count, &c)));
    std::printf("update dependencies: %s\n",
                name(cudaStreamUpdateCaptureDependencies(stream, &node, nullptr, 1, cudaStreamSetCaptureDependencies)));
    add<<<1, 1, 0, stream>>>(log, 9);
    std::printf("capture the body: %s\n", name(cudaStreamBeginCaptureToGraph(body_stream, c.conditional.phGraph_out[0],
                                                                             nullptr, nullptr, 0,
                                                                             cudaStreamCaptureModeGlobal)));
    add<<<1, 1, 0, body_stream>>>(log, 5);
    count_down<<<1, 1, 0, body_stream>>>(value, log, handle);
    cudaGraph_t body = nullptr;
    cudaStreamEndCapture(body_stream, &body);
    std::printf("body capture ended into its graph: %d\n", body == c.conditional.phGraph_out[0]);
    cudaStreamEndCapture(stream, &graph);
    cudaGraphGetNodes(graph, nullptr, &count);
    std::printf("outer graph: %zu nodes\n", count);
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    *log = 0;
    *value = 3;
    cudaGraphLaunch(exec, stream);
    const cudaError_t synced = cudaStreamSynchronize(stream);
    std::printf("launch: %s, log %d\n", name(synced), *log);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(stream);
    cudaStreamDestroy(body_stream);
}

int main() {
    int *result, *log, *value;
    cudaMallocManaged(&result, sizeof(int));
    cudaMallocManaged(&log, sizeof(int));
    cudaMallocManaged(&value, sizeof(int));
    memory_nodes(result);
    captured_memory(result);
    conditionals(log, value);
    captured_conditional(log, value);
    cudaFree(result);
    cudaFree(log);
    cudaFree(value);
    std::printf("last error: %s\n", name(cudaGetLastError()));
    return 0;
}
