// A kernel launch as the engine sees it: shapes and a type-erased entry that
// each simulated thread calls. The CUDA layer builds it from <<<...>>>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/fault.h"
#include "emulator/geometry.h"

namespace simt {

struct KernelLaunch {
    const char* kernel_name = "kernel";
    Dim3 grid, block;
    std::size_t dynamic_shared = 0;
    std::size_t dynamic_shared_limit = 48 * 1024;
    std::uint64_t max_threads_per_block = 0;  // what the kernel was compiled for (0: the device's limit)
    // The kernel's own static __shared__ bytes (as far as the CUDA layer can
    // attribute variables to it): with the dynamic bytes within the limit.
    std::size_t static_shared = 0;
    // Device printf output a launch keeps (cudaLimitPrintfFifoSize): like a
    // GPU's circular buffer, the oldest lines go first when it overflows.
    std::size_t printf_buffer = 8650752;  // an H100's default
    // The launching host thread's stack: kernel code may read it (the
    // launch's arguments live there) but a store into it is a host array
    // passed to the kernel, which a GPU cannot reach.
    // (A range of it the host registered for the device is device memory
    // like any registered range: GlobalMemory::register_host.)
    std::uintptr_t host_stack_lo = 0, host_stack_hi = 0;
    void (*invoke)(void* closure) = nullptr;
    void* closure = nullptr;
    // false: no checker sees this launch (the user chose not to check the
    // kernel). It runs as any other, and a fault the engine must refuse (an
    // access outside every allocation) still fails it: that access cannot be
    // performed.
    bool checked = true;
    // A launch may start any time after the host made it: one whose threads
    // can only wait for the host to write memory it polls (pinned or managed
    // host memory), and that changed nothing else yet, may be put off
    // (LaunchOutcome::deferred) and launched again when the host synchronises.
    bool deferrable = false;
    // A re-run of an earlier launch (the shuffle checker's value flow): it
    // takes that launch's index, so its blocks draw the same schedule and
    // only what the re-run changes on purpose can differ; it takes no index
    // of its own and adds nothing to a recorded schedule.
    static constexpr std::uint64_t kNoRerun = ~std::uint64_t(0);
    std::uint64_t rerun_of = kNoRerun;
};

struct LaunchOutcome {
    Fault fault;  // the first of `faults`
    // What failed, in block order: each thread that failed a device assert
    // (Block::failed_asserts: blocks go on after one; the first
    // kKeptAsserts), then the fault of the block after which no block ran,
    // if one did, or the launch's refusal. Empty when none failed.
    std::vector<Fault> faults;
    std::uint64_t failed_asserts = 0;  // all of them, kept or not
    static constexpr std::size_t kKeptAsserts = 100;  // as compute-sanitizer prints at most 100 errors
    // The failed asserts past the kept ones, by site (code address): the
    // first of them in block and thread order, and how many; so a report
    // that groups by site counts every failing thread, as the total does.
    std::vector<std::pair<Fault, std::uint64_t>> unshown_asserts;
    // Faults the launch carried on from as a GPU does (an integer division
    // by zero: integer_division.h), by site in block and thread order: the
    // first thread's, and how many threads.
    std::vector<std::pair<Fault, std::uint64_t>> carried_faults;
    std::string output;  // device printf output, in block order
    std::uint64_t dropped_lines = 0;  // the oldest, past printf_buffer
    // Blocks [0, blocks_reported) count: after a fault, blocks past the
    // failing one may or may not have run, depending on the workers.
    std::uint64_t blocks_reported = ~std::uint64_t(0);
    // Put off (KernelLaunch::deferrable): the attempt was thrown away, as if
    // the launch had not started; no fault, no output.
    bool deferred = false;
};

}  // namespace simt
