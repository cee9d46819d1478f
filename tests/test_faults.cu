// Kernels that deadlock, trap, assert or throw: a clear report, a failed
// launch with CUDA's error, never a hang or a crash.
#include "support.h"

#undef NDEBUG  // the assert under test must stay in
#include <cassert>
#include <stdexcept>

#include "emulator/engine.h"

namespace {

__global__ void barrier_in_branch(int* out) {
    if (threadIdx.x < 16) {
        __syncthreads();
        out[threadIdx.x] = 1;
    } else {
        out[threadIdx.x] = 2;
        __syncwarp();
    }
}

__global__ void traps(int* out) {
    out[threadIdx.x] = 1;
    if (blockIdx.x == 1 && threadIdx.x == 5) __trap();
}

__global__ void asserts(const int* in) {
    assert(in[threadIdx.x] >= 0);
}

__global__ void throws(int* out) {
    if (threadIdx.x == 2) throw std::runtime_error("bad input 42");
    out[threadIdx.x] = 1;
}

__global__ void fill_one(int* out) { out[threadIdx.x] = 1; }

}  // namespace

TEST_CASE("a __syncthreads that only some threads reach is a deadlock naming every waiting thread and its line") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(64);
    const simt::LaunchOutcome r = simt::test::run_on_engine("barrier_in_branch", barrier_in_branch, dim3(1), dim3(64), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::Deadlock);
    const std::string& m = r.fault.message;
    CHECK_THAT(m, Catch::Contains("deadlock in kernel barrier_in_branch, block (0,0,0)"));
    CHECK_THAT(m, Catch::Contains("16 threads wait at a block barrier at test_faults.cu:15: threads 0-15"));
    CHECK_THAT(m, Catch::Contains("wait at a warp collective at test_faults.cu:19: threads 16-31"));
    CHECK_THAT(m, Catch::Contains("threads 32-63"));
}

TEST_CASE("a deadlocked launch fails with a sticky error instead of hanging") {
    simt::cuda::reset_device(simt::EngineOptions{});
    simt::test::Managed<int> out(64);
    barrier_in_branch<<<1, 64>>>(out);
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchTimeout);
    fill_one<<<1, 1>>>(out);  // a faulted context runs nothing more
    CHECK(cudaGetLastError() == cudaErrorLaunchTimeout);
}

TEST_CASE("__trap() names the thread and line and fails the launch with cudaErrorLaunchFailure") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(64);
    const simt::LaunchOutcome r = simt::test::run_on_engine("traps", traps, dim3(3), dim3(32), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::Trap);
    CHECK_THAT(r.fault.message, Catch::Contains("kernel traps, thread (5,0,0) of block (1,0,0) (warp 0, lane 5) at test_faults.cu:25"));
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> again(64);
    traps<<<3, 32>>>(again);
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    CHECK(cudaGetLastError() == cudaErrorLaunchFailure);  // sticky
}

TEST_CASE("a failed device assert reports the expression, thread and line, and gives cudaErrorAssert") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> in(32, 1);
    in[7] = -1;
    const simt::LaunchOutcome r = simt::test::run_on_engine("asserts", asserts, dim3(1), dim3(32), static_cast<const int*>(in.get()));
    REQUIRE(r.fault.kind == simt::FaultKind::Assert);
    CHECK_THAT(r.fault.message, Catch::Contains("test_faults.cu:29"));
    CHECK_THAT(r.fault.message, Catch::Contains("thread: [7,0,0] Assertion `in[threadIdx.x] >= 0` failed"));
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> in2(32, 1);
    in2[7] = -1;
    asserts<<<1, 32>>>(in2);
    CHECK(cudaDeviceSynchronize() == cudaErrorAssert);
}

TEST_CASE("an exception escaping a kernel thread is reported with its message and fails the launch") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(8);
    const simt::LaunchOutcome r = simt::test::run_on_engine("throws", throws, dim3(1), dim3(8), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::Exception);
    CHECK_THAT(r.fault.message, Catch::Contains("kernel throws threw an exception: bad input 42 in thread (2,0,0) of block (0,0,0)"));
}

