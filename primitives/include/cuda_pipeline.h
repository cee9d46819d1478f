// CUDA's cuda_pipeline.h: the pipeline primitives (see cuda_pipeline_primitives.h).
// Its C++ interface (nvcuda::experimental::pipeline) is not emulated.
#pragma once
#include "cuda_pipeline_primitives.h"
