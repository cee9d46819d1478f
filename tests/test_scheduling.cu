// What the two scheduling modes promise: lockstep runs warp-synchronous code
// as pre-Volta GPUs did; independent scheduling explores interleavings by
// seed and replays one exactly; worker threads never change results.
#include "support.h"

#include <cstring>
#include <new>
#include <set>

#include "emulator/block.h"
#include "emulator/engine.h"
#include "emulator/schedule.h"

namespace {

// The classic "last warp unrolled" reduction on volatile shared memory. It
// relies on lockstep warps: correct on pre-Volta GPUs, a race on Volta+.
__device__ void warp_reduce(volatile int* s, unsigned t) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
}

__global__ void unrolled_reduce(const int* in, int* out) {
    __shared__ int s[128];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    if (t < 64) s[t] += s[t + 64];
    __syncthreads();
    if (t < 32) warp_reduce(s, t);
    if (t == 0) out[blockIdx.x] = s[0];
}

// An unsynchronised read-modify-write of one shared counter: the result
// depends on the interleaving.
__global__ void racy_counter(int* out) {
    __shared__ int counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    counter = counter + 1;
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = counter;
}

// Every thread takes tickets from a shared counter at several points of its
// run (between accesses, across a barrier, around a shuffle), so the ticket
// order is a fingerprint of the interleaving: which thread ran when.
__global__ void ticket_fingerprint(unsigned long long* out) {
    __shared__ unsigned next;
    __shared__ unsigned short order[3 * 128];
    __shared__ int own[128];
    const unsigned t = threadIdx.x;
    if (t == 0) next = 0;
    own[t] = 0;
    __syncthreads();
    for (int round = 0; round < 3; ++round) {
        for (unsigned k = 0; k <= t % 5; ++k) own[t] += int(k);  // a thread's own number of accesses
        order[atomicAdd(&next, 1u)] = static_cast<unsigned short>(t);
        if (round == 1) __syncthreads();
        if (round == 2) own[t] += int(__shfl_xor_sync(simt_full_mask(), t, 1));
    }
    __syncthreads();
    if (t == 0) {
        unsigned long long h = 14695981039346656037ull;  // FNV-1a over the order
        for (unsigned i = 0; i < 3 * blockDim.x; ++i) h = (h ^ order[i]) * 1099511628211ull;
        out[blockIdx.x] = h;
    }
}

__global__ void ordered_print() {
    if (threadIdx.x % 16 == 0) printf("block %u thread %u\n", blockIdx.x, threadIdx.x);
}

// Cross-block communication through global atomics: a ticket per block and
// a float sum whose rounding depends on the order of the additions.
__global__ void tickets_and_sum(unsigned* next, unsigned* order, float* sum, const float* values) {
    __shared__ unsigned ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(next, 1u);
    __syncthreads();
    if (threadIdx.x == 0) order[ticket] = blockIdx.x;
    atomicAdd(sum, values[blockIdx.x * blockDim.x + threadIdx.x]);
}

struct AtomicOutcome {
    std::vector<unsigned> order;
    float sum;
    bool operator==(const AtomicOutcome&) const = default;
};

AtomicOutcome run_atomics(unsigned threads) {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32, 7, threads));
    const int blocks = 24, per_block = 64;
    simt::test::Managed<unsigned> next(1, 0), order(blocks, 99);
    simt::test::Managed<float> sum(1, 0.0f), values(blocks * per_block);
    for (int i = 0; i < blocks * per_block; ++i) values[i] = 1.0f / float(i + 3);  // rounding depends on order
    tickets_and_sum<<<blocks, per_block>>>(next, order, sum, values);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return AtomicOutcome{order.vector(), sum[0]};
}

int run_unrolled(simt::ScheduleMode mode, std::uint64_t seed) {
    simt::cuda::reset_device(simt::test::options(mode, 32, seed));
    simt::test::Managed<int> in(128 * 4, 1), out(4, 0);
    unrolled_reduce<<<4, 128>>>(in, out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    int wrong = 0;
    for (int b = 0; b < 4; ++b) wrong += out[b] != 128;
    return wrong;
}

std::vector<int> run_racy(std::uint64_t seed, unsigned threads) {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32, seed, threads));
    simt::test::Managed<int> out(8, 0);
    racy_counter<<<8, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return out.vector();
}

