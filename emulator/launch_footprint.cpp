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

bool LaunchFootprint::note_pages(BlockFootprint& mine, std::uintptr_t address, std::uintptr_t last, AccessKind kind,
                                 SavedPages& saved) {
    for (std::uintptr_t page = address & ~(kPageBytes - 1); page <= last; page += kPageBytes) {
        const std::uintptr_t from = std::max(address, page), to = std::min(last, page + kPageBytes - 1);
        if (!note_in_page(mine.page(page), from, to, kind, saved)) return false;
    }
    return true;
}

void LaunchFootprint::merge(BlockFootprint& mine, SavedPages&& saved) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& page : saved) saved_.push_back(std::move(page));
    saved.clear();
    bool overlap = false;
    for (const BlockFootprint::Page& p : mine.pages()) {
        auto [at, first] = touched_.try_emplace(p.page);
        PageTouches& all = at->second;
        for (std::size_t i = 0; i < GranuleBits::kWords; ++i) {
            const std::uint64_t r = p.read.word[i], w = p.write.word[i], a = p.atomic.word[i];
            if (!first) {
                // Granules this block and an earlier one touched, one of
                // them storing plainly, or with atomics and plain loads
                // mixed: not the same as block order.
                const std::uint64_t both = (r | w | a) & (all.read.word[i] | all.write.word[i] | all.atomic.word[i]);
                const std::uint64_t ur = r | all.read.word[i], uw = w | all.write.word[i], ua = a | all.atomic.word[i];
                if ((both & (uw | (ua & ur))) != 0) overlap = true;
            }
            all.read.word[i] |= r;
            all.write.word[i] |= w;
            all.atomic.word[i] |= a;
        }
    }
    mine.clear();
    if (overlap) give_up();
}

void LaunchFootprint::roll_back() {
    // Only the granules the launch stored to: the rest of a page may be
    // another allocation's, or memory the host writes meanwhile. (Every block
    // has stopped and merged: the host thread joined them.)
    for (const auto& copy : saved_) {
        const auto at = touched_.find(copy->page);
        if (at == touched_.end()) continue;
        const PageTouches& t = at->second;
        for (std::uint32_t granule = copy->lo & ~std::uint32_t(3); granule < copy->hi; granule += 4) {
            const std::size_t g = granule / 4;
            const std::uint64_t stored = (t.write.word[g / 64] | t.atomic.word[g / 64]) >> (g % 64);
            if ((stored & 1) == 0) continue;
            const std::uint32_t from = std::max(granule, copy->lo), to = std::min(granule + 4, copy->hi);
            std::memcpy(reinterpret_cast<void*>(copy->page + from), copy->bytes + from, to - from);
        }
    }
    saved_.clear();
}

void GranuleBits::set(unsigned first, unsigned last) {
    if (first == last) {
        word[first / 64] |= std::uint64_t(1) << (first % 64);
        return;
    }
    for (unsigned g = first; g <= last; ++g) word[g / 64] |= std::uint64_t(1) << (g % 64);
}

BlockFootprint::Page& BlockFootprint::add(std::uintptr_t page, std::size_t slot) {
    if ((pages_.size() + 1) * 2 > table_.size()) {
        // Half full: twice the table, the pages placed again.
        table_.assign(table_.size() * 2, 0);
        for (std::uint32_t i = 0; i < pages_.size(); ++i) {
            std::size_t at = slot_of(pages_[i].page);
            while (table_[at] != 0) at = (at + 1) & (table_.size() - 1);
            table_[at] = i + 1;
        }
        slot = slot_of(page);
        while (table_[slot] != 0) slot = (slot + 1) & (table_.size() - 1);
    }
    pages_.push_back(Page{});
    pages_.back().page = page;
    table_[slot] = std::uint32_t(pages_.size());
    return pages_.back();
}

void BlockFootprint::clear() {
    if (pages_.empty()) return;
    pages_.clear();
    std::fill(table_.begin(), table_.end(), 0);
}

}  // namespace simt