TEST_CASE("the first failing block decides the reported fault, whatever the number of workers") {
    for (unsigned threads : {1u, 2u, 4u}) {
        simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32, 0, threads));
        simt::test::Managed<int> out(64);
        const simt::LaunchOutcome r = simt::test::run_on_engine("traps", traps, dim3(8), dim3(32), out.get());
        CHECK_THAT(r.fault.message, Catch::Contains("block (1,0,0)"));
    }
}

namespace {

__global__ void write_past_end(int* data, int n) {
    data[threadIdx.x] = 1;
    if (threadIdx.x == 0) data[n] = 42;
}

__global__ void read_freed(const int* data, int* out) { out[threadIdx.x] = data[threadIdx.x]; }

__global__ void dynamic_overrun(int* out) {
    extern __shared__ int scratch[];
    scratch[threadIdx.x] = int(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = scratch[threadIdx.x + 1];
}

// <<<1, 32, 32 * sizeof(int)>>> on the engine, so the fault can be read.
simt::LaunchOutcome launch_dynamic_overrun(int* out) {
    auto body = [&] { dynamic_overrun(out); };
    simt::KernelLaunch l;
    l.kernel_name = "dynamic_overrun";
    l.grid = simt::Dim3{1, 1, 1};
    l.block = simt::Dim3{32, 1, 1};
    l.dynamic_shared = 32 * sizeof(int);
    l.invoke = [](void* c) { (*static_cast<decltype(body)*>(c))(); };
    l.closure = &body;
    return simt::Engine::process().launch(l);
}

}  // namespace

TEST_CASE("a global write past the end of an allocation is reported, not performed, and fails the launch with cudaErrorIllegalAddress") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> data(64, 0), neighbour(64, 7);
    const simt::LaunchOutcome r = simt::test::run_on_engine("write_past_end", write_past_end, dim3(1), dim3(64), data.get(), 64);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("invalid global write of size 4 in kernel write_past_end by thread (0,0,0) of block (0,0,0)"));
    CHECK_THAT(r.fault.message, Catch::Contains("at test_faults.cu:111"));
    CHECK_THAT(r.fault.message, Catch::Contains("is 0 bytes past the end of allocation #1 (256 bytes at"));
    CHECK_THAT(simt::cuda::fault_text(r.fault), Catch::EndsWith("the access was not performed"));
    for (int i = 0; i < 64; ++i) REQUIRE(neighbour[i] == 7);  // nothing was corrupted
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> again(64, 0);
    write_past_end<<<1, 64>>>(again, 64);
    CHECK(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
}

TEST_CASE("reading device memory after cudaFree is reported as an access to a freed allocation") {
    SIMT_EACH_MODE();
    int* data = nullptr;
    REQUIRE(cudaMalloc(&data, 32 * sizeof(int)) == cudaSuccess);
    REQUIRE(cudaFree(data) == cudaSuccess);
    simt::test::Managed<int> out(32);
    const simt::LaunchOutcome r = simt::test::run_on_engine("read_freed", read_freed, dim3(1), dim3(32), static_cast<const int*>(data), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("invalid global read of size 4 in kernel read_freed"));
    CHECK_THAT(r.fault.message, Catch::Contains("which was freed"));
}

TEST_CASE("an access beyond the launch's dynamic shared memory is reported with the size the launch gave") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(32);
    const simt::LaunchOutcome r = launch_dynamic_overrun(out);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::Contains("out-of-bounds shared read of size 4 in kernel dynamic_overrun by thread (31,0,0)"));
    CHECK_THAT(r.fault.message, Catch::Contains("byte offset 128 of extern __shared__ memory, but the launch gave 128 bytes"));
}

