// The runtime API around launches that real programs call: streams, events
// and host callbacks; registered and mapped host memory; pointer attributes
// and memory information; stream-ordered allocation and the default pool;
// managed-memory hints; symbols; occupancy and kernel attributes; device
// flags; the device clock and __CUDA_ARCH__. Prints error names and counts
// only, so the output is the same on a GPU (docs/gpu-runs/).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define SHOW(call) std::printf("%-44s %s\n", #call, cudaGetErrorName(call))

__device__ int counter;
__constant__ float weights[8];

__global__ void add_one(int* data, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += 1;
}

__global__ void tile_sum(const float* in, float* out) {
    __shared__ float tile[256];
    tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (unsigned i = 0; i < blockDim.x; ++i) s += tile[i];
        out[blockIdx.x] = s;
    }
}

__global__ void dynamic_sum(const float* in, float* out) {
    extern __shared__ float buffer[];
    buffer[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (unsigned i = 0; i < blockDim.x; ++i) s += buffer[i];
        *out = s;
    }
}

__global__ void count(int* mapped) {
    atomicAdd(&counter, 1);
    atomicAdd(mapped, 1);
}

// Spins for `cycles` of the device clock, as cuda-samples' clock_block does,
// and records how many readings that took and whether the clock went forward.
__global__ void spin(long long cycles, int* forward) {
    const long long start = clock64();
    long long now = start;
    while (now - start < cycles) now = clock64();
    const clock_t a = clock(), b = clock();
    *forward = now - start >= cycles && b >= a;
}

__global__ void which_arch(int* arch) {
#ifdef __CUDA_ARCH__
    *arch = __CUDA_ARCH__;
#else
    *arch = -1;
#endif
}

void CUDART_CB host_function(void* data) { ++*static_cast<int*>(data); }
void CUDART_CB stream_callback(cudaStream_t, cudaError_t status, void* data) {
    *static_cast<int*>(data) += status == cudaSuccess ? 10 : 1000;
}
size_t shared_for(int block) { return size_t(block) * sizeof(float); }

