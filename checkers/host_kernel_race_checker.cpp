#include "checkers/host_kernel_race_checker.h"

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <utility>

#include "checkers/global_location.h"

namespace simt::check {

using driver::HazardAccess;
using driver::HazardReport;
using driver::RaceOrder;
using driver::RaceScope;

namespace {

// A note, one 64-bit word: bit 63 set for a read (so a write compares
// lower), the launch's number (13 bits), the thread's number in the grid
// (32 bits); then, not compared, log2 of the access's size (3 bits) and the
// slot of its code address (15 bits). 0: no note. Launches are numbered
// from 1 across the host's waits: a note of a launch before the last wait
// is stale, as good as none, so a wait writes nothing (the notes' pages stay
// mapped, and the next launch's notes replace the stale ones as they come).
constexpr unsigned kPcBits = 15, kSizeBits = 3, kThreadBits = 32, kLaunchBits = 13;
constexpr unsigned kRankShift = kPcBits + kSizeBits;
constexpr unsigned kLaunchShift = kRankShift + kThreadBits;
constexpr std::uint64_t kRead = std::uint64_t(1) << 63;
constexpr std::uint32_t kMaxLaunches = (1u << kLaunchBits) - 1;
constexpr std::uint64_t kMaxThread = (std::uint64_t(1) << kThreadBits) - 1;
constexpr std::size_t kMaxPcs = std::size_t(1) << kPcBits;

std::uint64_t size_code(std::uint32_t size) {
    unsigned code = 0;
    while (code < 7 && (std::uint64_t(1) << code) < size) ++code;
    return code;
}
bool is_write(std::uint64_t note) { return (note & kRead) == 0; }
std::uint32_t launch_of(std::uint64_t note) { return std::uint32_t(note >> kLaunchShift) & kMaxLaunches; }
std::uint64_t thread_of(std::uint64_t note) { return (note >> kRankShift) & kMaxThread; }

}  // namespace

// A managed or pinned allocation and its notes.
struct HostKernelRaceChecker::Watched {
    Allocation allocation;
    std::atomic<std::uint64_t>* notes = nullptr;  // one per granule, mapped at once, touched lazily
    std::size_t granules = 0;
    std::atomic<bool> noted{false};

