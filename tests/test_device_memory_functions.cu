// memcpy, memmove and memset called in kernel code are observed like the
// loads and stores they stand for (simt/memory_functions.h): a race through
// them, an overrun and an uninitialised source are reported at their line,
// and their race-free twins are not.
#include "support.h"

#include <cstring>
#include <set>

#include "driver/hazard_log.h"
#include "emulator/symbolizer.h"

namespace {

using simt::driver::HazardGroup;

// Each thread copies its 3-int row in (12 bytes: a length g++ expands inline)
// and reads its neighbour's row: without a barrier the copy races the read.
__global__ void copy_rows_no_barrier(const int* in, int* out) {
    __shared__ int rows[64][3];
    memcpy(rows[threadIdx.x], in + 3 * threadIdx.x, sizeof rows[0]);
    out[threadIdx.x] = rows[(threadIdx.x + 1) % 64][2];
}
__global__ void copy_rows_with_barrier(const int* in, int* out) {
    __shared__ int rows[64][3];
    memcpy(rows[threadIdx.x], in + 3 * threadIdx.x, sizeof rows[0]);
    __syncthreads();
    out[threadIdx.x] = rows[(threadIdx.x + 1) % 64][2];
}

// Thread 0 of every block copies n ints (a length known only at run time)
// into the output: to the same place in each block, or to its own slice.
__global__ void blocks_copy_to_one_place(const int* in, int* out, int n) {
    if (threadIdx.x == 0) memcpy(out, in + blockIdx.x * n, n * sizeof(int));
}
__global__ void blocks_copy_to_own_slice(const int* in, int* out, int n) {
    if (threadIdx.x == 0) memcpy(out + blockIdx.x * n, in + blockIdx.x * n, n * sizeof(int));
}

// A clear one element too long, at run-time length into global memory and at
// a constant length into a __shared__ array.
__global__ void clear_one_too_many(int* data, int n) {
    if (threadIdx.x == 0) memset(data, 0, (n + 1) * sizeof(int));
}
__global__ void clear_tile_one_too_many(int* out) {
    __shared__ int tile[16];
    if (threadIdx.x == 0) memset(tile, 0, 17 * sizeof(int));
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}
__global__ void clear_tile(int* out) {
    __shared__ int tile[16];
    if (threadIdx.x == 0) memset(tile, 0, sizeof tile);
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

// Half the tile is loaded, then thread 0 copies all of it out.
__global__ void copy_out_half_loaded(const int* in, int* out) {
    __shared__ int tile[64];
    if (threadIdx.x < 32) tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) memcpy(out, tile, sizeof tile);
}
__global__ void copy_out_fully_loaded(const int* in, int* out) {
    __shared__ int tile[64];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) memmove(out, tile, sizeof tile);
}

std::vector<HazardGroup> hazards() {
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return simt::cuda::last_launch_hazards();
}

std::set<std::string> lines(const HazardGroup& g) {
    return {simt::describe(g.example.current.pc), simt::describe(g.example.previous.pc)};
}

}  // namespace

TEST_CASE("a memcpy into shared memory that a neighbour reads without a barrier is a race at the memcpy's line") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> in(3 * 64, 1), out(64);
    copy_rows_no_barrier<<<1, 64>>>(in, out);
    const auto h = hazards();
    REQUIRE_FALSE(h.empty());
    for (const HazardGroup& g : h) {
        CHECK(simt::driver::family_of(g.example.rule) == simt::driver::Family::Race);
        CHECK(g.example.space == simt::MemorySpace::Shared);
        CHECK_THAT(g.example.location, Catch::StartsWith("__shared__ copy_rows_no_barrier::rows["));
        CHECK(lines(g) == std::set<std::string>{"test_device_memory_functions.cu:21", "test_device_memory_functions.cu:22"});
    }
}

TEST_CASE("the same copy with __syncthreads before the read has no report and copies every row") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> in(3 * 64), out(64);
    for (int i = 0; i < 3 * 64; ++i) in[i] = i;
    copy_rows_with_barrier<<<1, 64>>>(in, out);
    CHECK(hazards().empty());
    for (int t = 0; t < 64; ++t) REQUIRE(out[t] == 3 * ((t + 1) % 64) + 2);
}

