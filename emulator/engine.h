// The emulated device: options, limits, global memory, the worker pool and
// the registered checkers. launch() validates a launch, runs its blocks over
// the workers and merges their outputs and faults in block order, so the
// result never depends on the number of workers. A checked launch whose
// checkers need blocks in order first runs its blocks in parallel and keeps
// that run only if no block could have seen another's work
// (emulator/launch_footprint.h).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "emulator/checker.h"
#include "emulator/global_memory.h"
#include "emulator/launch.h"
#include "emulator/options.h"
#include "emulator/device_variable_layout.h"
#include "emulator/flat_shadow.h"
#include "emulator/static_shared_layout.h"
#include "emulator/watchdog.h"
#include "emulator/worker_pool.h"

namespace simt {

class Engine {
public:
    explicit Engine(const EngineOptions& options = {}, const DeviceLimits& limits = {});
    ~Engine();

    const EngineOptions& options() const { return options_; }
    const DeviceLimits& limits() const { return limits_; }
    GlobalMemory& memory() { return memory_; }
    void add_checker(Checker* checker) {
        checkers_.push_back(checker);
        if (checker->needs_blocks_in_order()) global_in_block_order_ = true;
        if (checker->wants_schedule_events()) schedule_observers_.push_back(checker);
        if (checker->wants_access_events()) access_observers_.push_back(checker);
        if (checker->wants_access_events() && checker->wants_shared_access_events())
            shared_access_observers_.push_back(checker);
        if (checker->wants_thread_events()) thread_observers_.push_back(checker);
    }
    const std::vector<Checker*>& checkers() const { return checkers_; }
    // Where the static shared window's variables lie (see static_shared_layout.h).
    void set_static_shared_layout(std::shared_ptr<const StaticSharedLayout> layout) { layout_ = std::move(layout); }
    // Where the __device__ variables lie (see device_variable_layout.h).
    void set_device_variable_layout(std::shared_ptr<const DeviceVariableLayout> layout) {
        device_variables_ = std::move(layout);
    }
    std::uint64_t launches() const { return launches_; }
    // How a kernel that makes no progress is reported (emulator/watchdog.h).
    void set_stall_text(StallText text) { watchdog_->set_text(text); }
    void set_stall_end(StallEnd end) { watchdog_->set_end(end); }

    LaunchOutcome launch(const KernelLaunch& launch);

    // The engine of this process (the CUDA layer's device). Created on first
    // use with the options set by configure(), if any.
    static Engine& process();
    // Sets the process engine's options; replaces the engine if one exists.
    static void configure(const EngineOptions& options);

private:
    Fault validate(const KernelLaunch& launch) const;
    // Runs the launch's blocks once over the workers; with a footprint, side
    // by side (see launch_footprint.h), else touching global memory in block
    // order when a checker needs it.
    LaunchOutcome run_blocks(const KernelLaunch& l, const LaunchInfo& info, const std::vector<Checker*>& checkers,
                             class LaunchFootprint* footprint);
    bool may_run_blocks_in_parallel(const KernelLaunch& l) const;

    EngineOptions options_;
    DeviceLimits limits_;
    GlobalMemory memory_;
    std::unique_ptr<WorkerPool> pool_;
    std::unique_ptr<Watchdog> watchdog_;
    std::vector<Checker*> checkers_;
    std::vector<Checker*> schedule_observers_;
    std::vector<Checker*> access_observers_;  // those of checkers_ that want on_access
    std::vector<Checker*> shared_access_observers_;  // and those of them that want it for shared memory
    std::vector<Checker*> thread_observers_;  // those of checkers_ that want_thread_events
    std::shared_ptr<const StaticSharedLayout> layout_;
    std::shared_ptr<const DeviceVariableLayout> device_variables_;
    bool global_in_block_order_ = false;  // a checker needs_blocks_in_order()
    std::uint64_t launches_ = 0;
    // Blocks in parallel under the checkers: which pages the launch (tagged)
    // copied before its first store, and the kernels whose blocks did see
    // each other's work once: their later launches go straight to block order.
    FlatShadow<std::uint32_t> footprint_pages_;
    std::uint8_t footprint_tag_ = 0;
    std::set<std::string> blocks_in_order_;
};

}  // namespace simt
