// What the race checker remembers of each 4-byte granule.
//
// Most granules are touched by one thread in a launch (or a block, for shared
// memory): a 16-byte slot holds that thread's last access, packed. When a
// second thread comes, or a value does not fit the packing, the slot is
// promoted: it names a full cell in a side table, which keeps the writes per
// byte (two threads that each write both halves of a word still race) and up
// to two reads.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "emulator/checker.h"

namespace simt::check {

// One access as the checker judges it: 32 bytes, two to a cache line (a
// full cell's reads are judged from its first line). Always of the launch
// (global) or block (shared) running: a slot from an earlier one reads as
// empty, and its cell is given back.
struct Record {
    std::uint32_t thread = 0;  // linear id in the block + 1; 0 = none
    std::uint32_t block_epoch = 0;
    std::uint32_t lane_epoch = 0;
    // Global memory only:
    std::uint32_t block = 0;     // linear block id + 1
    std::uint32_t released = 0;  // releases the block had made before the access
    std::uint8_t mask = 0;  // bytes of the granule touched
    AccessKind kind = AccessKind::Read;
    std::uint8_t size = 0;
    bool is_volatile = false;
    const void* pc = nullptr;
};
static_assert(sizeof(Record) == 32);

// A promoted granule: up to two reads, and writes with disjoint byte masks
// (at most one per byte) kept as a prefix of `write`. A read-shared granule
// of shared memory (a tile element every thread of a block reads) is judged
// from the cell's first cache line: `write_epoch` says whether any write is
// of the barrier interval running (else every write is ordered before it),
// then the two reads' thread and epochs.
struct alignas(64) FullCell {
    // Shared memory: 1 + the block epoch of the newest live write (the
    // epochs of a block's writes only grow), 0 while none.
    std::uint32_t write_epoch = 0;
    std::array<Record, 2> read;
    std::array<Record, 4> write;
    std::uintptr_t granule = 0;  // global memory: the granule's address, to release it with its allocation
};

// Code addresses as small numbers, for packing. Each table is used by one
// thread at a time.
class PcTable {
public:
    // 0 for nullptr; kFull when the table has no room left. Asked on every
    // packed access: the cache's hit is inline.
    std::uint32_t index(const void* pc) {
        const Cached& c = cache_[(reinterpret_cast<std::uintptr_t>(pc) >> 2) % cache_.size()];
        if (c.pc == pc && c.index != 0) [[likely]]
            return c.index;
        return look_up(pc);
    }
    const void* pc(std::uint32_t index) const { return pcs_[index]; }
    static constexpr std::uint32_t kFull = (1u << 23) - 1;

private:
    [[gnu::noinline]] std::uint32_t look_up(const void* pc) {
        if (pc == nullptr) return 0;
        auto [it, added] = index_.try_emplace(pc, std::uint32_t(pcs_.size()));
        if (added) {
            if (pcs_.size() >= kFull) {
                index_.erase(it);
                return kFull;
            }
            pcs_.push_back(pc);
        }
        cache_[(reinterpret_cast<std::uintptr_t>(pc) >> 2) % cache_.size()] = Cached{pc, it->second};
        return it->second;
    }

    struct Cached {
        const void* pc = nullptr;
        std::uint32_t index = 0;
    };
    std::array<Cached, 512> cache_{};
    std::unordered_map<const void*, std::uint32_t> index_;
    std::vector<const void*> pcs_{nullptr};
};

// A granule's slot: all zero = untouched. `tag` names the launch (global) or
// block (shared) that wrote it; a slot with another tag is as good as empty.
//   w0: tag 16 | thread 11 | mask 4 | kind 2 | volatile 1 | size-1 6 | pc index 23 | promoted 1, or
//       (promoted) tag 16 | settled reads 38 (shared memory: see settled_for) | 0 9 | promoted 1
//   w1: block 24 | block epoch 16 | lane epoch 12 | releases 12, or (promoted) the full cell's index;
//       shared memory (no block, no releases): its top 4 bits are the
//       granule's bytes the block has written, for the init check
//       (RaceChecker::judge_shared_reads), whatever else changes
struct Slot {
    std::uint64_t w0 = 0, w1 = 0;

    // An access as its slot would hold it, less the tag and the byte mask
    // (one per access, whatever granules it spans); `fits` false when a
    // field does not fit (the slot is promoted instead).
    struct Packed {
        std::uint64_t w0 = 0, w1 = 0;
        bool fits = false;
    };

