// The runtime side of libcu++'s headers: cuda::barrier
// (include/simt/libcu_barrier.h) checks what CUDA leaves undefined and hands
// the rest to the engine's split-phase barriers; the asynchronous copies
// (include/simt/libcu_pipeline.h) report misuse here. Out of line so
// __builtin_return_address(0) is the kernel's line.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "emulator/device_context.h"
#include "emulator/engine.h"
#include "emulator/fault_signals.h"
#include "emulator/symbolizer.h"
#include "simt/libcu_barrier.h"

namespace device = simt::device;

namespace simt::cuda {
namespace {

void require_kernel(const char* what) {
    if (device::in_kernel()) return;
    flush_program_output();
    std::fprintf(stderr, "simt: error: cuda::barrier %s called outside a kernel (simt emulates barriers among "
                         "the threads of a block only)\n", what);
    std::abort();
}

// libcu++'s limit (barrier::max()): counts above it, or below zero, are
// undefined behaviour on a GPU.
void check_count(const char* what, std::ptrdiff_t count, const void* pc) {
    constexpr std::ptrdiff_t limit = ::cuda::barrier<::cuda::thread_scope_block>::max();
    if (count >= 0 && count <= limit) return;
    device::fail(FaultKind::WarpSync, std::string("cuda::barrier ") + what + " with a count of " +
                                          std::to_string(count) + " at " + describe(pc) +
                                          ": it must lie between 0 and barrier::max() (" + std::to_string(limit) + ")");
}

}  // namespace

void split_barrier_init(void* barrier, std::ptrdiff_t expected) {
    require_kernel("init");
    const void* pc = __builtin_return_address(0);
    check_count("init", expected, pc);
    device::split_barrier_init(barrier, std::uint32_t(expected), pc);
}

std::uint64_t split_barrier_arrive(void* barrier, std::ptrdiff_t update, bool drop) {
    require_kernel("arrive");
    const void* pc = __builtin_return_address(0);
    check_count("arrive", update, pc);
    return device::split_barrier_arrive(barrier, std::uint32_t(update), drop, pc);
}

void split_barrier_wait(const void* barrier, std::uint64_t phase) {
    require_kernel("wait");
    device::split_barrier_wait(barrier, phase, __builtin_return_address(0));
}

void split_barrier_wait_parity(const void* barrier, bool parity) {
    require_kernel("wait_parity");
    const void* pc = __builtin_return_address(0);
    const std::uint64_t phase = device::split_barrier_phase(barrier, pc);
    if ((phase & 1) == std::uint64_t(parity)) device::split_barrier_wait(barrier, phase, pc);
}

void async_copy_misuse(const char* what) {
    if (!device::in_kernel()) {
        flush_program_output();
        std::fprintf(stderr, "simt: error: %s\n", what);
        std::abort();
    }
    const void* pc = __builtin_return_address(0);
    device::fail(FaultKind::IllegalAddress, std::string(what) + ", in kernel " + device::launch().kernel + ", " +
                                               describe(device::thread()) + " at " + describe(pc));
}

}  // namespace simt::cuda
