// Engine configuration: one struct, filled in one place (the CLI or the
// embedding program), never read from the environment deep inside components.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <memory>

namespace simt {

class Schedule;
class ScheduleRecording;

enum class ScheduleMode : std::uint8_t {
    Independent,  // Volta+ independent thread scheduling ("its")
    Lockstep,     // pre-Volta NVIDIA / AMD wavefronts
};

struct EngineOptions {
    ScheduleMode mode = ScheduleMode::Independent;
    unsigned warp_size = 32;
    std::uint64_t seed = 0;
    unsigned threads = 0;                 // worker OS threads; 0 = hardware concurrency
    std::size_t stack_size = 64 * 1024;   // usable bytes per fiber stack
    // At most this many fiber stacks get a guard page (see StackConfig); the
    // system's vm.max_map_count caps it further.
    std::size_t guarded_stacks = static_cast<std::size_t>(-1);
    // In independent mode a running thread is preempted after a random number
    // of memory accesses drawn from [1, 2 * mean_quantum].
    unsigned mean_quantum = 16;
    // Independent mode: whether memory accesses are scheduling points (the
    // preemption above). Off, a thread runs until it waits (a barrier, a warp
    // collective, a spin-wait found, its exit) and the seed draws only which
    // ready thread runs next: what `--check none` asks, where nothing
    // watches the accesses (a fifth less time on the tiled matmul and axpy).
    // A recorded or replayed schedule, and lockstep, always switch at them.
    bool switch_at_accesses = true;
    // A launch that makes no progress (no thread ends, no barrier opens, no
    // collective completes, no block starts) for this long is reported and
    // the process stopped; 0 turns the watchdog off.
    unsigned watchdog_seconds = 60;
    // Independent mode only: replay this schedule's steps instead of drawing
    // the interleaving from the seed, or record the run's steps here
    // (emulator/schedule.h).
    std::shared_ptr<const Schedule> schedule;
    std::shared_ptr<ScheduleRecording> recording;

    EngineOptions& with_mode(ScheduleMode m) { mode = m; return *this; }
    EngineOptions& with_warp_size(unsigned w) { warp_size = w; return *this; }
    EngineOptions& with_seed(std::uint64_t s) { seed = s; return *this; }
    EngineOptions& with_threads(unsigned t) { threads = t; return *this; }
    EngineOptions& with_stack_size(std::size_t s) { stack_size = s; return *this; }
    EngineOptions& with_guarded_stacks(std::size_t n) { guarded_stacks = n; return *this; }
};

// The device memory simt offers: 16 GiB, or half the machine's memory where
// that is less. A program that sizes its buffers by cudaMemGetInfo (a
// fraction of what is free) then fits on a laptop instead of swapping.
inline std::size_t default_device_memory() {
    constexpr std::size_t kMost = std::size_t(16) << 30, kStep = std::size_t(256) << 20;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return kMost;
    const std::size_t half = std::size_t(pages) * std::size_t(page) / 2;
    return std::max(kStep, std::min(kMost, half / kStep * kStep));
}

// What the emulated device offers (an H100-like part).
struct DeviceLimits {
    unsigned max_threads_per_block = 1024;
    unsigned max_block_x = 1024, max_block_y = 1024, max_block_z = 64;
    std::uint32_t max_grid_x = 0x7fffffffu, max_grid_y = 65535, max_grid_z = 65535;
    std::size_t shared_per_block = 48 * 1024;          // without opt-in
    std::size_t shared_per_block_optin = 227 * 1024;   // with cudaFuncSetAttribute
    std::size_t constant_bytes = 64 * 1024;
    std::size_t global_bytes = default_device_memory();
    // Residency: blocks that wait for other blocks make progress only while
    // all of them fit on the device at once.
    unsigned multiprocessors = 132;
    unsigned max_threads_per_multiprocessor = 2048;
    unsigned max_blocks_per_multiprocessor = 32;
    std::uint64_t resident_blocks(std::uint64_t threads_per_block) const {
        const std::uint64_t by_threads = max_threads_per_multiprocessor / (threads_per_block == 0 ? 1 : threads_per_block);
        return std::uint64_t(multiprocessors) * std::min<std::uint64_t>(max_blocks_per_multiprocessor, by_threads);
    }
};

}  // namespace simt
