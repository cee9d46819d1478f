// Kernels launched by address and CUDA graphs: cudaLaunchKernel and
// cudaLaunchCooperativeKernel with (void*)kernel, stream capture (with a
// second stream forked and joined through events), explicit graphs of
// memset, kernel, memcpy, host, empty and child-graph nodes, kernel node
// parameters changed in an instance, and an instance updated from a
// recaptured graph. Prints values and error names only.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float* data, float factor, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

__global__ void add(float* data, const float* other, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += other[i];
}

__global__ void fill(float* data, float value, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = value;
}

void CUDART_CB count_call(void* calls) { ++*static_cast<int*>(calls); }

float sum(const float* host, int n) {
    float s = 0;
    for (int i = 0; i < n; ++i) s += host[i];
    return s;
}

int main() {
    const int n = 256;
    float *a, *b, host[n];
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));

    std::printf("-- launches by address\n");
    float value = 2.0f, factor = 3.0f;
    int count = n;
    void* fill_args[] = {&a, &value, &count};
    std::printf("cudaLaunchKernel: %s\n", cudaGetErrorName(cudaLaunchKernel((void*)fill, dim3(2), dim3(128), fill_args, 0, 0)));
    void* scale_args[] = {&a, &factor, &count};
    std::printf("cudaLaunchCooperativeKernel: %s\n",
                cudaGetErrorName(cudaLaunchCooperativeKernel((void*)scale, dim3(2), dim3(128), scale_args, 0, 0)));
    cudaMemcpy(host, a, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("sum %g (expected %g)\n", sum(host, n), 6.0 * n);

    std::printf("-- stream capture\n");
    cudaStream_t s, side;
    cudaStreamCreate(&s);
    cudaStreamCreate(&side);
    cudaEvent_t forked, joined;
    cudaEventCreate(&forked);
    cudaEventCreate(&joined);
    int calls = 0;
    cudaStreamCaptureStatus status;
    std::printf("begin: %s\n", cudaGetErrorName(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal)));
    cudaStreamIsCapturing(s, &status);
    std::printf("capturing: %d\n", int(status));
    fill<<<2, 128, 0, s>>>(a, 1.0f, n);
    cudaEventRecord(forked, s);
    cudaStreamWaitEvent(side, forked, 0);
    fill<<<2, 128, 0, side>>>(b, 0.5f, n);
    cudaEventRecord(joined, side);
    cudaStreamWaitEvent(s, joined, 0);
    add<<<2, 128, 0, s>>>(a, b, n);
    cudaMemcpyAsync(host, a, sizeof host, cudaMemcpyDeviceToHost, s);
    cudaLaunchHostFunc(s, count_call, &calls);
    cudaGraph_t captured;
    std::printf("end: %s\n", cudaGetErrorName(cudaStreamEndCapture(s, &captured)));
    cudaStreamIsCapturing(s, &status);
    std::printf("capturing after: %d; host function ran during capture: %d\n", int(status), calls);
    size_t nodes = 0;
    cudaGraphGetNodes(captured, nullptr, &nodes);
    std::printf("nodes captured: %zu\n", nodes);
    cudaGraphExec_t exec;
    std::printf("instantiate: %s\n", cudaGetErrorName(cudaGraphInstantiate(&exec, captured, 0)));
    for (int i = 0; i < 3; ++i) {
        host[0] = -1;
        cudaGraphLaunch(exec, s);
        cudaStreamSynchronize(s);
        std::printf("launch %d: sum %g, host function calls %d\n", i, sum(host, n), calls);
    }

    std::printf("-- explicit graph\n");
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaGraphNode_t clear, first, second, copy, note, empty;
    cudaMemsetParams m = {};
    m.dst = b;
    m.value = 0;
    m.elementSize = 4;
    m.width = n;
    m.height = 1;
    std::printf("memset node: %s\n", cudaGetErrorName(cudaGraphAddMemsetNode(&clear, graph, nullptr, 0, &m)));
    float four = 4.0f;
    void* first_args[] = {&b, &four, &count};
    cudaKernelNodeParams k = {};
    k.func = (void*)fill;
    k.gridDim = dim3(2);
    k.blockDim = dim3(128);
    k.kernelParams = first_args;
    std::printf("kernel node: %s\n", cudaGetErrorName(cudaGraphAddKernelNode(&first, graph, &clear, 1, &k)));
    four = 100.0f;  // the node copied its arguments when it was added
    float half = 0.5f;
    void* second_args[] = {&b, &half, &count};
    cudaKernelNodeParams k2 = k;
    k2.func = (void*)scale;
    k2.kernelParams = second_args;
    cudaGraphAddKernelNode(&second, graph, &first, 1, &k2);
    cudaGraphAddEmptyNode(&empty, graph, &second, 1);
    std::printf("memcpy node: %s\n",
                cudaGetErrorName(cudaGraphAddMemcpyNode1D(&copy, graph, &empty, 1, host, b, sizeof host, cudaMemcpyDeviceToHost)));
    cudaHostNodeParams h = {count_call, &calls};
    cudaGraphAddHostNode(&note, graph, &copy, 1, &h);
    cudaGraphNodeType type;
    cudaGraphNodeGetType(second, &type);
    cudaGraphGetNodes(graph, nullptr, &nodes);
    std::printf("nodes: %zu, second is a kernel node: %s\n", nodes, type == cudaGraphNodeTypeKernel ? "yes" : "no");
    cudaGraphExec_t explicit_exec;
    cudaGraphInstantiate(&explicit_exec, graph, 0);
    calls = 0;
    cudaGraphLaunch(explicit_exec, s);
    cudaStreamSynchronize(s);
    std::printf("launch: sum %g, calls %d\n", sum(host, n), calls);
    float quarter = 0.25f;
    void* changed_args[] = {&b, &quarter, &count};
    k2.kernelParams = changed_args;
    std::printf("set params in the instance: %s\n",
                cudaGetErrorName(cudaGraphExecKernelNodeSetParams(explicit_exec, second, &k2)));
    cudaGraphLaunch(explicit_exec, s);
    cudaStreamSynchronize(s);
    std::printf("launch: sum %g, calls %d\n", sum(host, n), calls);

    std::printf("-- child graph and update\n");
    cudaGraph_t outer;
    cudaGraphCreate(&outer, 0);
    cudaGraphNode_t child;
    std::printf("child node: %s\n", cudaGetErrorName(cudaGraphAddChildGraphNode(&child, outer, nullptr, 0, graph)));
    cudaGraphExec_t outer_exec;
    cudaGraphInstantiate(&outer_exec, outer, 0);
    cudaGraphLaunch(outer_exec, s);
    cudaStreamSynchronize(s);
    std::printf("child graph launch: sum %g, calls %d\n", sum(host, n), calls);
    // Recapture the same shape with other values; update the first instance.
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    fill<<<2, 128, 0, s>>>(a, 5.0f, n);
    cudaEventRecord(forked, s);
    cudaStreamWaitEvent(side, forked, 0);
    fill<<<2, 128, 0, side>>>(b, 1.5f, n);
    cudaEventRecord(joined, side);
    cudaStreamWaitEvent(s, joined, 0);
    add<<<2, 128, 0, s>>>(a, b, n);
    cudaMemcpyAsync(host, a, sizeof host, cudaMemcpyDeviceToHost, s);
    cudaLaunchHostFunc(s, count_call, &calls);
    cudaGraph_t recaptured;
    cudaStreamEndCapture(s, &recaptured);
    cudaGraphExecUpdateResultInfo info;
    const cudaError_t updated = cudaGraphExecUpdate(exec, recaptured, &info);
    std::printf("update: %s, result %d\n", cudaGetErrorName(updated), int(info.result));
    cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    std::printf("updated launch: sum %g\n", sum(host, n));

    cudaGraphExecDestroy(exec);
    cudaGraphExecDestroy(explicit_exec);
    cudaGraphExecDestroy(outer_exec);
    cudaGraphDestroy(captured);
    cudaGraphDestroy(recaptured);
    cudaGraphDestroy(graph);
    cudaGraphDestroy(outer);
    cudaFree(a);
    cudaFree(b);
    std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
