// The init checker: reading shared memory no thread of the block has written.
#include "support.h"

#include "driver/hazard_log.h"
#include "emulator/symbolizer.h"

namespace {

// Only half the tile is loaded, but every thread reads its own element.
__global__ void half_loaded(const int* in, int* out) {
    __shared__ int tile[64];
    if (threadIdx.x < 32) tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}
__global__ void fully_loaded(const int* in, int* out) {
    __shared__ int tile[64];
    tile[threadIdx.x] = threadIdx.x < 32 ? in[threadIdx.x] : 0;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}
// Bytes: each thread writes one char; reading a 4-byte word needs all four.
__global__ void words_of_bytes(int* out) {
    __shared__ int words[16];
    reinterpret_cast<char*>(words)[threadIdx.x] = 1;
    __syncthreads();
    if (threadIdx.x < 16) out[threadIdx.x] = words[threadIdx.x];
}

}  // namespace

TEST_CASE("a read of shared memory that no thread wrote is reported with the variable and the line") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<int> in(64, 5), out(64);
    half_loaded<<<2, 64>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    const auto& groups = simt::cuda::last_launch_hazards();
    REQUIRE(groups.size() == 1);
    const simt::driver::HazardReport& r = groups[0].example;
    CHECK(simt::driver::family_of(r.rule) == simt::driver::Family::Init);
    CHECK(r.rule == simt::driver::Rule::InitUninitialisedRead);
    CHECK(r.severity == simt::driver::Severity::Error);
    CHECK(groups[0].instances == 64);  // 32 threads in each of 2 blocks
    CHECK_THAT(r.location, Catch::StartsWith("__shared__ half_loaded::tile["));
    CHECK(r.current.who.thread.x >= 32);
}

TEST_CASE("the fully loaded tile, and a word written byte by byte, have no init report") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<int> in(64, 5), out(64);
    fully_loaded<<<2, 64>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    words_of_bytes<<<1, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(simt::cuda::last_launch_hazards().empty());
    CHECK(out[3] == 0x01010101);
}

namespace {

// Global memory: y = a * x + y reads y, which must have been initialised.
__global__ void axpy(float a, const float* x, float* y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void fill(float* y, int n, float v) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = v;
}
// Every block writes its partial sum; the last block to finish reads them
// all: written during the launch by other blocks, so initialised.
__global__ void last_block_sum(const float* in, float* partial, unsigned* done, float* total) {
    __shared__ bool last;
    float s = 0;
    for (int k = 0; k < 32; ++k) s += in[blockIdx.x * 32 + k];
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s;
        __threadfence();
        last = atomicAdd(done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        float t = 0;
        for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
        *total = t;
    }
}

std::vector<simt::driver::HazardGroup> global_init_hazards() {
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return simt::cuda::last_launch_hazards();
}

}  // namespace

