// Where the running simulated thread's coordinates live: one thread-local
// the engine's block writes before each of its threads runs, and the
// built-in variables (simt/builtin_variables.h) load without a call, as a
// GPU reads special registers. A layout, no code: the engine includes it
// too (cmake/rooms.txt). Outside a kernel it holds index 0 of a 1x1x1 block
// and grid.
#pragma once

#include <stdint.h>

extern "C" {
struct simt_running_coordinates_t {
    uint32_t thread[3];       // threadIdx
    uint32_t block[3];        // blockIdx
    uint32_t block_shape[3];  // blockDim
    uint32_t grid_shape[3];   // gridDim
};
// Defined by the engine (emulator/worker.cpp), initialised, so never taken
// for a __shared__ variable (those are the executable's .tbss). __thread, not
// thread_local: constant-initialised, so C++ code reads it without first
// calling a TLS wrapper to check for a dynamic initialiser. initial-exec:
// read without __tls_get_addr from simt's position-independent runtime too.
extern __thread simt_running_coordinates_t simt_running_coordinates __attribute__((tls_model("initial-exec")));
}
