#include "emulator/global_memory.h"

#include <sys/mman.h>

#include <cstdio>
#include <algorithm>
#include <iterator>
#include <new>
#include <string>

namespace simt {
namespace {
constexpr std::size_t kAlignment = 256;  // cudaMalloc's guarantee
// Address space between allocations while the reserved range lasts: an
// overrun by less than this is reported, not performed in a neighbour.
constexpr std::size_t kGap = std::size_t(1) << 30;
// Once it is used up: a red zone after each allocation, so an access just
// past the end of one never lands in the next.
constexpr std::size_t kRedZone = 256;
// 16 TiB of address space (of 128 TiB), reserved, never committed.
constexpr std::size_t kReserved = std::size_t(1) << 44;

std::size_t rounded_up(std::size_t bytes) { return (bytes == 0 ? 1 : bytes + kAlignment - 1) / kAlignment * kAlignment; }
}

GlobalMemory::GlobalMemory(std::size_t capacity) : capacity_(capacity) {
    // A fixed hint (not MAP_FIXED: the kernel may still choose) makes device
    // addresses, and so reports and programs that print pointers, the same
    // from run to run despite address-space randomisation.
    // (Not 0x600000000000: AddressSanitizer's allocator reserves that.) The
    // widest range that fits at the hint is taken; only when none fits, one
    // wherever the kernel puts it.
    void* const hint = reinterpret_cast<void*>(std::uintptr_t(0x500000000000));
    const auto map = [](void* at, std::size_t size) {
        return mmap(at, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    };
    for (std::size_t size = std::max(kReserved, capacity); size >= capacity && reserved_ == 0; size /= 4) {
        void* m = map(hint, size);
        if (m == MAP_FAILED) continue;
        if (m != hint) {
            munmap(m, size);
            continue;
        }
        lo_ = reinterpret_cast<std::uintptr_t>(m);
        reserved_ = size;
    }
    for (std::size_t size = std::max(kReserved, capacity); size >= capacity && reserved_ == 0; size /= 4) {
        void* m = map(nullptr, size);
        if (m == MAP_FAILED) continue;
        lo_ = reinterpret_cast<std::uintptr_t>(m);
        reserved_ = size;
    }
    if (reserved_ == 0) throw std::bad_alloc();
    active_lo_ = lo_;
    active_size_ = reserved_;
}

GlobalMemory::~GlobalMemory() {
    if (active_lo_ == lo_) active_size_ = 0;
    registered_count_.fetch_sub(registered_.size(), std::memory_order_relaxed);
    munmap(reinterpret_cast<void*>(lo_), reserved_);
}

void* GlobalMemory::allocate(std::size_t bytes, AllocationKind kind, const void* site) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Before rounding: cudaMalloc(SIZE_MAX) must fail, not wrap to 256 bytes.
    if (bytes > capacity_ - live_bytes_) return nullptr;
    const std::size_t rounded = rounded_up(bytes);
    // Fresh addresses first, a gap apart; a freed range is reused only once
    // the range is used up, so a use after cudaFree is caught rather than
    // landing in a newer allocation.
    std::uintptr_t base;
    std::size_t span;
    if (rounded + kGap <= reserved_ - next_) {
        span = rounded + kGap;
        base = lo_ + next_;
        next_ += span;
    } else if (rounded + kRedZone <= reserved_ - next_) {
        span = rounded + kRedZone;
        base = lo_ + next_;
        next_ += span;
    } else {
        span = rounded + kRedZone;
        auto reuse = free_.lower_bound(span);
        if (reuse == free_.end()) return nullptr;
        base = reuse->second;
        if (reuse->first > span) free_.emplace(reuse->first - span, base + span);
        free_.erase(reuse);
    }
    live_[base] = Allocation{base, bytes, span, kind, ++serial_, site};
    live_bytes_ += bytes;
    freed_.erase(base);
    return reinterpret_cast<void*>(base);
}

bool GlobalMemory::free(void* ptr) {
    const auto base = reinterpret_cast<std::uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(base);
    if (it == live_.end()) return false;
    // Give the pages back; the range stays mapped (reads see zeros).
    const std::uintptr_t first_page = (base + 4095) & ~std::uintptr_t(4095);
    const std::uintptr_t end_page = (base + rounded_up(it->second.size)) & ~std::uintptr_t(4095);
    if (end_page > first_page) madvise(reinterpret_cast<void*>(first_page), end_page - first_page, MADV_DONTNEED);
    free_.emplace(it->second.span, base);
    live_bytes_ -= it->second.size;
    freed_[base] = it->second;
    live_.erase(it);
    return true;
}

std::vector<Allocation> GlobalMemory::live() const {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Allocation> all;
    for (const auto& [base, a] : live_) all.push_back(a);
    return all;
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

namespace simt {
namespace {
std::string name(const Allocation& a) {
    char text[96];
    std::snprintf(text, sizeof text, "allocation #%llu (%zu bytes at %#llx)",
                  static_cast<unsigned long long>(a.serial), a.size, static_cast<unsigned long long>(a.base));
    return text;
}
}  // namespace

std::string GlobalMemory::explain(std::uintptr_t address, std::size_t size) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto live = live_.upper_bound(address);
    const Allocation* before = live != live_.begin() ? &std::prev(live)->second : nullptr;
    if (before != nullptr && address < before->base + before->size)
        return "runs " + std::to_string(address - before->base + size - before->size) + " bytes past the end of " +
               name(*before);
    auto freed = freed_.upper_bound(address);
    if (freed != freed_.begin()) {
        const Allocation& a = std::prev(freed)->second;
        if (address - a.base < a.size) return "lies in " + name(a) + ", which was freed";
    }
    // Between two allocations: named after the nearer one, so a store just
    // before #2 is not described from the far end of #1.
    const std::size_t past = before != nullptr ? address - (before->base + before->size) : SIZE_MAX;
    const std::size_t ahead = live != live_.end() ? live->first - address : SIZE_MAX;
    if (before != nullptr && past < std::max<std::size_t>(4096, before->span - before->size) && past <= ahead)
        return "is " + std::to_string(past) + " bytes past the end of " + name(*before);
    if (ahead < 4096) return "is " + std::to_string(ahead) + " bytes before the start of " + name(live->second);
    return "is in no allocation";
}

bool GlobalMemory::register_host(std::uintptr_t base, std::size_t size, const void* site) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto next = registered_.lower_bound(base);
    if (next != registered_.end() && next->first - base < size) return false;
    if (next != registered_.begin() && base - std::prev(next)->first < std::prev(next)->second.size) return false;
    registered_[base] = Allocation{base, size, size, AllocationKind::RegisteredHost, ++serial_, site};
    registered_count_.fetch_add(1, std::memory_order_relaxed);
    return true;
}

bool GlobalMemory::unregister_host(std::uintptr_t base) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (registered_.erase(base) == 0) return false;
    registered_count_.fetch_sub(1, std::memory_order_relaxed);
    return true;
}

