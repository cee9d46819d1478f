// cuda_bf16.h for the CPU backend: __nv_bfloat16, __nv_bfloat162 and their
// functions (simt/bfloat16.h). Like NVIDIA's, it brings cuda_fp16.h along.
#pragma once
#define __CUDA_BF16_H__
#include "cuda_fp16.h"
#include "simt/bfloat16.h"
