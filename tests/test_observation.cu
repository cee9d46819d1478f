// Every load, store and atomic kernel code makes to shared, global or
// constant memory reaches the engine's checkers with address, size, kind,
// space and a PC that resolves to the kernel's line; a thread's own locals
// do not. Barrier, collective, fence and exit events arrive too.
#include "support.h"

#include <mutex>
#include <set>

#include "emulator/checker.h"
#include "emulator/engine.h"
#include "emulator/symbolizer.h"

namespace {

struct Recorded {
    simt::AccessEvent event;
    std::string where;
};

class Recorder : public simt::Checker {
public:
    void on_access(const simt::AccessEvent& e) override {
        std::lock_guard<std::mutex> lock(mutex);
        accesses.push_back({e, simt::describe(e.pc)});
    }
    void on_barrier_arrive(const simt::BarrierEvent& e) override {
        std::lock_guard<std::mutex> lock(mutex);
        barriers.push_back(simt::describe(e.pc));
    }
    void on_warp_collective(const simt::WarpCollectiveEvent& e) override {
        std::lock_guard<std::mutex> lock(mutex);
        collectives.push_back(e.mask);
    }
    void on_fence(const simt::FenceEvent& e) override {
        std::lock_guard<std::mutex> lock(mutex);
        fences.push_back(e.scope);
    }
    void on_thread_exit(const simt::ThreadId&) override {
        std::lock_guard<std::mutex> lock(mutex);
        ++exits;
    }
    std::size_t count(simt::MemorySpace space, simt::AccessKind kind, const std::string& where, unsigned size) const {
        std::size_t n = 0;
        for (const Recorded& r : accesses)
            n += r.event.space == space && r.event.kind == kind && r.where == where && r.event.size == size;
        return n;
    }
    std::mutex mutex;
    std::vector<Recorded> accesses;
    std::vector<std::string> barriers;
    std::vector<std::uint64_t> collectives;
    std::vector<simt::FenceScope> fences;
    int exits = 0;
};

struct Big {
    double a[4];
    int tag;
};

__constant__ int weights[8];

__device__ float load_through_helper(const float* p, int i) { return p[i]; }

__global__ void touches_everything(const float* in, float* out, Big* big, int* counter) {
    __shared__ float tile[64];
    extern __shared__ double dynamic[];
    int local[4];                       // a thread's own array: never reported
    local[threadIdx.x % 4] = int(threadIdx.x);
    tile[threadIdx.x] = load_through_helper(in, threadIdx.x);
    dynamic[threadIdx.x] = 2.0 * local[threadIdx.x % 4];
    __syncthreads();
    out[threadIdx.x] = tile[63 - threadIdx.x] + float(dynamic[threadIdx.x]) + float(weights[threadIdx.x % 8]);
    if (threadIdx.x == 0) {
        Big copy = big[0];
        copy.tag += 1;
        big[1] = copy;
    }
    atomicAdd(counter, 1);
    __threadfence();
    __syncwarp();
}

}  // namespace

