#include "checkers/race_checker.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "checkers/global_location.h"
#include "checkers/granule_mask.h"
#include "checkers/shared_symbols.h"
#include "checkers/uninitialised_shared_read.h"
#include "emulator/symbolizer.h"

namespace simt::check {

using driver::HazardAccess;
using driver::HazardKey;
using driver::HazardReport;
using driver::RaceOrder;
using driver::RaceScope;
using driver::Rule;
using driver::Severity;
using driver::race_rule;
namespace {

bool overlaps(std::uint8_t a, std::uint8_t b) { return (a & b) != 0; }

int line_number(const void* pc) { return pc == nullptr ? 0 : locate(pc).line; }

// Where the missing synchronisation goes. Both accesses lie in one barrier
// interval; if the barrier that opened it sits textually between them, they
// come from consecutive iterations of a loop and the barrier is missing at
// the end of the loop body. Lines are named in the order they appear in the
// file: the earlier access may be the textually later one (another warp ran
// ahead), and "between line 12 and line 11" read as a backwards hint.
std::string where_to_sync(const char* sync, int previous, int current, int interval_opener, RaceOrder order) {
    const int lo = std::min(previous, current), hi = std::max(previous, current);
    if (lo == 0) return std::string("add ") + sync + " between the two accesses";
    if (lo == hi) {
        if (order == RaceOrder::WriteAfterWrite)
            return "both writes are at line " + std::to_string(lo) +
                   ": have one thread write the location, give each thread its own, or use an atomic";
        return "separate the read and the write at line " + std::to_string(lo) + " with " + sync +
               ": read into a local, " + sync + ", then store";
    }
    if (interval_opener > lo && interval_opener < hi)
        return std::string("the accesses come from consecutive loop iterations: add ") + sync + " after line " +
               std::to_string(hi) + " (at the end of the loop body), so the next iteration's line " +
               std::to_string(lo) + " cannot overtake it";
    return std::string("add ") + sync + " between line " + std::to_string(lo) + " and line " + std::to_string(hi);
}

}  // namespace

void RaceChecker::on_launch_begin(const LaunchInfo& launch) {
    // Runs on the host thread before any block: no worker touches these now.
    (void)launch;
    launch_ = ++launches_seen_;
    global_tag_ = std::uint16_t(launch_);
    if (global_tag_ == 0) {  // slots written 65536 launches ago would look current
        global_.clear();
        global_cells_.clear();
    }
    locations_.clear();
}

void RaceChecker::on_fence(const FenceEvent& e) {
    BlockState& s = blocks_.current();
    if (!s.pending.empty()) settle(s);
    if (e.scope != FenceScope::Block) s.fenced[e.who.linear] = true;
}

void RaceChecker::on_block_end(const LaunchInfo&, Dim3) {
    BlockState& s = blocks_.current();
    if (!s.pending.empty()) settle(s);
    // Reads no atomic of their thread followed: plain races after all.
    for (const BlockState::HeldRead& h : s.held) {
        s.interval_opened_at = h.opener;
        report(s, h.event, h.previous, h.order);
    }
    s.held.clear();
}

void RaceChecker::on_block_begin(const LaunchInfo& launch, Dim3 block) {
    BlockState& s = blocks_.current();
    s.launch = &launch;
    s.block = block;
    s.block_linear = linear_block(launch, block);
    s.block_epoch = 1;
    s.warp_synced = false;
    s.interval_opened_at = nullptr;
    s.warp_size = launch.warp_size;
    s.warp_shift = unsigned(__builtin_ctz(launch.warp_size));
    const std::size_t threads = launch.block.volume();
    s.lane_epoch.assign(threads, 0);
    s.clock.assign(threads * s.warp_size, 0);
    s.fenced.assign(threads, false);
    s.releases = 0;
    s.acquired.clear();
    s.own_acquired.assign(threads, 0);
    s.pending.clear();
    s.held.clear();
    s.polls.assign(threads, BlockState::Poll{});
    s.cells.clear();
    if (++s.tag == 0) {  // slots of this worker's block 65536 blocks ago would look current
        std::fill(s.shadow.begin(), s.shadow.end(), Slot{});
        s.global.clear();
        s.tag = 1;
    }
    s.restamp();
    if (launch.blocks_in_parallel) {
        s.global.begin_block();
        reserve_cells(s.global_cells);  // taken once: later calls find the room there
        s.global_cells.clear();
    }
}

void RaceChecker::on_barrier_release(const BarrierReleaseEvent& e) {
    BlockState& s = blocks_.current();
    if (!s.pending.empty()) settle(s);
    ++s.block_epoch;
    s.warp_synced = false;
    s.restamp();
    s.interval_opened_at = e.pc;
}

void RaceChecker::on_split_phase(const SplitPhaseEvent& e) {
    BlockState& s = blocks_.current();
    if (!s.pending.empty()) settle(s);
    ++s.block_epoch;
    s.warp_synced = false;
    s.restamp();
    s.interval_opened_at = e.pc;
}

void RaceChecker::on_warp_sync(const WarpSyncEvent& e) {
    BlockState& s = blocks_.current();
    if (!s.pending.empty()) settle(s);
    // A lane's clock entry for another lane passes the epoch of that lane's
    // accesses only at a collective after them: accesses of this interval
    // are now perhaps ordered.
    if (!s.warp_synced) {
        s.warp_synced = true;
        s.restamp();
    }
    const unsigned ws = s.warp_size;
    const std::uint32_t first = e.warp * ws;
    // Join the clocks of the participants, tick each, give all the join.
    std::uint32_t joined[64] = {};
    for (std::uint64_t m = e.participants; m != 0; m &= m - 1) {
        const std::uint32_t* c = &s.clock[std::size_t(first + unsigned(__builtin_ctzll(m))) * ws];
        for (unsigned k = 0; k < ws; ++k) joined[k] = std::max(joined[k], c[k]);
    }
    for (std::uint64_t m = e.participants; m != 0; m &= m - 1) {
        const unsigned lane = unsigned(__builtin_ctzll(m));
        joined[lane] = ++s.lane_epoch[first + lane];
    }
    for (std::uint64_t m = e.participants; m != 0; m &= m - 1) {
        std::uint32_t* c = &s.clock[std::size_t(first + unsigned(__builtin_ctzll(m))) * ws];
        std::copy(joined, joined + ws, c);
    }
}

inline bool RaceChecker::ordered(const BlockState& s, const Record& before, std::uint32_t thread) const {
    if (before.thread == 0 || before.thread == thread + 1) return true;
    if (before.block_epoch != s.block_epoch) return true;  // a barrier came between
    if (!s.warp_synced) return false;  // no collective since `before` (see on_warp_sync)
    const std::uint32_t other = before.thread - 1;
    if (((other ^ thread) >> s.warp_shift) != 0) return false;  // other warps
    // Same warp: has this lane synchronised with the other since its access?
    return s.clock[(std::size_t(thread) << s.warp_shift) + (other & (s.warp_size - 1))] > before.lane_epoch;
}

template <bool Global>
inline bool RaceChecker::quiet_read(BlockState& s, FullCell& cell, std::uint32_t me, std::uint32_t size, const void* pc,
                                    std::uint8_t mask) const {
    auto is_ordered = [&](const Record& r) { return Global ? ordered_global(s, r, me) : ordered(s, r, me); };
    if (Global || cell.write_epoch == s.block_epoch + 1) {
        for (const Record& w : cell.write) {
            if (w.thread == 0) break;  // the live writes are a prefix
            if ((w.mask & mask) != 0 && !is_ordered(w)) return false;
        }
    }
    for (Record& r : cell.read) {
        if (r.thread == 0 || is_ordered(r)) {
            r = record(s, me, AccessKind::Read, mask, size, false, pc, Global);
            break;
        }
    }
    return true;
}

bool RaceChecker::ordered_global(const BlockState& s, const Record& before, std::uint32_t thread) const {
    if (before.thread == 0) return true;
    if (before.block != s.block_linear + 1) {
        const auto seen = s.acquired.find(before.block - 1);
        return seen != s.acquired.end() && seen->second > before.released;
    }
    // Same block: a barrier or warp collective, or a release by this block
    // (fence + atomic, e.g. unlocking a spin lock) that this thread acquired.
    return ordered(s, before, thread) || s.own_acquired[thread] > before.released;
}

// An atomic or volatile global access: acquire what earlier blocks released
// into this location, and release (after a device fence) what this block did
// and what it had acquired from others. Fences are cumulative: a grid
// barrier's last block to arrive passes on the arrivals it saw, so every
// block leaving the barrier is ordered after every block's writes.
// Blocks side by side (LaunchInfo::blocks_in_parallel): only the block's own releases count.
// In block order a block acquires from earlier blocks only, whose records
// its judgement never meets in a kept attempt, and no earlier block can
// have passed its own releases back to it; running blocks could (a volatile
// read is not held to block order), hiding a race block order reports.
void RaceChecker::synchronise(BlockState& s, const AccessEvent& e) {
    std::lock_guard<std::mutex> lock(locations_mutex_);
    auto& released = locations_[e.address];
    for (const auto& [block, count] : released) {
        if (block != s.block_linear && s.launch->blocks_in_parallel) continue;
        std::uint32_t& seen = block == s.block_linear ? s.own_acquired[e.who.linear] : s.acquired[block];
        seen = std::max(seen, count);
    }
    if (s.fenced[e.who.linear]) {
        s.fenced[e.who.linear] = false;
        released[std::uint32_t(s.block_linear)] = ++s.releases;
        s.restamp();
        for (const auto& [block, count] : s.acquired) {
            std::uint32_t& passed = released[block];
            passed = std::max(passed, count);
        }
    }
}

void RaceChecker::on_global_access(BlockState& s, const AccessEvent& e) {
    const bool synchronising = e.kind == AccessKind::Atomic || e.is_volatile;
    if (synchronising) synchronise(s, e);
    // Atomic and volatile accesses synchronise rather than race: record them
    // as atomics so that only plain accesses conflict with them.
    const AccessKind kind = synchronising ? AccessKind::Atomic : e.kind;
    const std::uintptr_t end = e.address + e.size;
    for (std::uintptr_t g = e.address & ~std::uintptr_t(3); g < end; g += 4) {
        const std::uint8_t mask = granule_mask(g / 4, e.address, end);
        // This block's own slots while blocks run side by side, else the launch's.
        if (s.launch->blocks_in_parallel)
            access_granule<true, false>(s, s.global.at(g), s.global_cells, s.pcs, s.tag, e, kind, mask, g);
        else
            access_granule<true, true>(s, global_.at(g), global_cells_, global_pcs_, global_tag_, e, kind, mask, g);
    }
}

void RaceChecker::on_shared_access(const ThreadId& who, SharedAccess access, const void* pc,
                                   std::uintptr_t address) {
    // Most: a read of a tile element whose reads are settled (one comparison
    // says the slot is this block's, promoted and settled this epoch). A
    // naturally aligned access of at most 4 bytes lies in one granule.
    BlockState* s = blocks_.cached();
    const std::uint32_t first = access.offset / 4;
    if (s == nullptr || access.kind != AccessKind::Read || access.size > 4 || first >= s->shadow.size() ||
        !s->pending.empty() || !s->held.empty())
        return judge_shared_access(who, access, pc, address);
    const Slot& slot = s->shadow[first];
    if (!slot.settled_for(s->settled_key, who.linear + 1)) return judge_shared_read(who, access, pc, address);
    if (judge_shared_reads_) {
        const std::uint8_t mask = granule_mask(access.offset, access.size);
        if ((slot.written_bytes() & mask) != mask) return report_unwritten_shared_read(who, access, pc, address);
    }
}

// A plain read of one granule that on_shared_access did not settle: of a
// promoted granule quiet_read judges (and perhaps settles), or the whole path.
void RaceChecker::judge_shared_read(const ThreadId& who, SharedAccess access, const void* pc,
                                    std::uintptr_t address) {
    BlockState& s = blocks_.current();
    Slot& slot = s.shadow[access.offset / 4];
    if (!slot.current(s.tag) || !slot.promoted()) return judge_shared_access(who, access, pc, address);
    const std::uint8_t mask = granule_mask(access.offset, access.size);
    FullCell& cell = s.cells[slot.cell()];
    if (!quiet_read<false>(s, cell, who.linear, access.size, pc, mask)) {
        slot.forget_settled_reads();
        return judge_shared_access(who, access, pc, address);
    }
    if (cell.write_epoch != s.block_epoch + 1 && cell.read[0].block_epoch == s.block_epoch &&
        cell.read[1].block_epoch == s.block_epoch && cell.read[0].thread != 0 && cell.read[1].thread != 0)
        slot.note_settled_reads(s.block_epoch, cell.read[0].thread, cell.read[1].thread);
    else
        slot.forget_settled_reads();
    if (judge_shared_reads_ && (slot.written_bytes() & mask) != mask)
        report_unwritten_shared_read(who, access, pc, address);
}

bool RaceChecker::judged_global_access(const ThreadId& who, GlobalAccess access, const void* pc,
                                       std::uintptr_t address) {
    BlockState* s = blocks_.cached();
    const unsigned offset = unsigned(address & 3);
    if (s == nullptr || !s->launch->blocks_in_parallel || access.size == 0 || offset + access.size > 4 ||
        !s->pending.empty() || !s->held.empty())
        return false;
    // access_granule's inline case, the rest left to on_access.
    Slot& slot = s->global.at(address - offset);
    const std::uint32_t me = who.linear;
    const Slot::Packed packed = Slot::packing(me + 1, s->lane_epoch[me], access.kind, false, access.size, pc,
                                              s->global_stamp, s->pcs);
    const std::uint8_t mask = granule_mask(address, access.size);
    if (!packed.fits || (slot.current(s->tag) && !slot.held_by(packed, mask) && !slot.superseded_by(packed)))
        return false;
    slot.pack(packed, mask, s->tag);
    return true;
}

void RaceChecker::judge_shared_access(const ThreadId& who, SharedAccess access, const void* pc,
                                      std::uintptr_t address) {
    on_access(shared_access_event(who, access, pc, address));
}

void RaceChecker::report_unwritten_shared_read(const ThreadId& who, SharedAccess access, const void* pc,
                                               std::uintptr_t address) {
    const BlockState& s = blocks_.current();
    report_uninitialised_shared_read(log_, s.block_linear, *s.launch, shared_access_event(who, access, pc, address));
}

void RaceChecker::on_access(const AccessEvent& e) {
    BlockState& s = blocks_.current();
    if (!s.pending.empty()) settle(s);
    if (!s.held.empty()) release_held(s, e);
    if (e.is_volatile) {
        BlockState::Poll& p = s.polls[e.who.linear];
        if (e.kind == AccessKind::Read && p.address == e.address) {
            ++p.count;
        } else {
            p.address = e.address;
            p.count = e.kind == AccessKind::Read ? 1 : 0;
        }
    }
    if (e.space == MemorySpace::Global) {
        // Most: a plain access of one granule, blocks side by side.
        const unsigned offset = unsigned(e.address & 3);
        if (e.kind != AccessKind::Atomic && !e.is_volatile && s.launch->blocks_in_parallel && e.size != 0 &&
            offset + e.size <= 4) {
            const std::uintptr_t g = e.address - offset;
            access_granule<true, false>(s, s.global.at(g), s.global_cells, s.pcs, s.tag, e, e.kind,
                                        granule_mask(e.address, e.size), g);
            return;
        }
        on_global_access(s, e);
        return;
    }
    if (e.space != MemorySpace::Shared) return;
    // Most: an access inside one granule the shadow already covers.
    const std::uint32_t offset = e.shared_offset & 3, first = e.shared_offset / 4;
    if (e.size != 0 && offset + e.size <= 4 && first < s.shadow.size()) {
        const std::uint8_t mask = granule_mask(e.shared_offset, e.size);
        Slot& slot = s.shadow[first];
        const std::uint8_t written = slot.written(s.tag);
        access_granule<false, false>(s, slot, s.cells, s.pcs, s.tag, e, e.kind, mask, std::uintptr_t(first) * 4);
        if (judge_shared_reads_ && slot.note_written(written, e.kind, mask))
            report_uninitialised_shared_read(log_, s.block_linear, *s.launch, e);
        return;
    }
    const std::uint32_t end = e.shared_offset + e.size;
    const std::size_t cells_needed = (end + 3) / 4;
    if (s.shadow.size() < cells_needed) s.shadow.resize(std::max(cells_needed, s.shadow.size() * 2));
    bool unwritten = false;
    for (std::uint32_t g = e.shared_offset / 4; g * 4 < end; ++g) {
        const std::uint8_t mask = granule_mask(g, e.shared_offset, end);
        Slot& slot = s.shadow[g];
        const std::uint8_t written = slot.written(s.tag);
        access_granule<false, false>(s, slot, s.cells, s.pcs, s.tag, e, e.kind, mask, std::uintptr_t(g) * 4);
        if (judge_shared_reads_ && slot.note_written(written, e.kind, mask)) unwritten = true;
    }
    if (unwritten) report_uninitialised_shared_read(log_, s.block_linear, *s.launch, e);
}

template <bool Global, bool CellsOutliveBlocks>
void RaceChecker::share_granule(BlockState& s, Slot& slot, FullCells& cells, PcTable& pcs, std::uint16_t tag,
                                const AccessEvent& e, const Record& mine, const Slot::Packed& packed,
                                std::uintptr_t granule) {
    const bool current = slot.current(tag);
    if (current && slot.promoted()) {
        check_granule(s, cells[slot.cell()], e, mine, Global, granule);
        return;
    }
    Record previous;
    if (current) {
        // Another thread's access, or one that did not pack (access_granule
        // took the same thread's covering accesses that do).
        previous = slot.unpack(pcs);
    } else {
        // An earlier launch's (or block's) slot: ordered before anything now.
        if (CellsOutliveBlocks && slot.promoted()) cells.release(slot.cell());
        if (slot.pack(packed, mine.mask, tag)) return;
    }
    if (Global && cells.in_use() >= global_cell_limit_) {
        // Past --race-memory: judged against the slot's one access, then
        // the slot keeps the newer one (a race may be missed, none invented).
        FullCell alone;
        if (previous.thread != 0) (previous.kind == AccessKind::Read ? alone.read[0] : alone.write[0]) = previous;
        check_granule(s, alone, e, mine, Global, granule);
        slot.pack(packed, mine.mask, tag);
        if (limit_warned_launch_ != launch_) {
            limit_warned_launch_ = launch_;
            warn_memory_limit(s, e);
        }
        return;
    }
    const std::uint32_t index = cells.make();
    FullCell& cell = cells[index];
    cell.granule = granule;
    if (previous.thread != 0) (previous.kind == AccessKind::Read ? cell.read[0] : cell.write[0]) = previous;
    if (previous.thread != 0 && previous.kind != AccessKind::Read) cell.write_epoch = previous.block_epoch + 1;
    slot.promote(tag, index);
    check_granule(s, cell, e, mine, Global, granule);
}

void RaceChecker::check_granule(BlockState& s, FullCell& cell, const AccessEvent& e, const Record& mine, bool global,
                                std::uintptr_t granule) {
    const std::uint32_t me = e.who.linear;
    const std::uint8_t mask = mine.mask;
    auto is_ordered = [&](const Record& r) { return global ? ordered_global(s, r, me) : ordered(s, r, me); };
    auto hold = [&](std::uint32_t reader, const Record& previous, RaceOrder order) {
        s.held.push_back(BlockState::HeldRead{reader, global, granule, e, previous, order, s.interval_opened_at});
    };
    const bool writes = mine.kind != AccessKind::Read;
    const bool plain_read = e.kind == AccessKind::Read && !e.is_volatile;
    // Against the writes of these bytes: RAW / WAW (two atomics never race).
    for (const Record& w : cell.write) {
        if (w.thread == 0) break;  // the live writes are a prefix
        if (!overlaps(w.mask, mask) ||
            (w.kind == AccessKind::Atomic && mine.kind == AccessKind::Atomic) || is_ordered(w))
            continue;
        if (writes && ignore_same_value_writes_ && e.size <= 16 && mine.kind != AccessKind::Atomic) {
            BlockState::PendingWrite p{e, w, {}};
            std::memcpy(p.before, reinterpret_cast<const void*>(e.address), e.size);
            s.pending.push_back(p);
        } else if (plain_read && w.kind == AccessKind::Atomic) {
            hold(me, w, RaceOrder::ReadAfterWrite);  // maybe a compare-and-swap loop's seed
        } else {
            report(s, e, w, writes ? RaceOrder::WriteAfterWrite : RaceOrder::ReadAfterWrite);
        }
    }
    if (writes) {
        // Against reads since: WAR.
        for (const Record& r : cell.read) {
            if (r.thread != 0 && overlaps(r.mask, mask) && !(mine.kind == AccessKind::Atomic && r.kind == AccessKind::Atomic) &&
                !is_ordered(r)) {
                // An atomic after another thread's plain read of this block:
                // the read may seed that thread's compare-and-swap, still to come.
                const bool same_block = !global || r.block == s.block_linear + 1;
                if (e.kind == AccessKind::Atomic && r.kind == AccessKind::Read && same_block)
                    hold(r.thread - 1, r, RaceOrder::WriteAfterRead);
                else
                    report(s, e, r, RaceOrder::WriteAfterRead);
                break;
            }
        }
        // This write is now the last one of its bytes; earlier writes keep
        // the bytes it did not touch (masks disjoint and non-empty: at most
        // three remain, so mine always fits after them).
        std::size_t kept = 0;
        for (Record& w : cell.write) {
            if (w.thread == 0) break;
            w.mask &= std::uint8_t(~mask);
            if (w.mask != 0) cell.write[kept++] = w;
        }
        cell.write[kept++] = mine;
        cell.write_epoch = mine.block_epoch + 1;
        for (std::size_t i = kept; i < cell.write.size() && cell.write[i].thread != 0; ++i) cell.write[i] = Record{};
        for (Record& r : cell.read) {
            r.mask &= std::uint8_t(~mask);
            if (r.mask == 0) r = Record{};
        }
        return;
    }
    // Keep up to two reads: replace one this read supersedes (same thread, or
    // ordered before it), else fill an empty slot.
    for (Record& r : cell.read) {
        if (r.thread == 0 || is_ordered(r)) {
            r = mine;
            return;
        }
    }
}

void RaceChecker::release_held(BlockState& s, const AccessEvent& e) {
    const bool global = e.space == MemorySpace::Global;
    const std::uintptr_t lo = global ? e.address : e.shared_offset;
    const std::uintptr_t hi = lo + e.size;
    for (std::size_t i = 0; i < s.held.size();) {
        const BlockState::HeldRead& h = s.held[i];
        if (h.reader != e.who.linear || h.global != global || h.granule + 4 <= lo || h.granule >= hi) {
            ++i;
            continue;
        }
        if (e.kind != AccessKind::Atomic) {
            const void* opener = s.interval_opened_at;
            s.interval_opened_at = h.opener;
            report(s, h.event, h.previous, h.order);
            s.interval_opened_at = opener;
        }
        s.held[i] = s.held.back();
        s.held.pop_back();
    }
}

void RaceChecker::settle(BlockState& s) {
    // Any later event of the block comes after the pending stores were
    // performed: the writing thread ran on to its next observed point.
    for (const BlockState::PendingWrite& p : s.pending)
        if (std::memcmp(p.before, reinterpret_cast<const void*>(p.event.address), p.event.size) != 0)
            report(s, p.event, p.previous, RaceOrder::WriteAfterWrite);
    s.pending.clear();
}

void RaceChecker::warn_memory_limit(BlockState& s, const AccessEvent& e) {
    log_.record(s.block_linear, HazardKey{Rule::RaceMemoryLimit, e.pc, e.pc}, Severity::Warning, [&] {
        HazardReport r;
        r.rule = Rule::RaceMemoryLimit;
        r.severity = Severity::Warning;
        r.kernel = s.launch->kernel;
        r.space = MemorySpace::Global;
        r.location = describe_global(e);
        r.current = HazardAccess{e.who, e.kind, e.size, e.pc};
        r.why = "the race checker holds the accesses of " + std::to_string(global_cell_limit_) +
                " words of global memory that several threads touched, all that --race-memory " +
                std::to_string(global_memory_limit_ >> 20) + " (MiB) allows; from here on in this launch, such a "
                "word keeps only its last access, so a race on it may be missed (none is invented)";
        r.fix = "give the checker more room (--race-memory), check a smaller problem, or check this kernel without "
                "the race checker";
        return r;
    });
}

void RaceChecker::report(BlockState& s, const AccessEvent& e, const Record& previous, RaceOrder order) {
    const unsigned ws = s.warp_size;
    const std::uint32_t other = previous.thread - 1;
    const bool other_block = previous.block != 0 && previous.block != s.block_linear + 1;
    const bool same_warp = !other_block && other / ws == e.who.linear / ws;
    const bool lockstep = s.launch->lockstep;
    // Lanes of one warp signalling through a volatile variable (a flag one
    // lane spins on): the values cannot tear and Volta and later guarantee
    // the writer runs, so, as racecheck does, one warning for the pair of
    // lines, whichever order the accesses came in.
    // The reading lane must have polled the word: a volatile warp-synchronous
    // reduction, whose lanes read each word once, stays an error.
    const std::uint32_t reader = e.kind == AccessKind::Read ? e.who.linear : other;
    const bool volatile_flag = same_warp && e.is_volatile && previous.is_volatile && s.polls[reader].count >= 2 &&
                               (s.polls[reader].address ^ e.address) < 4;
    const Severity severity = same_warp && (lockstep || volatile_flag) ? Severity::Warning : Severity::Error;
    // Same-warp and cross-block hazards are rules of their own: their fixes differ.
    const Rule rule = volatile_flag ? Rule::RaceVolatileFlag
                                    : race_rule(order, other_block ? RaceScope::AcrossBlocks
                                                       : !same_warp ? RaceScope::Block
                                                       : lockstep   ? RaceScope::WarpSynchronous
                                                                    : RaceScope::IntraWarp);
    log_.record(s.block_linear, HazardKey{rule, previous.pc, e.pc}, severity, [&] {
        HazardReport r;
        r.rule = rule;
        r.severity = severity;
        r.kernel = s.launch->kernel;
        r.space = e.space;
        r.location = e.space == MemorySpace::Shared
                         ? describe_shared(e.shared_offset, s.launch->static_shared_bytes, e.size)
                         : describe_global(e);
        r.current = HazardAccess{e.who, e.kind, e.size, e.pc};
        ThreadId before;
        before.linear = other;
        before.thread = s.launch->block.unlinearize(other);
        before.block = other_block ? s.launch->grid.unlinearize(previous.block - 1) : s.block;
        before.warp = other / ws;
        before.lane = other % ws;
        r.previous = HazardAccess{before, previous.kind, previous.size, previous.pc};
        const std::string consequence =
            order == RaceOrder::ReadAfterWrite   ? "the read may see the value from before or after the write"
            : order == RaceOrder::WriteAfterRead ? "the write may change the value before the other thread has read it"
                                                 : "the final value depends on which write lands last";
        if (other_block) {
            r.why = "threads of different blocks access the same bytes with nothing ordering them; blocks run in any "
                    "order and at the same time, so " + consequence;
            r.fix = "use atomics for this location, or order the blocks: the writer does __threadfence() then an "
                    "atomic on a flag or counter, the reader does an atomic on it before reading (or split the work "
                    "into two kernel launches)";
        } else {
            r.why = volatile_flag
                        ? "lanes of one warp signal each other through a volatile variable with nothing ordering the "
                          "accesses: it works on Volta and later, whose lanes progress independently, but the other "
                          "data the flag guards is not ordered by it, and before Volta a lane spinning on it hangs"
                    : same_warp ? (lockstep ? "lanes of one warp access the same bytes without __syncwarp; this is "
                                            "correct only where warps run in lockstep (pre-Volta, AMD) and races on "
                                            "Volta and later"
                                          : "two lanes of one warp access the same bytes with nothing ordering them; "
                                            "since Volta the lanes of a warp are scheduled independently")
                              : "threads of different warps access the same bytes with no barrier between, so " + consequence;
            const char* sync = same_warp ? "__syncwarp()" : "__syncthreads()";
            const void* first_pc = previous.pc;
            const void* second_pc = e.pc;
            const void* opener_pc = s.interval_opened_at;
            r.complete = [=](HazardReport& report) {
                report.fix = where_to_sync(sync, line_number(first_pc), line_number(second_pc), line_number(opener_pc), order);
                return true;
            };
        }
        return r;
    });
}

void RaceChecker::on_memory(const MemoryEvent& e) {
    if (e.op != MemoryOp::Freed) return;
    global_.forget(e.allocation.base, e.allocation.base + e.allocation.size);
    global_cells_.release_range(e.allocation.base, e.allocation.base + e.allocation.size);
}

}  // namespace simt::check
