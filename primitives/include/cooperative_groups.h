// cooperative_groups basics on simt's block barrier and warp collectives:
// this_thread_block, tiled_partition<N>, thread_block_tile, coalesced_threads
// and cg::reduce.
#pragma once

#include <cstdint>

#include "simt/cuda.h"

namespace cooperative_groups {

namespace detail {
inline unsigned linear_thread() {
    const uint3 t = threadIdx;
    const dim3 b = blockDim;
    return t.x + t.y * b.x + t.z * b.x * b.y;
}
inline unsigned lane() { return linear_thread() % unsigned(warpSize); }
inline unsigned long long lanes_below(unsigned count) {
    return count >= 64 ? ~0ull : ((1ull << count) - 1);
}
}  // namespace detail

class thread_block {
public:
    __attribute__((always_inline)) void sync() const { __syncthreads(); }
    unsigned thread_rank() const { return detail::linear_thread(); }
    unsigned size() const { return num_threads(); }
    unsigned num_threads() const {
        const dim3 b = blockDim;
        return b.x * b.y * b.z;
    }
    dim3 group_index() const { return dim3(blockIdx); }
    dim3 thread_index() const { return dim3(threadIdx); }
    dim3 dim_threads() const { return blockDim; }
    dim3 group_dim() const { return blockDim; }
};

inline thread_block this_thread_block() { return thread_block(); }
__attribute__((always_inline)) inline void sync(const thread_block&) { __syncthreads(); }

// A group of lanes of one warp named by a mask (tiles and coalesced groups).
class warp_group {
public:
    explicit warp_group(unsigned long long mask) : mask_(mask) {}
    unsigned long long mask() const { return mask_; }
    unsigned size() const { return unsigned(__builtin_popcountll(mask_)); }
    unsigned num_threads() const { return size(); }
    unsigned thread_rank() const {
        return unsigned(__builtin_popcountll(mask_ & detail::lanes_below(detail::lane())));
    }
    __attribute__((always_inline)) void sync() const { __syncwarp(mask_); }
    __attribute__((always_inline)) int any(int p) const { return __any_sync(mask_, p); }
    __attribute__((always_inline)) int all(int p) const { return __all_sync(mask_, p); }
    __attribute__((always_inline)) unsigned ballot(int p) const {
        // Bits are ranks within the group, as in CUDA.
        const unsigned long long lanes = simt_ballot64(mask_, p);
        unsigned result = 0, rank = 0;
        for (unsigned long long m = mask_; m != 0; m &= m - 1, ++rank)
            if (lanes & (m & (~m + 1))) result |= 1u << rank;
        return result;
    }

protected:
    // The warp lane of the member with the given rank.
    unsigned lane_of_rank(unsigned rank) const {
        unsigned long long m = mask_;
        for (unsigned i = 0; i < rank && m != 0; ++i) m &= m - 1;
        return m == 0 ? detail::lane() : unsigned(__builtin_ctzll(m));
    }
    unsigned long long mask_;
};

class coalesced_group : public warp_group {
public:
    explicit coalesced_group(unsigned long long mask) : warp_group(mask) {}
    template <class T>
    __attribute__((always_inline)) T shfl(T v, unsigned rank) const {
        return simt::cuda::shuffle_value(mask_, v, simt::cuda::Shuffle::Index, int(lane_of_rank(rank)), warpSize);
    }
    unsigned meta_group_rank() const { return 0; }
    unsigned meta_group_size() const { return 1; }
};

// Lanes that reach this point together (see Block::converged_lanes).
__attribute__((always_inline)) inline coalesced_group coalesced_threads(
    const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(), unsigned column = SIMT_CALL_COLUMN) {
    return coalesced_group(simt::cuda::converged_lanes_at(file, line, column));
}

template <unsigned N>
class thread_block_tile : public warp_group {
    static_assert(N >= 1 && N <= 64 && (N & (N - 1)) == 0, "tile sizes are powers of two up to 64");

public:
    // A tile of the block: its meta group is the block's tiles.
    thread_block_tile() : warp_group(detail::lanes_below(N) << (detail::lane() / N * N)) {}
    // A tile of a tile of `parent` threads: its meta group is the parent's
    // tiles (tiled_partition<4>(tile32) has 8, ranked within tile32).
    explicit thread_block_tile(unsigned parent) : thread_block_tile() { parent_ = parent; }
    static constexpr unsigned num_threads() { return N; }
    static constexpr unsigned size() { return N; }
    unsigned thread_rank() const { return detail::lane() % N; }
    unsigned meta_group_rank() const {
        return parent_ == 0 ? detail::linear_thread() / N : detail::linear_thread() % parent_ / N;
    }
    unsigned meta_group_size() const {
        if (parent_ != 0) return parent_ / N;
        const dim3 b = blockDim;
        return (b.x * b.y * b.z + N - 1) / N;
    }
    template <class T>
    __attribute__((always_inline)) T shfl(T v, int src) const {
        return simt::cuda::shuffle_value(mask_, v, simt::cuda::Shuffle::Index, src, int(N));
    }
    template <class T>
    __attribute__((always_inline)) T shfl_down(T v, unsigned delta) const {
        return simt::cuda::shuffle_value(mask_, v, simt::cuda::Shuffle::Down, int(delta), int(N));
    }
    template <class T>
    __attribute__((always_inline)) T shfl_up(T v, unsigned delta) const {
        return simt::cuda::shuffle_value(mask_, v, simt::cuda::Shuffle::Up, int(delta), int(N));
    }
    template <class T>
    __attribute__((always_inline)) T shfl_xor(T v, unsigned lane_mask) const {
        return simt::cuda::shuffle_value(mask_, v, simt::cuda::Shuffle::Xor, int(lane_mask), int(N));
    }
    unsigned ballot(int p) const {
        return unsigned(simt_ballot64(mask_, p) >> (detail::lane() / N * N));
    }

private:
    unsigned parent_ = 0;  // threads of the parent tile; 0: the parent is the block
};

template <unsigned N>
thread_block_tile<N> tiled_partition(const thread_block&) {
    return thread_block_tile<N>();
}
template <unsigned N, unsigned M>
thread_block_tile<N> tiled_partition(const thread_block_tile<M>&) {
    static_assert(N <= M, "a tile can only be split into smaller tiles");
    return thread_block_tile<N>(M);
}

template <class T = void>
struct plus {
    template <class U>
    U operator()(const U& a, const U& b) const { return a + b; }
};
template <class T = void>
struct less {
    template <class U>
    U operator()(const U& a, const U& b) const { return b < a ? b : a; }
};
template <class T = void>
struct greater {
    template <class U>
    U operator()(const U& a, const U& b) const { return a < b ? b : a; }
};
template <class T = void>
struct bit_and {
    template <class U>
    U operator()(const U& a, const U& b) const { return a & b; }
};
template <class T = void>
struct bit_or {
    template <class U>
    U operator()(const U& a, const U& b) const { return a | b; }
};
template <class T = void>
struct bit_xor {
    template <class U>
    U operator()(const U& a, const U& b) const { return a ^ b; }
};

// Butterfly reduction over a tile: every member gets the result.
template <unsigned N, class T, class Op>
T reduce(const thread_block_tile<N>& tile, T value, Op op) {
    for (unsigned offset = N / 2; offset > 0; offset /= 2) value = op(value, tile.shfl_xor(value, offset));
    return value;
}
// Over a coalesced group: gather to rank 0 in rank order, then broadcast.
template <class T, class Op>
T reduce(const coalesced_group& group, T value, Op op) {
    T result = group.shfl(value, 0);
    for (unsigned r = 1; r < group.size(); ++r) result = op(result, group.shfl(value, r));
    return result;
}

}  // namespace cooperative_groups
