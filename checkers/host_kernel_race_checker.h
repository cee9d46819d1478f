// Races between host code and kernel launches nothing has waited for yet.
// On a GPU a launch returns before its kernel has run, so host code that
// reads managed or pinned memory a launch writes (or writes memory it
// uses) before a synchronising call races with the kernel. simt runs the
// kernel before the launch returns, so the program works here and on a
// slow GPU, and fails on a fast one: the bug must be found, not lived.
//
// Kernel side: each access to a managed or pinned allocation leaves a note
// per 4-byte granule, one for all the launches not yet waited for: a write
// before a read, then the earliest launch, then the lowest thread (block
// order), so the note is the same for any number of workers and any
// interleaving. Notes live in an array per allocation mapped lazily (the
// OS gives zero pages as they are touched): 8 bytes per granule touched,
// kept across waits (a wait makes the notes before it stale).
//
// Host side (the CUDA layer's watch, GlobalMemory::host_access): a host read
// of a granule noted written, or a host write of one noted at all, races
// with the noted access. Instances are grouped by rule and pair of lines;
// the CUDA layer takes the groups when the host next waits for the device,
// and the wait forgets every note.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "driver/hazard_log.h"
#include "emulator/checker.h"

namespace simt::check {

class HostKernelRaceChecker final : public Checker {
public:
    HostKernelRaceChecker();
    ~HostKernelRaceChecker() override;

    bool wants_thread_events() const override { return false; }
    bool wants_shared_access_events() const override { return false; }
    void on_launch_begin(const LaunchInfo& launch) override;
    void on_launch_abandoned(const LaunchInfo& launch) override;
    void on_memory(const MemoryEvent& e) override;
    void on_access(const AccessEvent& e) override;
    bool judged_global_access(const ThreadId& who, GlobalAccess access, const void* pc,
                              std::uintptr_t address) override;

    // ---- On the host ----
    // Whether a launch since the host last waited touched watched memory.
    bool noted() const { return noted_span_.load(std::memory_order_relaxed) != 0; }
    // Whether `a` may lie in an allocation a launch noted since the host
    // last waited: one test, no lock (a host loop over memory no launch
    // touched, such as a buffer being filled for the next launch, costs
    // that much an access).
    bool may_be_noted(std::uintptr_t a) const {
        return a - noted_lo_.load(std::memory_order_relaxed) < noted_span_.load(std::memory_order_relaxed);
    }
    // Host code read (or wrote) [a, a + size) at `pc`.
    void host_access(std::uintptr_t a, std::size_t size, bool write, const void* pc);
    // The host waited for every launch: the notes are forgotten.
    void host_waited();
    // A new device: nothing is watched or found.
    void reset();

    // A group of races, with the launch its kernel side belongs to.
    struct Found {
        std::uint64_t launch = 0;
        driver::HazardGroup group;
    };
    // The groups found since the last call, in order of first instance.
    std::vector<Found> take_found();

private:
    struct Watched;
    struct LaunchRecord {
        std::string kernel;
        std::uint64_t index = 0;
        Dim3 grid, block;
        unsigned warp_size = 32;
    };
    Watched* find(std::uintptr_t a) const;
    void note(const ThreadId& who, std::uintptr_t a, std::uint32_t size, bool write, const void* pc);
    std::uint16_t pc_slot(const void* pc);
    driver::HazardReport report(const Watched& w, const LaunchRecord& launch, driver::Rule rule, std::uintptr_t a,
                                std::size_t size, const void* pc, std::uint64_t note) const;

    // Changed on the host between launches (allocations come and go under
    // the device's turn); read by the workers during launches.
    std::vector<std::unique_ptr<Watched>> watched_;  // by base
    std::uintptr_t lo_ = 0, span_ = 0;               // what they cover: a - lo_ < span_
    std::vector<LaunchRecord> launches_;             // not waited for: a note's launch is first_ + its place
    std::uint32_t first_ = 1;                        // the number of the first launch not waited for
    std::uint32_t current_ = 0;                      // the running launch's number, 0: not noted
    std::uint64_t threads_per_block_ = 0;
    bool blocks_in_parallel_ = false;  // the running launch's (LaunchInfo::blocks_in_parallel)
    // The allocations noted since the last wait, as one range (lo, span).
    std::atomic<std::uintptr_t> noted_lo_{0}, noted_span_{0};
    std::mutex noted_range_mutex_;
    void widen_noted_range(const Allocation& a);

    std::mutex pcs_mutex_;
    std::vector<const void*> pcs_{nullptr};  // slot 0: past the table's room
    std::unordered_map<const void*, std::uint16_t> pc_slots_;

    std::mutex host_mutex_;  // host threads' accesses
    std::vector<Found> found_;
};

}  // namespace simt::check
