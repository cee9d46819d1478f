// What real CUDA code asks of the device and the toolkit before it starts:
// the macros nvcc and cuda_runtime.h define, cudaDeviceGetAttribute (which
// must agree with cudaGetDeviceProperties) and its errors, the versions.
// cuda-samples' helper_cuda.h needs all of these.
#include <cstdio>
#include <cuda_runtime.h>

int main() {
#if defined(__CUDACC__) && defined(__NVCC__) && defined(__CUDA_RUNTIME_H__) && defined(__DRIVER_TYPES_H__) && \
    CUDART_VERSION >= 12000 && __CUDACC_VER_MAJOR__ >= 12
    std::printf("macros: defined\n");
#else
    std::printf("macros: missing\n");
#endif
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    int warp = 0, sms = 0, major = 0, minor = 0, threads = 0, shared = 0, optin = 0;
    cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);
    cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0);
    cudaDeviceGetAttribute(&shared, cudaDevAttrMaxSharedMemoryPerBlock, 0);
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
    const bool agree = warp == p.warpSize && sms == p.multiProcessorCount && major == p.major && minor == p.minor &&
                       threads == p.maxThreadsPerBlock && shared == int(p.sharedMemPerBlock) &&
                       optin == int(p.sharedMemPerBlockOptin);
    std::printf("attributes agree with the properties: %s\n", agree ? "yes" : "no");
    std::printf("compute capability %d.%d, warp %d, %d threads per block, %d bytes of shared memory\n", major, minor,
                warp, threads, shared);
    int mode = -1;
    cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, 0);
    std::printf("compute mode default: %s\n", mode == cudaComputeModeDefault ? "yes" : "no");
    int v = 0;
    std::printf("unknown attribute: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&v, cudaDeviceAttr(100000), 0)));
    std::printf("device 7: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 7)));
    std::printf("null value: %s\n", cudaGetErrorName(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0)));
    std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    std::printf("versions at least 12.0: %s\n", runtime >= 12000 && driver >= runtime ? "yes" : "no");
    return 0;
}
