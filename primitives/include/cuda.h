// Compatibility shim: the CPU backend's CUDA declarations come from simt/cuda.h.
#pragma once
#include "simt/cuda.h"
