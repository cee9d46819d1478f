// Shared (static, 2-D, struct, dynamic), constant and __device__ memory, and
// the runtime's memory API.
#include "support.h"

#include <unistd.h>

#include <cstring>

namespace {

struct Pair {
    int key;
    float value;
};

__global__ void transpose_tile(const float* in, float* out, int n) {
    __shared__ float tile[16][17];
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    const int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
    if (tx < n && ty < n) out[ty * n + tx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void reverse_pairs(Pair* data) {
    __shared__ Pair pairs[64];
    const int t = threadIdx.x;
    pairs[t] = data[t];
    __syncthreads();
    data[t] = pairs[63 - t];
}

// A class with a constructor, as __half is: arrays of it declared together.
struct Fixed {
    Fixed() = default;
    explicit Fixed(int v) : raw(short(v * 4)) {}
    short raw;
};

__global__ void swap_halves(int* data) {
    __shared__ Fixed low[32], high[32];
    const int t = threadIdx.x;
    (t < 32 ? low[t] : high[t - 32]) = Fixed(data[t]);
    __syncthreads();
    data[t] = (t < 32 ? high[t] : low[t - 32]).raw;
}

__global__ void reverse_dynamic(int* data, int n) {
    extern __shared__ int buffer[];
    const int t = threadIdx.x;
    buffer[t] = data[blockIdx.x * n + t];
    __syncthreads();
    data[blockIdx.x * n + t] = buffer[n - 1 - t];
}

__constant__ float coefficients[4];
// A const __constant__ next to a writable one, as cuda-samples' dxtc has
// them: g++ keeps them in separate sections (the rewriter marks the const one).
__constant__ float blend[4] = {4.0f, 0.0f, 2.0f, 2.0f};
__constant__ const int products[4] = {0x040000, 0x000400, 0x040101, 0x010401};

__global__ void blend_products(int* out) { out[threadIdx.x] = int(blend[threadIdx.x]) * products[threadIdx.x]; }
__device__ int launches_seen;
__device__ float table[3] = {1.5f, 2.5f, 3.5f};

__global__ void polynomial(const float* x, float* y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) atomicAdd(&launches_seen, 1);
    if (i < n) y[i] = coefficients[0] + x[i] * (coefficients[1] + x[i] * (coefficients[2] + x[i] * coefficients[3])) + table[i % 3];
}

__global__ void uses_dynamic(char* out) {
    extern __shared__ char big[];
    big[threadIdx.x] = char(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = big[threadIdx.x];
}

}  // namespace

TEST_CASE("a 2-D __shared__ tile transposes a matrix") {
    SIMT_EACH_MODE();
    const int n = 40;
    simt::test::Managed<float> in(n * n), out(n * n);
    for (int i = 0; i < n * n; ++i) in[i] = float(i);
    transpose_tile<<<dim3(3, 3), dim3(16, 16)>>>(in, out, n);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) REQUIRE(out[x * n + y] == in[y * n + x]);
}

TEST_CASE("a __shared__ array of structs is per block") {
    SIMT_EACH_MODE();
    simt::test::Managed<Pair> data(64);
    for (int i = 0; i < 64; ++i) data[i] = Pair{i, float(i) / 2};
    reverse_pairs<<<1, 64>>>(data);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 64; ++i) {
        REQUIRE(data[i].key == 63 - i);
        REQUIRE(data[i].value == float(63 - i) / 2);
    }
}

TEST_CASE("__shared__ arrays of a class type declared together are separate arrays, each within its bounds") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> data(64);
    for (int i = 0; i < 64; ++i) data[i] = i;
    swap_halves<<<1, 64>>>(data);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 64; ++i) REQUIRE(data[i] == 4 * ((i + 32) % 64));
}

TEST_CASE("extern __shared__ takes its size from the launch, one buffer per block") {
    SIMT_EACH_MODE();
    const int n = 100, blocks = 5;
    simt::test::Managed<int> data(n * blocks);
    for (int i = 0; i < n * blocks; ++i) data[i] = i;
    reverse_dynamic<<<blocks, n, n * sizeof(int)>>>(data, n);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < n; ++t) REQUIRE(data[b * n + t] == b * n + (n - 1 - t));
}