int main() {
    std::printf("-- streams and events\n");
    cudaStream_t s, low;
    SHOW(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    SHOW(cudaStreamCreateWithPriority(&low, cudaStreamDefault, 100));
    unsigned flags = 99;
    int priority = 99;
    SHOW(cudaStreamGetFlags(s, &flags));
    SHOW(cudaStreamGetPriority(low, &priority));
    std::printf("flags %u, priority clamped to %d\n", flags, priority);
    int* data;
    SHOW(cudaMallocManaged(&data, 256 * sizeof(int)));
    for (int i = 0; i < 256; ++i) data[i] = i;
    cudaEvent_t start, stop, untimed;
    SHOW(cudaEventCreate(&start));
    SHOW(cudaEventCreate(&stop));
    SHOW(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    SHOW(cudaEventQuery(stop));  // never recorded: complete
    SHOW(cudaEventRecord(start, s));
    add_one<<<2, 128, 0, s>>>(data, 256);
    SHOW(cudaEventRecord(stop, s));
    SHOW(cudaEventRecord(untimed, s));
    SHOW(cudaStreamWaitEvent(low, stop, 0));
    add_one<<<2, 128, 0, low>>>(data, 256);
    int calls = 0;
    SHOW(cudaLaunchHostFunc(low, host_function, &calls));
    SHOW(cudaStreamAddCallback(low, stream_callback, &calls, 0));
    SHOW(cudaStreamSynchronize(low));
    std::printf("host function and callback: %d\n", calls);
    SHOW(cudaEventSynchronize(stop));
    SHOW(cudaEventQuery(stop));
    SHOW(cudaStreamQuery(s));
    float ms = -1;
    SHOW(cudaEventElapsedTime(&ms, start, stop));
    std::printf("elapsed time not negative: %s\n", ms >= 0 ? "yes" : "no");
    SHOW(cudaEventElapsedTime(&ms, start, untimed));
    int wrong = 0;
    for (int i = 0; i < 256; ++i) wrong += data[i] != i + 2;
    std::printf("two ordered launches: %d wrong\n", wrong);
    SHOW(cudaEventDestroy(untimed));
    SHOW(cudaStreamDestroy(low));

    std::printf("-- host memory\n");
    int* pinned;
    SHOW(cudaHostAlloc(&pinned, sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable));
    *pinned = 0;
    int* pinned_device = nullptr;
    SHOW(cudaHostGetDevicePointer(&pinned_device, pinned, 0));
    SHOW(cudaHostGetFlags(&flags, pinned));
    std::printf("pinned flags include mapped: %s\n", (flags & cudaHostAllocMapped) ? "yes" : "no");
    int* plain = static_cast<int*>(std::malloc(4096));
    *plain = 0;
    SHOW(cudaHostRegister(plain, 4096, cudaHostRegisterMapped));
    SHOW(cudaHostRegister(plain, 4096, cudaHostRegisterMapped));
    int* plain_device = nullptr;
    SHOW(cudaHostGetDevicePointer(&plain_device, plain, 0));
    count<<<2, 32>>>(plain_device);
    count<<<1, 32>>>(pinned_device);
    SHOW(cudaDeviceSynchronize());
    int counted = 0;
    SHOW(cudaMemcpyFromSymbol(&counted, counter, sizeof(int)));
    std::printf("registered %d, pinned %d, counter %d\n", *plain, *pinned, counted);
    SHOW(cudaHostUnregister(plain));
    SHOW(cudaHostUnregister(plain));
    std::free(plain);

    std::printf("-- pointer attributes and memory information\n");
    float* device;
    SHOW(cudaMalloc(&device, 1 << 20));
    cudaPointerAttributes a;
    SHOW(cudaPointerGetAttributes(&a, device));
    std::printf("device: type %d device %d host pointer %s\n", int(a.type), a.device, a.hostPointer ? "set" : "null");
    SHOW(cudaPointerGetAttributes(&a, data));
    std::printf("managed: type %d, host pointer %s\n", int(a.type), a.hostPointer == data ? "itself" : "other");
    SHOW(cudaPointerGetAttributes(&a, pinned));
    std::printf("pinned: type %d\n", int(a.type));
    int on_stack = 0;
    SHOW(cudaPointerGetAttributes(&a, &on_stack));
    std::printf("unregistered: type %d\n", int(a.type));
    size_t free_before = 0, total = 0, free_after = 0;
    SHOW(cudaMemGetInfo(&free_before, &total));
    float* big;
    SHOW(cudaMalloc(&big, 64 << 20));
    SHOW(cudaMemGetInfo(&free_after, &total));
    std::printf("64 MiB allocated: free fell by at least that: %s; total above free: %s\n",
                free_before - free_after >= (64u << 20) ? "yes" : "no", total > free_after ? "yes" : "no");
    SHOW(cudaFree(big));

    std::printf("-- stream-ordered allocation\n");
    cudaMemPool_t pool;
    SHOW(cudaDeviceGetDefaultMemPool(&pool, 0));
    unsigned long long threshold = ~0ull, read_back = 0;
    SHOW(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    SHOW(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &read_back));
    std::printf("release threshold read back: %s\n", read_back == threshold ? "yes" : "no");
    int* async_data;
    SHOW(cudaMallocAsync(&async_data, 256 * sizeof(int), s));
    SHOW(cudaMemcpyAsync(async_data, data, 256 * sizeof(int), cudaMemcpyDefault, s));
    add_one<<<1, 256, 0, s>>>(async_data, 256);
    int back[256];
    SHOW(cudaMemcpyAsync(back, async_data, sizeof back, cudaMemcpyDeviceToHost, s));
    SHOW(cudaFreeAsync(async_data, s));
    SHOW(cudaStreamSynchronize(s));
    wrong = 0;
    for (int i = 0; i < 256; ++i) wrong += back[i] != i + 3;
    std::printf("through cudaMallocAsync: %d wrong\n", wrong);

    std::printf("-- managed memory hints\n");
    // CUDA 13 takes a location (and flags) where CUDA 12 took a device number.
#if CUDART_VERSION >= 13000
    const cudaMemLocation gpu = {cudaMemLocationTypeDevice, 0}, cpu = {cudaMemLocationTypeHost, 0};
#define PREFETCH(p, bytes, where, stream) cudaMemPrefetchAsync(p, bytes, where, 0, stream)
#else
    const int gpu = 0, cpu = cudaCpuDeviceId;
#define PREFETCH(p, bytes, where, stream) cudaMemPrefetchAsync(p, bytes, where, stream)
#endif
    SHOW(PREFETCH(data, 256 * sizeof(int), gpu, s));
    SHOW(PREFETCH(data, 256 * sizeof(int), cpu, s));
    SHOW(cudaMemAdvise(data, 256 * sizeof(int), cudaMemAdviseSetReadMostly, gpu));
    SHOW(cudaMemAdvise(data, 256 * sizeof(int), cudaMemAdviseSetPreferredLocation, cpu));
    SHOW(cudaStreamAttachMemAsync(s, data, 0, cudaMemAttachGlobal));
    SHOW(cudaStreamSynchronize(s));

    std::printf("-- symbols\n");
    float w[8] = {1, 2, 3, 4, 5, 6, 7, 8}, w_back[8] = {};
    SHOW(cudaMemcpyToSymbolAsync(weights, w, sizeof w, 0, cudaMemcpyHostToDevice, s));
    SHOW(cudaMemcpyFromSymbolAsync(w_back, weights, 4 * sizeof(float), 4 * sizeof(float), cudaMemcpyDeviceToHost, s));
    SHOW(cudaStreamSynchronize(s));
    std::printf("weights 4..7 read back: %g %g %g %g\n", w_back[0], w_back[1], w_back[2], w_back[3]);
    void* counter_address = nullptr;
    size_t counter_size = 0;
    SHOW(cudaGetSymbolAddress(&counter_address, counter));
    SHOW(cudaGetSymbolSize(&counter_size, weights));
    SHOW(cudaMemset(counter_address, 0, sizeof(int)));
    SHOW(cudaMemcpyFromSymbol(&counted, counter, sizeof(int)));
    std::printf("counter cleared through its address: %d; weights %zu bytes\n", counted, counter_size);

    std::printf("-- occupancy and kernel attributes\n");
    const int sizes[] = {32, 64, 96, 128, 256, 512, 768, 1024};
    for (int size : sizes) {
        int blocks = -1;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add_one, size, 0);
        std::printf("add_one, %4d threads: %2d blocks per multiprocessor\n", size, blocks);
    }
    const size_t shared[] = {0, 1024, 16384, 49152, 100000};
    for (size_t bytes : shared) {
        int blocks = -1;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, dynamic_sum, 128, bytes);
        std::printf("dynamic_sum, 128 threads, %6zu bytes: %2d blocks\n", bytes, blocks);
    }
    int blocks = -1;
    SHOW(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, tile_sum, 256, 0));
    std::printf("tile_sum (1 KiB static), 256 threads: %d blocks\n", blocks);
    SHOW(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add_one, 2048, 0));
    std::printf("2048 threads: %d blocks\n", blocks);
    int min_grid = -1, block = -1;
    SHOW(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, add_one, 0, 0));
    std::printf("add_one: block %d, minimum grid %d\n", block, min_grid);
    SHOW(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, add_one, 0, 200));
    std::printf("add_one, at most 200: block %d, minimum grid %d\n", block, min_grid);
    SHOW(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&min_grid, &block, dynamic_sum, shared_for));
    std::printf("dynamic_sum, 4 bytes per thread: block %d, minimum grid %d\n", block, min_grid);
    size_t available = 0;
    SHOW(cudaOccupancyAvailableDynamicSMemPerBlock(&available, dynamic_sum, 4, 128));
    std::printf("dynamic shared memory for 4 blocks of 128: %zu bytes\n", available);
    cudaFuncAttributes attributes;
    SHOW(cudaFuncGetAttributes(&attributes, tile_sum));
    std::printf("tile_sum: %zu static shared bytes, %d threads at most, %d dynamic bytes at most\n",
                attributes.sharedSizeBytes, attributes.maxThreadsPerBlock, attributes.maxDynamicSharedSizeBytes);
    SHOW(cudaFuncSetAttribute(dynamic_sum, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000));
    SHOW(cudaFuncGetAttributes(&attributes, dynamic_sum));
    std::printf("dynamic_sum after opting in: %d dynamic bytes at most\n", attributes.maxDynamicSharedSizeBytes);

    std::printf("-- device settings\n");
    SHOW(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
    SHOW(cudaGetDeviceFlags(&flags));
    std::printf("device flags: blocking sync %s, map host %s\n", (flags & cudaDeviceScheduleBlockingSync) ? "yes" : "no",
                (flags & cudaDeviceMapHost) ? "yes" : "no");
    SHOW(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield));
    SHOW(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    cudaFuncCache cache;
    SHOW(cudaDeviceGetCacheConfig(&cache));
    std::printf("cache preference: %d\n", int(cache));
    SHOW(cudaFuncSetCacheConfig(add_one, cudaFuncCachePreferL1));
    int chosen = -1, peer = -1;
    cudaDeviceProp wanted = {};
    wanted.major = 9;
    SHOW(cudaChooseDevice(&chosen, &wanted));
    SHOW(cudaDeviceCanAccessPeer(&peer, 0, 0));
    std::printf("chosen device %d, peer access to itself %d\n", chosen, peer);

    std::printf("-- device clock and architecture\n");
    int* result;
    SHOW(cudaMallocManaged(&result, 2 * sizeof(int)));
    int khz = 0;
    SHOW(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
    spin<<<1, 1>>>(khz * 10ll, result);  // 10 ms of device cycles
    which_arch<<<1, 1>>>(result + 1);
    SHOW(cudaDeviceSynchronize());
    std::printf("a 10 ms spin on clock64 ended, the clock went forward: %s\n", result[0] ? "yes" : "no");
    std::printf("__CUDA_ARCH__ in a kernel: %s\n", result[1] >= 900 ? "sm_90 or later" : "older or undefined");
    SHOW(cudaFree(result));
    SHOW(cudaFree(device));
    SHOW(cudaFree(data));
    SHOW(cudaFreeHost(pinned));
    SHOW(cudaStreamDestroy(s));
    SHOW(cudaEventDestroy(start));
    SHOW(cudaEventDestroy(stop));
    SHOW(cudaGetLastError());
    return 0;
}