std::optional<Allocation> GlobalMemory::find_registered(std::uintptr_t address, std::size_t slack) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto next = registered_.upper_bound(address);
    const Allocation* before = next != registered_.begin() ? &std::prev(next)->second : nullptr;
    if (before != nullptr && address - before->base < before->size) return *before;
    // Not inside one: the nearer range within the slack, as explain() names
    // the nearer allocation.
    const std::size_t past = before != nullptr ? address - (before->base + before->size) : SIZE_MAX;
    const std::size_t ahead = next != registered_.end() ? next->first - address : SIZE_MAX;
    if (past < slack && past <= ahead) return *before;
    if (ahead < slack) return next->second;
    return std::nullopt;
}

std::string GlobalMemory::explain_registered(const Allocation& range, std::uintptr_t address, std::size_t size) {
    char text[128];
    std::snprintf(text, sizeof text, "host memory #%llu registered for the device (%zu bytes at %#llx)",
                  static_cast<unsigned long long>(range.serial), range.size, static_cast<unsigned long long>(range.base));
    if (address < range.base) return "is " + std::to_string(range.base - address) + " bytes before the start of " + text;
    if (address < range.base + range.size)
        return "runs " + std::to_string(address - range.base + size - range.size) + " bytes past the end of " + text;
    return "is " + std::to_string(address - (range.base + range.size)) + " bytes past the end of " + text;
}

bool GlobalMemory::in_freed(std::uintptr_t address) const {
    if (find(address)) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    auto freed = freed_.upper_bound(address);
    return freed != freed_.begin() && address - std::prev(freed)->second.base < std::prev(freed)->second.size;
}

std::string GlobalMemory::check_range(std::uintptr_t address, std::size_t bytes) const {
    if (const std::optional<Allocation> a = find(address); a && bytes <= a->base + a->size - address) return "";
    return explain(address, bytes);
}
}  // namespace simt
