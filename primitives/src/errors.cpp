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
    return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t e) {
    switch (e) {
#define SIMT_TEXT(code, number, text) \
    case code: return text;
        SIMT_CUDA_ERRORS(SIMT_TEXT)
#undef SIMT_TEXT
    }
    return "unknown error";
}