namespace {

// A vector copy whose destination may be one float into a buffer.
__global__ void store_vec4(const float4* in, float* out) {
    reinterpret_cast<float4*>(out)[threadIdx.x] = in[threadIdx.x];
}

// An int read at an odd byte offset of a shared buffer.
__global__ void odd_shared_read(int* out) {
    __shared__ unsigned char bytes[64];
    bytes[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = *reinterpret_cast<const int*>(bytes + 1 + 4 * (threadIdx.x % 8));
}

struct __attribute__((packed)) Record {
    char tag;
    int value;  // at byte offset 1: the compiler emits byte-safe accesses
};
__global__ void packed_fields(Record* r, int* out) { out[threadIdx.x] = r[threadIdx.x].value + r[threadIdx.x].tag; }

}  // namespace

TEST_CASE("a float4 store at an address that is not a multiple of 16 fails with cudaErrorMisalignedAddress and is not performed") {
    SIMT_EACH_MODE();
    simt::test::Managed<float4> in(16, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
    simt::test::Managed<float> data(68, 0.0f);
    const simt::LaunchOutcome r = simt::test::run_on_engine("store_vec4", store_vec4, dim3(1), dim3(16), static_cast<const float4*>(in.get()), data.get() + 1);
    REQUIRE(r.fault.kind == simt::FaultKind::MisalignedAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("misaligned global write of size 16 in kernel store_vec4 by thread ("));
    CHECK_THAT(r.fault.message, Catch::Contains("test_faults.cu:179"));
    CHECK_THAT(r.fault.message, Catch::Contains("of allocation #2) is not a multiple of 16"));
    CHECK_THAT(simt::cuda::fault_text(r.fault), Catch::EndsWith("the access was not performed"));
    CHECK(data[1] == 0.0f);  // the faulting thread wrote nothing
    simt::cuda::reset_device(opts);
    simt::test::Managed<float4> in2(16, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
    simt::test::Managed<float> again(68, 0.0f);
    store_vec4<<<1, 16>>>(in2, again.get() + 1);
    CHECK(cudaDeviceSynchronize() == cudaErrorMisalignedAddress);
}

TEST_CASE("the same float4 store at a 16-byte aligned address runs") {
    SIMT_EACH_MODE();
    simt::test::Managed<float4> in(16, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
    simt::test::Managed<float> data(64, 0.0f);
    store_vec4<<<1, 16>>>(in, data.get());
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(data[63] == 4.0f);
}

TEST_CASE("an int read at an odd offset of a __shared__ byte array is a misaligned shared access") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(32);
    const simt::LaunchOutcome r = simt::test::run_on_engine("odd_shared_read", odd_shared_read, dim3(1), dim3(32), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::MisalignedAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("misaligned shared read of size 4 in kernel odd_shared_read"));
    CHECK_THAT(r.fault.message, Catch::Contains("test_faults.cu:187"));
}

TEST_CASE("fields of a packed struct are not misaligned accesses: the compiler splits them") {
    SIMT_EACH_MODE();
    simt::test::Managed<Record> records(32, Record{1, 41});
    simt::test::Managed<int> out(32);
    packed_fields<<<1, 32>>>(records, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[31] == 42);
}

namespace {

// Reads one element past the tile: the last thread overruns it.
__global__ void shift_left(const float* in, float* out) {
    __shared__ float tile[64];
    __shared__ float neighbour[64];
    tile[threadIdx.x] = in[threadIdx.x];
    neighbour[threadIdx.x] = -1.0f;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x + 1];
}
// The guarded version.
__global__ void shift_left_guarded(const float* in, float* out) {
    __shared__ float tile[64];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = threadIdx.x + 1 < 64 ? tile[threadIdx.x + 1] : 0.0f;
}
// A 2-D tile written one row too far.
__global__ void fill_rows(float* out) {
    __shared__ float rows[4][16];
    for (int r = 0; r <= 4; ++r) rows[r][threadIdx.x] = float(r);
    __syncthreads();
    out[threadIdx.x] = rows[3][threadIdx.x];
}

}  // namespace

TEST_CASE("an index past a static __shared__ array is reported with the array's name and size and is not performed") {
    SIMT_EACH_MODE();
    simt::test::Managed<float> in(64, 1.0f), out(64, 0.0f);
    const simt::LaunchOutcome r = simt::test::run_on_engine("shift_left", shift_left, dim3(1), dim3(64), static_cast<const float*>(in.get()), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("out-of-bounds shared read of size 4 in kernel shift_left by thread (63,0,0)"));
    CHECK_THAT(r.fault.message, Catch::Contains("test_faults.cu:252"));
    CHECK_THAT(r.fault.message, Catch::Contains("byte offset 256 of __shared__ shift_left::tile (256 bytes): it ends 4 bytes past the array"));
    simt::cuda::reset_device(opts);
    simt::test::Managed<float> in2(64, 1.0f), out2(64, 0.0f);
    shift_left<<<1, 64>>>(in2, out2);
    CHECK(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
}

TEST_CASE("the guarded shift reads only inside its tile") {
    SIMT_EACH_MODE();
    simt::test::Managed<float> in(64, 1.0f), out(64, 0.0f);
    shift_left_guarded<<<1, 64>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[62] == 1.0f);
    CHECK(out[63] == 0.0f);
}

TEST_CASE("a write one row past a 2-D __shared__ tile is out of bounds, not a write into the next variable") {
    SIMT_EACH_MODE();
    simt::test::Managed<float> out(16, 0.0f);
    const simt::LaunchOutcome r = simt::test::run_on_engine("fill_rows", fill_rows, dim3(1), dim3(16), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("out-of-bounds shared write of size 4 in kernel fill_rows"));
    CHECK_THAT(r.fault.message, Catch::Contains("of __shared__ fill_rows::rows (256 bytes)"));
    CHECK_THAT(r.fault.message, Catch::Contains("test_faults.cu:264"));
}

namespace {
__global__ void write_before(int* data, int back) { data[-back] = 1; }
}  // namespace

TEST_CASE("a write just before an allocation is described from that allocation, not from the end of the previous one") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> first(93, 0), second(64, 0);
    const simt::LaunchOutcome r = simt::test::run_on_engine("write_before", write_before, dim3(1), dim3(1), second.get(), 3);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::Contains("is 12 bytes before the start of allocation #2 (256 bytes at"));
}

