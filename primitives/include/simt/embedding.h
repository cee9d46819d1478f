// For programs that embed simt (tests, tools): choose the engine's options
// and start from a fresh device, as cudaDeviceReset does on a GPU.
#pragma once

#include "emulator/options.h"

namespace simt::cuda {

// Replaces the process's emulated device: all allocations are released, the
// last and the sticky error are cleared, per-kernel attributes forgotten.
void reset_device(const EngineOptions& options);

}  // namespace simt::cuda
