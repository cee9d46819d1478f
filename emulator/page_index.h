// The 4 KiB pages one block touched, numbered 0, 1, 2, ... in the order of
// their first touch, each with a small value of the caller's. Looked up on a
// memory access path: an open-addressing table that holds the keys (one
// cache line a look), at most an eighth full (it rarely probes), cleared
// slot by slot (it stays the size the largest block needed, and most blocks
// touch a few pages).
#pragma once

#include <cstdint>
#include <vector>

namespace simt {

// Spreads page numbers over a table's slots. A block's pages are often
// arithmetic progressions (a grid-stride loop over two arrays: pages n0 +
// 16k and n0 + 256 + 16k), which a multiplicative hash's top bits crowd
// together (four looks in ten went past their home slot); MurmurHash3's
// finaliser, halved, spreads them.
inline std::uint64_t page_hash(std::uint64_t number) {
    number ^= number >> 33;
    number *= 0xff51afd7ed558ccdull;
    return number ^ (number >> 33);
}

template <class Value>
class PageIndex {
public:
    struct Slot {
        std::uintptr_t page = kEmpty;
        std::uint32_t number = 0;
        Value value{};
    };

    // The page's slot, added (with a new number and a value-initialised
    // value) on its first touch. A page at its home slot (most, the table
    // being at most an eighth full) is found inline.
    Slot& at(std::uintptr_t page) {
        if (Slot* home = at_home(page)) [[likely]]
            return *home;
        return probe(page);
    }
    // The page's slot when it is there at its home slot, else nullptr (it
    // may be further on, or not there).
    Slot* at_home(std::uintptr_t page) {
        Slot& home = table_[slot_of(page)];
        return home.page == page ? &home : nullptr;
    }
    // The pages by number.
    const std::vector<std::uintptr_t>& pages() const { return pages_; }
    void clear() {
        for (const std::uintptr_t page : pages_) find(page) = Slot{};
        pages_.clear();
    }

private:
    static constexpr std::uintptr_t kEmpty = 1;  // no page starts there
    std::size_t slot_of(std::uintptr_t page) const { return std::size_t(page_hash(page >> 12)) & (table_.size() - 1); }
    [[gnu::noinline]] Slot& probe(std::uintptr_t page) {
        for (std::size_t i = slot_of(page);; i = (i + 1) & (table_.size() - 1)) {
            Slot& slot = table_[i];
            if (slot.page == page) return slot;
            if (slot.page == kEmpty) return add(page, i);
        }
    }
    Slot& find(std::uintptr_t page) {
        std::size_t at = slot_of(page);
        while (table_[at].page != page) at = (at + 1) & (table_.size() - 1);
        return table_[at];
    }
    Slot& add(std::uintptr_t page, std::size_t slot) {
        if ((pages_.size() + 1) * 8 > table_.size()) {
            std::vector<Slot> old(table_.size() * 2);
            old.swap(table_);
            for (const Slot& s : old) {
                if (s.page == kEmpty) continue;
                std::size_t at = slot_of(s.page);
                while (table_[at].page != kEmpty) at = (at + 1) & (table_.size() - 1);
                table_[at] = s;
            }
            slot = slot_of(page);
            while (table_[slot].page != kEmpty) slot = (slot + 1) & (table_.size() - 1);
        }
        table_[slot] = Slot{page, std::uint32_t(pages_.size()), Value{}};
        pages_.push_back(page);
        return table_[slot];
    }

    std::vector<Slot> table_ = std::vector<Slot>(64);
    std::vector<std::uintptr_t> pages_;
};

}  // namespace simt
