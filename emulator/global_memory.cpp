#include "emulator/global_memory.h"

#include <sys/mman.h>

#include <new>

namespace simt {
namespace {
constexpr std::size_t kAlignment = 256;  // cudaMalloc's guarantee
}

GlobalMemory::GlobalMemory(std::size_t capacity) : capacity_(capacity) {
    void* m = mmap(nullptr, capacity, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    lo_ = reinterpret_cast<std::uintptr_t>(m);
    active_lo_ = lo_;
    active_size_ = capacity_;
}

GlobalMemory::~GlobalMemory() {
    if (active_lo_ == lo_) active_size_ = 0;
    munmap(reinterpret_cast<void*>(lo_), capacity_);
}

void* GlobalMemory::allocate(std::size_t bytes, AllocationKind kind) {
    const std::size_t rounded = (bytes == 0 ? 1 : bytes + kAlignment - 1) / kAlignment * kAlignment;
    std::lock_guard<std::mutex> lock(mutex_);
    std::uintptr_t base;
    auto reuse = free_.lower_bound(rounded);
    if (reuse != free_.end() && reuse->first == rounded) {
        base = reuse->second;
        free_.erase(reuse);
    } else {
        if (rounded > capacity_ - next_) return nullptr;
        base = lo_ + next_;
        next_ += rounded;
    }
    live_[base] = Allocation{base, bytes, kind, ++serial_};
    return reinterpret_cast<void*>(base);
}

bool GlobalMemory::free(void* ptr) {
    const auto base = reinterpret_cast<std::uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(base);
    if (it == live_.end()) return false;
    const std::size_t rounded =
        (it->second.size == 0 ? 1 : it->second.size + kAlignment - 1) / kAlignment * kAlignment;
    // Give the pages back but keep the range mapped and reusable.
    if (rounded >= 1 << 20) madvise(ptr, rounded, MADV_DONTNEED);
    free_.emplace(rounded, base);
    live_.erase(it);
    return true;
}

std::optional<Allocation> GlobalMemory::find(std::uintptr_t address) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.upper_bound(address);
    if (it == live_.begin()) return std::nullopt;
    --it;
    if (address - it->second.base < it->second.size) return it->second;
    return std::nullopt;
}

std::size_t GlobalMemory::live_allocations() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.size();
}

}  // namespace simt
