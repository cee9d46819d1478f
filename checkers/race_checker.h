// The race checker (shared and global memory): two accesses to overlapping
// bytes from different threads, at least one a write, not both atomic, with
// nothing ordering them. Happens-before, not "did the values differ", so a
// race is found on the first run whatever interleaving the scheduler chose.
//
// Ordering inside a block: a block barrier orders everything before it with
// everything after it (block epochs); inside a barrier interval, lanes of one
// warp are ordered by warp collectives that include both (a vector clock per
// lane over the lanes of its warp). Same-warp hazards are errors under
// independent scheduling and warnings ("warp-synchronous") under lockstep.
//
// Ordering across blocks (global memory): launches are ordered; within one
// launch a block releases what it did so far with __threadfence() followed by
// an atomic (or volatile) access to a location, and a block acquires it with
// an atomic (or volatile) access to that location, as in the "last block
// finishes the reduction" pattern. Atomic and volatile global accesses do not
// race with each other. A plain load whose only conflict is with atomics and
// whose thread next does an atomic on those bytes seeds a compare-and-swap
// loop (the CUDA guide's atomicAdd for double): not reported.
//
// Shadow: per 4-byte granule (the block's shared window; global memory by
// address, flat_shadow.h) a 16-byte slot holding the one thread's access
// that most granules see; granules a second thread touches get a full cell
// with the writes per byte and up to two reads (race_cells.h), so threads
// touching different bytes of one word do not conflict, and two threads
// writing the same bytes with separate stores do.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "checkers/block_global_shadow.h"
#include "emulator/flat_shadow.h"
#include "driver/hazard_log.h"
#include "checkers/per_block_state.h"
#include "checkers/race_cells.h"
#include "emulator/checker.h"

namespace simt::check {

class RaceChecker final : public Checker {
public:
    explicit RaceChecker(driver::HazardLog& log) : log_(log) {}
    // --uniform-writes ignore (the default, as racecheck on an H100: see
    // docs/report-format.md): a write-write pair that wrote the same bytes
    // is not reported.
    void ignore_same_value_writes(bool ignore) { ignore_same_value_writes_ = ignore; }
    // At most `bytes` of full cells for global memory (--race-memory), per
    // block while blocks run side by side, per launch otherwise (each count
    // the same for any number of workers); past it a granule several threads
    // touch keeps its last access only.
    void limit_global_memory(std::uint64_t bytes) {
        global_memory_limit_ = bytes;
        global_cell_limit_ = bytes / sizeof(FullCell);
        reserve_cells(global_cells_);
    }

    // Also judge reads of shared bytes no thread of the block has written
    // (the init checker's rule, InitChecker::leave_shared_memory_to_race_checker):
    // each slot keeps its granule's written bytes (Slot::written).
    void judge_shared_reads(bool judge) { judge_shared_reads_ = judge; }

