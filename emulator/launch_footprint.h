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
// from the bytes each granule held before its first store of the launch, and
// the launch runs again with global memory touched in block order. Which of
// the two happened never shows in the output.
//
// One word per granule (launch tag, who touched it and how), updated with a
// compare-and-swap on the access path; the undo entries are kept per block.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "emulator/checker.h"
#include "emulator/flat_shadow.h"

namespace simt {

class LaunchFootprint {
public:
    // A granule's bytes before the launch first stored to it.
    struct Undo {
        std::uintptr_t granule;
        std::uint32_t before;
    };

    // `words`: the engine's, kept across launches; `tag` tells this launch's
    // words from older ones (never 0).
    LaunchFootprint(FlatShadow<std::uint64_t>& words, std::uint16_t tag) : words_(words), tag_(tag) {}

    // Called by block `block` before its access to [address, address + size)
    // is performed; a granule's first store of the launch goes to `undo`.
    void note(std::uint64_t block, std::uintptr_t address, std::uint32_t size, AccessKind kind,
              std::vector<Undo>& undo);
    // Blocks overlapped (or one gave up): the attempt is void.
    bool void_attempt() const { return void_.load(std::memory_order_relaxed); }
    // A block faulted, or waits for another block: the launch runs again in
    // block order, where that is judged as it always is.
    void give_up() { void_.store(true, std::memory_order_relaxed); }
    // A finished block's undo entries.
    void keep(std::vector<Undo>&& undo);
    // Puts back what the attempt's stores changed (on the host thread, after
    // every block of the attempt has stopped).
    void roll_back();

private:
    // tag 16 | plain read 1 | plain write 1 | atomic 1 | several blocks 1 | first block + 1 (44)
    static constexpr std::uint64_t kRead = 1ull << 16, kWrite = 1ull << 17, kAtomic = 1ull << 18,
                                   kSeveral = 1ull << 19;
    static constexpr unsigned kOwnerShift = 20;

    FlatShadow<std::uint64_t>& words_;
    std::uint16_t tag_;
    std::atomic<bool> void_{false};
    std::mutex mutex_;
    std::vector<Undo> undo_;
};

}  // namespace simt
