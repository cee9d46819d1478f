// The CUDA names bench/workloads/*.cu use, mapped onto HIP-CPU's hip* API, so
// that the benchmark suite (bench/run-suite.sh) can build the same workloads
// natively against HIP-CPU (https://github.com/ROCm/HIP-CPU, header-only, one
// fiber per GPU thread, blocks spread over cores by the C++17 parallel
// algorithms on TBB) and compare it with simt. Our code: HIP-CPU itself is
// fetched at benchmark time and never committed.
//
// Used as `g++ -O2 -std=c++17 -fopenmp-simd -x c++ -include
// bench/hip-cpu/cuda_on_hip_cpu.h -I<hip-cpu>/include -Ibench/workloads <w>.cu
// -ltbb -lpthread -ldl` (bench/run-suite.sh), on a copy of the workload
// whose launches `k<<<grid, block>>>(args)` the suite rewrote as
// `SIMT_HIP_CPU_LAUNCH(k, (grid, block), args)` (below): g++ has no `<<<`, and
// HIP-CPU documents hipLaunchKernelGGL as its only launch. Nothing else in the
// workloads changes.
//
// Only what the workloads need, plus a few siblings; a name missing here
// is a compile error, which the suite reports as "does not build".
#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>

// ---- errors ----
using cudaError_t = hipError_t;
constexpr hipError_t cudaSuccess = hipSuccess;

inline cudaError_t cudaGetLastError() noexcept { return hipGetLastError(); }
inline cudaError_t cudaPeekAtLastError() noexcept { return hipPeekAtLastError(); }
inline const char* cudaGetErrorString(cudaError_t e) noexcept { return hipGetErrorString(e); }

// ---- memory: on HIP-CPU "device" memory is malloc'd host memory, copies are
// memcpy after a device-wide synchronise ----
using cudaMemcpyKind = hipMemcpyKind;
constexpr hipMemcpyKind cudaMemcpyHostToHost = hipMemcpyHostToHost;
constexpr hipMemcpyKind cudaMemcpyHostToDevice = hipMemcpyHostToDevice;
constexpr hipMemcpyKind cudaMemcpyDeviceToHost = hipMemcpyDeviceToHost;
constexpr hipMemcpyKind cudaMemcpyDeviceToDevice = hipMemcpyDeviceToDevice;
constexpr hipMemcpyKind cudaMemcpyDefault = hipMemcpyDefault;

// CUDA's runtime API takes T** too (a template over cudaMalloc(void**, size_t)).
template <typename T>
inline cudaError_t cudaMalloc(T** p, std::size_t bytes) {
    return hipMalloc(reinterpret_cast<void**>(p), bytes);
}
inline cudaError_t cudaFree(void* p) { return hipFree(p); }
inline cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
    return hipMemcpy(dst, src, bytes, kind);
}
inline cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) { return hipMemset(dst, value, bytes); }

// ---- synchronisation ----
inline cudaError_t cudaDeviceSynchronize() { return hipDeviceSynchronize(); }

// ---- warp shuffles ----
// HIP-CPU has no *_sync shuffles and no warps: its __shfl* store the value in a
// per-64-lane scratchpad and pass two block-wide barriers (every fiber of the
// block yields in turn), so the mask has nothing to select and is dropped.
//
// The width defaults to HIP-CPU's warpSize (64, a constexpr in its
// hip_constants.h), not CUDA's 32: that is what the same source does under HIP,
// whose __shfl_*_sync default to its own warpSize. It is also the only width
// that gives CUDA's result for a 32-lane reduction here: HIP-CPU's
// shuffle_down/up test the source lane against the width as an index into the
// 64-lane scratchpad ((tidx / w * w) + tidx % w + delta >= w), so with width 32
// lanes 32..63 always get their own value back. With width 64, lane 0 of every
// 32-lane group reads only lanes of its own group for deltas 16..1, which is
// all W3 uses; lanes 16..31 read the next group instead of keeping their value,
// unlike CUDA, and W3 does not use their results.
template <typename T>
inline T __shfl_sync(unsigned /*mask*/, T var, int src_lane, int width = warpSize) noexcept {
    return __shfl(var, src_lane, width);
}
template <typename T>
inline T __shfl_down_sync(unsigned /*mask*/, T var, unsigned delta, int width = warpSize) noexcept {
    return __shfl_down(var, delta, width);
}
template <typename T>
inline T __shfl_up_sync(unsigned /*mask*/, T var, unsigned delta, int width = warpSize) noexcept {
    return __shfl_up(var, delta, width);
}
template <typename T>
inline T __shfl_xor_sync(unsigned /*mask*/, T var, int lane_mask, int width = warpSize) noexcept {
    return __shfl_xor(var, lane_mask, width);
}

// ---- launches ----
// SIMT_HIP_CPU_LAUNCH(kernel, (grid, block[, shared_bytes[, stream]]), args...)
// is hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, args...),
// the missing launch parameters 0 as in CUDA. The configuration comes in
// parentheses because the suite's rewrite of `<<<...>>>` cannot tell its commas
// from the ones inside dim3(x, y); SIMT_HIP_CPU_PAD_ pads it to four. Like
// hipLaunchKernelGGL, it is a statement and wants the `;` the launch had.
#define SIMT_HIP_CPU_PICK4_(a, b, c, d, ...) a, b, c, d
#define SIMT_HIP_CPU_PAD_(...) SIMT_HIP_CPU_PICK4_(__VA_ARGS__, 0, 0, ~)
#define SIMT_HIP_CPU_GGL_(...) hipLaunchKernelGGL(__VA_ARGS__)
#define SIMT_HIP_CPU_LAUNCH(kernel, config, ...) SIMT_HIP_CPU_GGL_(kernel, SIMT_HIP_CPU_PAD_ config, __VA_ARGS__)
