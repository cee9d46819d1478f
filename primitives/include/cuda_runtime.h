// Compatibility shim: the CPU backend's CUDA declarations come from simt/cuda.h.
// A C file gets the runtime API's C part: types, error codes, memory, devices,
// streams and events.
#pragma once
#ifdef __cplusplus
#include "simt/cuda.h"
#else
#include "simt/deprecated_calls.h"
#include "simt/runtime_api.h"
#include "simt/streams.h"
#endif
