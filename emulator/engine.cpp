#include "emulator/engine.h"

#include "emulator/schedule.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <sstream>
#include <functional>
#include <optional>
#include <thread>

#include "emulator/block.h"
#include "emulator/launch_footprint.h"
#include "emulator/launch_progress.h"
#include "emulator/launch_turns.h"
#include "emulator/worker.h"

namespace simt {

Engine::Engine(const EngineOptions& options, const DeviceLimits& limits)
    : options_(options), limits_(limits), memory_(limits.global_bytes) {
    if (options_.warp_size != 32 && options_.warp_size != 64) options_.warp_size = 32;
    unsigned threads = options_.threads;
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    pool_ = std::make_unique<WorkerPool>(threads, StackConfig{options_.stack_size, options_.guarded_stacks},
                                         limits_.shared_per_block_optin);
    watchdog_ = std::make_unique<Watchdog>(options_.watchdog_seconds);
}

Engine::~Engine() = default;

namespace {
// An unchecked launch's checkers and observers.
const std::vector<Checker*> no_checkers;

std::string dims(const Dim3& d) {
    std::ostringstream s;
    s << "(" << d.x << "," << d.y << "," << d.z << ")";
    return s.str();
}
}  // namespace

Fault Engine::validate(const KernelLaunch& l) const {
    const DeviceLimits& d = limits_;
    std::string what;
    if (l.block.x == 0 || l.block.y == 0 || l.block.z == 0)
        what = "a block dimension is zero";
    else if (l.grid.x == 0 || l.grid.y == 0 || l.grid.z == 0)
        what = "a grid dimension is zero";
    else if (l.block.volume() > d.max_threads_per_block)
        what = "the block has " + std::to_string(l.block.volume()) + " threads; at most " +
               std::to_string(d.max_threads_per_block) + " are allowed";
    else if (l.block.x > d.max_block_x || l.block.y > d.max_block_y || l.block.z > d.max_block_z)
        what = "a block dimension exceeds the device's maximum (" + std::to_string(d.max_block_x) +
               "," + std::to_string(d.max_block_y) + "," + std::to_string(d.max_block_z) + ")";
    else if (l.grid.x > d.max_grid_x || l.grid.y > d.max_grid_y || l.grid.z > d.max_grid_z)
        what = "a grid dimension exceeds the device's maximum (" + std::to_string(d.max_grid_x) +
               "," + std::to_string(d.max_grid_y) + "," + std::to_string(d.max_grid_z) + ")";
    if (!what.empty())
        return Fault{FaultKind::InvalidConfiguration, std::string("invalid launch configuration for kernel ") +
                                                          l.kernel_name + " (grid " + dims(l.grid) + ", block " +
                                                          dims(l.block) + "): " + what};
    if (l.max_threads_per_block != 0 && l.block.volume() > l.max_threads_per_block) {
        Fault fault{FaultKind::InvalidConfiguration,
                    std::string("invalid launch configuration for kernel ") + l.kernel_name + " (block " +
                        dims(l.block) + "): the block has " + std::to_string(l.block.volume()) +
                        " threads; the kernel was compiled for at most " + std::to_string(l.max_threads_per_block)};
        fault.cause = FaultCause::LaunchBounds;
        return fault;
    }
    if (l.static_shared > d.shared_per_block) {
        Fault fault{FaultKind::TooMuchSharedMemory,
                    std::string("kernel ") + l.kernel_name + " declares " + std::to_string(l.static_shared) +
                        " bytes of static __shared__ memory; a GPU allows at most " +
                        std::to_string(d.shared_per_block)};
        fault.cause = FaultCause::StaticSharedLimit;
        return fault;
    }
    if (l.dynamic_shared > l.dynamic_shared_limit) {
        const bool opt_in = l.dynamic_shared <= limits_.shared_per_block_optin;
        Fault fault{FaultKind::TooMuchSharedMemory,
                    std::string("kernel ") + l.kernel_name + " asks for " + std::to_string(l.dynamic_shared) +
                        " bytes of dynamic shared memory; the limit is " + std::to_string(l.dynamic_shared_limit) +
                        (l.static_shared != 0 ? " (besides its " + std::to_string(l.static_shared) +
                                                    " bytes of static __shared__ memory)"
                                              : std::string()) +
                        (opt_in ? std::string()
                                : " (the device maximum, with opt-in, is " +
                                      std::to_string(limits_.shared_per_block_optin) + ")")};
        if (opt_in) fault.cause = FaultCause::DynamicSharedOptIn;
        return fault;
    }
    return {};
}

LaunchOutcome Engine::launch(const KernelLaunch& l) {
    LaunchOutcome outcome;
    outcome.fault = validate(l);
    if (outcome.fault) {
        outcome.faults = {outcome.fault};
        return outcome;
    }

    LaunchInfo info;
    info.kernel = l.kernel_name;
    info.grid = l.grid;
    info.block = l.block;
    info.dynamic_shared = l.dynamic_shared;
    const bool rerun = l.rerun_of != KernelLaunch::kNoRerun;
    info.launch_index = rerun ? l.rerun_of : launches_++;
    if (options_.recording && !rerun) options_.recording->name_launch(info.launch_index, l.kernel_name);
    info.warp_size = options_.warp_size;
    info.lockstep = options_.mode == ScheduleMode::Lockstep;
    info.static_shared_bytes = std::uint32_t(Worker::static_shared_bytes());
    const std::vector<Checker*>& checkers = l.checked ? checkers_ : no_checkers;
    watchdog_->launch_begin(l.kernel_name);
    progress_launch_begin(l.kernel_name, l.grid.volume());
    struct WatchdogOff {
        Watchdog& w;
        ~WatchdogOff() {
            w.launch_end();
            progress_launch_end();
        }
    } watchdog_off{*watchdog_};

    if (may_run_blocks_in_parallel(l)) {
        if (++footprint_tag_ == 0) {  // words written 256 launches ago would look current
            footprint_pages_.clear();
            footprint_tag_ = 1;
        }
        LaunchFootprint footprint(footprint_pages_, footprint_tag_);
        info.blocks_in_parallel = true;
        for (Checker* c : checkers) c->on_launch_begin(info);
        watchdog_->attempt_begin([&footprint] { footprint.give_up(); });
        outcome = run_blocks(l, info, checkers, &footprint);
        watchdog_->attempt_end();
        if (!footprint.void_attempt()) {
            for (Checker* c : checkers) c->on_launch_end(info);
            return outcome;
        }
        // Blocks saw each other's work (or one faulted or waited for
        // another): as if the attempt never ran, then in block order.
        footprint.roll_back();
        for (Checker* c : checkers) c->on_launch_abandoned(info);
        blocks_in_order_.insert(l.kernel_name);
        info.blocks_in_parallel = false;
        progress_blocks_restart();
    }
    for (Checker* c : checkers) c->on_launch_begin(info);
    outcome = run_blocks(l, info, checkers, nullptr);
    if (outcome.deferred) {
        // It waits for the host and changed nothing lasting: as if it had
        // not started yet (the caller launches it again later).
        for (Checker* c : checkers) c->on_launch_abandoned(info);
        outcome = LaunchOutcome{};
        outcome.deferred = true;
        return outcome;
    }
    for (Checker* c : checkers) c->on_launch_end(info);
    return outcome;
}

// Only where the attempt can be undone and judged: a checked launch whose
// checkers need blocks in order, more than one block, no schedule observed,
// recorded or replayed (those follow one block order). One worker takes it
// too: a block checked on its own keeps its shadow in its cache, where block
// order's cross-block shadow spans the launch's memory.
bool Engine::may_run_blocks_in_parallel(const KernelLaunch& l) const {
    return l.checked && global_in_block_order_ && l.grid.volume() > 1 &&
           schedule_observers_.empty() && options_.recording == nullptr && options_.schedule == nullptr &&
           !blocks_in_order_.contains(l.kernel_name);
}

namespace {

// Failed asserts counted by site (their code address), each site with its
// first failure; `count` may be negative (the shown ones taken off). A
// kernel has few asserts: searched in order.
void add_to_site(std::vector<std::pair<Fault, std::uint64_t>>& sites, const Fault& f, std::int64_t count) {
    auto at = std::find_if(sites.begin(), sites.end(), [&](const auto& s) { return s.first.pc == f.pc; });
    if (at == sites.end()) sites.emplace_back(f, std::uint64_t(count));
    else at->second += std::uint64_t(count);
}

// A block's failed asserts by site (the block's are in thread order).
std::vector<std::pair<Fault, std::uint64_t>> count_by_site(const std::vector<Fault>& asserts) {
    std::vector<std::pair<Fault, std::uint64_t>> sites;
    for (const Fault& f : asserts) add_to_site(sites, f, 1);
    return sites;
}

}  // namespace

LaunchOutcome Engine::run_blocks(const KernelLaunch& l, const LaunchInfo& info, const std::vector<Checker*>& checkers,
                                 LaunchFootprint* footprint) {
    LaunchOutcome outcome;
    const std::uint64_t blocks = l.grid.volume();
    struct BlockResult {
        Fault fault;
        std::uint64_t failed_asserts = 0;
        std::vector<std::pair<Fault, std::uint64_t>> assert_sites;  // the first failure at each site, and how many
        std::string output;
        std::uint64_t dropped_lines = 0;
        std::vector<Fault> carried;  // Block::carried_faults
    };
    // Only blocks that printed or faulted leave a record, so memory does not
    // grow with the grid.
    std::mutex results_mutex;
    std::map<std::uint64_t, BlockResult> results;
    // The failed asserts to show: the first kKeptAsserts in block order, as
    // far as the blocks that ended tell (the last blocks' go once the blocks
    // before them hold that many: bounded whatever order blocks end in).
    std::map<std::uint64_t, std::vector<Fault>> shown_asserts;
    std::size_t shown = 0;
    // Blocks after the first failing one are not started; blocks before it
    // always run, so which fault is reported does not depend on the workers.
    std::atomic<std::uint64_t> first_failure{blocks};
    // Whether the launch may be put off (KernelLaunch::deferrable): every
    // block that failed waits for the host, and none changed lasting memory.
    std::atomic<bool> left_effects{false}, other_failure{false};
    // A block ended by a fault a GPU traps on (an assert, an illegal
    // address...): there the trap ends the whole launch, so blocks left
    // waiting for it (at a grid barrier, on a flag it was to set) are not a
    // deadlock of their own; the fault is what is reported.
    std::atomic<bool> trapped{false};
    const unsigned workers = unsigned(std::min<std::uint64_t>(pool_->size(), blocks));
    LaunchTurns turns(blocks, limits_.resident_blocks(l.block.volume()));
    const LaunchContext context{l,
                                info,
                                options_,
                                checkers,
                                l.checked ? access_observers_ : no_checkers,
                                l.checked ? shared_access_observers_ : no_checkers,
                                l.checked ? thread_observers_ : no_checkers,
                                memory_,
                                turns,
                                l.checked ? schedule_observers_ : no_checkers,
                                layout_.get(),
                                device_variables_.get(),
                                l.checked && global_in_block_order_ && footprint == nullptr,
                                footprint};
    // Threads able to start blocks: one always remains while blocks wait to
    // be started, so a block waiting for a later one is never waited on forever.
    std::atomic<unsigned> starters{workers};
    std::function<void(Worker&)> job = [&](Worker& worker) {
        for (;;) {
            bool all_claimed = false;
            std::optional<std::uint64_t> claimed;
            if (footprint != nullptr && footprint->void_attempt()) break;  // start no more blocks
            for (;;) {
                const std::uint64_t seen = turns.changes();
                claimed = turns.claim(first_failure.load(), all_claimed);
                if (claimed || all_claimed) break;
                turns.wait_for_change(seen);  // as many blocks resident as fit: wait for one to end
            }
            if (!claimed) break;
            const std::uint64_t b = *claimed;
            Block block(context, b, worker);
            RunEnd end = block.run();
            if (end == RunEnd::Stalled && footprint != nullptr) {
                // It waits for another block: that is judged in block order.
                footprint->give_up();
                block.give_up(false);
                end = RunEnd::Done;
            }
            while (end == RunEnd::Stalled) {
                // This thread stays with the block (its fibers and shared
                // memory live here); another one starts the remaining blocks.
                if (starters.fetch_sub(1) == 1 && turns.unclaimed_left()) {
                    starters.fetch_add(1);
                    pool_->lend(job);
                }
                const bool resumed = turns.wait_to_resume(b);
                starters.fetch_add(1);
                if (!resumed) {
                    if (!trapped.load()) block.give_up(turns.residency_exhausted());
                    break;
                }
                end = block.run();
            }
            const bool faulted = bool(block.fault());
            if (faulted && footprint != nullptr) footprint->give_up();
            if (block.left_effects()) left_effects.store(true, std::memory_order_relaxed);
            if (faulted && block.fault().cause != FaultCause::WaitsForHost)
                other_failure.store(true, std::memory_order_relaxed);
            if (faulted && block.fault().kind != FaultKind::Deadlock) trapped.store(true);  // before finished(b)
            std::uint64_t dropped = 0;
            if (std::string printed = block.output(dropped);
                faulted || !printed.empty() || !block.carried_faults().empty()) {
                std::lock_guard<std::mutex> lock(results_mutex);
                const std::vector<Fault>& asserts = block.failed_asserts();
                results[b] = BlockResult{block.fault(), asserts.size(), count_by_site(asserts), std::move(printed), dropped,
                                         block.carried_faults()};
                if (!asserts.empty()) {
                    const std::size_t kept = std::min(asserts.size(), LaunchOutcome::kKeptAsserts);
                    shown_asserts[b].assign(asserts.begin(), asserts.begin() + std::ptrdiff_t(kept));
                    shown += kept;
                    for (auto last = std::prev(shown_asserts.end());
                         shown - last->second.size() >= LaunchOutcome::kKeptAsserts; last = std::prev(shown_asserts.end())) {
                        shown -= last->second.size();
                        shown_asserts.erase(last);
                    }
                }
            }
            turns.finished(b);
            progress_block_done();
            // A block whose threads failed asserts does not stop the launch's
            // other blocks: each thread failing its own is reported, as on a GPU.
            if (faulted && block.failed_asserts().empty()) {
                std::uint64_t seen = first_failure.load();
                while (b < seen && !first_failure.compare_exchange_weak(seen, b)) {
                }
            }
        }
        starters.fetch_sub(1);
    };
    pool_->run(workers, job);

    const std::uint64_t end = std::min(blocks, first_failure.load() + 1);
    for (auto it = results.begin(); it != results.end() && it->first < end; ++it) {
        outcome.output += it->second.output;
        outcome.dropped_lines += it->second.dropped_lines;
    }
    if (outcome.output.size() > l.printf_buffer) {
        // The launch's oldest lines go, as in a GPU's circular buffer.
        std::size_t cut = outcome.output.size() - l.printf_buffer;
        cut = outcome.output.find('\n', cut - 1);
        cut = cut == std::string::npos ? outcome.output.size() : cut + 1;
        outcome.dropped_lines += std::uint64_t(std::count(outcome.output.begin(), outcome.output.begin() + std::ptrdiff_t(cut), '\n'));
        outcome.output.erase(0, cut);
    }
    outcome.blocks_reported = end;
    for (auto it = results.begin(); it != results.end() && it->first < end; ++it) {
        outcome.failed_asserts += it->second.failed_asserts;
        // In thread order within the block, whatever order they ended in.
        std::vector<Fault>& carried = it->second.carried;
        std::sort(carried.begin(), carried.end(), [](const Fault& a, const Fault& b) { return a.who.linear < b.who.linear; });
        for (const Fault& f : carried) add_to_site(outcome.carried_faults, f, 1);
    }
    for (auto it = shown_asserts.begin(); it != shown_asserts.end() && it->first < end; ++it)
        for (const Fault& f : it->second)
            if (outcome.faults.size() < LaunchOutcome::kKeptAsserts) outcome.faults.push_back(f);
    if (outcome.failed_asserts > outcome.faults.size()) {
        // Every site's count, less the ones shown; the first failure of a
        // site stands for it (a site with shown ones is grouped under those).
        std::vector<std::pair<Fault, std::uint64_t>> sites;
        for (auto it = results.begin(); it != results.end() && it->first < end; ++it)
            for (const auto& [fault, count] : it->second.assert_sites) add_to_site(sites, fault, std::int64_t(count));
        for (const Fault& f : outcome.faults) add_to_site(sites, f, -1);
        for (auto& site : sites)
            if (site.second != 0) outcome.unshown_asserts.push_back(std::move(site));
    }
    if (first_failure.load() < blocks) outcome.faults.push_back(results[first_failure.load()].fault);
    if (!outcome.faults.empty()) outcome.fault = outcome.faults.front();
    outcome.deferred = l.deferrable && first_failure.load() < blocks && !left_effects.load() && !other_failure.load();
    return outcome;
}

namespace {
std::mutex process_mutex;
std::unique_ptr<Engine> process_engine;
EngineOptions process_options;

// A forked child has the parent's engine but none of its threads: joining
// them at exit would wait forever. The child leaves that engine alone (its
// memory is the child's copy) and makes its own if it uses the device.
void abandon_engine_in_child() {
    new (&process_mutex) std::mutex;  // it may have been held by a parent thread at the fork
    (void)process_engine.release();
}
}  // namespace

Engine& Engine::process() {
    static const bool fork_handled = (pthread_atfork(nullptr, nullptr, &abandon_engine_in_child), true);
    (void)fork_handled;
    std::lock_guard<std::mutex> lock(process_mutex);
    if (!process_engine) process_engine = std::make_unique<Engine>(process_options);
    return *process_engine;
}

void Engine::configure(const EngineOptions& options) {
    std::lock_guard<std::mutex> lock(process_mutex);
    process_options = options;
    process_engine.reset();
}

}  // namespace simt
