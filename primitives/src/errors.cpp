// cudaGetErrorName and cudaGetErrorString from one table (simt/error_codes.h):
// every CUDA 12 error with CUDA's own wording, so programs print what they
// print on a GPU.
#include "simt/cuda.h"

const char* cudaGetErrorName(cudaError_t e) {
    switch (e) {
#define SIMT_NAME(code, number, text) \
    case code: return #code;
        SIMT_CUDA_ERRORS(SIMT_NAME)
#undef SIMT_NAME
    }
    // A number that names no error: what an H100's runtime says
    // (docs/gpu-runs/2026-12-07-h100-probes/error_strings.txt).
    return "unrecognized error code";
}

const char* cudaGetErrorString(cudaError_t e) {
    switch (e) {
#define SIMT_TEXT(code, number, text) \
    case code: return text;
        SIMT_CUDA_ERRORS(SIMT_TEXT)
#undef SIMT_TEXT
    }
    return "unrecognized error code";
}
