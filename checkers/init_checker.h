// The init checker. Shared memory: a read of bytes no thread of the block
// has written yet (a GPU returns what an earlier block left; initcheck does
// not look at shared memory). Global memory (cudaMalloc'd): a read of bytes
// that no cudaMemcpy, cudaMemset or kernel has written (initcheck's rule).
// Managed and pinned host memory are written by plain host code simt cannot
// see, so they count as initialised.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "emulator/flat_shadow.h"
#include "emulator/page_index.h"
#include "driver/hazard_log.h"
#include "checkers/per_block_state.h"
#include "emulator/checker.h"

namespace simt::check {

class InitChecker final : public Checker {
public:
    explicit InitChecker(driver::HazardLog& log) : log_(log) {}
    bool wants_thread_events() const override { return false; }
    // With the race checker registered too, it judges shared reads
    // (RaceChecker::judge_shared_reads): its slot of each granule holds the
    // bytes written, so one load serves both checks and this checker is not
    // called for shared accesses at all. Set before it is registered.
    void leave_shared_memory_to_race_checker(bool leave) { shared_left_to_race_checker_ = leave; }
    bool wants_shared_access_events() const override { return !shared_left_to_race_checker_; }
    void on_launch_begin(const LaunchInfo& launch) override;
    void on_launch_end(const LaunchInfo& launch) override;
    // The attempt's stores were undone: its launch tag never counts as written.
    void on_launch_abandoned(const LaunchInfo& launch) override;
    void on_block_begin(const LaunchInfo& launch, Dim3 block) override;
    void on_block_end(const LaunchInfo& launch, Dim3 block) override;
    void on_access(const AccessEvent& e) override;
    // Most shared accesses (--check init without the race checker): a
    // store, or a read of bytes the block wrote, judged with no event.
    void on_shared_access(const ThreadId& who, SharedAccess access, const void* pc, std::uintptr_t address) override;
    // Most global accesses lie in one page written whole before the launch:
    // nothing to judge there, whatever the allocation (on_global_access).
    bool judged_global_access(const ThreadId&, GlobalAccess access, const void*, std::uintptr_t address) override {
        return access.size != 0 && ((address ^ (address + access.size - 1)) & ~(kPageBytes - 1)) == 0 &&
               page_full(address);
    }
    void on_memory(const MemoryEvent& e) override;

    // Between launches: the bytes of [lo, hi) that nothing has written, for a
    // copy that reads them (initcheck reports a cudaMemcpy source).
    struct Unwritten {
        std::uintptr_t first = 0;  // the lowest such byte
        std::size_t bytes = 0;     // how many (0: all written)
    };
    Unwritten unwritten(std::uintptr_t lo, std::uintptr_t hi);

private:
    // Shared memory: the block generation it was last written in (56 bits,
    // so it never wraps) and a bit per byte of the 4-byte granule, in one
    // word: a tile's shadow takes half the cache lines a padded pair did.
    struct Granule {
        std::uint64_t bits = 0;
        std::uint8_t written(std::uint64_t generation) const {
            return (bits >> 8) == generation ? std::uint8_t(bits) : std::uint8_t(0);
        }
        void write(std::uint64_t generation, std::uint8_t mask) { bits = generation << 8 | written(generation) | mask; }
    };
    // Global memory: bytes written before this launch, and during it. A read
    // of bytes in neither is only a candidate until the launch ends: another
    // block may still write them (in an order the race checker judges), and
    // whether it already has depends on how blocks were spread over workers.
    struct GlobalGranule {
        std::uint32_t launch = 0;  // the launch, modulo 2^20
        std::uint8_t before = 0;
        std::uint8_t during = 0;   // plain stores
        std::uint8_t atomics = 0;  // atomics: they read the old value first
        // Which block made the plain stores (block + 1; kSeveral if more than one).
        std::uint32_t writer = 0;

        // One word per granule, so that blocks running on several workers
        // update it with a compare-and-swap:
        // launch 20 | before 4 | during 4 | atomics 4 | writer 32.
        static GlobalGranule unpack(std::uint64_t w) {
            return GlobalGranule{std::uint32_t(w & 0xfffff), std::uint8_t((w >> 20) & 0xf),
                                 std::uint8_t((w >> 24) & 0xf), std::uint8_t((w >> 28) & 0xf), std::uint32_t(w >> 32)};
        }
        std::uint64_t pack() const {
            return std::uint64_t(launch) | std::uint64_t(before) << 20 | std::uint64_t(during) << 24 |
                   std::uint64_t(atomics) << 28 | std::uint64_t(writer) << 32;
        }
    };
    static constexpr std::uint32_t kSeveral = ~std::uint32_t(0);
    // The first reads of unwritten global bytes at one code address.
    struct Candidates {
        const void* pc = nullptr;
        std::vector<AccessEvent> samples;  // at most kSamples
        std::uint64_t unsampled = 0;
    };
    static constexpr std::size_t kSamples = 16;
    struct BlockState {
        std::uint64_t generation = 0;
        const LaunchInfo* launch = nullptr;
        std::uint64_t block_linear = 0;
        std::vector<Granule> shadow;
        std::vector<Candidates> candidates;
        // Stores into pages that were not full, counted by page (up to
        // kWorthALook: fill_pages).
        PageIndex<std::uint32_t> stored_pages;
    };

