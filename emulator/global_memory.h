// Device ("global") memory: one reserved arena so that classifying an address
// as global is a single range compare on the access hot path.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace simt {

// RegisteredHost: the program's own host memory registered for the device
// (outside the arena; GlobalMemory::register_host).
enum class AllocationKind : std::uint8_t { Device, Managed, PinnedHost, RegisteredHost };

struct Allocation {
    std::uintptr_t base = 0;
    std::size_t size = 0;
    std::size_t span = 0;  // address space it holds: size rounded up, then the gap before the next
    AllocationKind kind = AllocationKind::Device;
    std::uint64_t serial = 0;  // 1 for the first allocation of the process, ...
    const void* site = nullptr;  // the code that asked for it (for leak reports)
};

// Allocations are placed kGap apart in a wide reserved range (address space,
// not memory: pages are used only when touched), so an index that runs past
// one allocation lands in unallocated space and is reported, instead of
// silently landing in the next allocation. Once the range is used up,
// allocations are packed with small red zones.
class GlobalMemory {
public:
    // `capacity`: the device memory the program may hold at once.
    explicit GlobalMemory(std::size_t capacity);
    ~GlobalMemory();
    GlobalMemory(const GlobalMemory&) = delete;
    GlobalMemory& operator=(const GlobalMemory&) = delete;

    // nullptr when the arena is exhausted (cudaErrorMemoryAllocation).
    void* allocate(std::size_t bytes, AllocationKind kind, const void* site = nullptr);
    // false when ptr is not the base of a live allocation.
    bool free(void* ptr);
    std::optional<Allocation> find(std::uintptr_t address) const;
    // Why [address, address + size) is not inside a live allocation, relative
    // to the nearest one: "is 4 bytes past the end of allocation #2 (1024
    // bytes at 0x...)", "lies in allocation #3 (...), which was freed".
    std::string explain(std::uintptr_t address, std::size_t size) const;
    // "" when [address, address + bytes) lies inside one live allocation;
    // otherwise why not, in explain()'s words.
    std::string check_range(std::uintptr_t address, std::size_t bytes) const;
    // Whether the address lies in a freed allocation no live one has reused.
    bool in_freed(std::uintptr_t address) const;
    std::size_t live_allocations() const;
    // Bytes the live allocations hold (what counts against the capacity).
    std::size_t live_bytes() const {
        std::lock_guard<std::mutex> lock(mutex_);
        return live_bytes_;
    }
    // Every live allocation, by address.
    std::vector<Allocation> live() const;

    // Host memory the program registered for the device: it stays where it
    // is, outside the arena, but kernels' accesses to it are observed as
    // those to an allocation are (bounds, races), under a serial of its own.
    // False when it overlaps a registered range.
    bool register_host(std::uintptr_t base, std::size_t size, const void* site);
    bool unregister_host(std::uintptr_t base);
    // The registered range holding `address`, or, failing that, the one it
    // lies within `slack` bytes before or after (an index past its end).
    std::optional<Allocation> find_registered(std::uintptr_t address, std::size_t slack = 0) const;
    // Why [address, address + size) is not inside that range.
    static std::string explain_registered(const Allocation& range, std::uintptr_t address, std::size_t size);
    // Whether any host range is registered now (checked before a lookup on
    // every access outside device memory).
    static bool any_registered() { return registered_count_.load(std::memory_order_relaxed) != 0; }

    bool contains(std::uintptr_t a) const { return a - lo_ < reserved_; }
    // The arena of the process's engine, for the access hot path.
    static bool active_contains(std::uintptr_t a) { return a - active_lo_ < active_size_; }

    // Code running outside any simulated thread (host code) stored `size`
    // bytes at `a`. A GPU faults on a plain host store to device memory; simt
    // performs it (the arena is the process's memory), and Thrust's
    // algorithms, which run on the host under simt, store there all the time:
    // a store inside the arena is told to the sink the CUDA layer set.
    using HostStoreSink = void (*)(std::uintptr_t a, std::size_t size);
    static void set_host_store_sink(HostStoreSink sink) { host_store_sink_ = sink; }
    static void host_store(std::uintptr_t a, std::size_t size) {
        if (active_contains(a) && host_store_sink_ != nullptr) host_store_sink_(a, size);
    }
    // Host code's loads and stores inside the arena, told to the watcher the
    // CUDA layer sets while a launch the host has not waited for may still
    // use memory the host reads (managed and pinned allocations); nullptr
    // the rest of the time, so a host access then costs one load and test.
    // `ordered`: a volatile or atomic access (a flag the host polls).
    using HostAccessWatch = void (*)(std::uintptr_t a, std::size_t size, bool write, bool ordered, const void* pc);
    static void watch_host_accesses(HostAccessWatch watch) { host_access_watch_.store(watch, std::memory_order_relaxed); }
    static void host_access(std::uintptr_t a, std::size_t size, bool write, bool ordered, const void* pc) {
        const HostAccessWatch watch = host_access_watch_.load(std::memory_order_relaxed);
        if (watch != nullptr && active_contains(a)) [[unlikely]] watch(a, size, write, ordered, pc);
    }

private:
    static inline std::atomic<HostAccessWatch> host_access_watch_{nullptr};
    static inline HostStoreSink host_store_sink_ = nullptr;
    static inline std::atomic<std::size_t> registered_count_{0};
    std::map<std::uintptr_t, Allocation> registered_;
    static inline std::uintptr_t active_lo_ = 0;
    static inline std::size_t active_size_ = 0;
    std::uintptr_t lo_ = 0;
    std::size_t capacity_ = 0;  // device bytes
    std::size_t reserved_ = 0;  // address space
    std::size_t next_ = 0;
    std::size_t live_bytes_ = 0;
    std::uint64_t serial_ = 0;
    mutable std::mutex mutex_;
    std::map<std::uintptr_t, Allocation> live_;
    std::map<std::uintptr_t, Allocation> freed_;  // most recent allocation freed at each base
    std::multimap<std::size_t, std::uintptr_t> free_;  // reusable ranges by size
};

}  // namespace simt