// The racy counter under a recorded or replayed schedule (emulator/schedule.h).
std::vector<int> run_racy_scripted(simt::EngineOptions options) {
    simt::cuda::reset_device(options);
    simt::test::Managed<int> out(8, 0);
    racy_counter<<<8, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return out.vector();
}

// The two blocks' fingerprints (ticket_fingerprint) under one configuration.
std::vector<unsigned long long> fingerprints(simt::ScheduleMode mode, unsigned warp_size, std::uint64_t seed,
                                             unsigned threads) {
    simt::cuda::reset_device(simt::test::options(mode, warp_size, seed, threads));
    simt::test::Managed<unsigned long long> out(2, 0);
    ticket_fingerprint<<<2, 128>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    return out.vector();
}

std::string printed(const simt::EngineOptions& options) {
    simt::cuda::reset_device(options);
    auto body = [] { ordered_print(); };
    simt::KernelLaunch l;
    l.kernel_name = "ordered_print";
    l.grid = simt::Dim3{6, 1, 1};
    l.block = simt::Dim3{64, 1, 1};
    l.invoke = [](void* c) { (*static_cast<decltype(body)*>(c))(); };
    l.closure = &body;
    return simt::Engine::process().launch(l).output;
}

}  // namespace

TEST_CASE("lockstep mode runs the warp-synchronous unrolled reduction correctly, for every seed") {
    for (std::uint64_t seed = 0; seed < 10; ++seed) CHECK(run_unrolled(simt::ScheduleMode::Lockstep, seed) == 0);
}

TEST_CASE("independent scheduling breaks the warp-synchronous reduction for some seeds") {
    int broken_runs = 0;
    for (std::uint64_t seed = 0; seed < 10; ++seed) broken_runs += run_unrolled(simt::ScheduleMode::Independent, seed) > 0;
    CHECK(broken_runs > 0);
}

TEST_CASE("independent scheduling: different seeds give different interleavings, the same seed the same one") {
    std::set<std::vector<int>> outcomes;
    for (std::uint64_t seed = 0; seed < 8; ++seed) outcomes.insert(run_racy(seed, 2));
    CHECK(outcomes.size() > 1);
    for (std::uint64_t seed = 0; seed < 4; ++seed) CHECK(run_racy(seed, 1) == run_racy(seed, 2));
    CHECK(run_racy(3, 2) == run_racy(3, 2));
}

TEST_CASE("a seed's interleaving is the one it was on 2026-11-26, in both modes and warp sizes, for any number of workers") {
    // The ticket orders' fingerprints as the engine printed them before issue
    // 14's changes: a faster engine must take the same scheduling decisions.
    struct Pinned {
        unsigned warp_size;
        std::uint64_t seed;
        unsigned long long block0, block1;
    };
    const Pinned independent[] = {
        {32, 0, 0xf72c8819c67af27full, 0xb5dd6b8da0ea2745ull},
        {32, 1, 0xd568ac1cfb0f58b1ull, 0x56440c7de779953ull},
        {32, 2, 0x132dca994cbd031ull, 0xc42be1198ae45bull},
        {32, 3, 0xc7d802b2e7cf31e5ull, 0xa616c20db6def5c7ull},
        {32, 4, 0x1cd8da18c3bfbba7ull, 0xa2596cedab23a83ull},
        {32, 5, 0x1a02dbc0dd87cbbbull, 0x4be22b86512d2c95ull},
        {32, 6, 0x884a20a9ec5ad941ull, 0x2f8dc5fc88dc7537ull},
        {32, 7, 0xcce3f41e634ebba1ull, 0x83d421ebbeb72699ull},
        {32, 8, 0xce9aae9a4e3a26efull, 0x60b0496bb7f80e4full},
        {32, 9, 0x84a4c2f139f9fb7bull, 0xa9fa372f1ad51997ull},
        {64, 0, 0x24e051db3d0547a5ull, 0xe81c98e17a598b5ull},
        {64, 1, 0x52de978f370abe19ull, 0xf03e34115ddc38d1ull},
        {64, 2, 0xb32a7ddab5ae4713ull, 0xc42be1198ae45bull},
        {64, 3, 0x32812c1ca8ee98d3ull, 0x31a2b3a422454bdfull},
        {64, 4, 0x9ce57a8efbb4dfc1ull, 0xc8784038d7b1e9d3ull},
        {64, 5, 0xc2294a9687cf2cdfull, 0x4c7b388651af4f77ull},
        {64, 6, 0x883feda9ec522e13ull, 0xf64cb4fa24db5339ull},
        {64, 7, 0x793b8db1939231efull, 0x83d421ebbeb72699ull},
        {64, 8, 0xee3c23eb3f4661d9ull, 0x42db2caa6fa2127ull},
        {64, 9, 0x35461571cdc10fefull, 0xc5dd0052d7a2f9c5ull},
    };
    for (const Pinned& p : independent) {
        CAPTURE(p.warp_size, p.seed);
        const std::vector<unsigned long long> want{p.block0, p.block1};
        CHECK(fingerprints(simt::ScheduleMode::Independent, p.warp_size, p.seed, 1) == want);
        CHECK(fingerprints(simt::ScheduleMode::Independent, p.warp_size, p.seed, 2) == want);
    }
    // Lockstep draws nothing: lanes take turns in lane order, whatever the seed.
    for (std::uint64_t seed : {0u, 7u}) {
        CAPTURE(seed);
        CHECK(fingerprints(simt::ScheduleMode::Lockstep, 32, seed, 2) ==
              std::vector<unsigned long long>(2, 0x1b80ef15636f4345ull));
        CHECK(fingerprints(simt::ScheduleMode::Lockstep, 64, seed, 2) ==
              std::vector<unsigned long long>(2, 0x9ccb7de44f0699e5ull));
    }
}