    explicit Watched(const Allocation& a) : allocation(a), granules((a.size + 3) / 4) {
        void* m = mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        notes = m == MAP_FAILED ? nullptr : static_cast<std::atomic<std::uint64_t>*>(m);
    }
    ~Watched() {
        if (notes != nullptr) munmap(notes, bytes());
    }
    std::size_t bytes() const { return std::max<std::size_t>(granules, 1) * sizeof(std::uint64_t); }
    // Gives the pages back to the OS, which maps zeros there again.
    void clear() {
        if (notes != nullptr) madvise(notes, bytes(), MADV_DONTNEED);
    }
};

HostKernelRaceChecker::HostKernelRaceChecker() = default;
HostKernelRaceChecker::~HostKernelRaceChecker() = default;

void HostKernelRaceChecker::on_memory(const MemoryEvent& e) {
    const Allocation& a = e.allocation;
    if (a.kind != AllocationKind::Managed && a.kind != AllocationKind::PinnedHost) return;
    const auto by_base = [](const std::unique_ptr<Watched>& w, std::uintptr_t base) { return w->allocation.base < base; };
    auto at = std::lower_bound(watched_.begin(), watched_.end(), a.base, by_base);
    if (e.op == MemoryOp::Allocated) {
        auto w = std::make_unique<Watched>(a);
        if (at != watched_.end() && (*at)->allocation.base == a.base) at = watched_.erase(at);  // a device reset's
        if (w->notes != nullptr) watched_.insert(at, std::move(w));  // else no room for notes: not watched
    } else if (e.op == MemoryOp::Freed) {
        if (at == watched_.end() || (*at)->allocation.base != a.base) return;
        watched_.erase(at);
    } else {
        return;
    }
    lo_ = watched_.empty() ? 0 : watched_.front()->allocation.base;
    span_ = watched_.empty() ? 0 : watched_.back()->allocation.base + watched_.back()->allocation.size - lo_;
}

HostKernelRaceChecker::Watched* HostKernelRaceChecker::find(std::uintptr_t a) const {
    const auto after = std::upper_bound(watched_.begin(), watched_.end(), a,
                                        [](std::uintptr_t x, const std::unique_ptr<Watched>& w) { return x < w->allocation.base; });
    if (after == watched_.begin()) return nullptr;
    Watched* w = std::prev(after)->get();
    return a - w->allocation.base < w->allocation.size ? w : nullptr;
}

void HostKernelRaceChecker::on_launch_begin(const LaunchInfo& launch) {
    current_ = 0;
    if (watched_.empty() || first_ + launches_.size() > kMaxLaunches) return;  // past the room: not noted
    launches_.push_back(LaunchRecord{launch.kernel, launch.launch_index, launch.grid, launch.block, launch.warp_size});
    current_ = first_ + std::uint32_t(launches_.size()) - 1;
    blocks_in_parallel_ = launch.blocks_in_parallel;
    threads_per_block_ = launch.block.volume();
}

// The attempt's notes go; those of earlier launches it could not displace
// stay (a note only ever gives way to one of an earlier launch, or to a
// write: what a void attempt wrote over a read is lost, a missed race).
void HostKernelRaceChecker::on_launch_abandoned(const LaunchInfo&) {
    if (current_ == 0) return;
    for (const std::unique_ptr<Watched>& w : watched_) {
        if (!w->noted.load(std::memory_order_relaxed)) continue;
        for (std::size_t g = 0; g < w->granules; ++g)
            if (launch_of(w->notes[g].load(std::memory_order_relaxed)) == current_)
                w->notes[g].store(0, std::memory_order_relaxed);
    }
    launches_.pop_back();
    current_ = 0;
}

bool HostKernelRaceChecker::judged_global_access(const ThreadId& who, GlobalAccess access, const void* pc,
                                                 std::uintptr_t address) {
    if (address - lo_ < span_ && current_ != 0) note(who, address, access.size, access.kind != AccessKind::Read, pc);
    return true;
}

void HostKernelRaceChecker::on_access(const AccessEvent& e) {
    if (e.space != MemorySpace::Global || e.address - lo_ >= span_ || current_ == 0) return;
    note(e.who, e.address, e.size, e.kind != AccessKind::Read, e.pc);
}

std::uint16_t HostKernelRaceChecker::pc_slot(const void* pc) {
    // Most accesses come from a few lines: a small cache per worker first.
    struct Cached {
        const HostKernelRaceChecker* owner = nullptr;
        const void* pc = nullptr;
        std::uint16_t slot = 0;
    };
    thread_local std::array<Cached, 64> cache{};
    Cached& c = cache[(reinterpret_cast<std::uintptr_t>(pc) >> 2) % cache.size()];
    if (c.owner == this && c.pc == pc) return c.slot;
    std::lock_guard<std::mutex> lock(pcs_mutex_);
    auto [it, fresh] = pc_slots_.emplace(pc, 0);
    if (fresh && pcs_.size() < kMaxPcs) {
        it->second = std::uint16_t(pcs_.size());
        pcs_.push_back(pc);
    }
    c = Cached{this, pc, it->second};
    return it->second;
}

void HostKernelRaceChecker::note(const ThreadId& who, std::uintptr_t a, std::uint32_t size, bool write,
                                 const void* pc) {
    Watched* w = find(a);
    if (w == nullptr || size == 0) return;
    const LaunchRecord& launch = launches_.back();
    const std::uint64_t block =
        who.block.x + std::uint64_t(launch.grid.x) * (who.block.y + std::uint64_t(launch.grid.y) * who.block.z);
    const std::uint64_t thread = std::min(block * threads_per_block_ + who.linear, kMaxThread);
    const std::uint64_t mine = (write ? 0 : kRead) | std::uint64_t(current_) << kLaunchShift | thread << kRankShift |
                               size_code(size) << kPcBits | pc_slot(pc);
    const std::uintptr_t offset = a - w->allocation.base;
    const std::size_t first = offset / 4;
    const std::size_t last = std::min((offset + size - 1) / 4, w->granules - 1);
    for (std::size_t g = first; g <= last; ++g) {
        std::atomic<std::uint64_t>& slot = w->notes[g];
        std::uint64_t old = slot.load(std::memory_order_relaxed);
        const auto better = [&] { return launch_of(old) < first_ || (mine >> kRankShift) < (old >> kRankShift); };
        if (!better()) continue;
        // Blocks in order touch global memory one at a time: a plain store.
        if (!blocks_in_parallel_) {
            slot.store(mine, std::memory_order_relaxed);
            continue;
        }
        while (better() && !slot.compare_exchange_weak(old, mine, std::memory_order_relaxed)) {
        }
    }
    if (!w->noted.load(std::memory_order_relaxed) && !w->noted.exchange(true, std::memory_order_relaxed))
        widen_noted_range(w->allocation);
}

// Once per allocation between waits: rare, so a lock.
void HostKernelRaceChecker::widen_noted_range(const Allocation& a) {
    std::lock_guard<std::mutex> lock(noted_range_mutex_);
    const std::uintptr_t lo = noted_lo_.load(std::memory_order_relaxed);
    const std::uintptr_t span = noted_span_.load(std::memory_order_relaxed);
    const std::uintptr_t new_lo = span == 0 ? a.base : std::min(lo, a.base);
    const std::uintptr_t new_hi = span == 0 ? a.base + a.size : std::max(lo + span, a.base + a.size);
    noted_lo_.store(new_lo, std::memory_order_relaxed);
    noted_span_.store(new_hi - new_lo, std::memory_order_relaxed);
}

void HostKernelRaceChecker::host_access(std::uintptr_t a, std::size_t size, bool write, const void* pc) {
    std::lock_guard<std::mutex> lock(host_mutex_);
    std::lock_guard<std::mutex> pcs_lock(pcs_mutex_);
    const Watched* w = find(a);
    if (w == nullptr || size == 0 || !w->noted.load(std::memory_order_relaxed)) return;
    const std::uintptr_t offset = a - w->allocation.base;
    const std::size_t last = std::min((offset + size - 1) / 4, w->granules - 1);
    for (std::size_t g = offset / 4; g <= last; ++g) {
        const std::uint64_t note = w->notes[g].load(std::memory_order_relaxed);
        if (launch_of(note) < first_ || (!write && !is_write(note))) continue;
        const RaceOrder order = !write ? RaceOrder::ReadAfterWrite
                                : is_write(note) ? RaceOrder::WriteAfterWrite
                                                 : RaceOrder::WriteAfterRead;
        const driver::Rule rule = driver::race_rule(order, RaceScope::HostAndKernel);
        const driver::HazardKey key{rule, pc, pcs_[note & (kMaxPcs - 1)]};
        for (Found& f : found_)
            if (f.group.key == key) return void(++f.group.instances);
        const LaunchRecord& launch = launches_[launch_of(note) - first_];
        found_.push_back(Found{launch.index, driver::HazardGroup{report(*w, launch, rule, a, size, pc, note), 1, key}});
        return;  // one instance an access
    }
}

HazardReport HostKernelRaceChecker::report(const Watched& w, const LaunchRecord& launch, driver::Rule rule,
                                           std::uintptr_t a, std::size_t size, const void* pc,
                                           std::uint64_t note) const {
    const bool write = rule != driver::Rule::RaceReadAfterWriteHostAndKernel;
    HazardReport r;
    r.rule = rule;
    r.kernel = launch.kernel;
    r.space = MemorySpace::Global;
    AccessEvent place{};
    place.address = a;
    place.size = std::uint32_t(size);
    place.allocation = w.allocation.serial;
    place.allocation_base = w.allocation.base;
    place.allocation_size = w.allocation.size;
    place.allocation_kind = w.allocation.kind;
    r.location = describe_global(place) + (w.allocation.kind == AllocationKind::Managed ? ", from cudaMallocManaged"
                                                                                       : ", from cudaMallocHost");
    ThreadId host;  // no thread: zeros in JSON
    host.thread = host.block = Dim3{0, 0, 0};
    r.current = HazardAccess{host, write ? AccessKind::Write : AccessKind::Read, std::uint32_t(size), pc, true};
    const std::uint64_t thread = thread_of(note);
    const std::uint64_t per_block = launch.block.volume();
    ThreadId who;
    who.linear = std::uint32_t(thread % per_block);
    who.thread = launch.block.unlinearize(who.linear);
    who.block = launch.grid.unlinearize(thread / per_block);
    who.warp = who.linear / launch.warp_size;
    who.lane = who.linear % launch.warp_size;
    const auto noted_size = std::uint32_t(1) << ((note >> kPcBits) & ((1u << kSizeBits) - 1));
    r.previous = HazardAccess{who, is_write(note) ? AccessKind::Write : AccessKind::Read, noted_size,
                              pcs_[note & (kMaxPcs - 1)]};
    r.why = driver::rule_why(r.rule);
    r.fix = driver::rule_fix(r.rule);
    return r;
}

void HostKernelRaceChecker::host_waited() {
    std::lock_guard<std::mutex> lock(host_mutex_);
    first_ += std::uint32_t(launches_.size());
    launches_.clear();
    current_ = 0;
    for (const std::unique_ptr<Watched>& w : watched_) w->noted.store(false, std::memory_order_relaxed);
    noted_span_.store(0, std::memory_order_relaxed);
    // Numbers past half the room: every note goes, and numbering starts again.
    if (first_ > kMaxLaunches / 2) {
        for (const std::unique_ptr<Watched>& w : watched_) w->clear();
        first_ = 1;
    }
}

void HostKernelRaceChecker::reset() {
    host_waited();
    std::lock_guard<std::mutex> lock(host_mutex_);
    watched_.clear();
    lo_ = span_ = 0;
    first_ = 1;
    found_.clear();
}

std::vector<HostKernelRaceChecker::Found> HostKernelRaceChecker::take_found() {
    std::lock_guard<std::mutex> lock(host_mutex_);
    return std::exchange(found_, {});
}

}  // namespace simt::check