TEST_CASE("a kernel reading cudaMalloc'd memory that nothing wrote gets initcheck's report, naming allocation, offset and line") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    const int n = 300;
    float *x, *y;
    REQUIRE(cudaMalloc(&x, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&y, n * sizeof(float)) == cudaSuccess);
    std::vector<float> host(n, 1.0f);
    REQUIRE(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    // y: only the first 200 elements are copied in.
    REQUIRE(cudaMemcpy(y, host.data(), 200 * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    axpy<<<3, 128>>>(2.0f, x, y, n);
    const auto h = global_init_hazards();
    REQUIRE(h.size() == 1);
    const auto& r = h[0].example;
    CHECK(simt::driver::family_of(r.rule) == simt::driver::Family::Init);
    CHECK(r.rule == simt::driver::Rule::InitUninitialisedRead);
    CHECK(r.space == simt::MemorySpace::Global);
    const unsigned element = r.current.who.block.x * 128 + r.current.who.thread.x;  // the reading thread's
    CHECK(element >= 200);
    CHECK(element < 300);
    CHECK_THAT(r.location, Catch::StartsWith("global allocation #2 (1200 bytes), byte offset " + std::to_string(4 * element) +
                                             " (element [" + std::to_string(element) + "])"));
    CHECK_THAT(simt::describe(r.current.pc), Catch::EndsWith("test_init_checker.cu:67"));
    CHECK(h[0].instances == 100);
    cudaFree(x);
    cudaFree(y);
}

TEST_CASE("memory filled by cudaMemset or by an earlier kernel is initialised") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    const int n = 256;
    float *x, *y;
    REQUIRE(cudaMalloc(&x, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&y, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMemset(x, 0, n * sizeof(float)) == cudaSuccess);
    fill<<<2, 128>>>(y, n, 1.0f);
    CHECK(global_init_hazards().empty());
    axpy<<<2, 128>>>(2.0f, x, y, n);
    CHECK(global_init_hazards().empty());
    cudaFree(x);
    cudaFree(y);
}

// Allocations of several 4 KiB pages: the checker keeps whole pages that
// every byte of was written apart from the rest (InitChecker::page_full).
TEST_CASE("in allocations of many pages, the bytes a partial copy left are found and the copied pages are not") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    const int n = 5 * 1024 + 100;  // five pages and a bit
    float *x, *y;
    REQUIRE(cudaMalloc(&x, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&y, n * sizeof(float)) == cudaSuccess);
    std::vector<float> host(n, 1.0f);
    REQUIRE(cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    REQUIRE(cudaMemcpy(y + 1, host.data(), (n - 11) * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    axpy<<<(n + 127) / 128, 128>>>(2.0f, x, y, n);
    const auto h = global_init_hazards();
    REQUIRE(h.size() == 1);
    CHECK(h[0].instances == 11);  // y[0] and the last ten
    axpy<<<(n + 127) / 128, 128>>>(2.0f, x, y, n);  // now every byte is written
    CHECK(global_init_hazards().empty());
    cudaFree(x);
    cudaFree(y);
}

TEST_CASE("pages a kernel filled are initialised for the next launch, and uninitialised again once freed and allocated anew") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    const int n = 8 * 1024;  // eight pages
    const unsigned blocks = n / 128;
    float *x, *y;
    REQUIRE(cudaMalloc(&x, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&y, n * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMemset(x, 0, n * sizeof(float)) == cudaSuccess);
    fill<<<blocks, 128>>>(y, n, 1.0f);
    CHECK(global_init_hazards().empty());
    axpy<<<blocks, 128>>>(2.0f, x, y, n);
    CHECK(global_init_hazards().empty());
    for (float* p : {x, y}) {
        void* base = p;
        REQUIRE(cudaFree(p) == cudaSuccess);
        float* again = nullptr;
        REQUIRE(cudaMalloc(&again, n * sizeof(float)) == cudaSuccess);
        (p == x ? x : y) = again;
        INFO("the new allocation reuses the freed range: " << (base == again));
    }
    REQUIRE(cudaMemset(x, 0, n * sizeof(float)) == cudaSuccess);
    axpy<<<blocks, 128>>>(2.0f, x, y, n);
    const auto h = global_init_hazards();
    REQUIRE(h.size() == 1);
    CHECK(h[0].instances == std::uint64_t(n));
    cudaFree(x);
    cudaFree(y);
}

namespace {

__global__ void copy_bytes(unsigned char* to, const unsigned char* from, int n) { memcpy(to, from, n); }
__global__ void set_bytes(unsigned char* to, int n) { memset(to, 0, n); }
__global__ void read_bytes(unsigned char* out, const unsigned char* from, int offset, int n) {
    memcpy(out, from + offset, n);
}

constexpr int kPage = 4096;

// Three pages, page-aligned: the first and the last copied in from the host.
unsigned char* three_pages_middle_unwritten() {
    unsigned char* d = nullptr;
    REQUIRE(cudaMalloc(&d, 3 * kPage) == cudaSuccess);
    REQUIRE(reinterpret_cast<std::uintptr_t>(d) % kPage == 0);
    std::vector<unsigned char> host(kPage, 1);
    REQUIRE(cudaMemcpy(d, host.data(), kPage, cudaMemcpyHostToDevice) == cudaSuccess);
    REQUIRE(cudaMemcpy(d + 2 * kPage, host.data(), kPage, cudaMemcpyHostToDevice) == cudaSuccess);
    return d;
}

}  // namespace

TEST_CASE("a device memcpy reading three pages finds the unwritten middle one between two full pages") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32), simt::test::init_only());
    unsigned char* d = three_pages_middle_unwritten();
    unsigned char* to = nullptr;
    REQUIRE(cudaMalloc(&to, 3 * kPage) == cudaSuccess);
    copy_bytes<<<1, 1>>>(to, d, 3 * kPage);
    const auto h = global_init_hazards();
    REQUIRE(h.size() == 1);
    CHECK(h[0].example.rule == simt::driver::Rule::InitUninitialisedRead);
    cudaFree(d);
    cudaFree(to);
}

TEST_CASE("a device memset over three pages initialises the middle one between two full pages") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32), simt::test::init_only());
    unsigned char* d = three_pages_middle_unwritten();
    unsigned char* to = nullptr;
    REQUIRE(cudaMalloc(&to, 64) == cudaSuccess);
    set_bytes<<<1, 1>>>(d, 3 * kPage);
    CHECK(global_init_hazards().empty());
    read_bytes<<<1, 1>>>(to, d, kPage + 1500, 16);
    CHECK(global_init_hazards().empty());
    std::vector<unsigned char> back(3 * kPage);
    CHECK(cudaMemcpy(back.data(), d, 3 * kPage, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(global_init_hazards().empty());
    cudaFree(d);
    cudaFree(to);
}

TEST_CASE("a read across the end of a full page into written bytes of the next is initialised") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32), simt::test::init_only());
    unsigned char* d = nullptr;
    unsigned char* to = nullptr;
    REQUIRE(cudaMalloc(&d, kPage + 100) == cudaSuccess);
    REQUIRE(cudaMalloc(&to, 64) == cudaSuccess);
    REQUIRE(reinterpret_cast<std::uintptr_t>(d) % kPage == 0);
    std::vector<unsigned char> host(kPage + 100, 1);
    REQUIRE(cudaMemcpy(d, host.data(), kPage + 100, cudaMemcpyHostToDevice) == cudaSuccess);
    read_bytes<<<1, 1>>>(to, d, kPage - 6, 12);
    CHECK(global_init_hazards().empty());
    cudaFree(d);
    cudaFree(to);
}