namespace {
__global__ void write_far(int* data, int index) { data[index] = 7; }
}  // namespace

TEST_CASE("a write far past an allocation is reported and not performed, even where another allocation would follow") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> small(32, 0), big(4 << 20, 0);
    const simt::LaunchOutcome r =
        simt::test::run_on_engine("write_far", write_far, dim3(1), dim3(1), small.get(), 1 << 20);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::Contains("is 4194176 bytes past the end of allocation #"));
    CHECK_THAT(r.fault.message, Catch::Contains("(128 bytes at"));
    for (int i = 0; i < (4 << 20); i += 4096) REQUIRE(big[i] == 0);
}

namespace {
__global__ void block_sum(int* out) {
    __shared__ int total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    atomicAdd(&total, int(threadIdx.x));
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

// Each level keeps a 2 KiB array live: 100 levels need about 200 KiB of stack.
__device__ int deep(int level) {
    volatile int frame[512];
    for (int i = 0; i < 512; ++i) frame[i] = level + i;
    const int below = level > 0 ? deep(level - 1) : 0;
    return frame[level % 512] + below;
}
__global__ void recurse(int* out) { out[threadIdx.x] = deep(100); }
}  // namespace

// A cooperative launch keeps every thread alive at once; past the guard pages
// the system's memory mappings allow (vm.max_map_count), stacks carry a
// canary instead. Here no stack may have a guard page. The overflow comes
// first, on a fresh device, so its thread gets the highest stack of a fresh
// mapping and runs into stacks nobody uses (in general it may overwrite a
// neighbour's frames before its canary is checked: see README).
TEST_CASE("threads past the system's guard pages still run, and overflowing one of their stacks is a stack overflow") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(simt::EngineOptions(opts).with_guarded_stacks(0).with_threads(1));
    simt::test::Managed<int> out(1, 0);
    const simt::LaunchOutcome r = simt::test::run_on_engine("recurse", recurse, dim3(1), dim3(1), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::StackOverflow);
    CHECK_THAT(r.fault.message, Catch::Contains("stack overflow in kernel recurse by thread ("));
    CHECK_THAT(r.fault.message, Catch::Contains("after the overflow: this launch keeps more threads alive than the "
                                                "system has guard pages for"));
    CHECK_THAT(simt::cuda::fault_text(r.fault), Catch::Contains("--stack-size 262144"));

