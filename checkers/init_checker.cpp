#include "checkers/init_checker.h"

#include <algorithm>
#include <atomic>
#include <utility>

#include "checkers/global_location.h"
#include "checkers/granule_mask.h"
#include "checkers/uninitialised_shared_read.h"

namespace simt::check {

using driver::HazardAccess;
using driver::HazardKey;
using driver::HazardReport;
using driver::Rule;
using driver::Severity;
void InitChecker::on_launch_begin(const LaunchInfo&) {
    ++launch_;
    // Runs on the host thread before any block. Granules keep the launch
    // modulo 2^20: at the wrap, every granule is refreshed once, so none of
    // an old launch looks current.
    if (tag() == 0) {
        for (const auto& [base, size] : live_) update(base, base + size, [](GlobalGranule&, std::uintptr_t) {});
        abandoned_.clear();  // no granule keeps an old tag now
    }
}

void InitChecker::on_launch_abandoned(const LaunchInfo&) {
    abandoned_.push_back(tag());
    std::lock_guard<std::mutex> lock(mutex_);
    candidates_.clear();
    stored_pages_.clear();
    log_.discard_launch();
}

template <class Fn>
void InitChecker::update(std::uintptr_t lo, std::uintptr_t hi, Fn&& fn) {
    for (std::uintptr_t a = lo & ~std::uintptr_t(3); a < hi; a += 4) {
        std::atomic_ref<std::uint64_t> word(global_.at(a));
        std::uint64_t old = word.load(std::memory_order_relaxed);
        for (;;) {
            GlobalGranule g = GlobalGranule::unpack(old);
            refresh(g);
            fn(g, a);
            const std::uint64_t now = g.pack();
            if (now == old || word.compare_exchange_weak(old, now, std::memory_order_relaxed)) break;
        }
    }
}

void InitChecker::on_block_begin(const LaunchInfo& launch, Dim3 block) {
    BlockState& s = blocks_.current();
    s.generation = new_block_generation();
    s.launch = &launch;
    s.block_linear = linear_block(launch, block);
    s.candidates.clear();
    s.stored_pages.clear();
}

void InitChecker::on_block_end(const LaunchInfo&, Dim3) {
    BlockState& s = blocks_.current();
    if (s.candidates.empty() && s.stored_pages.pages().empty()) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!s.candidates.empty()) candidates_[s.block_linear] = std::move(s.candidates);
    for (const std::uintptr_t page : s.stored_pages.pages()) {
        std::uint32_t& stores = stored_pages_[page];
        stores = std::min(kWorthALook, stores + s.stored_pages.at(page).value);
    }
    s.candidates.clear();
    s.stored_pages.clear();
}

void InitChecker::on_access(const AccessEvent& e) {
    if (e.space == MemorySpace::Shared) {
        if (!shared_left_to_race_checker_) judge_shared_access(e);
    } else if (e.space == MemorySpace::Global && e.allocation != 0 && e.allocation_kind == AllocationKind::Device) {
        on_global_access(e);
    }
}

void InitChecker::on_global_access(const AccessEvent& e) {
    // Most lie in one page written whole before the launch.
    const bool one_page = e.size != 0 && ((e.address ^ (e.address + e.size - 1)) & ~(kPageBytes - 1)) == 0;
    if (!(one_page && page_full(e.address))) on_unfilled_pages(e);
}

void InitChecker::on_shared_access(const ThreadId& who, SharedAccess access, const void* pc, std::uintptr_t address) {
    BlockState& s = blocks_.current();
    const std::uint32_t first = access.offset / 4;
    // Naturally aligned: an access of at most 4 bytes lies in one granule.
    if (access.size <= 4 && first < s.shadow.size()) {
        Granule& cell = s.shadow[first];
        const std::uint8_t mask = granule_mask(access.offset, access.size);
        if (access.kind != AccessKind::Read) return cell.write(s.generation, mask);
        if ((cell.written(s.generation) & mask) == mask) return;
    }
    judge_shared_access(shared_access_event(who, access, pc, address));
}

void InitChecker::judge_shared_access(const AccessEvent& e) {
    BlockState& s = blocks_.current();
    // Most: an access inside one granule the shadow already covers.
    const std::uint32_t offset = e.shared_offset & 3, first = e.shared_offset / 4;
    if (e.size != 0 && offset + e.size <= 4 && first < s.shadow.size()) {
        Granule& cell = s.shadow[first];
        const std::uint8_t mask = granule_mask(e.shared_offset, e.size);
        if (e.kind != AccessKind::Read)
            cell.write(s.generation, mask);
        else if ((cell.written(s.generation) & mask) != mask)
            report_shared_read(s, e);
        return;
    }
    on_shared_span(s, e);
}