TEST_CASE("the last block reading the other blocks' partial sums is not an uninitialised read, with any number of workers") {
    const unsigned threads = GENERATE(1u, 2u);
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32, 0, threads), simt::test::init_only());
    const int blocks = 8;
    float *in, *partial, *total;
    unsigned* done;
    REQUIRE(cudaMalloc(&in, blocks * 32 * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&partial, blocks * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&total, sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMalloc(&done, sizeof(unsigned)) == cudaSuccess);
    std::vector<float> ones(blocks * 32, 1.0f);
    REQUIRE(cudaMemcpy(in, ones.data(), ones.size() * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    REQUIRE(cudaMemset(done, 0, sizeof(unsigned)) == cudaSuccess);
    last_block_sum<<<blocks, 32>>>(in, partial, done, total);
    CHECK(global_init_hazards().empty());
    float result = 0;
    REQUIRE(cudaMemcpy(&result, total, sizeof(float), cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(result == float(blocks * 32));
    // Without the cudaMemset the counter's atomics start from garbage.
    unsigned* counter;
    REQUIRE(cudaMalloc(&counter, sizeof(unsigned)) == cudaSuccess);
    last_block_sum<<<blocks, 32>>>(in, partial, counter, total);
    const auto h = global_init_hazards();
    REQUIRE(h.size() == 1);
    CHECK_THAT(h[0].example.location, Catch::StartsWith("global allocation #5 (4 bytes), byte offset 0"));
    CHECK(h[0].example.current.kind == simt::AccessKind::Atomic);
}

TEST_CASE("managed memory counts as initialised: the host writes it directly") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<float> x(64, 1.0f), y(64);
    axpy<<<1, 64>>>(2.0f, x, y, 64);
    CHECK(global_init_hazards().empty());
}
