// cuda_fp16.h for the CPU backend: __half, __half2 and their functions
// (simt/half.h).
#pragma once
#define __CUDA_FP16_H__
#include "simt/half.h"