void InitChecker::on_shared_span(BlockState& s, const AccessEvent& e) {
    const std::uint32_t end = e.shared_offset + e.size;
    const std::size_t needed = (end + 3) / 4;
    if (s.shadow.size() < needed) s.shadow.resize(std::max(needed, s.shadow.size() * 2));
    bool uninitialised = false;
    for (std::uint32_t g = e.shared_offset / 4; g * 4 < end; ++g) {
        const std::uint8_t mask = granule_mask(g, e.shared_offset, end);
        Granule& cell = s.shadow[g];
        if (e.kind == AccessKind::Read) {
            uninitialised = uninitialised || (cell.written(s.generation) & mask) != mask;
        } else {
            cell.write(s.generation, mask);
        }
    }
    if (uninitialised) report_shared_read(s, e);
}

void InitChecker::report_shared_read(BlockState& s, const AccessEvent& e) {
    report_uninitialised_shared_read(log_, s.block_linear, *s.launch, e);
}

void InitChecker::on_unfilled_pages(const AccessEvent& e) {
    const std::uintptr_t lo = e.address, hi = e.address + e.size;
    if (all_full(lo, hi)) return;  // across pages, each written whole
    if (e.kind == AccessKind::Write) {
        BlockState& s = blocks_.current();
        for (std::uintptr_t page = lo & ~(kPageBytes - 1); page < hi; page += kPageBytes) {
            std::uint32_t& stores = s.stored_pages.at(page).value;
            const std::uint64_t granules = (std::min(hi, page + kPageBytes) - std::max(lo, page) + 3) / 4;
            stores = std::uint32_t(std::min<std::uint64_t>(kWorthALook, stores + granules));
        }
        const std::uint32_t writer = std::uint32_t(linear_block(*s.launch, e.who.block) + 1);
        update(lo, hi, [&](GlobalGranule& g, std::uintptr_t a) {
            g.during |= granule_mask(a / 4, lo, hi);
            g.writer = g.writer == 0 || g.writer == writer ? writer : kSeveral;
        });
        return;
    }
    const bool missing = unwritten(e, 0);
    if (e.kind == AccessKind::Atomic) {
        update(lo, hi, [&](GlobalGranule& g, std::uintptr_t a) {
            g.atomics |= granule_mask(a / 4, lo, hi);
        });
    }
    if (!missing) return;
    BlockState& s = blocks_.current();
    auto site = std::find_if(s.candidates.begin(), s.candidates.end(),
                             [&](const Candidates& c) { return c.pc == e.pc; });
    if (site == s.candidates.end()) site = s.candidates.insert(s.candidates.end(), Candidates{e.pc, {}, 0});
    if (site->samples.size() < kSamples)
        site->samples.push_back(e);
    else
        ++site->unsampled;
}

bool InitChecker::unwritten(const AccessEvent& e, std::uint32_t reader_writes) {
    const std::uintptr_t lo = e.address, hi = e.address + e.size;
    bool missing = false;
    for (std::uintptr_t a = lo & ~std::uintptr_t(3); a < hi; a += 4) {
        if (page_full(a)) {  // written before the launch: its granule words may not say so
            a = (a | (kPageBytes - 1)) + 1 - 4;
            continue;
        }
        std::uint64_t* word = global_.find(a);
        GlobalGranule g = GlobalGranule::unpack(
            word == nullptr ? 0 : std::atomic_ref<std::uint64_t>(*word).load(std::memory_order_relaxed));
        refresh(g);
        const std::uint8_t mask = granule_mask(a / 4, lo, hi);
        const std::uint8_t written = g.before | (g.writer == reader_writes ? 0 : g.during) |
                                     (e.kind == AccessKind::Atomic ? 0 : g.atomics);
        missing = missing || (written & mask) != mask;
    }
    return missing;
}

