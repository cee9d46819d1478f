// Portable warp and block collectives in the style of Mojo's gpu.warp and
// gpu.block modules. One header for both backends: written with CUDA's own
// intrinsics, so under nvcc it is shuffles and shared memory with no simt
// code, and under simt the same intrinsics run on the scheduler's warp
// collectives and barriers (and are checked like any other code).
//
//   simt::warp::sum(v), max, min, broadcast(v), prefix_sum<exclusive>(v),
//   shuffle_up/down/xor/idx(v, offset), lane_id(), warp_size()
//   simt::block::sum(v), max, min, broadcast(v, src_thread), prefix_sum<exclusive>(v)
//
// Every function works with partial last warps (blocks whose size is not a
// multiple of the warp size): only lanes that exist take part. Block
// functions must be called by every thread of the block (they contain
// __syncthreads) and support blocks of up to 1024 threads.
#pragma once

namespace simt {

namespace detail {
__device__ __forceinline__ unsigned linear_thread_index() {
    return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}
__device__ __forceinline__ unsigned threads_in_block() { return blockDim.x * blockDim.y * blockDim.z; }
}  // namespace detail

namespace warp {

__device__ __forceinline__ int warp_size() { return warpSize; }
__device__ __forceinline__ unsigned lane_id() { return detail::linear_thread_index() % unsigned(warpSize); }
// Lanes of the caller's warp that exist (the last warp of a block may be partial).
__device__ __forceinline__ unsigned active_lanes() {
    const unsigned first = detail::linear_thread_index() / unsigned(warpSize) * unsigned(warpSize);
    const unsigned left = detail::threads_in_block() - first;
    return left < unsigned(warpSize) ? left : unsigned(warpSize);
}

#if defined(__CUDACC_SIMT__)
using mask_t = unsigned long long;  // 64-lane warps under --warp-size 64
#else
using mask_t = unsigned;
#endif

// The mask naming every lane that exists in the caller's warp.
__device__ __forceinline__ mask_t active_mask() {
    const unsigned n = active_lanes();
    return n >= sizeof(mask_t) * 8 ? ~mask_t(0) : (mask_t(1) << n) - 1;
}

template <class T>
__device__ __forceinline__ T shuffle_idx(T value, int lane, mask_t mask = active_mask()) {
    return __shfl_sync(mask, value, lane);
}
// Past the edge of the warp, or of the lanes that exist in a partial warp,
// shuffle_up/down/xor return the caller's own value. CUDA defines that at
// the warp's edge; saying it in code makes it defined in a partial warp too,
// and tells simt's shuffle check that the own value is meant. (The
// hardware uses only the offset's bits that name a lane: 33 is 1.)
template <class T>
__device__ __forceinline__ T shuffle_up(T value, unsigned offset, mask_t mask = active_mask()) {
    const T got = __shfl_up_sync(mask, value, offset);
    return lane_id() >= (offset & unsigned(warpSize - 1)) ? got : value;
}
template <class T>
__device__ __forceinline__ T shuffle_down(T value, unsigned offset, mask_t mask = active_mask()) {
    const T got = __shfl_down_sync(mask, value, offset);
    return lane_id() + (offset & unsigned(warpSize - 1)) < active_lanes() ? got : value;
}
template <class T>
__device__ __forceinline__ T shuffle_xor(T value, unsigned lane_mask, mask_t mask = active_mask()) {
    const T got = __shfl_xor_sync(mask, value, int(lane_mask));
    return (lane_id() ^ (lane_mask & unsigned(warpSize - 1))) < active_lanes() ? got : value;
}
// Lane 0's value, in every lane.
template <class T>
__device__ __forceinline__ T broadcast(T value) {
    return __shfl_sync(active_mask(), value, 0);
}

namespace detail {
template <class T>
struct Plus {
    __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
template <class T>
struct Max {
    __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T>
struct Min {
    __device__ __forceinline__ T operator()(T a, T b) const { return b < a ? b : a; }
};

// Tree reduction towards lane 0 that never reads a lane that does not exist
// (the source is clamped and its value ignored), then a broadcast.
template <class T, class Op>
__device__ __forceinline__ T reduce(T value, Op op) {
    const unsigned lane = lane_id(), n = active_lanes();
    const mask_t mask = active_mask();
    for (unsigned offset = 1; offset < n; offset *= 2) {
        const unsigned source = lane + offset < n ? lane + offset : n - 1;
        const T other = __shfl_sync(mask, value, int(source));
        if (lane % (2 * offset) == 0 && lane + offset < n) value = op(value, other);
    }
    return __shfl_sync(mask, value, 0);
}
}  // namespace detail

template <class T>
__device__ __forceinline__ T sum(T value) { return detail::reduce(value, detail::Plus<T>()); }
template <class T>
__device__ __forceinline__ T max(T value) { return detail::reduce(value, detail::Max<T>()); }
template <class T>
__device__ __forceinline__ T min(T value) { return detail::reduce(value, detail::Min<T>()); }

// Hillis-Steele scan over the warp's lanes; exclusive gives lane 0 zero.
template <bool exclusive = false, class T>
__device__ __forceinline__ T prefix_sum(T value) {
    const unsigned lane = lane_id(), n = active_lanes();
    const mask_t mask = active_mask();
    T inclusive = value;
    for (unsigned offset = 1; offset < n; offset *= 2) {
        const T other = __shfl_sync(mask, inclusive, int(lane >= offset ? lane - offset : lane));
        if (lane >= offset) inclusive = inclusive + other;
    }
    if (!exclusive) return inclusive;
    // The previous lane's inclusive sum (not inclusive - value: exact for floats).
    const T previous = __shfl_sync(mask, inclusive, int(lane > 0 ? lane - 1 : 0));
    return lane > 0 ? previous : T(0);
}

}  // namespace warp

namespace block {

namespace detail {
// One slot per warp (a block has at most 1024 / 32 warps) plus one.
template <class T>
__device__ __forceinline__ T* scratch() {
    __shared__ T slots[33];
    return slots;
}

template <class T, class Op>
__device__ __forceinline__ T reduce(T value, Op op) {
    T* slots = scratch<T>();
    const unsigned t = simt::detail::linear_thread_index();
    const unsigned warps = (simt::detail::threads_in_block() + unsigned(warpSize) - 1) / unsigned(warpSize);
    const T mine = warp::detail::reduce(value, op);
    __syncthreads();  // an earlier call may still be reading the slots
    if (warp::lane_id() == 0) slots[t / unsigned(warpSize)] = mine;
    __syncthreads();
    T total = slots[0];
    for (unsigned w = 1; w < warps; ++w) total = op(total, slots[w]);
    return total;
}
}  // namespace detail

template <class T>
__device__ __forceinline__ T sum(T value) { return detail::reduce(value, warp::detail::Plus<T>()); }
template <class T>
__device__ __forceinline__ T max(T value) { return detail::reduce(value, warp::detail::Max<T>()); }
template <class T>
__device__ __forceinline__ T min(T value) { return detail::reduce(value, warp::detail::Min<T>()); }

// src_thread's value (a linear thread index), in every thread.
template <class T>
__device__ __forceinline__ T broadcast(T value, unsigned src_thread = 0) {
    T* slots = detail::scratch<T>();
    __syncthreads();
    if (simt::detail::linear_thread_index() == src_thread) slots[32] = value;
    __syncthreads();
    return slots[32];
}

// Scan over the block in linear thread order; exclusive gives thread 0 zero.
template <bool exclusive = false, class T>
__device__ __forceinline__ T prefix_sum(T value) {
    T* slots = detail::scratch<T>();
    const unsigned t = simt::detail::linear_thread_index();
    const unsigned warp_index = t / unsigned(warpSize);
    const T inclusive = warp::prefix_sum<false>(value);
    const T within = exclusive ? warp::prefix_sum<true>(value) : inclusive;
    __syncthreads();
    if (warp::lane_id() == warp::active_lanes() - 1) slots[warp_index] = inclusive;
    __syncthreads();
    if (warp_index == 0) return within;
    T before = slots[0];
    for (unsigned w = 1; w < warp_index; ++w) before = before + slots[w];
    return before + within;
}

}  // namespace block

}  // namespace simt