TEST_CASE("kernel memory accesses reach the checkers with space, kind, size and the kernel's line") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32));
    // On the heap: this checker is compiled like kernel code, and kernel
    // code may not store into the launching thread's stack.
    const auto owned = std::make_unique<Recorder>();
    Recorder& recorder = *owned;
    simt::Engine::process().add_checker(&recorder);
    const int w[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    REQUIRE(cudaMemcpyToSymbol(weights, w, sizeof w) == cudaSuccess);
    simt::test::Managed<float> in(64, 1.0f), out(64);
    simt::test::Managed<Big> big(2);
    simt::test::Managed<int> counter(1, 0);
    touches_everything<<<1, 64, 64 * sizeof(double)>>>(in, out, big, counter);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);

    using simt::AccessKind;
    using simt::MemorySpace;
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Read, "test_observation.cu:64", 4) == 64);   // helper's load, its own line
    CHECK(recorder.count(MemorySpace::Shared, AccessKind::Write, "test_observation.cu:71", 4) == 64);  // static __shared__
    CHECK(recorder.count(MemorySpace::Shared, AccessKind::Write, "test_observation.cu:72", 8) == 64);  // extern __shared__
    CHECK(recorder.count(MemorySpace::Shared, AccessKind::Read, "test_observation.cu:74", 4) == 64);
    CHECK(recorder.count(MemorySpace::Constant, AccessKind::Read, "test_observation.cu:74", 4) == 64);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Write, "test_observation.cu:74", 4) == 64);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Atomic, "test_observation.cu:80", 4) == 64);
    // The struct copy: read from big[0] and written to big[1], 40 bytes each.
    std::size_t struct_bytes_read = 0, struct_bytes_written = 0;
    for (const Recorded& r : recorder.accesses) {
        if (r.event.space != MemorySpace::Global) continue;
        const auto base = reinterpret_cast<std::uintptr_t>(big.get());
        if (r.event.address >= base && r.event.address < base + sizeof(Big))
            struct_bytes_read += r.event.kind == AccessKind::Read ? r.event.size : 0;
        if (r.event.address >= base + sizeof(Big) && r.event.address < base + 2 * sizeof(Big))
            struct_bytes_written += r.event.kind == AccessKind::Write ? r.event.size : 0;
    }
    const std::size_t fields = 4 * sizeof(double) + sizeof(int);
    CHECK(struct_bytes_read >= fields);
    CHECK(struct_bytes_written >= fields);
    CHECK(big[1].tag == big[0].tag + 1);
    // Nothing from the fiber stacks (the local array) or the host.
    const std::set<std::string> kernel_lines = {"test_observation.cu:64", "test_observation.cu:71",
                                                "test_observation.cu:72", "test_observation.cu:74",
                                                "test_observation.cu:76", "test_observation.cu:77",
                                                "test_observation.cu:78", "test_observation.cu:80"};
    for (const Recorded& r : recorder.accesses) REQUIRE(kernel_lines.count(r.where) == 1);
    CHECK(recorder.barriers.size() == 64);
    CHECK(recorder.barriers[0] == "test_observation.cu:73");
    CHECK(recorder.collectives.size() == 64);
    CHECK(recorder.fences.size() == 64);
    CHECK(recorder.exits == 64);
}

namespace {

// Copies of lengths g++ folds into one load and store (8, 16) and of lengths
// it expands inline (12) or leaves to libc (n): each is observed once.
__global__ void copies_and_fills(const char* in, char* out, int n) {
    const unsigned t = threadIdx.x;
    memcpy(out + 64 * t, in + 64 * t, 8);
    std::memcpy(out + 64 * t + 8, in + 64 * t + 8, 16);
    memcpy(out + 64 * t + 24, in + 64 * t + 24, 12);
    memmove(out + 64 * t + 36, in + 64 * t + 36, n);
    memset(out + 64 * t + 48, 0, 4);
    memset(out + 64 * t + 52, 0, n);
    char local[12];
    memcpy(local, in + 64 * t, sizeof local);  // into the thread's own array: only the read is seen
    out[64 * t + 63] = local[t % 12];
}

}  // namespace

TEST_CASE("device memcpy, memmove and memset are one read of the source and one write of the destination at their line") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Independent, 32));
    const auto owned = std::make_unique<Recorder>();
    Recorder& recorder = *owned;
    simt::Engine::process().add_checker(&recorder);
    simt::test::Managed<char> in(64 * 32, 3), out(64 * 32, 1);
    char host_copy[12];
    std::memcpy(host_copy, in.get(), sizeof host_copy);  // the host's copies are not observed
    copies_and_fills<<<1, 32>>>(in, out, 4);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);

    using simt::AccessKind;
    using simt::MemorySpace;
    for (int line : {144, 145, 146}) {
        const unsigned size = line == 144 ? 8 : line == 145 ? 16 : 12;
        const std::string at = "test_observation.cu:" + std::to_string(line);
        CAPTURE(at);
        CHECK(recorder.count(MemorySpace::Global, AccessKind::Read, at, size) == 32);
        CHECK(recorder.count(MemorySpace::Global, AccessKind::Write, at, size) == 32);
    }
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Read, "test_observation.cu:147", 4) == 32);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Write, "test_observation.cu:147", 4) == 32);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Write, "test_observation.cu:148", 4) == 32);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Write, "test_observation.cu:149", 4) == 32);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Read, "test_observation.cu:151", 12) == 32);
    CHECK(recorder.count(MemorySpace::Global, AccessKind::Write, "test_observation.cu:152", 1) == 32);
    CHECK(recorder.accesses.size() == 32 * 12);
    for (int t = 0; t < 32; ++t) {
        REQUIRE(out[64 * t + 48] == 0);
        REQUIRE(out[64 * t + 38] == 3);
        REQUIRE(out[64 * t + 60] == 1);
    }
}
