// Cooperative launches (simt/grid_sync.h): the grid barrier's memory and
// the launch's checks.
#include <atomic>
#include <string>

#include "emulator/device_context.h"
#include "emulator/symbolizer.h"
#include "process_runtime.h"
#include "simt/cuda.h"
#include "simt/grid_sync.h"

using simt::cuda::ProcessRuntime;

// In the __device__ variables' section, so kernel accesses to it are global
// memory accesses the engine and the checkers see.
SIMT_GLOBAL_VARIABLE unsigned simt_grid_barrier[2];

namespace {
std::atomic<bool> cooperative{false};
}  // namespace

bool simt::cuda::in_cooperative_launch() { return cooperative.load(std::memory_order_relaxed); }

[[gnu::noinline]] void simt::cuda::group_misuse(const char* what) {
    if (!simt::device::in_kernel()) {
        std::fprintf(stderr, "simt: error: %s\n", what);
        std::abort();
    }
    // The caller is inlined into the kernel: its return address is the
    // program's line.
    simt::device::fail(simt::FaultKind::WarpSync, std::string(what) + ", in kernel " +
                                                      simt::device::launch().kernel + ", " +
                                                      simt::describe(simt::device::thread()) + " at " +
                                                      simt::describe(__builtin_return_address(0)));
}

// Refuses a grid larger than the device holds at once, then marks the
// launch and resets the barrier.
cudaError_t simt_begin_cooperative_launch(dim3 grid, dim3 block, std::size_t) {
    ProcessRuntime& rt = ProcessRuntime::get();
    const std::uint64_t blocks = std::uint64_t(grid.x) * grid.y * grid.z;
    const std::uint64_t threads = std::uint64_t(block.x) * block.y * block.z;
    // All blocks must be resident at once for the grid barrier to open.
    if (threads != 0 && blocks > rt.engine().limits().resident_blocks(threads))
        return SIMT_API_RESULT_AS(cudaErrorCooperativeLaunchTooLarge, "cudaLaunchCooperativeKernel");
    simt_grid_barrier[0] = simt_grid_barrier[1] = 0;
    cooperative = true;
    return cudaSuccess;
}

void simt_end_cooperative_launch() { cooperative = false; }