TEST_CASE("blocks memcpy-ing into the same global range race across blocks at the memcpy's line") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> in(4 * 10), out(4 * 10);
    for (int i = 0; i < 40; ++i) in[i] = i;  // each block copies different values
    blocks_copy_to_one_place<<<4, 32>>>(in, out, 10);
    const auto h = hazards();
    REQUIRE_FALSE(h.empty());
    for (const HazardGroup& g : h) {
        CHECK(g.example.rule == simt::driver::Rule::RaceWriteAfterWriteAcrossBlocks);
        CHECK(g.example.space == simt::MemorySpace::Global);
        CHECK(lines(g) == std::set<std::string>{"test_device_memory_functions.cu:34"});
    }
}

TEST_CASE("blocks memcpy-ing into their own slices have no report") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> in(4 * 10), out(4 * 10);
    for (int i = 0; i < 40; ++i) in[i] = i;
    blocks_copy_to_own_slice<<<4, 32>>>(in, out, 10);
    CHECK(hazards().empty());
    for (int i = 0; i < 40; ++i) REQUIRE(out[i] == i);
}

TEST_CASE("a memset past the end of an allocation is an out-of-bounds write at its line and is not performed") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> data(16, 7);
    const simt::LaunchOutcome r =
        simt::test::run_on_engine("clear_one_too_many", clear_one_too_many, dim3(1), dim3(32), data.get(), 16);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("invalid global write of size 68 in kernel clear_one_too_many"));
    CHECK_THAT(r.fault.message, Catch::Contains("at test_device_memory_functions.cu:43"));
    for (int i = 0; i < 16; ++i) REQUIRE(data[i] == 7);  // the clear was not performed
}

TEST_CASE("a constant-length memset past a __shared__ array is out of bounds naming the array") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> out(16);
    const simt::LaunchOutcome r =
        simt::test::run_on_engine("clear_tile_one_too_many", clear_tile_one_too_many, dim3(1), dim3(16), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("out-of-bounds shared write of size 68 in kernel clear_tile_one_too_many"));
    CHECK_THAT(r.fault.message, Catch::Contains("at test_device_memory_functions.cu:47"));
    CHECK_THAT(r.fault.message, Catch::Contains("__shared__ clear_tile_one_too_many::tile (64 bytes)"));
}

TEST_CASE("a memset of the whole __shared__ array runs and has no report") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> out(16, 5);
    clear_tile<<<1, 16>>>(out);
    CHECK(hazards().empty());
    for (int i = 0; i < 16; ++i) REQUIRE(out[i] == 0);
}

TEST_CASE("a memcpy out of shared memory that no thread wrote is an uninitialised read at the memcpy's line") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<int> in(64, 5), out(64);
    copy_out_half_loaded<<<1, 64>>>(in, out);
    const auto h = hazards();
    REQUIRE(h.size() == 1);
    CHECK(h[0].example.rule == simt::driver::Rule::InitUninitialisedRead);
    CHECK_THAT(h[0].example.location, Catch::StartsWith("__shared__ copy_out_half_loaded::tile ("));
    CHECK(simt::describe(h[0].example.current.pc) == "test_device_memory_functions.cu:63");
}

TEST_CASE("a memmove out of a fully loaded tile has no init report and copies it") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::cuda::reset_device(opts, simt::test::init_only());
    simt::test::Managed<int> in(64), out(64);
    for (int i = 0; i < 64; ++i) in[i] = i;
    copy_out_fully_loaded<<<1, 64>>>(in, out);
    CHECK(hazards().empty());
    for (int i = 0; i < 64; ++i) REQUIRE(out[i] == i);
}

namespace {

// The same copies with the builtins called by name, as some code does.
__global__ void builtin_copy_rows_no_barrier(const int* in, int* out) {
    __shared__ int rows[64][3];
    __builtin_memcpy(rows[threadIdx.x], in + 3 * threadIdx.x, sizeof rows[0]);
    out[threadIdx.x] = rows[(threadIdx.x + 1) % 64][2];
}
// (From the second element on: the same code as clear_one_too_many's would
// be folded into one function, and its line reported for both.)
__global__ void builtin_clear_one_too_many(int* data, int n) {
    if (threadIdx.x == 0) __builtin_memset(data + 1, 0, n * sizeof(int));
}

}  // namespace

