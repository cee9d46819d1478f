// cudaGetErrorName and cudaGetErrorString from one table: each error simt
// returns, with CUDA's own wording, so programs print what they print on a GPU.
#include "simt/cuda.h"

#define SIMT_CUDA_ERRORS(X)                                                                           \
    X(cudaSuccess, "no error")                                                                        \
    X(cudaErrorInvalidValue, "invalid argument")                                                      \
    X(cudaErrorMemoryAllocation, "out of memory")                                                     \
    X(cudaErrorInitializationError, "initialization error")                                           \
    X(cudaErrorInvalidConfiguration, "invalid configuration argument")                                \
    X(cudaErrorInvalidPitchValue, "invalid pitch argument")                                           \
    X(cudaErrorInvalidSymbol, "invalid device symbol")                                                \
    X(cudaErrorInvalidDevicePointer, "invalid device pointer")                                        \
    X(cudaErrorInvalidTexture, "invalid texture reference")                                           \
    X(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor")                                \
    X(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy")                           \
    X(cudaErrorInvalidFilterSetting, "linear filtering not supported for non-float type")             \
    X(cudaErrorInvalidNormSetting, "read as normalized float not supported for 32-bit non float type") \
    X(cudaErrorInvalidDeviceFunction, "invalid device function")                                      \
    X(cudaErrorNoDevice, "no CUDA-capable device is detected")                                        \
    X(cudaErrorInvalidDevice, "invalid device ordinal")                                               \
    X(cudaErrorDeviceUninitialized, "invalid device context")                                         \
    X(cudaErrorInvalidResourceHandle, "invalid resource handle")                                      \
    X(cudaErrorIllegalState, "the operation cannot be performed in the present state")                \
    X(cudaErrorNotReady, "device not ready")                                                          \
    X(cudaErrorIllegalAddress, "an illegal memory access was encountered")                            \
    X(cudaErrorLaunchOutOfResources, "too many resources requested for launch")                       \
    X(cudaErrorLaunchTimeout, "the launch timed out and was terminated")                              \
    X(cudaErrorContextIsDestroyed, "context is destroyed")                                            \
    X(cudaErrorAssert, "device-side assert triggered")                                                \
    X(cudaErrorHostMemoryAlreadyRegistered, "part or all of the requested memory range is already mapped") \
    X(cudaErrorHostMemoryNotRegistered, "pointer does not correspond to a registered memory region")  \
    X(cudaErrorIllegalInstruction, "an illegal instruction was encountered")                          \
    X(cudaErrorMisalignedAddress, "misaligned address")                                               \
    X(cudaErrorLaunchFailure, "unspecified launch failure")                                           \
    X(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch")                     \
    X(cudaErrorNotSupported, "operation not supported")                                               \
    X(cudaErrorStreamCaptureUnsupported, "operation not permitted when stream is capturing")           \
    X(cudaErrorGraphExecUpdateFailure, "the graph update was not performed because it included changes which "  \
                                       "violated constraints specific to instantiated graph update")   \
    X(cudaErrorUnknown, "unknown error")

const char* cudaGetErrorName(cudaError_t e) {
    switch (e) {
#define SIMT_NAME(code, text) \
    case code: return #code;
        SIMT_CUDA_ERRORS(SIMT_NAME)
#undef SIMT_NAME
    }
    return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t e) {
    switch (e) {
#define SIMT_TEXT(code, text) \
    case code: return text;
        SIMT_CUDA_ERRORS(SIMT_TEXT)
#undef SIMT_TEXT
    }
    return "unknown error";
}
