// Launch shapes, built-in variables, kernel arguments and launch errors.
#include "support.h"

namespace {

__global__ void record_coordinates(uint3* threads, uint3* blocks, dim3* dims) {
    const unsigned block = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
    const unsigned local = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    const unsigned global = block * (blockDim.x * blockDim.y * blockDim.z) + local;
    threads[global] = threadIdx;
    blocks[global] = blockIdx;
    if (global == 0) {
        dims[0] = blockDim;
        dims[1] = gridDim;
    }
}

struct Params {
    int scale;
    int offset;
};

__device__ int apply(const Params& p, int x) { return p.scale * x + p.offset; }

__global__ void by_value(Params p, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = apply(p, i);
    p.scale = 0;  // a kernel's copy of its argument; nobody else sees this
}

template <class T>
__global__ void fill(T* out, T value, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) out[i] = value;
}

__global__ void write_warp_size(int* out) { out[threadIdx.x] = warpSize; }

#define FILL_THREADS 64
__global__ void __launch_bounds__(2 * FILL_THREADS, 4) launch_bounded_fill(int* out) { out[threadIdx.x] = 1; }

}  // namespace

TEST_CASE("every thread of a 3-D grid of 3-D blocks sees its own threadIdx, blockIdx, blockDim, gridDim") {
    SIMT_EACH_MODE();
    const dim3 grid(3, 2, 2), block(4, 3, 2);
    const int total = 12 * 24;
    simt::test::Managed<uint3> threads(total), blocks(total);
    simt::test::Managed<dim3> dims(2);
    record_coordinates<<<grid, block>>>(threads, blocks, dims);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(dims[0].x == 4);
    CHECK(dims[0].y == 3);
    CHECK(dims[0].z == 2);
    CHECK(dims[1].x == 3);
    CHECK(dims[1].y == 2);
    CHECK(dims[1].z == 2);
    int i = 0;
    for (unsigned bz = 0; bz < 2; ++bz)
        for (unsigned by = 0; by < 2; ++by)
            for (unsigned bx = 0; bx < 3; ++bx)
                for (unsigned tz = 0; tz < 2; ++tz)
                    for (unsigned ty = 0; ty < 3; ++ty)
                        for (unsigned tx = 0; tx < 4; ++tx, ++i) {
                            REQUIRE(threads[i].x == tx);
                            REQUIRE(threads[i].y == ty);
                            REQUIRE(threads[i].z == tz);
                            REQUIRE(blocks[i].x == bx);
                            REQUIRE(blocks[i].y == by);
                            REQUIRE(blocks[i].z == bz);
                        }
}

TEST_CASE("kernel arguments are copied per launch: structs by value, device helpers, a stream argument of 0") {
    SIMT_EACH_MODE();
    const int n = 1000;
    simt::test::Managed<int> out(n, -1);
    Params p{3, 7};
    by_value<<<(n + 127) / 128, 128, 0, 0>>>(p, out, n);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(p.scale == 3);
    for (int i = 0; i < n; ++i) REQUIRE(out[i] == 3 * i + 7);
}

TEST_CASE("template kernels launch with deduced and explicit template arguments") {
    SIMT_EACH_MODE();
    simt::test::Managed<double> d(300);
    simt::test::Managed<int> k(300);
    fill<<<2, 64>>>(d.get(), 2.5, 300);
    fill<int><<<dim3(3), dim3(32)>>>(k.get(), 42, 300);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 300; ++i) {
        REQUIRE(d[i] == 2.5);
        REQUIRE(k[i] == 42);
    }
}

TEST_CASE("warpSize follows --warp-size") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> out(8);
    write_warp_size<<<1, 8>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 8; ++i) CHECK(out[i] == int(opts.warp_size));
    cudaDeviceProp prop;
    REQUIRE(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
    CHECK(prop.warpSize == int(opts.warp_size));
    CHECK(prop.maxThreadsPerBlock == 1024);
    CHECK(prop.sharedMemPerBlock == 48 * 1024);
}

TEST_CASE("a block of more than 1024 threads is rejected with cudaErrorInvalidConfiguration and nothing runs") {
    simt::cuda::reset_device(simt::EngineOptions{});
    simt::test::Managed<int> out(4, 7);
    fill<<<1, 1025>>>(out.get(), 1, 4);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    CHECK(cudaGetLastError() == cudaSuccess);  // not sticky: the device still works
    CHECK(out[0] == 7);
    fill<<<dim3(1), dim3(32, 32, 2)>>>(out.get(), 1, 4);
    CHECK(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    fill<<<1, 4>>>(out.get(), 5, 4);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 5);
}