    std::uint16_t tag() const { return std::uint16_t(w0); }
    bool promoted() const { return (w0 >> 63) != 0; }
    // Holds an access of the launch (global) or block (shared) `tag` names.
    bool current(std::uint16_t tag) const { return this->tag() == tag && (promoted() || thread() != 0); }
    // A current, unpromoted slot whose thread `p`'s is (of p's block), and
    // which p covers (its bytes `mask`): a read after reads, or a write over
    // every byte the slot's access touched. The slot may then take p, as a
    // full cell would.
    bool held_by(const Packed& p, std::uint8_t mask) const {
        constexpr std::uint64_t kThread = std::uint64_t(0x7ff) << 16, kBlock = 0xffffff;
        if (promoted() || ((w0 ^ p.w0) & kThread) != 0 || ((w1 ^ p.w1) & kBlock) != 0) return false;
        const auto kind = AccessKind((w0 >> 31) & 3);
        const auto held = std::uint8_t((w0 >> 27) & 0xf);
        return AccessKind((p.w0 >> 31) & 3) == AccessKind::Read ? kind == AccessKind::Read : (mask & held) == held;
    }
    // A current, unpromoted slot holding an access of p's block from an
    // earlier barrier interval: everything the block does now is ordered
    // after it (a barrier came between), so it can race with nothing to
    // come and p may take its place. (A tree reduction's read of what
    // another thread wrote before the last __syncthreads.)
    bool superseded_by(const Packed& p) const {
        const std::uint64_t differ = w1 ^ p.w1;
        return !promoted() && (differ & 0xffffff) == 0 && ((differ >> 24) & 0xffff) != 0;
    }
    std::uint32_t cell() const { return std::uint32_t(w1); }
    // Shared memory only: the bytes the block `tag` names has written (none
    // when the slot holds another block's), read before an access changes
    // the slot; after it the slot holds `tag`, and `note_written` records
    // what is written now. True when the access is a read of bytes none
    // wrote yet.
    std::uint8_t written(std::uint16_t tag) const { return this->tag() == tag ? written_bytes() : 0; }
    std::uint8_t written_bytes() const { return std::uint8_t(w1 >> 60); }  // of a slot known to be current
    bool note_written(std::uint8_t before, AccessKind kind, std::uint8_t mask) {
        const bool read = kind == AccessKind::Read;
        w1 = (w1 & ~(std::uint64_t(0xf) << 60)) | std::uint64_t(read ? before : before | mask) << 60;
        return read && (before & mask) != mask;
    }
    // Shared memory, a promoted slot: what its cell's reads were when the
    // race checker last looked, for a read to be judged with no look at the
    // cell while the cell is as it was: in block epoch `epoch` no write yet,
    // and both reads of that epoch, by threads `a` and `b` (linear id + 1).
    // Any other change of the cell forgets it (forget_settled_reads).
    void note_settled_reads(std::uint32_t epoch, std::uint32_t a, std::uint32_t b) {
        if (((epoch >> 16) | (a >> 11) | (b >> 11)) != 0) return forget_settled_reads();
        w0 = (w0 & ~kSettled) | std::uint64_t(epoch) << 16 | std::uint64_t(a) << 32 | std::uint64_t(b) << 43;
    }
    void forget_settled_reads() { w0 &= ~kSettled; }
    // A read by `thread` (linear id + 1) of the block `tag` names, in block
    // epoch `epoch`, finds the cell's reads settled: nothing to check,
    // nothing to keep (quiet_read's answer, when no warp collective came in
    // the epoch). `key`: settled_key(tag, epoch), which the caller keeps.
    bool settled_for(std::uint64_t key, std::uint32_t thread) const {
        return (w0 & kSettledKeyBits) == key && thread != (std::uint32_t(w0 >> 32) & 0x7ff) &&
               thread != (std::uint32_t(w0 >> 43) & 0x7ff);
    }
    // What a promoted slot of block `tag` holds in kSettledKeyBits while its
    // reads are settled in block epoch `epoch`: its tag, the epoch and the
    // promoted bit. No slot holds the answer to an epoch that does not fit
    // (or to none: 0): bit 62, set there, is clear in a promoted slot and a
    // slot with it set is not promoted.
    static std::uint64_t settled_key(std::uint16_t tag, std::uint32_t epoch) {
        constexpr std::uint64_t kPromoted = std::uint64_t(1) << 63, kNever = kPromoted | std::uint64_t(1) << 62;
        return epoch == 0 || epoch > 0xffff ? kNever : kPromoted | std::uint64_t(epoch) << 16 | tag;
    }
    static constexpr std::uint64_t kSettledKeyBits = std::uint64_t(3) << 62 | 0xffffffff;
    std::uint32_t thread() const { return std::uint32_t(w0 >> 16) & 0x7ff; }
    std::uint32_t block() const { return std::uint32_t(w1) & 0xffffff; }