TEST_CASE("__constant__ memory is set with cudaMemcpyToSymbol, __device__ variables persist across launches") {
    SIMT_EACH_MODE();
    const float c[4] = {1.0f, 2.0f, 0.5f, 0.25f};
    REQUIRE(cudaMemcpyToSymbol(coefficients, c, sizeof c) == cudaSuccess);
    const int zero = 0;
    REQUIRE(cudaMemcpyToSymbol(launches_seen, &zero, sizeof zero) == cudaSuccess);
    const int n = 50;
    simt::test::Managed<float> x(n), y(n);
    for (int i = 0; i < n; ++i) x[i] = float(i) * 0.1f;
    polynomial<<<1, 64>>>(x, y, n);
    polynomial<<<1, 64>>>(x, y, n);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    const float tables[3] = {1.5f, 2.5f, 3.5f};
    for (int i = 0; i < n; ++i)
        REQUIRE(y[i] == Approx(1.0f + x[i] * (2.0f + x[i] * (0.5f + x[i] * 0.25f)) + tables[i % 3]));
    int seen = 0;
    REQUIRE(cudaMemcpyFromSymbol(&seen, launches_seen, sizeof seen) == cudaSuccess);
    CHECK(seen == 2);
    float back[4];
    REQUIRE(cudaMemcpyFromSymbol(back, coefficients, sizeof back) == cudaSuccess);
    CHECK(back[3] == 0.25f);
    CHECK(cudaMemcpyToSymbol(coefficients, c, sizeof c, 4) == cudaErrorInvalidValue);
}

TEST_CASE("const and writable __constant__ variables side by side compile and read as constant memory") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(4);
    blend_products<<<1, 4>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 4 * 0x040000);
    CHECK(out[1] == 0);
    CHECK(out[2] == 2 * 0x040101);
    CHECK(out[3] == 2 * 0x010401);
}