    [[gnu::noinline]] void judge_shared_access(const AccessEvent& e);
    // Beyond its inline path: an access across granules, or past the shadow.
    [[gnu::noinline]] void on_shared_span(BlockState& s, const AccessEvent& e);
    // A read of shared bytes no thread of the block wrote: out of the access
    // path (its frame is a report's).
    [[gnu::noinline]] void report_shared_read(BlockState& s, const AccessEvent& e);
    void on_global_access(const AccessEvent& e);
    // An access not in one page written whole before the launch.
    [[gnu::noinline]] void on_unfilled_pages(const AccessEvent& e);
    // Brings a granule into the current launch: last launch's writes count as before.
    void refresh(GlobalGranule& g) const {
        if (g.launch == tag()) return;
        if (!abandoned(g.launch)) g.before |= g.during | g.atomics;
        g.during = 0;
        g.atomics = 0;
        g.writer = 0;
        g.launch = tag();
    }
    std::uint32_t tag() const { return launch_ & 0xfffff; }
    // Launch tags whose stores were undone (a void parallel attempt); few:
    // a kernel's later launches no longer try.
    bool abandoned(std::uint32_t tag) const {
        return std::find(abandoned_.begin(), abandoned_.end(), tag) != abandoned_.end();
    }
    std::vector<std::uint32_t> abandoned_;
    // Runs fn on the granule of every 4 bytes of [lo, hi), refreshed, and
    // stores what it made of it (atomically: blocks may run in parallel).
    template <class Fn>
    void update(std::uintptr_t lo, std::uintptr_t hi, Fn&& fn);
    // Whether some bytes e reads were never written: for an atomic, its own
    // (and other atomics') updates do not count. After the launch, stores by
    // the reading block itself came after the read: `reader_writes` (its
    // block + 1, 0 during the launch) leaves them out.
    bool unwritten(const AccessEvent& e, std::uint32_t reader_writes);

    // Pages (4 KiB) every byte of which was written before the current
    // launch: an access there cannot read uninitialised bytes and a store
    // there changes nothing the checker needs, so neither touches a granule
    // word (most reads of most kernels: the inputs a cudaMemcpy filled).
    // Changed only between launches (a host write covering the page, the end
    // of a launch whose stores filled it, a free), so blocks read it plainly.
    static constexpr std::uintptr_t kPageBytes = 4096;
    static std::uintptr_t page_key(std::uintptr_t a) { return (a / kPageBytes) * 4; }
    bool page_full(std::uintptr_t a) {
        const std::uint8_t* full = full_pages_.find(page_key(a));
        return full != nullptr && *full != 0;
    }
    // Whether every page [lo, hi) lies in is full.
    bool all_full(std::uintptr_t lo, std::uintptr_t hi) {
        for (std::uintptr_t page = lo & ~(kPageBytes - 1); page < hi; page += kPageBytes)
            if (!page_full(page)) return false;
        return true;
    }
    // Whether every granule of the page at `page` is written (between launches).
    bool all_written(std::uintptr_t page);
    // A full page is full no more (part of it freed): the rest of its bytes
    // keep their written state in their granule words.
    void forget_full_pages(std::uintptr_t lo, std::uintptr_t hi);
    // [lo, hi) written before the current launch, in its granule words.
    void mark_written(std::uintptr_t lo, std::uintptr_t hi);
    // At the end of a launch: the pages its stores filled become full. A
    // page is looked at (1024 words) only when the launch stored to it often
    // enough to have filled a good part of it: a kernel storing a few words
    // a page each launch would pay far more there than on its accesses.
    static constexpr std::uint32_t kWorthALook = kPageBytes / 4 / 16;
    void fill_pages(const std::unordered_map<std::uintptr_t, std::uint32_t>& stored);

    driver::HazardLog& log_;
    bool shared_left_to_race_checker_ = false;
    PerBlockState<BlockState> blocks_;
    FlatShadow<std::uint64_t> global_;  // GlobalGranule::pack()
    FlatShadow<std::uint8_t> full_pages_;  // by page_key: 1 = full
    // Live device allocations (base -> size): their granules are brought up
    // to date when the launch number wraps.
    std::map<std::uintptr_t, std::size_t> live_;
    std::uint32_t launch_ = 1;  // counted by this checker; changes only between launches
    std::mutex mutex_;  // guards what blocks hand over when they end:
    std::map<std::uint64_t, std::vector<Candidates>> candidates_;  // by block
    std::unordered_map<std::uintptr_t, std::uint32_t> stored_pages_;  // by page, up to kWorthALook
};

}  // namespace simt::check