    static constexpr std::uint64_t kSettled = ((std::uint64_t(1) << 38) - 1) << 16;
    void promote(std::uint16_t tag, std::uint32_t cell) {
        w0 = tag | (std::uint64_t(1) << 63);
        w1 = cell;
    }

    // The access of `thread` (linear id + 1) at lane epoch `lane_epoch`;
    // `stamp`: its block, block epoch and releases as w1 holds them
    // (RaceChecker keeps it with those), 0 when one does not fit.
    // Every field 64 bits wide from the start: GCC kept 32-bit ones on the
    // stack and reloaded them widened, loads store forwarding cannot serve
    // (a third of the race checker's time on W6, one such stall an access).
    static Packed packing(std::uint64_t thread, std::uint64_t lane_epoch, AccessKind kind, bool is_volatile,
                          std::uint64_t size, const void* pc, std::uint64_t stamp, PcTable& pcs) {
        const std::uint64_t size_field = size - 1;  // wraps when 0
        if (stamp == 0 || ((thread >> 11) | (lane_epoch >> 12)) != 0 || size_field >= 64) return {};
        const std::uint64_t w0 = std::uint64_t(thread) << 16 | std::uint64_t(kind) << 31 |
                                 std::uint64_t(is_volatile) << 33 | size_field << 34;
        const std::uint64_t w1 = stamp | std::uint64_t(lane_epoch) << 40;
        const std::uint32_t index = pcs.index(pc);
        if (index == PcTable::kFull) return {};
        return {w0 | std::uint64_t(index) << 40, w1, true};
    }
    // w1's block, block epoch and releases, or 0 when one does not fit.
    static std::uint64_t stamp(std::uint64_t block, std::uint32_t block_epoch, std::uint32_t released) {
        if (((block >> 24) | (block_epoch >> 16) | (released >> 12)) != 0) return 0;
        return block | std::uint64_t(block_epoch) << 24 | std::uint64_t(released) << 52;
    }
    // Takes the access (its bytes `mask` of the granule); false when it
    // does not fit.
    bool pack(const Packed& p, std::uint8_t mask, std::uint16_t tag) {
        if (!p.fits) return false;
        w0 = tag | p.w0 | std::uint64_t(mask) << 27;
        w1 = p.w1;
        return true;
    }

    Record unpack(const PcTable& pcs) const {
        Record r;
        r.thread = thread();
        r.mask = std::uint8_t((w0 >> 27) & 0xf);
        r.kind = AccessKind((w0 >> 31) & 3);
        r.is_volatile = ((w0 >> 33) & 1) != 0;
        r.size = std::uint8_t(((w0 >> 34) & 0x3f) + 1);
        r.pc = pcs.pc(std::uint32_t(w0 >> 40) & PcTable::kFull);
        r.block = block();
        r.block_epoch = std::uint32_t(w1 >> 24) & 0xffff;
        r.lane_epoch = std::uint32_t(w1 >> 40) & 0xfff;
        r.released = std::uint32_t(w1 >> 52);
        return r;
    }
};

// Full cells of promoted slots, reused once their slot goes stale.
class FullCells {
public:
    std::uint32_t make() {
        if (!free_.empty()) {
            const std::uint32_t i = free_.back();
            free_.pop_back();
            cells_[i] = FullCell{};
            return i;
        }
        cells_.emplace_back();
        return std::uint32_t(cells_.size() - 1);
    }
    FullCell& operator[](std::uint32_t i) { return cells_[i]; }
    // Room for `n` cells taken at once (address space: pages are used as
    // cells are made), so that growing to a limit never holds two copies.
    void reserve(std::size_t n) { cells_.reserve(n); }
    void release(std::uint32_t i) { free_.push_back(i); }
    // Releases the cells of granules in [lo, hi).
    void release_range(std::uintptr_t lo, std::uintptr_t hi) {
        if (cells_.size() == free_.size()) return;
        std::vector<bool> is_free(cells_.size());
        for (const std::uint32_t i : free_) is_free[i] = true;
        for (std::uint32_t i = 0; i < cells_.size(); ++i)
            if (!is_free[i] && cells_[i].granule >= lo && cells_[i].granule < hi) free_.push_back(i);
    }
    void clear() {
        cells_.clear();
        free_.clear();
    }
    std::size_t in_use() const { return cells_.size() - free_.size(); }

private:
    std::vector<FullCell> cells_;
    std::vector<std::uint32_t> free_;
};

}  // namespace simt::check
