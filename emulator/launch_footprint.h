// Which blocks of a launch touched which bytes of global memory, while its
// blocks run side by side on the workers with every check on.
//
// A checked launch first runs its blocks in parallel. That gives the same
// values, and the same reports, as running them one after another in block
// order exactly when no block could have seen another's work: no 4-byte
// granule of global memory written by one block (a plain store, or an atomic
// mixed with plain accesses) was touched by another. Reads shared by many
// blocks and atomics only (a counter, a histogram bin) are fine: atomics keep
// their block order (LaunchTurns). When blocks did overlap, or one faulted
// or waited for another, the attempt is void: its global stores are undone
// and the launch runs again with global memory touched in block order.
// Which of the two happened never shows in the output.
//
// A block notes its accesses in its own BlockFootprint (bitmaps per 4 KiB
// page, on its worker: no shared cache line written on the access path) and
// merges them into the launch's when it ends, where blocks that touched the
// same granules are found; every few thousand accesses it also compares its
// footprint so far with the ended blocks', so a block that saw another's
// work stops soon (at its next global access) rather than at its end.
// Undoing: the first store of the launch into a page copies the page first
// (every other store to it waits for the copy), and a void attempt puts
// back, from the copies, exactly the granules the launch's blocks stored to.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "emulator/checker.h"
#include "emulator/flat_shadow.h"
#include "emulator/page_index.h"

namespace simt {

// How the granules of one 4 KiB page were touched: a bit per granule for
// each way, the three words of 64 granules side by side (a load and a store
// of one granule touch one cache line).
struct PageTouches {
    struct Group {
        std::uint64_t read = 0, write = 0, atomic = 0;
    };
    static constexpr std::size_t kGroups = 4096 / 4 / 64;
    std::array<Group, kGroups> group{};

    // Granules first..last of the page.
    void set(AccessKind kind, unsigned first, unsigned last) {
        if (first == last)
            way(group[first / 64], kind) |= std::uint64_t(1) << (first % 64);
        else
            set_range(kind, first, last);
    }
    static std::uint64_t& way(Group& g, AccessKind kind) {
        return kind == AccessKind::Read ? g.read : kind == AccessKind::Write ? g.write : g.atomic;
    }
    void set_range(AccessKind kind, unsigned first, unsigned last);
};

// How one block touched global memory, page by page. Kept by its worker and
// reused block after block.
class BlockFootprint {
public:
    struct Page {
        PageTouches* touches = nullptr;  // set on the page's first touch
        bool saved = false;              // the page's copy is made (the block stored to it)
    };
    using Pages = PageIndex<Page>;
    Pages::Slot& slot(std::uintptr_t page) {
        Pages::Slot& s = index_.at(page);
        if (s.value.touches == nullptr) [[unlikely]]
            s.value.touches = add_touches();
        return s;
    }
    // A page touched before, found at once (PageIndex::at_home), or nullptr.
    Pages::Slot* touched_at_home(std::uintptr_t page) { return index_.at_home(page); }
    // The pages by number, and their touches.
    const std::vector<std::uintptr_t>& pages() const { return index_.pages(); }
    const PageTouches& touches(std::size_t number) const { return *touches_[number]; }
    void clear() {
        index_.clear();
        for (std::size_t i = 0; i < used_; ++i) *touches_[i] = PageTouches{};
        used_ = 0;
        notes_until_look = kNotesBetweenLooks;
    }

    // Accesses to note before the block's footprint is next compared with
    // the blocks that ended (LaunchFootprint::note): a few thousand, more
    // for a block with many pages (the look goes over every one).
    static constexpr std::uint64_t kNotesBetweenLooks = 4096;
    std::uint64_t notes_until_look = kNotesBetweenLooks;

private:
    // Touches are numbered as the pages are (in order of first touch), and
    // kept, zeroed, for the next block.
    PageTouches* add_touches() {
        if (used_ == touches_.size()) touches_.push_back(std::make_unique<PageTouches>());
        return touches_[used_++].get();
    }
    Pages index_;
    std::vector<std::unique_ptr<PageTouches>> touches_;
    std::size_t used_ = 0;
};

class LaunchFootprint {
public:
    static constexpr std::uintptr_t kPageBytes = 4096;
    // A page as the launch's first store into it found it: the part of it
    // that is global memory, [page + lo, page + hi) (a page of __device__
    // variables may hold the program's other variables too).
    struct SavedPage {
        std::uintptr_t page;
        std::uint32_t lo, hi;
        unsigned char bytes[kPageBytes];
    };
    using SavedPages = std::vector<std::unique_ptr<SavedPage>>;

