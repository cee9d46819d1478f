// One block's global-memory slots while the blocks of a launch run side by
// side (LaunchInfo::blocks_in_parallel): the race checker then judges a
// block's global accesses among themselves only.
//
// Pages of 256 slots (1 KiB of device memory each), found through a small
// open-addressing table and reused block after block. A reused page keeps
// its old slots: they carry an older block's tag, which reads as untouched.
// So memory follows the largest footprint one block had, not the device's,
// and no page is faulted in twice (a per-worker copy of the whole flat
// shadow doubled W6's peak RSS and took the second worker's gain in page
// faults).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "checkers/race_cells.h"
#include "emulator/page_index.h"

namespace simt::check {

class BlockGlobalShadow {
public:
    // The page's home entry in the table answers most looks (inline); a
    // page found further on, or new, takes the slow way.
    Slot& at(std::uintptr_t address) {
        const std::uintptr_t page = address >> kPageShift;
        const unsigned slot = unsigned(address >> 2) & (kPageSlots - 1);
        const Entry& home = table_[hash(page) & mask_];
        if (home.page == page) [[likely]]
            return home.slots[slot];
        return find(page)[slot];
    }

    // A new block: every page may be reused.
    void begin_block() {
        for (const std::size_t i : filled_) table_[i] = Entry{};
        filled_.clear();
        used_ = 0;
    }

    // Slots of 65536 blocks ago would carry a current tag: zero them all.
    void clear() {
        begin_block();
        for (auto& p : pages_) *p = Page{};
    }

private:
    static constexpr unsigned kPageShift = 10;
    static constexpr unsigned kPageSlots = 1u << (kPageShift - 2);
    static constexpr std::uintptr_t kNone = ~std::uintptr_t(0);
    struct Page {
        Slot slots[kPageSlots];
    };
    struct Entry {
        std::uintptr_t page = kNone;
        Slot* slots = nullptr;
    };

    [[gnu::noinline]] Slot* find(std::uintptr_t page) {
        std::size_t i = hash(page) & mask_;
        while (table_[i].page != kNone) {
            if (table_[i].page == page) return table_[i].slots;
            i = (i + 1) & mask_;
        }
        if ((used_ + 1) * 8 > table_.size()) {
            grow();
            i = hash(page) & mask_;
            while (table_[i].page != kNone) i = (i + 1) & mask_;
        }
        if (used_ == pages_.size()) pages_.push_back(std::make_unique<Page>());
        table_[i] = Entry{page, pages_[used_++]->slots};
        filled_.push_back(i);
        return table_[i].slots;
    }

    void grow() {
        std::vector<Entry> old(table_.size() * 2);
        old.swap(table_);
        mask_ = table_.size() - 1;
        filled_.clear();
        for (const Entry& e : old) {
            if (e.page == kNone) continue;
            std::size_t i = hash(e.page) & mask_;
            while (table_[i].page != kNone) i = (i + 1) & mask_;
            table_[i] = e;
            filled_.push_back(i);
        }
    }

    static std::size_t hash(std::uintptr_t page) { return std::size_t(page_hash(page)); }

    std::vector<Entry> table_ = std::vector<Entry>(64);  // at most an eighth full
    std::size_t mask_ = 63;                               // table_.size() - 1
    std::vector<std::size_t> filled_;  // table entries in use, to empty them
    std::vector<std::unique_ptr<Page>> pages_;
    std::size_t used_ = 0;  // pages_ handed out to the current block
};

}  // namespace simt::check