TEST_CASE("__builtin_memcpy and __builtin_memset called by name are observed like memcpy and memset") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> in(192, 1), out(64, 0);
    builtin_copy_rows_no_barrier<<<1, 64>>>(in, out);
    const auto h = hazards();
    REQUIRE_FALSE(h.empty());
    for (const HazardGroup& g : h) {
        CHECK(simt::driver::family_of(g.example.rule) == simt::driver::Family::Race);
        CHECK(lines(g).count("test_device_memory_functions.cu:194") == 1);  // the copy's line
    }
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> data(16, 7);
    const simt::LaunchOutcome r =
        simt::test::run_on_engine("builtin_clear_one_too_many", builtin_clear_one_too_many, dim3(1), dim3(32), data.get(), 16);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("invalid global write of size 64"));
    for (int i = 0; i < 16; ++i) REQUIRE(data[i] == 7);
}

namespace {

__device__ int* shared_block;
// One thread takes a block from the device heap; eight threads then write
// each of its first words with no barrier between: a race on heap memory.
__global__ void heap_race(int* out) {
    if (threadIdx.x == 0) shared_block = static_cast<int*>(malloc(64 * sizeof(int)));
    __syncthreads();
    shared_block[threadIdx.x % 8] = int(threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = shared_block[0] % 8;
        free(shared_block);
    }
}
// Each thread its own block: no race.
__global__ void heap_own_blocks(int* out) {
    int* mine = static_cast<int*>(malloc(4 * sizeof(int)));
    mine[0] = int(threadIdx.x);
    out[threadIdx.x] = mine[0] + 1;
    free(mine);
}
__global__ void heap_take(std::size_t bytes, int* ok) {
    void* p = malloc(bytes);
    ok[0] = p != nullptr;
    free(p);
}

}  // namespace

TEST_CASE("threads writing one block from in-kernel malloc with no barrier race, and blocks of their own do not") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts, simt::test::race_only());
    simt::test::Managed<int> out(64, -1);
    heap_race<<<1, 64>>>(out);
    const auto h = hazards();
    REQUIRE_FALSE(h.empty());
    for (const HazardGroup& g : h) CHECK(simt::driver::family_of(g.example.rule) == simt::driver::Family::Race);
    heap_own_blocks<<<2, 64>>>(out);
    CHECK(hazards().empty());
    CHECK(out[63] == 64);
}

TEST_CASE("in-kernel malloc returns NULL past cudaLimitMallocHeapSize, which is read back, 8 MiB by default") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32));
    std::size_t heap = 0;
    REQUIRE(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize) == cudaSuccess);
    CHECK(heap == std::size_t(8) << 20);
    simt::test::Managed<int> ok(1, -1);
    heap_take<<<1, 1>>>(std::size_t(4) << 20, ok);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(ok[0] == 1);
    heap_take<<<1, 1>>>(std::size_t(100) << 20, ok);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(ok[0] == 0);
    // Set before the first kernel that calls malloc, the new size holds.
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32));
    REQUIRE(cudaDeviceSetLimit(cudaLimitMallocHeapSize, std::size_t(128) << 20) == cudaSuccess);
    REQUIRE(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize) == cudaSuccess);
    CHECK(heap == std::size_t(128) << 20);
    simt::test::Managed<int> big(1, -1);
    heap_take<<<1, 1>>>(std::size_t(100) << 20, big);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(big[0] == 1);
}

TEST_CASE("cudaLimitMallocHeapSize cannot change once a kernel has used the heap, as an H100 refuses it") {
    // docs/gpu-runs/2026-12-07-h100-probes (g13): cudaErrorInvalidValue.
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32));
    simt::test::Managed<int> ok(1, -1);
    heap_take<<<1, 1>>>(std::size_t(1) << 20, ok);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, std::size_t(64) << 20) == cudaErrorInvalidValue);
    std::size_t heap = 0;
    REQUIRE(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize) == cudaSuccess);
    CHECK(heap == std::size_t(8) << 20);
}

TEST_CASE("cudaLimitStackSize reads 1024 bytes by default, as on an H100, and reads back what was set") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32));
    std::size_t stack = 0;
    REQUIRE(cudaDeviceGetLimit(&stack, cudaLimitStackSize) == cudaSuccess);
    CHECK(stack == 1024);
    REQUIRE(cudaDeviceSetLimit(cudaLimitStackSize, 4096) == cudaSuccess);
    REQUIRE(cudaDeviceGetLimit(&stack, cudaLimitStackSize) == cudaSuccess);
    CHECK(stack == 4096);
}