TEST_CASE("cudaMemcpy in every direction and cudaMemset move the bytes they name") {
    simt::cuda::reset_device(simt::EngineOptions{});
    int* d = nullptr;
    int* e = nullptr;
    REQUIRE(cudaMalloc(&d, 64 * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaMalloc(&e, 64 * sizeof(int)) == cudaSuccess);
    std::vector<int> host(64), back(64, 0);
    for (int i = 0; i < 64; ++i) host[i] = i * i;
    REQUIRE(cudaMemcpy(d, host.data(), 64 * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess);
    REQUIRE(cudaMemcpy(e, d, 64 * sizeof(int), cudaMemcpyDeviceToDevice) == cudaSuccess);
    REQUIRE(cudaMemset(e, 0, 8 * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaMemcpy(back.data(), e, 64 * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 8; ++i) CHECK(back[i] == 0);
    for (int i = 8; i < 64; ++i) CHECK(back[i] == i * i);
    CHECK(cudaMemcpy(back.data(), e, 4, cudaMemcpyKind(7)) == cudaErrorInvalidMemcpyDirection);
    CHECK(cudaGetLastError() == cudaErrorInvalidMemcpyDirection);
    float* pinned = nullptr;
    REQUIRE(cudaMallocHost(&pinned, 16 * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaFreeHost(pinned) == cudaSuccess);
    REQUIRE(cudaFree(d) == cudaSuccess);
    REQUIRE(cudaFree(e) == cudaSuccess);
    CHECK(cudaFree(e) == cudaErrorInvalidValue);  // as an H100 (docs/gpu-runs/2026-11-25-h100-memory-calls.txt)
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
}

TEST_CASE("more dynamic shared memory than 48 KiB needs cudaFuncSetAttribute, as on a GPU") {
    simt::cuda::reset_device(simt::EngineOptions{});
    simt::test::Managed<char> out(32, 0);
    const std::size_t bytes = 64 * 1024;
    uses_dynamic<<<1, 32, bytes>>>(out);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(out[5] == 0);
    REQUIRE(cudaFuncSetAttribute(uses_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)) == cudaSuccess);
    uses_dynamic<<<1, 32, bytes>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[5] == 5);
    CHECK(cudaFuncSetAttribute(uses_dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 300 * 1024) == cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
}

TEST_CASE("cudaMalloc and its kin take a pointer to const data, as CUDA's templates do") {
    SIMT_EACH_MODE();
    const float* in = nullptr;
    const int* managed = nullptr;
    REQUIRE(cudaMalloc(&in, 64 * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMallocManaged(&managed, 64 * sizeof(int)) == cudaSuccess);
    CHECK(in != nullptr);
    CHECK(managed != nullptr);
    CHECK(cudaFree(const_cast<float*>(in)) == cudaSuccess);
    CHECK(cudaFree(const_cast<int*>(managed)) == cudaSuccess);
}

TEST_CASE("device memory allocations are distinct and 256-byte aligned") {
    simt::cuda::reset_device(simt::EngineOptions{});
    void* a = nullptr;
    void* b = nullptr;
    REQUIRE(cudaMalloc(&a, 10) == cudaSuccess);
    REQUIRE(cudaMalloc(&b, 10) == cudaSuccess);
    CHECK(a != b);
    CHECK(reinterpret_cast<std::uintptr_t>(a) % 256 == 0);
    CHECK(reinterpret_cast<std::uintptr_t>(b) % 256 == 0);
    void* huge = nullptr;
    CHECK(cudaMalloc(&huge, std::size_t(1) << 40) == cudaErrorMemoryAllocation);
    cudaFree(a);
    cudaFree(b);
}

TEST_CASE("device queries, streams and events behave like a one-GPU machine") {
    simt::cuda::reset_device(simt::EngineOptions{});
    int count = 0, device = -1;
    CHECK(cudaGetDeviceCount(&count) == cudaSuccess);
    CHECK(count == 1);
    CHECK(cudaSetDevice(0) == cudaSuccess);
    CHECK(cudaGetDevice(&device) == cudaSuccess);
    CHECK(device == 0);
    CHECK(cudaSetDevice(1) == cudaErrorInvalidDevice);
    CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
    CHECK(std::string(cudaGetErrorString(cudaErrorInvalidDevice)) == "invalid device ordinal");
    CHECK(std::string(cudaGetErrorName(cudaErrorIllegalAddress)) == "cudaErrorIllegalAddress");
    // A number that names no error, as an H100's runtime words it
    // (docs/gpu-runs/2026-12-07-h100-probes/error_strings.txt).
    CHECK(std::string(cudaGetErrorName(static_cast<cudaError_t>(1000))) == "unrecognized error code");
    CHECK(std::string(cudaGetErrorString(static_cast<cudaError_t>(10001))) == "unrecognized error code");
    CHECK(std::string(cudaGetErrorName(static_cast<cudaError_t>(226))) == "cudaErrorContained");

    cudaStream_t stream;
    REQUIRE(cudaStreamCreate(&stream) == cudaSuccess);
    cudaEvent_t start, stop;
    REQUIRE(cudaEventCreate(&start) == cudaSuccess);
    REQUIRE(cudaEventCreate(&stop) == cudaSuccess);
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaErrorInvalidResourceHandle);  // not recorded yet
    simt::test::Managed<char> out(32, 0);
    REQUIRE(cudaEventRecord(start, stream) == cudaSuccess);
    uses_dynamic<<<1, 32, 32, stream>>>(out);
    REQUIRE(cudaEventRecord(stop, stream) == cudaSuccess);
    REQUIRE(cudaEventSynchronize(stop) == cudaSuccess);
    REQUIRE(cudaStreamSynchronize(stream) == cudaSuccess);
    REQUIRE(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
    CHECK(ms >= 0.0f);
    CHECK(out[31] == 31);
    int* d = nullptr;
    REQUIRE(cudaMalloc(&d, 4 * sizeof(int)) == cudaSuccess);
    const int values[4] = {1, 2, 3, 4};
    int back[4] = {};
    REQUIRE(cudaMemcpyAsync(d, values, sizeof values, cudaMemcpyHostToDevice, stream) == cudaSuccess);
    REQUIRE(cudaMemsetAsync(d, 0, sizeof(int), stream) == cudaSuccess);
    REQUIRE(cudaMemcpyAsync(back, d, sizeof back, cudaMemcpyDeviceToHost, stream) == cudaSuccess);
    CHECK(back[0] == 0);
    CHECK(back[3] == 4);
    cudaFree(d);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(stream);
}

// Misused runtime calls fail as on an H100 (docs/gpu-runs/2026-11-25-h100-memory-calls.txt):
// cudaErrorInvalidValue, and nothing is written.
TEST_CASE("a cudaMemset or cudaMemcpy that runs past its allocation is refused and writes nothing") {
    simt::cuda::reset_device({});
    int *a = nullptr, *b = nullptr;
    std::vector<int> host(64, 5);
    REQUIRE(cudaMalloc(&a, 32 * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaMalloc(&b, 32 * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaMemset(b, 0, 32 * sizeof(int)) == cudaSuccess);
    CHECK(cudaMemset(a, 0x77, 1 << 20) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(a, host.data(), 64 * sizeof(int), cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(host.data(), a + 16, 32 * sizeof(int), cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(b, a + 8, 32 * sizeof(int), cudaMemcpyDeviceToDevice) == cudaErrorInvalidValue);
    CHECK(host[0] == 5);
    std::vector<int> back(32, 1);
    REQUIRE(cudaMemcpy(back.data(), b, 32 * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int v : back) REQUIRE(v == 0);
    CHECK(cudaMemcpy(a + 16, host.data(), 16 * sizeof(int), cudaMemcpyHostToDevice) == cudaSuccess);  // the last 16 fit
    cudaFree(a);
    cudaFree(b);
}

TEST_CASE("a copy or fill of a count that was negative is refused instead of crashing") {
    simt::cuda::reset_device({});
    int* a = nullptr;
    int host[4] = {};
    REQUIRE(cudaMalloc(&a, 16) == cudaSuccess);
    CHECK(cudaMemcpy(a, host, SIZE_MAX, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(host, host + 1, std::size_t(-4), cudaMemcpyHostToHost) == cudaErrorInvalidValue);
    CHECK(cudaMemset(a, 0, std::size_t(-1) * sizeof(int)) == cudaErrorInvalidValue);
    cudaFree(a);
}

TEST_CASE("a copy into freed device memory is refused") {
    simt::cuda::reset_device({});
    int* a = nullptr;
    int host[4] = {1, 2, 3, 4};
    REQUIRE(cudaMalloc(&a, sizeof host) == cudaSuccess);
    REQUIRE(cudaFree(a) == cudaSuccess);
    CHECK(cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaMemset(a, 0, sizeof host) == cudaErrorInvalidValue);
}

TEST_CASE("cudaFree of a freed, interior or host pointer is refused and frees nothing") {
    simt::cuda::reset_device({});
    int *a = nullptr, *b = nullptr;
    int host = 0;
    REQUIRE(cudaMalloc(&a, 64) == cudaSuccess);
    REQUIRE(cudaMalloc(&b, 64) == cudaSuccess);
    REQUIRE(cudaFree(b) == cudaSuccess);
    CHECK(cudaFree(b) == cudaErrorInvalidValue);
    CHECK(cudaFree(a + 1) == cudaErrorInvalidValue);
    CHECK(cudaFree(&host) == cudaErrorInvalidValue);
    CHECK(cudaMemset(a, 0, 64) == cudaSuccess);  // a is still allocated
    CHECK(cudaFree(a) == cudaSuccess);
}

TEST_CASE("cudaMalloc of more than the device holds fails with cudaErrorMemoryAllocation, whatever the size") {
    simt::cuda::reset_device({});
    int* p = reinterpret_cast<int*>(0x1);
    CHECK(cudaMalloc(&p, SIZE_MAX) == cudaErrorMemoryAllocation);
    CHECK(p == nullptr);
    const int n = -1;
    CHECK(cudaMalloc(&p, std::size_t(n) * sizeof(int)) == cudaErrorMemoryAllocation);
    CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);
    CHECK(cudaGetLastError() == cudaSuccess);  // not sticky
}

TEST_CASE("the device offers at most half the machine's memory and at most 16 GiB, and cudaMalloc keeps within it") {
    simt::cuda::reset_device({});
    std::size_t free = 0, total = 0;
    REQUIRE(cudaMemGetInfo(&free, &total) == cudaSuccess);
    const std::size_t machine = std::size_t(sysconf(_SC_PHYS_PAGES)) * std::size_t(sysconf(_SC_PAGESIZE));
    CHECK(total <= machine / 2);
    CHECK(total <= std::size_t(16) << 30);
    CHECK(total >= std::size_t(256) << 20);
    cudaDeviceProp prop{};
    REQUIRE(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
    CHECK(prop.totalGlobalMem == total);
    void* p = nullptr;
    CHECK(cudaMalloc(&p, total + 1) == cudaErrorMemoryAllocation);
    cudaGetLastError();
}

TEST_CASE("pitched memory: rows are padded to 512 bytes, 2-D copies and fills keep to the rows, a width past the pitch is refused") {
    simt::cuda::reset_device({});
    float* rows = nullptr;
    std::size_t pitch = 0;
    REQUIRE(cudaMallocPitch(&rows, &pitch, 100 * sizeof(float), 3) == cudaSuccess);
    CHECK(pitch == 512);  // as an H100 (docs/gpu-runs/2026-11-25-h100-runtime-extras.txt)
    std::vector<float> host(3 * 100, 1.5f);
    REQUIRE(cudaMemset2D(rows, pitch, 0, pitch, 3) == cudaSuccess);
    REQUIRE(cudaMemcpy2D(rows, pitch, host.data(), 100 * sizeof(float), 100 * sizeof(float), 3,
                         cudaMemcpyHostToDevice) == cudaSuccess);
    const auto* bytes = reinterpret_cast<const unsigned char*>(rows);
    CHECK(bytes[pitch - 1] == 0);  // the padding is not written
    CHECK(*reinterpret_cast<const float*>(bytes + 2 * pitch + 99 * sizeof(float)) == 1.5f);
    CHECK(cudaMemcpy2D(rows, 16, host.data(), 400, 32, 3, cudaMemcpyHostToDevice) == cudaErrorInvalidPitchValue);
    CHECK(cudaMemset2D(rows, pitch, 0, pitch + 1, 3) == cudaErrorInvalidPitchValue);
    CHECK(cudaMemset2D(rows, pitch, 0, pitch, 4) == cudaErrorInvalidValue);  // a fourth row is past the allocation
    cudaGetLastError();
    CHECK(cudaFree(rows) == cudaSuccess);
}

namespace {

__global__ void write_through(int* p, int n) {
    if (int(threadIdx.x) < n) p[threadIdx.x] = int(threadIdx.x) * 3;
}

}  // namespace

TEST_CASE("host stack memory registered as mapped is written by a kernel through its device pointer, as on a GPU") {
    SIMT_EACH_MODE();
    int on_stack[32] = {};
    REQUIRE(cudaHostRegister(on_stack, sizeof on_stack, cudaHostRegisterMapped) == cudaSuccess);
    int* device = nullptr;
    REQUIRE(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device), on_stack, 0) == cudaSuccess);
    write_through<<<1, 32>>>(device, 32);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(on_stack[31] == 93);
    REQUIRE(cudaHostUnregister(on_stack) == cudaSuccess);
    // Unregistered, the same array is the host's stack again: refused.
    int other[32] = {};
    write_through<<<1, 32>>>(other, 32);
    CHECK(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    CHECK(other[31] == 0);
}

namespace {

__global__ void triple_each(int* p) { p[blockIdx.x * blockDim.x + threadIdx.x] *= 3; }

__global__ void write_from(int* p, int first) { p[first + int(threadIdx.x)] = 7; }

}  // namespace

TEST_CASE("host memory registered with cudaHostRegister is read and written by kernels with no report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    std::vector<int> host(256);
    for (int i = 0; i < 256; ++i) host[std::size_t(i)] = i;
    REQUIRE(cudaHostRegister(host.data(), host.size() * sizeof(int), cudaHostRegisterDefault) == cudaSuccess);
    int* device = nullptr;
    REQUIRE(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device), host.data(), 0) == cudaSuccess);
    triple_each<<<4, 64>>>(device);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    for (int i = 0; i < 256; ++i) CHECK(host[std::size_t(i)] == 3 * i);
    REQUIRE(cudaHostUnregister(host.data()) == cudaSuccess);
}

TEST_CASE("an access past host memory registered with cudaHostRegister is refused and reported, naming the range") {
    // The battery's registered_host_oob: the store past the registered 4096
    // bytes landed in the rest of the host buffer, silently.
    SIMT_EACH_MODE();
    std::vector<int> host(2048, 0);
    REQUIRE(cudaHostRegister(host.data(), 1024 * sizeof(int), cudaHostRegisterMapped) == cudaSuccess);
    int* device = nullptr;
    REQUIRE(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device), host.data(), 0) == cudaSuccess);
    const simt::LaunchOutcome past = simt::test::run_on_engine("write_from", write_from, dim3(1), dim3(32), device, 1024);
    REQUIRE(past.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(past.fault.message, Catch::Contains("invalid global write of size 4 in kernel write_from"));
    CHECK_THAT(past.fault.message, Catch::Contains(" bytes past the end of host memory #"));
    CHECK_THAT(past.fault.message, Catch::Contains(" registered for the device (4096 bytes at 0x"));
    for (std::size_t i = 1024; i < 2048; ++i) CHECK(host[i] == 0);  // not performed
    const simt::LaunchOutcome before = simt::test::run_on_engine("write_from", write_from, dim3(1), dim3(32), device, -32);
    REQUIRE(before.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(before.fault.message, Catch::Contains(" bytes before the start of host memory #"));
    REQUIRE(cudaHostUnregister(host.data()) == cudaSuccess);
}

TEST_CASE("a new device forgets host memory registrations with the rest of its state") {
    // The ranges are the engine's alone: a registration left by an earlier
    // device (a test that stopped before unregistering) neither blocks a new
    // one nor answers for the range.
    SIMT_EACH_MODE();
    std::vector<int> host(64);
    REQUIRE(cudaHostRegister(host.data(), host.size() * sizeof(int), cudaHostRegisterMapped) == cudaSuccess);
    unsigned flags = 0;
    REQUIRE(cudaHostGetFlags(&flags, host.data()) == cudaSuccess);
    CHECK((flags & cudaHostRegisterMapped) != 0);
    CHECK(cudaHostRegister(host.data(), 16, cudaHostRegisterDefault) == cudaErrorHostMemoryAlreadyRegistered);
    ::simt::cuda::reset_device(opts);
    CHECK(cudaHostGetFlags(&flags, host.data()) == cudaErrorInvalidValue);
    CHECK(cudaHostUnregister(host.data()) == cudaErrorHostMemoryNotRegistered);
    cudaGetLastError();
    REQUIRE(cudaHostRegister(host.data(), host.size() * sizeof(int), cudaHostRegisterDefault) == cudaSuccess);
    REQUIRE(cudaHostGetFlags(&flags, host.data()) == cudaSuccess);
    CHECK((flags & cudaHostRegisterMapped) == cudaHostAllocMapped);  // every registered range is mapped here
    REQUIRE(cudaHostUnregister(host.data()) == cudaSuccess);
}

namespace {

// Its __shared__ array is only ever written: g++ at -O2 deleted the array
// and the stores with it, the one past the end included.
__global__ void store_unread_shared(int* out) {
    __shared__ int s[32];
    s[threadIdx.x + 1] = 1;
    out[threadIdx.x] = 1;
}

}  // namespace

TEST_CASE("a store past a __shared__ array that nothing reads is still refused and reported") {
    // The battery's dead_shared_store.
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(32);
    const simt::LaunchOutcome r = simt::test::run_on_engine("store_unread_shared", store_unread_shared, dim3(1), dim3(32), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::Contains("out-of-bounds shared write of size 4 in kernel store_unread_shared by thread (31,0,0)"));
    CHECK_THAT(r.fault.message, Catch::Contains("byte offset 128 of __shared__ store_unread_shared::s (128 bytes)"));
}