    bool needs_blocks_in_order() const override { return true; }
    bool wants_thread_events() const override { return false; }
    void on_launch_begin(const LaunchInfo& launch) override;
    void on_launch_abandoned(const LaunchInfo&) override { log_.discard_launch(); }
    // A freed allocation's history is forgotten (and its shadow released).
    void on_memory(const MemoryEvent& e) override;
    void on_block_begin(const LaunchInfo& launch, Dim3 block) override;
    void on_fence(const FenceEvent& e) override;
    void on_access(const AccessEvent& e) override;
    // Most checked shared accesses are reads of a tile element the block's
    // threads share, after the barrier that ordered its writes (quiet_read):
    // judged here with no event built, in a leaf that calls nothing;
    // the rest go on to on_access.
    void on_shared_access(const ThreadId& who, SharedAccess access, const void* pc, std::uintptr_t address) override;
    // Most global accesses, blocks side by side: a granule's first access in
    // the block, or its one thread's again, kept in its slot with no event.
    bool judged_global_access(const ThreadId& who, GlobalAccess access, const void* pc,
                              std::uintptr_t address) override;
    void on_barrier_release(const BarrierReleaseEvent& e) override;
    // A split-phase barrier's phase completing opens a new epoch, as a block
    // barrier does: what threads did before arriving is ordered before what
    // any thread does after its wait. Coarser than a GPU's arrive = release,
    // wait = acquire in two ways, both missed races, never false ones: a
    // thread's accesses between its arrival and the phase's completion count
    // as before the phase, and threads that do not take part in the barrier
    // are ordered by it too.
    void on_split_phase(const SplitPhaseEvent& e) override;
    void on_warp_sync(const WarpSyncEvent& e) override;
    void on_block_end(const LaunchInfo& launch, Dim3 block) override;

private:
    // Per worker thread: the block it is running.
    struct BlockState {
        const LaunchInfo* launch = nullptr;
        Dim3 block;
        std::uint64_t block_linear = 0;
        std::uint32_t block_epoch = 0;
        const void* interval_opened_at = nullptr;  // the barrier that began this epoch
        unsigned warp_size = 32;
        unsigned warp_shift = 5;  // log2(warp_size): ordered() asks on every read of a shared cell
        // A warp collective has ordered lanes since the barrier interval
        // began; until one does, no lane is ordered after another's access
        // of the interval (ordered() needs no clock).
        bool warp_synced = false;
        std::vector<std::uint32_t> lane_epoch;  // per thread
        std::vector<std::uint32_t> clock;       // per thread x warp lane
        // Shared memory: a slot per granule of the window, tagged with the
        // block it belongs to (tags count this worker's blocks).
        std::vector<Slot> shadow;
        FullCells cells;
        PcTable pcs;
        std::uint16_t tag = 0;
        // Blocks side by side (LaunchInfo::blocks_in_parallel): this block's
        // global accesses, judged among themselves (slots tagged like
        // `shadow`'s). No other block's access can matter: had one touched
        // what this block stored, the attempt would be abandoned.
        BlockGlobalShadow global;
        FullCells global_cells;
        std::vector<bool> fenced;  // per thread: a device fence since its last atomic
        // WAW pairs waiting to see what the second write stored (the access
        // is observed before it is performed); settled at the block's next event.
        struct PendingWrite {
            AccessEvent event;
            Record previous;
            unsigned char before[16];
        };
        std::vector<PendingWrite> pending;
        // A plain read whose only conflict is with atomics is held until its
        // thread's next access to the granule: an atomic there means the read
        // only seeded a compare-and-swap loop (the CUDA guide's atomicAdd for
        // double), which is not reported; anything else reports it.
        struct HeldRead {
            std::uint32_t reader = 0;     // linear thread id
            bool global = false;
            std::uintptr_t granule = 0;   // address (global) or shared offset, of the 4-byte granule
            AccessEvent event;            // the later access of the pair
            Record previous;
            driver::RaceOrder order = driver::RaceOrder::ReadAfterWrite;
            const void* opener = nullptr;  // the barrier interval it was found in
        };
        std::vector<HeldRead> held;
        // Per thread: the volatile word it read last and how many times in a
        // row (a lane spinning on a flag polls it again and again).
        struct Poll {
            std::uintptr_t address = 0;
            std::uint32_t count = 0;
        };
        std::vector<Poll> polls;
        std::uint32_t releases = 0;
        // Slot::stamp of the block's global accesses (block, block epoch,
        // releases) and of its shared ones (block epoch): restamp() after
        // any of those changes.
        std::uint64_t global_stamp = 0, shared_stamp = 0;
        // Slot::settled_key of the block's shared slots in this epoch, 0
        // (no slot's) once a warp collective came in it: restamp() after the
        // tag, the epoch or warp_synced changes.
        std::uint64_t settled_key = 0;
        void restamp() {
            global_stamp = Slot::stamp(block_linear + 1, block_epoch, releases);
            shared_stamp = Slot::stamp(0, block_epoch, 0);
            settled_key = Slot::settled_key(tag, warp_synced ? 0 : block_epoch);
        }
        std::unordered_map<std::uint32_t, std::uint32_t> acquired;  // other block -> its releases seen
        std::vector<std::uint32_t> own_acquired;  // per thread: this block's releases it has seen
    };

