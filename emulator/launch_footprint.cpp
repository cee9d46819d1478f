#include "emulator/launch_footprint.h"

namespace simt {

void LaunchFootprint::note(std::uint64_t block, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                           std::vector<Undo>& undo) {
    const std::uint64_t how = kind == AccessKind::Read ? kRead : kind == AccessKind::Write ? kWrite : kAtomic;
    const bool stores = kind != AccessKind::Read;
    const std::uint64_t owner = (block + 1) << kOwnerShift;
    const std::uintptr_t end = address + size;
    for (std::uintptr_t g = address & ~std::uintptr_t(3); g < end; g += 4) {
        std::atomic_ref<std::uint64_t> word(words_.at(g));
        std::uint64_t old = word.load(std::memory_order_acquire);
        std::uint32_t before = 0;
        bool have_before = false;
        for (;;) {
            const bool current = std::uint16_t(old) == tag_;
            std::uint64_t now;
            if (!current) {
                now = tag_ | how | owner;
            } else {
                now = old | how;
                if ((old >> kOwnerShift) != block + 1) now |= kSeveral;
            }
            // The launch's first store to the granule: what it held before.
            // Read before the update that claims it: no other block stores to
            // the granule until its own update finds the claim made.
            const bool first_store = stores && (!current || (old & (kWrite | kAtomic)) == 0);
            if (first_store && !have_before) {
                before = __atomic_load_n(reinterpret_cast<const std::uint32_t*>(g), __ATOMIC_RELAXED);
                have_before = true;
            }
            if (now == old) break;
            if (word.compare_exchange_weak(old, now, std::memory_order_acq_rel, std::memory_order_acquire)) {
                if (first_store) undo.push_back(Undo{g, before});
                // Touched by two blocks, one of them storing plainly, or with
                // atomics and plain loads mixed: not the same as block order.
                if ((now & kSeveral) != 0 && ((now & kWrite) != 0 || (now & (kAtomic | kRead)) == (kAtomic | kRead)))
                    give_up();
                break;
            }
        }
    }
}

void LaunchFootprint::keep(std::vector<Undo>&& undo) {
    if (undo.empty()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (undo_.empty()) {
        undo_ = std::move(undo);
        return;
    }
    undo_.insert(undo_.end(), undo.begin(), undo.end());
}

void LaunchFootprint::roll_back() {
    // Each granule has one entry (its first store's), so order is no matter.
    for (const Undo& u : undo_) __atomic_store_n(reinterpret_cast<std::uint32_t*>(u.granule), u.before, __ATOMIC_RELAXED);
    undo_.clear();
}

}  // namespace simt