    simt::cuda::reset_device(simt::EngineOptions(opts).with_guarded_stacks(0));
    simt::test::Managed<int> sums(4, -1);
    const simt::LaunchOutcome ran = simt::test::run_on_engine("block_sum", block_sum, dim3(4), dim3(256), sums.get());
    REQUIRE(!ran.fault);
    for (int b = 0; b < 4; ++b) CHECK(sums[b] == 255 * 256 / 2);
}

namespace {
// Two __device__ arrays declared one after the other: an index past the
// first must not land in the second.
__device__ int table[16];
__device__ int after_table[16];
__global__ void fill_table(int last) {
    for (int i = int(threadIdx.x); i <= last; i += int(blockDim.x)) table[i] = i + 1;
}
__global__ void read_table(int index, int* out) { *out = table[index]; }
}  // namespace

TEST_CASE("an index past a __device__ array is out of bounds naming the array, and the next variable is untouched") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts);
    const int zeros[16] = {};
    REQUIRE(cudaMemcpyToSymbol(after_table, zeros, sizeof zeros) == cudaSuccess);
    simt::test::Managed<int> unused(1);  // the runtime gives the engine the variables' layout
    const simt::LaunchOutcome r = simt::test::run_on_engine("fill_table", fill_table, dim3(1), dim3(8), 16);
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("out-of-bounds global write of size 4 in kernel fill_table by thread (0,0,0)"));
    CHECK_THAT(r.fault.message, Catch::Contains("at test_faults.cu:381"));
    CHECK_THAT(r.fault.message, Catch::Contains("byte offset 64 of __device__ table (64 bytes): it ends 4 bytes past the array"));
    int after[16];
    REQUIRE(cudaMemcpyFromSymbol(after, after_table, sizeof after) == cudaSuccess);
    for (int v : after) REQUIRE(v == 0);
}

TEST_CASE("a read before the start of a __device__ array is out of bounds too") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts);
    simt::test::Managed<int> out(1);  // (this also gives the engine the variables' layout)
    const simt::LaunchOutcome r = simt::test::run_on_engine("read_table", read_table, dim3(1), dim3(1), -1, out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::StartsWith("out-of-bounds global read of size 4 in kernel read_table"));
    CHECK_THAT(r.fault.message, Catch::Contains("at test_faults.cu:383"));
    CHECK_THAT(r.fault.message, Catch::Contains("byte offset -4 of __device__ table (64 bytes): it starts 4 bytes before the array"));
}

TEST_CASE("filling a __device__ array up to its last element runs and has no report") {
    SIMT_EACH_MODE();
    simt::cuda::reset_device(opts);
    fill_table<<<1, 8>>>(15);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    int t[16];
    REQUIRE(cudaMemcpyFromSymbol(t, table, sizeof t) == cudaSuccess);
    for (int i = 0; i < 16; ++i) REQUIRE(t[i] == i + 1);
    simt::test::Managed<int> out(1);
    read_table<<<1, 1>>>(15, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out[0] == 16);
}

