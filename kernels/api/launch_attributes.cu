// Stream attributes (the L2 access policy window, priority), the
// persisting-L2 limit, peer attributes of the one device, and IPC handles
// inside one process: what each call returns and what reads back. Prints
// error names, read-back values and facts, never sizes that differ by GPU.
#include <cstdio>
#include <cstring>

__global__ void scale(int* data, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= 3;
}

static const char* name(cudaError_t e) { return cudaGetErrorName(e); }

int main() {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    std::printf("persisting L2 %d, window max %d\n", prop.persistingL2CacheMaxSize > 0,
                prop.accessPolicyMaxWindowSize > 0);
    int attribute = 0;
    cudaDeviceGetAttribute(&attribute, cudaDevAttrMaxPersistingL2CacheSize, 0);
    std::printf("attribute matches %d\n", attribute == prop.persistingL2CacheMaxSize);
    cudaDeviceGetAttribute(&attribute, cudaDevAttrMaxAccessPolicyWindowSize, 0);
    std::printf("attribute matches %d\n", attribute == prop.accessPolicyMaxWindowSize);
    std::printf("set persisting limit: %s\n",
                name(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, prop.persistingL2CacheMaxSize / 2)));
    size_t limit = 0;
    const cudaError_t got_limit = cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize);
    std::printf("get persisting limit: %s, within the maximum %d, nonzero %d\n", name(got_limit),
                limit <= size_t(prop.persistingL2CacheMaxSize), limit > 0);

    const int n = 1 << 16;
    int* data = nullptr;
    cudaMalloc(&data, n * sizeof(int));
    cudaMemset(data, 0, n * sizeof(int));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaStreamAttrValue value = {};
    value.accessPolicyWindow.base_ptr = data;
    value.accessPolicyWindow.num_bytes = n * sizeof(int);
    value.accessPolicyWindow.hitRatio = 0.6f;
    value.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    value.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    std::printf("set window: %s\n", name(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &value)));
    cudaStreamAttrValue back = {};
    const cudaError_t got = cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &back);
    std::printf("get window: %s, base %d, bytes %zu, hit ratio %.2f, hit %d, miss %d\n", name(got),
                back.accessPolicyWindow.base_ptr == data, back.accessPolicyWindow.num_bytes,
                back.accessPolicyWindow.hitRatio, int(back.accessPolicyWindow.hitProp),
                int(back.accessPolicyWindow.missProp));
    scale<<<n / 256, 256, 0, stream>>>(data, n);
    std::printf("launch in the stream: %s\n", name(cudaStreamSynchronize(stream)));
    cudaStreamAttrValue priority = {};
    const cudaError_t got_priority = cudaStreamGetAttribute(stream, cudaStreamAttributePriority, &priority);
    std::printf("get priority: %s, %d\n", name(got_priority), priority.priority);

    cudaStreamAttrValue too_large = value;
    too_large.accessPolicyWindow.num_bytes = size_t(prop.accessPolicyMaxWindowSize) + 1;
    std::printf("window past the maximum: %s\n",
                name(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &too_large)));
    cudaGetLastError();
    cudaStreamAttrValue bad_ratio = value;
    bad_ratio.accessPolicyWindow.hitRatio = 1.5f;
    std::printf("hit ratio 1.5: %s\n",
                name(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &bad_ratio)));
    cudaGetLastError();
    std::printf("reset persisting lines: %s\n", name(cudaCtxResetPersistingL2Cache()));
    cudaStreamAttrValue off = {};
    off.accessPolicyWindow.num_bytes = 0;
    std::printf("window off: %s\n", name(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &off)));
    const cudaError_t got_off = cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &back);
    std::printf("get window: %s, bytes %zu\n", name(got_off), back.accessPolicyWindow.num_bytes);

    int peer = -1;
    const cudaError_t same = cudaDeviceGetP2PAttribute(&peer, cudaDevP2PAttrAccessSupported, 0, 0);
    std::printf("P2P access 0 to 0: %s, %d\n", name(same), peer);
    cudaGetLastError();
    peer = -1;
    const cudaError_t other = cudaDeviceGetP2PAttribute(&peer, cudaDevP2PAttrPerformanceRank, 0, 1);
    std::printf("P2P rank 0 to 1: %s, %d\n", name(other), peer);
    cudaGetLastError();

    cudaIpcMemHandle_t handle;
    std::memset(&handle, 0, sizeof handle);
    std::printf("IPC mem handle: %s, size %zu\n", name(cudaIpcGetMemHandle(&handle, data)), sizeof handle);
    void* opened = nullptr;
    const cudaError_t open = cudaIpcOpenMemHandle(&opened, handle, cudaIpcMemLazyEnablePeerAccess);
    std::printf("open in the same process: %s\n", name(open));
    cudaGetLastError();
    if (open == cudaSuccess) std::printf("close: %s\n", name(cudaIpcCloseMemHandle(opened)));
    std::printf("IPC handle of an offset: %s\n", name(cudaIpcGetMemHandle(&handle, data + 16)));
    cudaGetLastError();
    cudaEvent_t event;
    cudaEventCreateWithFlags(&event, cudaEventDisableTiming | cudaEventInterprocess);
    cudaIpcEventHandle_t event_handle;
    std::printf("IPC event handle: %s, size %zu\n", name(cudaIpcGetEventHandle(&event_handle, event)),
                sizeof event_handle);
    cudaEvent_t opened_event = nullptr;
    const cudaError_t open_event = cudaIpcOpenEventHandle(&opened_event, event_handle);
    std::printf("open event in the same process: %s\n", name(open_event));
    cudaGetLastError();
    cudaEvent_t plain;
    cudaEventCreate(&plain);
    std::printf("IPC handle of a timing event: %s\n", name(cudaIpcGetEventHandle(&event_handle, plain)));
    cudaGetLastError();

    int host[2];
    cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("data %d %d\n", host[0], host[1]);
    cudaEventDestroy(event);
    cudaEventDestroy(plain);
    cudaStreamDestroy(stream);
    cudaFree(data);
    std::printf("last error: %s\n", name(cudaGetLastError()));
    return 0;
}
