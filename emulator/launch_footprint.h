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
// One 4-byte word per granule (launch tag, who touched it and how), updated
// with a compare-and-swap on the access path. The word names a block in 20
// bits, so only grids of fewer than 2^20 blocks run side by side
// (kMaxBlocks); larger ones run in block order. Undoing: the first store of
// the launch into a 4 KiB page copies the page first (every other store to
// it waits for the copy), and a void attempt puts back, from the copies,
// exactly the granules whose words say the launch stored to them.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "emulator/checker.h"
#include "emulator/flat_shadow.h"

namespace simt {

class LaunchFootprint {
public:
    static constexpr std::uint64_t kMaxBlocks = (1u << 20) - 1;
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

    // `words` and `pages`: the engine's, kept across launches; `tag` tells
    // this launch's words from older ones (never 0).
    LaunchFootprint(FlatShadow<std::uint32_t>& words, FlatShadow<std::uint32_t>& pages, std::uint8_t tag)
        : words_(words), pages_(pages), tag_(tag) {}

    // Page copies an attempt may make: a launch storing more runs in block
    // order (its copies would double the memory it writes).
    static constexpr std::size_t kSavedBytesLimit = std::size_t(256) << 20;

    // Called by block `block` before its access to [address, address + size)
    // is performed; a page's first store of the launch copies it into `saved`.
    // False when the attempt is already void: the access must not happen and
    // the block should stop (its work is thrown away).
    [[nodiscard]] bool note(std::uint64_t block, std::uintptr_t address, std::uint32_t size, AccessKind kind,
                            SavedPages& saved);
    // Blocks overlapped (or one gave up): the attempt is void.
    bool void_attempt() const { return void_.load(std::memory_order_relaxed); }
    // A block faulted, or waits for another block: the launch runs again in
    // block order, where that is judged as it always is.
    void give_up() { void_.store(true, std::memory_order_relaxed); }
    // A finished block's page copies.
    void keep(SavedPages&& saved);
    // Puts back what the attempt's stores changed (on the host thread, after
    // every block of the attempt has stopped).
    void roll_back();

private:
    // tag 8 | plain read 1 | plain write 1 | atomic 1 | several blocks 1 | first block + 1 (20)
    static constexpr std::uint32_t kRead = 1u << 8, kWrite = 1u << 9, kAtomic = 1u << 10, kSeveral = 1u << 11;
    static constexpr unsigned kOwnerShift = 12;
    // A page's word: tag 8 | copying 1 | copied 1.
    static constexpr std::uint32_t kCopying = 1u << 8, kCopied = 1u << 9;
    void save_page(std::uintptr_t page, SavedPages& saved);

    FlatShadow<std::uint32_t>& words_;
    FlatShadow<std::uint32_t>& pages_;  // by page number (one word per page, at page * 4)
    std::uint8_t tag_;
    std::atomic<bool> void_{false};
    std::atomic<std::size_t> saved_bytes_{0};
    std::mutex mutex_;
    SavedPages saved_;
};

}  // namespace simt
