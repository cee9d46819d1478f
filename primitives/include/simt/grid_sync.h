// The grid-wide barrier behind cooperative_groups' grid.sync(), for kernels
// launched with cudaLaunchCooperativeKernel. Written as kernel code (inline
// here, so it is instrumented like the program's): block leaders meet on two
// words of __device__ memory with atomics and fences, as a hand-written grid
// barrier does, so the engine sees a block wait for the others (and runs
// them) and the checkers see the ordering the barrier gives.
#pragma once

#include "simt/atomics.h"
#include "simt/builtin_variables.h"
#include "simt/runtime_api.h"
#include "simt/sync.h"

// [0]: block leaders arrived; [1]: barriers completed (the generation).
// Zeroed by each cooperative launch.
extern unsigned simt_grid_barrier[2];

namespace simt::cuda {
// Whether the running kernel was launched with cudaLaunchCooperativeKernel.
bool in_cooperative_launch();
// Misuse of a group that a GPU would hang or corrupt on: the thread faults.
[[noreturn]] void group_misuse(const char* what);

__attribute__((always_inline)) inline void grid_sync() {
    if (!in_cooperative_launch())
        group_misuse("this_grid().sync() in a kernel not launched with cudaLaunchCooperativeKernel (its blocks "
                     "need not be resident together, and a GPU may hang)");
    __syncthreads();
    const uint3 t = threadIdx;
    if (t.x == 0 && t.y == 0 && t.z == 0) {
        const dim3 g = gridDim;
        const unsigned blocks = g.x * g.y * g.z;
        const unsigned generation = atomicAdd(&simt_grid_barrier[1], 0u);
        __threadfence();
        if (atomicAdd(&simt_grid_barrier[0], 1u) == blocks - 1) {
            atomicExch(&simt_grid_barrier[0], 0u);
            __threadfence();
            atomicAdd(&simt_grid_barrier[1], 1u);
        } else {
            while (atomicAdd(&simt_grid_barrier[1], 0u) == generation) {
            }
        }
        __threadfence();
    }
    __syncthreads();
}
}  // namespace simt::cuda