    bool ordered(const BlockState& s, const Record& before, std::uint32_t thread) const;
    bool ordered_global(const BlockState& s, const Record& before, std::uint32_t thread) const;
    // The fast path: a granule touched by one thread keeps its access in
    // the slot; a second thread promotes it to a full cell.
    // `CellsOutliveBlocks`: a stale slot's cell is given back (the launch's
    // global cells); otherwise the cells are cleared with each block.
    template <bool Global, bool CellsOutliveBlocks>
    [[gnu::always_inline]] void access_granule(BlockState& s, Slot& slot, FullCells& cells, PcTable& pcs,
                                               std::uint16_t tag, const AccessEvent& e, AccessKind kind,
                                               std::uint8_t mask, std::uintptr_t granule) {
        const bool current = slot.current(tag);
        if (current && slot.promoted()) {
            if constexpr (!Global) slot.forget_settled_reads();  // the cell may change now
            // A granule more threads touched (a tile element every thread
            // reads): most are plain reads no write is unordered with.
            if (kind == AccessKind::Read && !e.is_volatile &&
                quiet_read<Global>(s, cells[slot.cell()], e.who.linear, e.size, e.pc, mask))
                return;
            share_granule<Global, CellsOutliveBlocks>(s, slot, cells, pcs, tag, e, record(s, e, kind, mask, Global),
                                                      Slot::Packed{}, granule);
            return;
        }
        // Most of the rest (inline, no record built): the granule's first
        // this launch (or block), or its one thread's again, covering what
        // the slot holds, or the first since a barrier.
        const Slot::Packed packed = packing(s, e, kind, Global, pcs);
        if (packed.fits && (!current ? !(CellsOutliveBlocks && slot.promoted())
                                     : slot.held_by(packed, mask) || slot.superseded_by(packed))) {
            slot.pack(packed, mask, tag);
            return;
        }
        share_granule<Global, CellsOutliveBlocks>(s, slot, cells, pcs, tag, e, record(s, e, kind, mask, Global), packed,
                                                  granule);
    }
    // The access as the checker judges it, on one granule (its bytes
    // `mask`); `kind` is Atomic for a synchronising one.
    static Record record(const BlockState& s, const AccessEvent& e, AccessKind kind, std::uint8_t mask, bool global) {
        return record(s, e.who.linear, kind, mask, e.size, e.is_volatile, e.pc, global);
    }
    static Record record(const BlockState& s, std::uint32_t me, AccessKind kind, std::uint8_t mask, std::uint32_t size,
                         bool is_volatile, const void* pc, bool global) {
        return Record{me + 1, s.block_epoch, s.lane_epoch[me], global ? std::uint32_t(s.block_linear + 1) : 0,
                      global ? s.releases : 0, mask, kind, std::uint8_t(size), is_volatile, pc};
    }
    static Slot::Packed packing(const BlockState& s, const AccessEvent& e, AccessKind kind, bool global, PcTable& pcs) {
        const std::uint32_t me = e.who.linear;
        return Slot::packing(me + 1, s.lane_epoch[me], kind, e.is_volatile, e.size, e.pc,
                             global ? s.global_stamp : s.shared_stamp, pcs);
    }
    // A plain read by thread `me` (`size` bytes at `pc`, its bytes `mask`
    // of the granule) of a promoted granule that no write it overlaps is
    // unordered with (a tile element every thread reads): kept as
    // check_granule keeps a read, and true; false, with nothing changed,
    // leaves it to check_granule. Its record is built only if kept.
    template <bool Global>
    [[gnu::always_inline]] bool quiet_read(BlockState& s, FullCell& cell, std::uint32_t me, std::uint32_t size,
                                           const void* pc, std::uint8_t mask) const;
    // The rest: a second thread, a promoted slot, a field that does not pack.
    template <bool Global, bool CellsOutliveBlocks>
    [[gnu::noinline]] void share_granule(BlockState& s, Slot& slot, FullCells& cells, PcTable& pcs, std::uint16_t tag,
                                         const AccessEvent& e, const Record& mine, const Slot::Packed& packed,
                                         std::uintptr_t granule);
    void check_granule(BlockState& s, FullCell& cell, const AccessEvent& e, const Record& mine, bool global,
                       std::uintptr_t granule);
    // The thread's next access to a granule where it holds a read (see HeldRead).
    void release_held(BlockState& s, const AccessEvent& e);
    void on_global_access(BlockState& s, const AccessEvent& e);
    // on_shared_access's other cases, and its report, each out of its frame.
    [[gnu::noinline]] void judge_shared_read(const ThreadId& who, SharedAccess access, const void* pc,
                                             std::uintptr_t address);
    [[gnu::noinline]] void judge_shared_access(const ThreadId& who, SharedAccess access, const void* pc,
                                               std::uintptr_t address);
    [[gnu::noinline]] void report_unwritten_shared_read(const ThreadId& who, SharedAccess access, const void* pc,
                                                        std::uintptr_t address);
    void synchronise(BlockState& s, const AccessEvent& e);
    void report(BlockState& s, const AccessEvent& e, const Record& previous, driver::RaceOrder order);
    // Room for the limit's cells taken at once (address space; pages are
    // used as cells are made): a vector that doubles past the limit would
    // hold twice its pages, and both copies while it moves.
    void reserve_cells(FullCells& cells) const {
        if (global_memory_limit_ <= (std::uint64_t(16) << 30)) cells.reserve(global_cell_limit_);
    }
    // The first access of a launch past --race-memory (a warning, once).
    void warn_memory_limit(BlockState& s, const AccessEvent& e);
    // Reports the pending WAW pairs whose second write changed the bytes.
    void settle(BlockState& s);

    driver::HazardLog& log_;
    bool judge_shared_reads_ = false;
    bool ignore_same_value_writes_ = false;
    std::uint64_t global_memory_limit_ = 0;  // bytes (--race-memory)
    std::uint64_t global_cell_limit_ = ~std::uint64_t(0);
    std::uint64_t limit_warned_launch_ = 0;  // the launch (launch_) last warned of the limit
    PerBlockState<BlockState> blocks_;
    // Global memory: touched only by the block holding the launch turn
    // (needs_blocks_in_order), so no locks.
    FlatShadow<Slot> global_;
    FullCells global_cells_;
    PcTable global_pcs_;
    std::uint16_t global_tag_ = 0;  // the launch, as slots name it
    // The launch running, numbered by this checker (launch indices restart
    // when the device is reset, shadow cells do not).
    std::uint64_t launches_seen_ = 0;
    std::uint64_t launch_ = 0;
    // Per synchronising location: the releases each block made into it.
    std::mutex locations_mutex_;
    std::unordered_map<std::uintptr_t, std::unordered_map<std::uint32_t, std::uint32_t>> locations_;
};

}  // namespace simt::check
