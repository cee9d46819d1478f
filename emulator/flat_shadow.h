// Shadow slots for global memory, one per 4-byte granule, found by address
// arithmetic: a directory of 4 MiB chunks over the whole address space, each
// chunk's slots carved on first touch from one reservation of address space
// (pages cost memory only once written, and a freed allocation's pages are
// given back). No hashing and no lock on the way to a slot.
//
// A slot must be valid when all its bytes are zero (that is "never touched").
// Creating chunks is thread-safe; what a caller does with a slot is its own
// business (the race checker's global accesses are serialised by the launch
// turn; others use atomics).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace simt {

template <class Slot>
class FlatShadow {
    static_assert(std::is_trivially_copyable_v<Slot>);

public:
    FlatShadow() = default;
    FlatShadow(const FlatShadow&) = delete;
    FlatShadow& operator=(const FlatShadow&) = delete;
    ~FlatShadow() {
        if (directory_ != nullptr) munmap(directory_, kDirectoryEntries * sizeof(Chunk));
        if (pool_ != nullptr) munmap(pool_, pool_bytes_);
    }

    // The slot of the granule holding `address`, its chunk made on first touch.
    Slot& at(std::uintptr_t address) {
        const std::uintptr_t chunk = address >> kChunkShift;
        Slot* slots = chunk < kDirectoryEntries && directory_ != nullptr
                          ? directory_[chunk].load(std::memory_order_acquire)
                          : nullptr;
        if (slots == nullptr) slots = make_chunk(chunk);
        return slots[(address & (kChunkBytes - 1)) >> 2];
    }

    // The slot, or nullptr if its chunk was never touched (a look that must
    // not cost memory: a host copy of 64 MiB nobody wrote).
    Slot* find(std::uintptr_t address) {
        const std::uintptr_t chunk = address >> kChunkShift;
        if (chunk >= kDirectoryEntries) [[unlikely]]
            return find_far(address);
        Slot* slots = directory_ != nullptr ? directory_[chunk].load(std::memory_order_acquire) : nullptr;
        return slots == nullptr ? nullptr : &slots[(address & (kChunkBytes - 1)) >> 2];
    }

    // Zeroes the slots of [lo, hi) (a freed allocation); whole pages of
    // slots go back to the system.
    void forget(std::uintptr_t lo, std::uintptr_t hi) {
        lo &= ~std::uintptr_t(3);
        while (lo < hi) {
            const std::uintptr_t chunk_end = (lo | (kChunkBytes - 1)) + 1;
            const std::uintptr_t end = std::min(hi, chunk_end);
            if (Slot* from = find(lo); from != nullptr) release(from, from + (end - lo + 3) / 4);
            lo = end;
        }
    }

    // Forgets everything.
    void clear() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (pool_ != nullptr) madvise(pool_, pool_used_, MADV_DONTNEED);
        for (auto& [chunk, slots] : far_) std::memset(static_cast<void*>(slots.get()), 0, kChunkSlots * sizeof(Slot));
        for (auto& slots : spilled_) std::memset(static_cast<void*>(slots.get()), 0, kChunkSlots * sizeof(Slot));
    }

private:
    // Past the directory (a key above 2^48): a look under the lock.
    [[gnu::noinline]] Slot* find_far(std::uintptr_t address) {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto found = far_.find(address >> kChunkShift);
        return found == far_.end() ? nullptr : &found->second[(address & (kChunkBytes - 1)) >> 2];
    }

    static constexpr unsigned kChunkShift = 22;
    static constexpr std::uintptr_t kChunkBytes = std::uintptr_t(1) << kChunkShift;
    static constexpr std::size_t kChunkSlots = kChunkBytes / 4;
    static constexpr std::size_t kDirectoryEntries = std::size_t(1) << (48 - kChunkShift);
    using Chunk = std::atomic<Slot*>;

    static void* reserve(std::size_t bytes) {
        void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        return p == MAP_FAILED ? nullptr : p;
    }

    [[gnu::noinline]] Slot* make_chunk(std::uintptr_t chunk) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (directory_ == nullptr) {
            directory_ = static_cast<Chunk*>(reserve(kDirectoryEntries * sizeof(Chunk)));
            if (directory_ == nullptr) throw std::bad_alloc();
            // Address space for chunks: as much as the system grants, up to 1 TiB.
            for (pool_bytes_ = std::size_t(1) << 40; pool_bytes_ >= kChunkSlots * sizeof(Slot); pool_bytes_ /= 2)
                if ((pool_ = static_cast<char*>(reserve(pool_bytes_))) != nullptr) break;
            if (pool_ == nullptr) pool_bytes_ = 0;
        }
        if (chunk >= kDirectoryEntries) {
            auto& slots = far_[chunk];
            if (!slots) slots.reset(new Slot[kChunkSlots]());
            return slots.get();
        }
        if (Slot* made = directory_[chunk].load(std::memory_order_relaxed)) return made;
        Slot* slots = nullptr;
        if (pool_used_ + kChunkSlots * sizeof(Slot) <= pool_bytes_) {
            slots = reinterpret_cast<Slot*>(pool_ + pool_used_);
            pool_used_ += kChunkSlots * sizeof(Slot);
        } else {
            spilled_.emplace_back(new Slot[kChunkSlots]());
            slots = spilled_.back().get();
        }
        directory_[chunk].store(slots, std::memory_order_release);
        return slots;
    }

    void release(Slot* from, Slot* to) {
        const std::uintptr_t page = 4096;
        const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(from), b = reinterpret_cast<std::uintptr_t>(to);
        const std::uintptr_t inner_lo = (a + page - 1) & ~(page - 1), inner_hi = b & ~(page - 1);
        const bool pooled = pool_ != nullptr && a >= reinterpret_cast<std::uintptr_t>(pool_) &&
                            b <= reinterpret_cast<std::uintptr_t>(pool_) + pool_bytes_;
        if (!pooled || inner_lo >= inner_hi) {
            std::memset(static_cast<void*>(from), 0, b - a);
            return;
        }
        std::memset(static_cast<void*>(from), 0, inner_lo - a);
        madvise(reinterpret_cast<void*>(inner_lo), inner_hi - inner_lo, MADV_DONTNEED);
        std::memset(reinterpret_cast<void*>(inner_hi), 0, b - inner_hi);
    }

    Chunk* directory_ = nullptr;  // a chunk's slots, by address >> kChunkShift
    char* pool_ = nullptr;        // reserved address space the chunks are carved from
    std::size_t pool_bytes_ = 0;
    std::size_t pool_used_ = 0;
    std::mutex mutex_;
    std::vector<std::unique_ptr<Slot[]>> spilled_;  // chunks made after the pool ran out
    std::unordered_map<std::uintptr_t, std::unique_ptr<Slot[]>> far_;  // addresses past 2^48
};

}  // namespace simt