void InitChecker::on_launch_end(const LaunchInfo& launch) {
    std::map<std::uint64_t, std::vector<Candidates>> all;
    std::unordered_map<std::uintptr_t, std::uint32_t> stored;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        all.swap(candidates_);
        stored.swap(stored_pages_);
    }
    // Now every write of the launch has happened: a candidate is a hazard if
    // nobody wrote its bytes, before the launch or during it.
    for (auto& [block, sites] : all) {
        for (Candidates& site : sites) {
            std::uint64_t instances = 0;
            const AccessEvent* example = nullptr;
            for (const AccessEvent& e : site.samples) {
                if (!unwritten(e, std::uint32_t(block + 1))) continue;
                ++instances;
                if (example == nullptr) example = &e;
            }
            if (example == nullptr) continue;
            instances += site.unsampled;  // not re-checked: counted as found
            log_.record(block, HazardKey{Rule::InitUninitialisedRead, site.pc, site.pc, 1}, Severity::Error, [&] {
                    const AccessEvent& e = *example;
                    HazardReport r;
                    r.rule = Rule::InitUninitialisedRead;
                    r.severity = Severity::Error;
                    r.kernel = launch.kernel;
                    r.space = MemorySpace::Global;
                    r.location = describe_global(e);
                    r.current = HazardAccess{e.who, e.kind, e.size, e.pc};
                    r.why = std::string("nothing has written these bytes of device memory: no cudaMemcpy or cudaMemset "
                            "filled them and no kernel stored to them, so the ") +
                            (e.kind == AccessKind::Atomic ? "atomic starts from" : "read returns") + " garbage on a GPU";
                    r.fix = "initialise the allocation before this launch (cudaMemset, or cudaMemcpy from the host), "
                            "or have the kernel write the element before reading it";
                    return r;
                }, instances);
        }
    }
    // After the judgement: a page the launch filled was not full when its
    // candidates read it (a block's read before its own store is one).
    fill_pages(stored);
}

void InitChecker::on_memory(const MemoryEvent& e) {
    switch (e.op) {
        case MemoryOp::Allocated:
        case MemoryOp::Freed:
            forget_full_pages(e.allocation.base, e.allocation.base + e.allocation.size);
            global_.forget(e.allocation.base, e.allocation.base + e.allocation.size);
            if (e.op == MemoryOp::Allocated)
                live_[e.allocation.base] = e.allocation.size;
            else
                live_.erase(e.allocation.base);
            break;
        case MemoryOp::HostWrite: {
            // Pages the write covers become full; granule words only for the
            // pages at its ends.
            const std::uintptr_t lo = e.address, hi = e.address + e.bytes;
            const std::uintptr_t inner_lo = (lo + kPageBytes - 1) & ~(kPageBytes - 1), inner_hi = hi & ~(kPageBytes - 1);
            if (inner_lo >= inner_hi) {
                mark_written(lo, hi);
                break;
            }
            mark_written(lo, inner_lo);
            for (std::uintptr_t page = inner_lo; page < inner_hi; page += kPageBytes) full_pages_.at(page_key(page)) = 1;
            mark_written(inner_hi, hi);
            break;
        }
    }
}

bool InitChecker::all_written(std::uintptr_t page) {
    for (std::uintptr_t a = page; a < page + kPageBytes; a += 4) {
        const std::uint64_t* word = global_.find(a);
        if (word == nullptr) return false;
        const GlobalGranule g = GlobalGranule::unpack(*word);
        // The launch that just ended counts, an abandoned one does not.
        const std::uint8_t written = abandoned(g.launch) ? g.before : g.before | g.during | g.atomics;
        if (written != 0xf) return false;
    }
    return true;
}

void InitChecker::fill_pages(const std::unordered_map<std::uintptr_t, std::uint32_t>& stored) {
    for (const auto& [page, stores] : stored)
        if (stores >= kWorthALook && !page_full(page) && all_written(page)) full_pages_.at(page_key(page)) = 1;
}

void InitChecker::forget_full_pages(std::uintptr_t lo, std::uintptr_t hi) {
    for (std::uintptr_t page = lo & ~(kPageBytes - 1); page < hi; page += kPageBytes) {
        std::uint8_t* full = full_pages_.find(page_key(page));
        if (full == nullptr || *full == 0) continue;
        *full = 0;
        const std::uintptr_t end = page + kPageBytes;
        if (page < lo) mark_written(page, lo);
        if (hi < end) mark_written(hi, end);
    }
}

void InitChecker::mark_written(std::uintptr_t lo, std::uintptr_t hi) {
    update(lo, hi, [&](GlobalGranule& g, std::uintptr_t a) { g.before |= granule_mask(a / 4, lo, hi); });
}

InitChecker::Unwritten InitChecker::unwritten(std::uintptr_t lo, std::uintptr_t hi) {
    Unwritten u;
    for (std::uintptr_t a = lo & ~std::uintptr_t(3); a < hi; a += 4) {
        if (page_full(a)) {
            a = (a | (kPageBytes - 1)) + 1 - 4;
            continue;
        }
        const std::uint64_t* word = global_.find(a);
        const GlobalGranule g = GlobalGranule::unpack(word == nullptr ? 0 : *word);
        // The last launch's writes count: this runs after it ended.
        const std::uint8_t written = abandoned(g.launch) ? g.before : g.before | g.during | g.atomics;
        for (std::uintptr_t byte = std::max(a, lo); byte < std::min(a + 4, hi); ++byte) {
            if ((written >> (byte - a)) & 1) continue;
            if (u.bytes++ == 0) u.first = byte;
        }
    }
    return u;
}

}  // namespace simt::check
