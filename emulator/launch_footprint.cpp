#include "emulator/launch_footprint.h"

#include <algorithm>
#include <cstring>
#include <thread>

#include "emulator/memory_spaces.h"

namespace simt {

void LaunchFootprint::save_page(std::uintptr_t page, SavedPages& saved) {
    std::atomic_ref<std::uint32_t> state(pages_.at((page / kPageBytes) * 4));
    std::uint32_t old = state.load(std::memory_order_acquire);
    for (;;) {
        if (old == (tag_ | kCopied)) return;
        if (old == (tag_ | kCopying)) {  // another block copies it: stores wait for the copy
            std::this_thread::yield();
            old = state.load(std::memory_order_acquire);
            continue;
        }
        if (state.compare_exchange_weak(old, tag_ | kCopying, std::memory_order_acq_rel, std::memory_order_acquire))
            break;
    }
    auto copy = std::make_unique<SavedPage>();
    copy->page = page;
    copy->lo = 0;
    copy->hi = std::uint32_t(kPageBytes);
    if (!GlobalMemory::active_contains(page)) {  // __device__ variables: only their section's bytes
        const auto lo = reinterpret_cast<std::uintptr_t>(__start_simt_global_space);
        const auto hi = reinterpret_cast<std::uintptr_t>(__stop_simt_global_space);
        copy->lo = std::uint32_t(std::clamp(lo, page, page + kPageBytes) - page);
        copy->hi = std::uint32_t(std::clamp(hi, page, page + kPageBytes) - page);
    }
    std::memcpy(copy->bytes + copy->lo, reinterpret_cast<const void*>(page + copy->lo), copy->hi - copy->lo);
    saved.push_back(std::move(copy));
    state.store(tag_ | kCopied, std::memory_order_release);
    if (saved_bytes_.fetch_add(kPageBytes, std::memory_order_relaxed) + kPageBytes > kSavedBytesLimit) give_up();
}

bool LaunchFootprint::note(std::uint64_t block, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                           SavedPages& saved) {
    // Every store's page is copied before it happens: a store whose page a
    // void attempt would still have to copy is not let through.
    if (void_attempt()) return false;
    const std::uint32_t how = kind == AccessKind::Read ? kRead : kind == AccessKind::Write ? kWrite : kAtomic;
    const std::uint32_t me = std::uint32_t(block + 1);
    const std::uint32_t owner = me << kOwnerShift;
    const std::uintptr_t end = address + size;
    if (kind != AccessKind::Read) {
        for (std::uintptr_t p = address & ~(kPageBytes - 1); p < end; p += kPageBytes) {
            save_page(p, saved);
            if (void_attempt()) return false;  // over the budget (a large memset): the store has not happened
        }
    }
    for (std::uintptr_t g = address & ~std::uintptr_t(3); g < end; g += 4) {
        std::atomic_ref<std::uint32_t> word(words_.at(g));
        std::uint32_t old = word.load(std::memory_order_relaxed);
        for (;;) {
            std::uint32_t now;
            if (std::uint8_t(old) != tag_) {
                now = tag_ | how | owner;
            } else {
                now = old | how;
                if ((old >> kOwnerShift) != me) now |= kSeveral;
            }
            if (now == old) break;
            if (word.compare_exchange_weak(old, now, std::memory_order_relaxed)) {
                // Touched by two blocks, one of them storing plainly, or with
                // atomics and plain loads mixed: not the same as block order.
                if ((now & kSeveral) != 0 && ((now & kWrite) != 0 || (now & (kAtomic | kRead)) == (kAtomic | kRead)))
                    give_up();
                break;
            }
        }
    }
    return true;
}

void LaunchFootprint::keep(SavedPages&& saved) {
    if (saved.empty()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& page : saved) saved_.push_back(std::move(page));
    saved.clear();
}

void LaunchFootprint::roll_back() {
    // Only the granules the launch stored to: the rest of a page may be
    // another allocation's, or memory the host writes meanwhile. (Every block
    // has stopped: the host thread joined them.)
    for (const auto& copy : saved_) {
        for (std::uintptr_t granule = copy->lo & ~std::uint32_t(3); granule < copy->hi; granule += 4) {
            const std::uint32_t* word = words_.find(copy->page + granule);
            if (word == nullptr) continue;
            const std::uint32_t w = std::atomic_ref<const std::uint32_t>(*word).load(std::memory_order_relaxed);
            if (std::uint8_t(w) != tag_ || (w & (kWrite | kAtomic)) == 0) continue;
            const std::uintptr_t from = std::max<std::uintptr_t>(granule, copy->lo);
            const std::uintptr_t to = std::min<std::uintptr_t>(granule + 4, copy->hi);
            std::memcpy(reinterpret_cast<void*>(copy->page + from), copy->bytes + from, to - from);
        }
    }
    saved_.clear();
}

}  // namespace simt
