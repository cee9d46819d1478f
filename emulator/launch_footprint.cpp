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

bool LaunchFootprint::note_any(BlockFootprint& mine, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                               SavedPages& saved) {
    if (size == 0) return true;
    // Now and then the block's footprint so far meets the blocks that
    // ended: a block that read another's partial work may otherwise run
    // on for long (a loop bound it should not have seen) before it ends.
    if (--mine.notes_until_look == 0 && !look_for_overlap(mine)) return false;
    const std::uintptr_t last = address + size - 1;
    if (((address ^ last) & ~(kPageBytes - 1)) == 0)
        return note_in_page(mine.slot(address & ~(kPageBytes - 1)), address, last, kind, saved);
    return note_pages(mine, address, last, kind, saved);
}

bool LaunchFootprint::note_pages(BlockFootprint& mine, std::uintptr_t address, std::uintptr_t last, AccessKind kind,
                                 SavedPages& saved) {
    for (std::uintptr_t page = address & ~(kPageBytes - 1); page <= last; page += kPageBytes) {
        const std::uintptr_t from = std::max(address, page), to = std::min(last, page + kPageBytes - 1);
        if (!note_in_page(mine.slot(page), from, to, kind, saved)) return false;
    }
    return true;
}

namespace {

// Granules one block and earlier ones touched, one of them storing plainly,
// or with atomics and plain loads mixed: not the same as block order.
bool overlap_with(const PageTouches& block, const PageTouches& earlier) {
    for (std::size_t i = 0; i < PageTouches::kGroups; ++i) {
        const PageTouches::Group& b = block.group[i];
        const PageTouches::Group& all = earlier.group[i];
        const std::uint64_t both = (b.read | b.write | b.atomic) & (all.read | all.write | all.atomic);
        const std::uint64_t r = b.read | all.read, w = b.write | all.write, a = b.atomic | all.atomic;
        if ((both & (w | (a & r))) != 0) return true;
    }
    return false;
}

}  // namespace

bool LaunchFootprint::look_for_overlap(BlockFootprint& mine) {
    mine.notes_until_look = BlockFootprint::kNotesBetweenLooks + 16 * mine.pages().size();
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t n = 0; n < mine.pages().size(); ++n) {
        const auto at = touched_.find(mine.pages()[n]);
        if (at != touched_.end() && overlap_with(mine.touches(n), at->second)) {
            give_up();
            return false;
        }
    }
    return true;
}

void LaunchFootprint::merge(BlockFootprint& mine, SavedPages&& saved) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& page : saved) saved_.push_back(std::move(page));
    saved.clear();
    bool overlap = false;
    for (std::size_t n = 0; n < mine.pages().size(); ++n) {
        auto [at, first] = touched_.try_emplace(mine.pages()[n]);
        if (!first && overlap_with(mine.touches(n), at->second)) overlap = true;
        for (std::size_t i = 0; i < PageTouches::kGroups; ++i) {
            const PageTouches::Group& b = mine.touches(n).group[i];
            PageTouches::Group& all = at->second.group[i];
            all.read |= b.read;
            all.write |= b.write;
            all.atomic |= b.atomic;
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
            const PageTouches::Group& touched = t.group[g / 64];
            const std::uint64_t stored = (touched.write | touched.atomic) >> (g % 64);
            if ((stored & 1) == 0) continue;
            const std::uint32_t from = std::max(granule, copy->lo), to = std::min(granule + 4, copy->hi);
            std::memcpy(reinterpret_cast<void*>(copy->page + from), copy->bytes + from, to - from);
        }
    }
    saved_.clear();
}

void PageTouches::set_range(AccessKind kind, unsigned first, unsigned last) {
    for (unsigned g = first; g <= last; ++g) way(group[g / 64], kind) |= std::uint64_t(1) << (g % 64);
}

}  // namespace simt