    // `pages`: the engine's, kept across launches; `tag` tells this launch's
    // page words from older ones (never 0).
    LaunchFootprint(FlatShadow<std::uint32_t>& pages, std::uint8_t tag) : pages_(pages), tag_(tag) {}

    // Page copies an attempt may make: a launch storing more runs in block
    // order (its copies would double the memory it writes).
    static constexpr std::size_t kSavedBytesLimit = std::size_t(256) << 20;

    // Called by a block before its access to [address, address + size) is
    // performed; a page's first store of the launch copies it into `saved`.
    // False when the attempt is void (already, or by what the block's
    // footprint so far overlaps): the access must not happen and the block
    // should stop (its work is thrown away).
    [[nodiscard]] bool note(BlockFootprint& mine, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                            SavedPages& saved) {
        if (void_attempt()) return false;
        // Most (inline): in one page the block touched before, a load or a
        // store to a page already copied, and not the note that looks.
        const std::uintptr_t last = address + size - 1;
        if (size != 0 && ((address ^ last) & ~(kPageBytes - 1)) == 0 && mine.notes_until_look > 1) {
            BlockFootprint::Pages::Slot* page = mine.touched_at_home(address & ~(kPageBytes - 1));
            if (page != nullptr && (kind == AccessKind::Read || page->value.saved)) {
                --mine.notes_until_look;
                page->value.touches->set(kind, unsigned((address - page->page) / 4), unsigned((last - page->page) / 4));
                return true;
            }
        }
        return note_any(mine, address, size, kind, saved);
    }
    // A block ended (or stopped): its footprint joins the launch's, and the
    // attempt is void if another block touched what it wrote or the other
    // way round. `mine` is cleared.
    void merge(BlockFootprint& mine, SavedPages&& saved);
    // Blocks overlapped (or one gave up): the attempt is void.
    bool void_attempt() const { return void_.load(std::memory_order_relaxed); }
    // A block faulted, or waits for another block: the launch runs again in
    // block order, where that is judged as it always is.
    void give_up() { void_.store(true, std::memory_order_relaxed); }
    // Puts back what the attempt's stores changed (on the host thread, after
    // every block of the attempt has stopped).
    void roll_back();

private:
    // A page's word: tag 8 | copying 1 | copied 1.
    static constexpr std::uint32_t kCopying = 1u << 8, kCopied = 1u << 9;
    // note's whole way, for any access.
    [[gnu::noinline]] bool note_any(BlockFootprint& mine, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                                    SavedPages& saved);
    // False (and the attempt void) when the footprint so far overlaps the
    // ended blocks' (what merge would find).
    bool look_for_overlap(BlockFootprint& mine);
    bool note_in_page(BlockFootprint::Pages::Slot& page, std::uintptr_t address, std::uintptr_t last,
                      AccessKind kind, SavedPages& saved) {
        if (kind != AccessKind::Read && !page.value.saved) {
            save_page(page.page, saved);
            page.value.saved = true;
            if (void_attempt()) return false;  // over the budget (a large memset): the store has not happened
        }
        page.value.touches->set(kind, unsigned((address - page.page) / 4), unsigned((last - page.page) / 4));
        return true;
    }
    bool note_pages(BlockFootprint& mine, std::uintptr_t address, std::uintptr_t last, AccessKind kind,
                    SavedPages& saved);
    void save_page(std::uintptr_t page, SavedPages& saved);

    FlatShadow<std::uint32_t>& pages_;  // by page number (one word per page, at page * 4)
    std::uint8_t tag_;
    // Every access reads void_: its own cache line, which only a void
    // attempt writes (not each block's merge, nor each page copy).
    alignas(64) std::atomic<bool> void_{false};
    alignas(64) std::atomic<std::size_t> saved_bytes_{0};
    std::mutex mutex_;  // guards what follows
    std::unordered_map<std::uintptr_t, PageTouches> touched_;  // the launch's blocks', merged
    SavedPages saved_;
};

}  // namespace simt
