// The engine's own threads under ThreadSanitizer: workers running blocks side
// by side, global accesses in block order for a checker that needs it, device
// printf and faults merged in block order, the watchdog beside them. Kernel
// code here is plain C++ that tells the engine of its accesses itself (a CUDA
// program's are observed through GCC's TSan instrumentation, which in this
// build goes to libtsan instead), so no CUDA layer and no checker of simt's
// is involved: only the engine. Exit status 0 when every launch computed what
// it must; ThreadSanitizer makes the process fail on any report.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "emulator/device_context.h"
#include "emulator/engine.h"

namespace {

using namespace simt;

int failures = 0;

void expect(bool holds, const std::string& what) {
    if (!holds) {
        std::fprintf(stderr, "engine_threads: FAILED: %s\n", what.c_str());
        ++failures;
    }
}

// A checker that makes the engine order global accesses by block (or run
// blocks side by side and undo it when they overlap) and counts what it is
// told, from whichever worker tells it.
class Counting final : public Checker {
public:
    bool needs_blocks_in_order() const override { return true; }
    void on_block_begin(const LaunchInfo&, Dim3) override { blocks.fetch_add(1, std::memory_order_relaxed); }
    void on_access(const AccessEvent& e) override {
        (e.space == MemorySpace::Global ? global : shared).fetch_add(1, std::memory_order_relaxed);
        // In block order, global accesses come one block at a time: the
        // block index never goes down within a launch.
        if (e.space == MemorySpace::Global && !parallel) {
            const std::uint64_t block = e.who.block.x;
            if (block < last_global_block) ordered = false;
            last_global_block = block;
        }
    }
    void on_launch_begin(const LaunchInfo& info) override {
        last_global_block = 0;
        parallel = info.blocks_in_parallel;
        ++(parallel ? parallel_launches : ordered_launches);
    }
    void on_launch_abandoned(const LaunchInfo&) override { ++abandoned; }
    std::atomic<std::uint64_t> blocks{0}, global{0}, shared{0};
    std::uint64_t last_global_block = 0;  // written under the engine's block order
    bool parallel = false;
    bool ordered = true;
    unsigned parallel_launches = 0, ordered_launches = 0, abandoned = 0;
};

// Every thread costs ThreadSanitizer ~1.5 ms (a fiber context made and
// dropped: mmap, munmap, madvise): 8 blocks of 2 warps keep 4 workers busy
// in ~1/3 of the time 24 blocks took.
constexpr unsigned kBlocks = 8, kThreads = 64, kFaultingBlock = 6;

// Kernel memory as a GPU has it: blocks running side by side may really
// race (chain's attempt does, then it is undone), which is no data race of
// the engine's: relaxed atomics say so to ThreadSanitizer.
template <class T>
void store(T* address, T value) {
    device::observe(address, sizeof(T), AccessKind::Write, false, __builtin_return_address(0));
    __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

template <class T>
T load(const T* address) {
    device::observe(address, sizeof(T), AccessKind::Read, false, __builtin_return_address(0));
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}

struct Sums {
    std::uint64_t* out;
    std::uint64_t* total;
};

// Each block sums its threads' values through shared memory and a barrier;
// every thread adds to one global total atomically.
void block_sum(void* closure) {
    const Sums& s = *static_cast<const Sums*>(closure);
    const ThreadId& me = device::thread();
    auto* shared = static_cast<std::uint64_t*>(device::dynamic_shared());
    const std::uint64_t value = me.block.x * 1000 + me.linear;
    store(&shared[me.linear], value);
    device::barrier(__builtin_return_address(0), true);
    if (me.linear == 0) {
        std::uint64_t sum = 0;
        for (unsigned i = 0; i < kThreads; ++i) sum += load(&shared[i]);
        store(&s.out[me.block.x], sum);
        char line[64];
        const int n = std::snprintf(line, sizeof line, "block %u\n", me.block.x);
        device::print(line, std::size_t(n));
    }
    device::observe(s.total, sizeof(std::uint64_t), AccessKind::Atomic, false, __builtin_return_address(0));
    __atomic_fetch_add(s.total, value, __ATOMIC_RELAXED);
}

// Thread 0 of each block adds its block number + 1 to one word with a plain
// load and store: blocks see each other's work, so only block order gives
// one answer (1 + 2 + ... + kBlocks).
void chain(void* closure) {
    const Sums& s = *static_cast<const Sums*>(closure);
    const ThreadId& me = device::thread();
    if (me.linear != 0) return;
    store(s.total, load(s.total) + me.block.x + 1);
}

// Thread 5 of block 6 reads past its allocation: the launch fails there,
// whichever worker ran that block and whatever the others did meanwhile.
void faulting(void* closure) {
    const Sums& s = *static_cast<const Sums*>(closure);
    const ThreadId& me = device::thread();
    const std::uint64_t* p = s.out + (me.block.x == kFaultingBlock && me.linear == 5 ? kBlocks + 4096 : me.block.x);
    (void)load(p);
}

KernelLaunch make_launch(const char* name, void (*invoke)(void*), Sums& sums) {
    KernelLaunch l;
    l.kernel_name = name;
    l.grid = Dim3{kBlocks, 1, 1};
    l.block = Dim3{kThreads, 1, 1};
    l.dynamic_shared = kThreads * sizeof(std::uint64_t);
    l.invoke = invoke;
    l.closure = &sums;
    return l;
}

void run(ScheduleMode mode, unsigned workers) {
    const std::string where = std::string(mode == ScheduleMode::Lockstep ? "lockstep" : "its") + ", " +
                              std::to_string(workers) + " workers";
    Engine engine(EngineOptions{}.with_mode(mode).with_threads(workers).with_seed(7));
    Counting counting;
    engine.add_checker(&counting);
    auto* out = static_cast<std::uint64_t*>(engine.memory().allocate(kBlocks * sizeof(std::uint64_t), AllocationKind::Device));
    auto* total = static_cast<std::uint64_t*>(engine.memory().allocate(sizeof(std::uint64_t), AllocationKind::Device));
    Sums sums{out, total};
    for (int round = 0; round < 2; ++round) {
        std::memset(out, 0, kBlocks * sizeof(std::uint64_t));
        *total = 0;
        const LaunchOutcome o = engine.launch(make_launch("block_sum", &block_sum, sums));
        expect(!o.fault, where + ": block_sum did not fault: " + o.fault.message);
        std::uint64_t all = 0;
        std::string printed;
        for (unsigned b = 0; b < kBlocks; ++b) {
            const std::uint64_t want = std::uint64_t(kThreads) * b * 1000 + kThreads * (kThreads - 1) / 2;
            expect(out[b] == want, where + ": block " + std::to_string(b) + "'s sum");
            all += want;
            printed += "block " + std::to_string(b) + "\n";
        }
        expect(*total == all, where + ": the atomic total");
        expect(o.output == printed, where + ": printf output in block order");
    }
    expect(counting.blocks == 2 * kBlocks, where + ": every block began");
    expect(counting.shared == 2 * kBlocks * (2 * kThreads), where + ": every shared access was seen");
    expect(counting.global == 2 * kBlocks * (kThreads + 1), where + ": every global access was seen");
    expect(counting.parallel_launches == 2 && counting.ordered_launches == 0 && counting.abandoned == 0,
           where + ": block_sum's blocks ran side by side (they share only an atomic)");

    // Blocks that see each other's work: the attempt is undone (the total
    // back at 5) and the launch runs in block order; the next launch of the
    // kernel goes straight there.
    for (int round = 0; round < 2; ++round) {
        *total = 5;
        const LaunchOutcome o = engine.launch(make_launch("chain", &chain, sums));
        expect(!o.fault, where + ": chain did not fault: " + o.fault.message);
        expect(*total == 5 + kBlocks * (kBlocks + 1) / 2, where + ": chain's total is block order's");
    }
    expect(counting.parallel_launches == 3 && counting.abandoned == 1 && counting.ordered_launches == 2,
           where + ": chain tried side by side once, then in block order twice");
    expect(counting.ordered, where + ": global accesses came in block order");

    const LaunchOutcome o = engine.launch(make_launch("faulting", &faulting, sums));
    expect(bool(o.fault) && o.fault.in_thread && o.fault.who.block.x == kFaultingBlock && o.fault.who.linear == 5,
           where + ": the fault names block 6, thread 5: " + o.fault.message);
    expect(counting.abandoned == 2, where + ": the faulting launch's side-by-side attempt was abandoned");
    engine.memory().free(out);
    engine.memory().free(total);
}

}  // namespace

int main() {
    for (ScheduleMode mode : {ScheduleMode::Independent, ScheduleMode::Lockstep})
        for (unsigned workers : {2u, 4u}) run(mode, workers);
    if (failures != 0) return 1;
    std::printf("engine_threads: every launch computed what it must, in both modes with 2 and 4 workers\n");
    return 0;
}