// --check none in its mode: no access observer and no switch at accesses,
// so most accesses take the engine's lean path (Block::lean_access). What it
// lets through and what it faults must be what the whole path does.
TEST_CASE("with nothing watching accesses (--check none), overruns and misaligned accesses are still faults and not performed") {
    simt::EngineOptions unwatched = simt::test::options(simt::ScheduleMode::Independent, 32);
    unwatched.switch_at_accesses = false;
    const simt::cuda::CheckOptions none = simt::test::only(false, false, false, false);
    simt::cuda::reset_device(unwatched, none);
    {
        simt::test::Managed<int> data(64, 0), neighbour(64, 7);
        const simt::LaunchOutcome r = simt::test::run_on_engine("write_past_end", write_past_end, dim3(1), dim3(64), data.get(), 64);
        REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
        CHECK_THAT(r.fault.message, Catch::Contains("is 0 bytes past the end of allocation #1 (256 bytes at"));
        for (int i = 0; i < 64; ++i) REQUIRE(neighbour[i] == 7);
    }
    simt::cuda::reset_device(unwatched, none);
    {
        simt::test::Managed<float4> in(16, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
        simt::test::Managed<float> data(68, 0.0f);
        const simt::LaunchOutcome r = simt::test::run_on_engine("store_vec4", store_vec4, dim3(1), dim3(16),
                                                                static_cast<const float4*>(in.get()), data.get() + 1);
        REQUIRE(r.fault.kind == simt::FaultKind::MisalignedAddress);
        CHECK(data[1] == 0.0f);
    }
    simt::cuda::reset_device(unwatched, none);
    {
        simt::test::Managed<float> in(64, 1.0f), out(64, 0.0f);
        const simt::LaunchOutcome r = simt::test::run_on_engine("shift_left", shift_left, dim3(1), dim3(64),
                                                                static_cast<const float*>(in.get()), out.get());
        REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
        CHECK_THAT(r.fault.message, Catch::Contains("byte offset 256 of __shared__ shift_left::tile (256 bytes)"));
    }
    simt::cuda::reset_device(unwatched, none);
    {
        simt::test::Managed<int> out(32);
        const simt::LaunchOutcome r = launch_dynamic_overrun(out);
        REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
        CHECK_THAT(r.fault.message, Catch::Contains("byte offset 128 of extern __shared__ memory, but the launch gave 128 bytes"));
    }
    simt::cuda::reset_device(unwatched, none);
    {
        // Five allocations: the one written was not among the four hit last.
        simt::test::Managed<int> a(32, 0), b(32, 0), c(32, 0), d(32, 0), small(32, 0), big(4 << 20, 0);
        write_far<<<1, 1>>>(a, 1);
        write_far<<<1, 1>>>(b, 1);
        write_far<<<1, 1>>>(c, 1);
        write_far<<<1, 1>>>(d, 1);
        REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
        const simt::LaunchOutcome r = simt::test::run_on_engine("write_far", write_far, dim3(1), dim3(1), small.get(), 1 << 20);
        REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
        for (int i = 0; i < (4 << 20); i += 4096) REQUIRE(big[i] == 0);
        CHECK(a[1] == 7);
        CHECK(d[1] == 7);
    }
}

namespace {

// A store through a null pointer the compiler can see: kept as a store (not
// turned into a trap or deleted), so it is the null-pointer fault it is.
__global__ void stores_through_null() {
    int* p = nullptr;
    if (threadIdx.x == 3) p[0] = 1;
}
__global__ void builtin_trap() {
    if (threadIdx.x == 2) __builtin_trap();
}

}  // namespace

TEST_CASE("a store through a null pointer the compiler sees is reported as one, not a crash of simt") {
    SIMT_EACH_MODE();
    stores_through_null<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    const simt::LaunchOutcome r = simt::test::run_on_engine("stores_through_null", stores_through_null, dim3(1), dim3(32));
    REQUIRE(r.fault.kind == simt::FaultKind::IllegalAddress);
    CHECK_THAT(r.fault.message, Catch::Contains("(a null pointer)") && Catch::Contains("thread (3,0,0)"));
}

TEST_CASE("__builtin_trap() in a kernel is a device trap naming the thread and line: the launch fails") {
    SIMT_EACH_MODE();
    const simt::LaunchOutcome r = simt::test::run_on_engine("builtin_trap", builtin_trap, dim3(1), dim3(32));
    REQUIRE(r.fault.kind == simt::FaultKind::Trap);
    CHECK_THAT(r.fault.message, Catch::Contains("trap instruction executed in kernel builtin_trap by thread (2,0,0)") &&
                                    Catch::Contains("test_faults.cu:"));
    simt::cuda::reset_device(opts);
    builtin_trap<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
}

namespace {

// Every lane divides; lanes whose divisor is 0 get an unspecified value a
// GPU does not trap on, and the host ignores them.
__global__ void divide_all(const int* d, int* q, int* r, unsigned* uq, long long* q64, unsigned char* q8) {
    const int t = int(threadIdx.x);
    q[t] = 100 / d[t];
    r[t] = 100 % d[t];
    uq[t] = 100u / unsigned(d[t]);
    q64[t] = 100000000000ll / (long long)d[t];
    q8[t] = (unsigned char)(200u / (unsigned char)d[t]);
}
__device__ int lowest = -2147483647 - 1;
__global__ void lowest_by_minus_one(const int* d, int* q, int* r) {
    q[threadIdx.x] = lowest / d[threadIdx.x];
    r[threadIdx.x] = lowest % d[threadIdx.x];
}

}  // namespace

TEST_CASE("an integer division by zero goes on as a GPU goes on: the other lanes' results are kept, with a warning") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> d(32), q(32, -7), r(32, -7);
    simt::test::Managed<unsigned> uq(32, 7);
    simt::test::Managed<long long> q64(32, -7);
    simt::test::Managed<unsigned char> q8(32, 7);
    for (int i = 0; i < 32; ++i) d[i] = i % 4;
    divide_all<<<1, 32>>>(d, q, r, uq, q64, q8);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 32; ++i) {
        CAPTURE(i);
        if (d[i] == 0) {
            CHECK(q[i] == -1);          // all ones
            CHECK(r[i] == 100);         // the dividend
            CHECK(uq[i] == 0xffffffffu);
            CHECK(q64[i] == -1);
            CHECK(q8[i] == 0xff);
        } else {
            CHECK(q[i] == 100 / d[i]);
            CHECK(r[i] == 100 % d[i]);
            CHECK(uq[i] == 100u / unsigned(d[i]));
            CHECK(q64[i] == 100000000000ll / d[i]);
            CHECK(q8[i] == 200 / d[i]);
        }
    }
}