TEST_CASE("a seed's recorded schedule replays its interleaving exactly, with any number of workers") {
    for (std::uint64_t seed : {1u, 6u}) {
        CAPTURE(seed);
        simt::EngineOptions recording = simt::test::options(simt::ScheduleMode::Independent, 32, seed, 2);
        recording.recording = std::make_shared<simt::ScheduleRecording>();
        const std::vector<int> recorded = run_racy_scripted(recording);
        CHECK(recorded == run_racy(seed, 2));  // recording changes nothing
        const std::vector<simt::ScheduleStep> steps = recording.recording->steps();
        REQUIRE_FALSE(steps.empty());
        // Through the text form, as a schedule file carries it.
        const auto replayed = std::make_shared<const simt::Schedule>(simt::parse_schedule(simt::format_schedule(steps)));
        for (unsigned threads : {1u, 2u}) {
            simt::EngineOptions replay = simt::test::options(simt::ScheduleMode::Independent, 32, 99, threads);
            replay.schedule = replayed;
            CHECK(run_racy_scripted(replay) == recorded);  // the seed is not drawn from
        }
    }
}

TEST_CASE("an empty schedule is the plain order: each thread runs until it waits, then the next in index order") {
    simt::EngineOptions plain = simt::test::options(simt::ScheduleMode::Independent, 32, 0, 2);
    plain.schedule = std::make_shared<const simt::Schedule>(std::vector<simt::ScheduleStep>{});
    // Every thread's read-modify-write runs whole: no update is lost.
    CHECK(run_racy_scripted(plain) == std::vector<int>(8, 64));
    // One step, in block 3. Thread 63 arrives last at the first barrier, so
    // it runs on and increments first; thread 0 then loads 1 and lets the
    // others run before its store, so its store of 2 comes last.
    simt::ScheduleStep step;
    step.kind = simt::ScheduleStep::Kind::Yield;
    step.block = 3;
    step.thread = 0;
    step.count = 3;  // its accesses: the counter's reset, the load, the store
    plain.schedule = std::make_shared<const simt::Schedule>(std::vector<simt::ScheduleStep>{step});
    std::vector<int> overwritten(8, 64);
    overwritten[3] = 2;
    CHECK(run_racy_scripted(plain) == overwritten);
}