TEST_CASE("a block larger than the kernel's __launch_bounds__ is refused with cudaErrorInvalidValue, as on an H100, and the bound is its attribute") {
    // docs/gpu-runs/2026-12-07-h100-probes (g05): __launch_bounds__(128),
    // a launch of 256 threads: cudaErrorInvalidValue; maxThreadsPerBlock 128.
    simt::cuda::reset_device(simt::EngineOptions{});
    simt::test::Managed<int> out(256, 7);
    launch_bounded_fill<<<1, 256>>>(out.get());
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaSuccess);  // not sticky
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 7);  // nothing ran
    launch_bounded_fill<<<1, dim3(2, 64)>>>(out.get());
    CHECK(cudaGetLastError() == cudaSuccess);  // 128 threads: within the bound
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 1);
    cudaFuncAttributes a{};
    REQUIRE(cudaFuncGetAttributes(&a, launch_bounded_fill) == cudaSuccess);
    CHECK(a.maxThreadsPerBlock == 128);
    REQUIRE(cudaFuncGetAttributes(&a, write_warp_size) == cudaSuccess);
    CHECK(a.maxThreadsPerBlock == 1024);
}

TEST_CASE("a zero grid or block dimension is rejected with cudaErrorInvalidConfiguration") {
    simt::cuda::reset_device(simt::EngineOptions{});
    simt::test::Managed<int> out(4, 7);
    fill<<<0, 32>>>(out.get(), 1, 4);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    fill<<<dim3(1, 0), 32>>>(out.get(), 1, 4);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    fill<<<1, dim3(32, 1, 0)>>>(out.get(), 1, 4);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    fill<<<1, dim3(1, 1, 65)>>>(out.get(), 1, 4);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    CHECK(out[0] == 7);
}

TEST_CASE("the C++ API launches a kernel function from ordinary C++ on the same engine") {
    simt::cuda::reset_device(simt::EngineOptions{});
    simt::test::Managed<int> out(64, 0);
    simt::cuda::launch_config("fill", dim3(2), dim3(32)).run(fill<int>, out.get(), 9, 64);
    REQUIRE(cudaGetLastError() == cudaSuccess);
    for (int i = 0; i < 64; ++i) REQUIRE(out[i] == 9);
}

namespace {
__global__ void double_plus_one(int* data, int base) { data[base + threadIdx.x] = data[base + threadIdx.x] * 2 + 1; }

__global__ void parent_of_children(int* data) {
    const int base = blockIdx.x * blockDim.x;
    data[base + threadIdx.x] = base + threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) double_plus_one<<<1, blockDim.x>>>(data, base);
}

__global__ void recurse_forever(int depth, int* deepest) {
    deepest[0] = depth;
    recurse_forever<<<1, 1>>>(depth + 1, deepest);
}
}  // namespace

TEST_CASE("a kernel launches child grids from device code, they run after it and see what it wrote") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> data(96, -1);
    parent_of_children<<<3, 32>>>(data);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 96; ++i) CHECK(data[i] == i * 2 + 1);
}

TEST_CASE("device-side launches nested deeper than CUDA's 24 levels fail with a clear error") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> deepest(1, 0);
    recurse_forever<<<1, 1>>>(1, deepest);
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    CHECK(deepest[0] == 24);
}

TEST_CASE("a graph's 3-D memcpy node copies a pitched region when the graph runs, with the parameters it was given") {
    SIMT_EACH_MODE();
    constexpr int w = 8, h = 4;
    float host[h][w], back[h][w] = {};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) host[y][x] = float(y * 10 + x);
    float* device = nullptr;
    std::size_t pitch = 0;
    REQUIRE(cudaMallocPitch(&device, &pitch, w * sizeof(float), h) == cudaSuccess);
    cudaMemcpy3DParms up = {};
    up.srcPtr = make_cudaPitchedPtr(host, w * sizeof(float), w, h);
    up.dstPtr = make_cudaPitchedPtr(device, pitch, w, h);
    up.extent = make_cudaExtent(w * sizeof(float), h, 1);
    up.kind = cudaMemcpyHostToDevice;
    cudaMemcpy3DParms down = up;
    down.srcPtr = up.dstPtr;
    down.dstPtr = make_cudaPitchedPtr(back, w * sizeof(float), w, h);
    down.kind = cudaMemcpyDeviceToHost;
    cudaGraph_t graph;
    REQUIRE(cudaGraphCreate(&graph, 0) == cudaSuccess);
    cudaGraphNode_t first, second;
    REQUIRE(cudaGraphAddMemcpyNode(&first, graph, nullptr, 0, &up) == cudaSuccess);
    REQUIRE(cudaGraphAddMemcpyNode(&second, graph, &first, 1, &down) == cudaSuccess);
    CHECK(back[h - 1][w - 1] == 0.0f);  // nothing runs before the graph does
    cudaGraphExec_t exec;
    REQUIRE(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess);
    REQUIRE(cudaGraphLaunch(exec, 0) == cudaSuccess);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) CHECK(back[y][x] == host[y][x]);
    cudaMemcpy3DParms read = {};
    REQUIRE(cudaGraphMemcpyNodeGetParams(second, &read) == cudaSuccess);
    CHECK(read.dstPtr.ptr == static_cast<void*>(back));
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(device);
}
