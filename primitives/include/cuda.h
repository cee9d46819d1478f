// Compatibility shim: the CPU backend's CUDA declarations come from simt/cuda.h;
// the driver API's result codes from simt/driver_results.h.
#pragma once
#ifdef __cplusplus
#include "simt/cuda.h"
#endif
#include "simt/driver_results.h"