TEST_CASE("without switches at memory accesses (--check none), a thread runs until it waits, and the seed picks who runs next") {
    for (std::uint64_t seed : {0u, 1u, 2u}) {
        for (unsigned threads : {1u, 2u}) {
            CAPTURE(seed, threads);
            simt::EngineOptions unwatched = simt::test::options(simt::ScheduleMode::Independent, 32, seed, threads);
            unwatched.switch_at_accesses = false;
            // Every thread's read-modify-write of the counter runs whole
            // (with switches at accesses, updates are lost).
            CHECK(run_racy_scripted(unwatched) == std::vector<int>(8, 64));
            CHECK(run_racy(seed, threads) != std::vector<int>(8, 64));
        }
    }
    // Who runs after a wait is still the seed's: the ticket orders (taken
    // around a barrier and a shuffle) differ between seeds, not between runs.
    auto order = [](std::uint64_t seed, unsigned threads) {
        simt::EngineOptions unwatched = simt::test::options(simt::ScheduleMode::Independent, 32, seed, threads);
        unwatched.switch_at_accesses = false;
        simt::cuda::reset_device(unwatched);
        simt::test::Managed<unsigned long long> out(2, 0);
        ticket_fingerprint<<<2, 128>>>(out);
        REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
        return out.vector();
    };
    CHECK(order(4, 1) == order(4, 2));
    CHECK(order(4, 1) != order(5, 1));
    // Lockstep keeps its turns at every access: the option is independent
    // scheduling's.
    simt::EngineOptions lockstep = simt::test::options(simt::ScheduleMode::Lockstep, 32, 0, 2);
    lockstep.switch_at_accesses = false;
    simt::cuda::reset_device(lockstep);
    simt::test::Managed<unsigned long long> out(2, 0);
    ticket_fingerprint<<<2, 128>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(out.vector() == std::vector<unsigned long long>(2, 0x1b80ef15636f4345ull));
}

TEST_CASE("a schedule file's line that is not a step is refused naming the line") {
    CHECK_THROWS_WITH(simt::parse_schedule("# a comment\nyield 0 1 2 3\npick 0 1 start 1 4  # fine\nyield 0 1 x 2\n"),
                      Catch::Contains("line 4 is not a schedule step"));
    CHECK_THROWS_WITH(simt::parse_schedule("yield 0 0 0 0\n"), Catch::Contains("line 1"));  // counts start at 1
    CHECK_THROWS_WITH(simt::parse_schedule("pick 0 0 1 1\n"), Catch::Contains("line 1"));    // no next thread
    CHECK(simt::parse_schedule("\n# only comments\n").empty());
}

TEST_CASE("device printf output comes in block order and is identical for any number of workers") {
    const auto mode = GENERATE(simt::ScheduleMode::Independent, simt::ScheduleMode::Lockstep);
    const std::string one = printed(simt::test::options(mode, 32, 5, 1));
    const std::string two = printed(simt::test::options(mode, 32, 5, 2));
    const std::string four = printed(simt::test::options(mode, 32, 5, 4));
    CHECK(one == two);
    CHECK(one == four);
    CHECK(one.rfind("block 0 thread ", 0) == 0);
    CHECK(one.find("block 5 thread 48\n") != std::string::npos);
    CHECK(one.find("block 5") > one.find("block 4"));
}

TEST_CASE("global atomics from different blocks take effect in block order, so results do not depend on --threads") {
    const AtomicOutcome one = run_atomics(1);
    for (unsigned b = 0; b < one.order.size(); ++b) CHECK(one.order[b] == b);
    CHECK(run_atomics(2) == one);
    CHECK(run_atomics(4) == one);
}

TEST_CASE("a fresh simulated thread is zero bits but for its ids and its fiber, so one memset readies a reused thread table") {
    // Block::Block resets the worker's table with one memset, sets the ids,
    // and run() prepares each fiber: a field whose default is not zero bits
    // would start every block after the first with a stale value.
    alignas(simt::SimThread) unsigned char fresh_bytes[sizeof(simt::SimThread)] = {};
    alignas(simt::SimThread) unsigned char reset_bytes[sizeof(simt::SimThread)];
    std::memset(reset_bytes, 0xa5, sizeof reset_bytes);  // a previous block's leftovers, padding included
    auto* fresh = new (fresh_bytes) simt::SimThread{};
    auto* reset = new (reset_bytes) simt::SimThread;
    std::memset(static_cast<void*>(reset), 0, sizeof *reset);
    for (simt::SimThread* t : {fresh, reset}) {
        t->id = simt::ThreadId{{3, 1, 0}, {7, 0, 0}, 35, 1, 3};
        t->fiber.prepare(nullptr, nullptr);
    }
    CHECK(std::memcmp(fresh_bytes, reset_bytes, sizeof(simt::SimThread)) == 0);
}
