// The CUDA compatibility layer: force-included (-include simt/cuda.h) before
// a .cu file compiled for the CPU backend, so an unchanged CUDA program builds
// with g++. Each family lives in its own header.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "simt/qualifiers.h"
#include "simt/shared_array.h"
#include "simt/vector_types.h"
#include "simt/builtin_variables.h"
#include "simt/runtime_api.h"
#include "simt/launch.h"
#include "simt/sync.h"
#include "simt/warp.h"
#include "simt/atomics.h"
#include "simt/device_math.h"

namespace simt::cuda {
// The dynamic shared memory of the running block (extern __shared__ T x[]).
void* dynamic_shared();
}  // namespace simt::cuda