__global__ void divide_zero_by(const int* d, const int* n, int* q, unsigned* uq, int* r) {
    const int t = int(threadIdx.x);
    q[t] = n[t] / d[t];
    uq[t] = unsigned(n[t]) / unsigned(d[t]);
    r[t] = n[t] % d[t];
}

// An H100 (docs/gpu-runs/int-division.md): 0 / 0 is 0, signed and unsigned,
// where any other x / 0 is all ones; 0 % 0 is 0, the dividend.
TEST_CASE("zero divided by zero is 0 where any other 32-bit value divided by zero is all ones, as on an H100") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> d(32, 0), n(32, 0), q(32, 7), r(32, 7);
    simt::test::Managed<unsigned> uq(32, 7);
    for (int i = 0; i < 32; ++i) n[i] = i % 2 == 0 ? 0 : -100;
    divide_zero_by<<<1, 32>>>(d, n, q, uq, r);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 32; ++i) {
        CAPTURE(i);
        CHECK(q[i] == (i % 2 == 0 ? 0 : -1));
        CHECK(uq[i] == (i % 2 == 0 ? 0u : 0xffffffffu));
        CHECK(r[i] == n[i]);
    }
}

TEST_CASE("the most negative int divided by -1 wraps to itself with remainder 0, as a GPU computes it") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> d(32, -1), q(32, 0), r(32, 7);
    d[1] = 2;
    lowest_by_minus_one<<<1, 32>>>(d, q, r);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(q[0] == -2147483647 - 1);
    CHECK(r[0] == 0);
    CHECK(q[1] == (-2147483647 - 1) / 2);
}

#include <unistd.h>

namespace {

__global__ void forks(int* out) {
    if (threadIdx.x == 1) out[0] = int(fork());
}

}  // namespace

TEST_CASE("fork() in a kernel fails the launch naming the thread and line instead of copying the process") {
    SIMT_EACH_MODE();
    simt::test::Managed<int> out(1, 7);
    const simt::LaunchOutcome r = simt::test::run_on_engine("forks", forks, dim3(1), dim3(32), out.get());
    REQUIRE(r.fault.kind == simt::FaultKind::Trap);
    CHECK_THAT(r.fault.message, Catch::Contains("fork() called in kernel forks, thread (1,0,0)") &&
                                    Catch::Contains("nvcc rejects fork() in device code"));
    CHECK(out[0] == 7);
}
