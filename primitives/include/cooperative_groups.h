// cooperative_groups on simt's block barrier and warp collectives:
// thread_group, this_thread_block, this_grid, tiled_partition (static and
// dynamic), thread_block_tile, coalesced_threads, labeled and binary
// partitions, invoke_one and cg::reduce (scans: cooperative_groups/scan.h).
// Tiles larger than a warp: cooperative_groups/large_tiles.h.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "simt/cuda.h"
#include "simt/grid_sync.h"

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
// The barrier of the caller's tile of `n` threads, n a multiple of the warp
// size (cooperative_groups/large_tiles.h).
inline void large_tile_sync(unsigned n);
}  // namespace detail

// Any group, as a value: what a function taking `const thread_group&`
// or a dynamic tiled_partition sees. Every group below is one, so the
// derived types convert by reference or by copy, as in CUDA.
class thread_group {
public:
    void sync() const {
        if (kind_ == kind::block)
            __syncthreads();
        else if (kind_ == kind::grid)
            simt::cuda::grid_sync();
        else if (kind_ == kind::large_tile)
            detail::large_tile_sync(unsigned(mask_));
        else
            __syncwarp(mask_);
    }
    unsigned long long size() const { return num_threads(); }
    unsigned long long num_threads() const {
        if (kind_ == kind::lanes) return unsigned(__builtin_popcountll(mask_));
        if (kind_ == kind::large_tile) return mask_;
        const dim3 b = blockDim, g = gridDim;
        const unsigned long long block = b.x * b.y * b.z;
        return kind_ == kind::block ? block : block * g.x * g.y * g.z;
    }
    unsigned long long thread_rank() const;

protected:
    enum class kind : unsigned char { block, grid, lanes, large_tile };
    thread_group(kind k, unsigned long long mask) : kind_(k), mask_(mask) {}
    kind kind_;
    // The warp's lanes in the group (kind::lanes); the tile's threads (kind::large_tile).
    unsigned long long mask_;
};

class thread_block : public thread_group {
public:
    thread_block() : thread_group(kind::block, 0) {}
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
class warp_group : public thread_group {
public:
    explicit warp_group(unsigned long long mask) : thread_group(kind::lanes, mask) {}
    unsigned long long mask() const { return mask_; }
    unsigned size() const { return unsigned(__builtin_popcountll(mask_)); }
    unsigned num_threads() const { return size(); }
    unsigned thread_rank() const {
        return unsigned(__builtin_popcountll(mask_ & detail::lanes_below(detail::lane())));
    }
    __attribute__((always_inline)) void sync() const { __syncwarp(mask_); }
    __attribute__((always_inline)) int any(int p) const { return __any_sync(mask_, p); }
    __attribute__((always_inline)) int all(int p) const { return __all_sync(mask_, p); }
    __attribute__((always_inline)) unsigned ballot(int p) const { return ranks(simt_ballot64(mask_, p)); }
    // Members holding the same value, as bits of their ranks in the group.
    template <class T>
    __attribute__((always_inline)) unsigned match_any(T value) const {
        return ranks(simt_match_any64(mask_, value));
    }
    template <class T>
    __attribute__((always_inline)) unsigned match_all(T value, int& predicate) const {
        return ranks(simt_match_all64(mask_, value, &predicate));
    }

protected:
    // The warp lane of the member with the given rank.
    unsigned lane_of_rank(unsigned rank) const {
        unsigned long long m = mask_;
        for (unsigned i = 0; i < rank && m != 0; ++i) m &= m - 1;
        return m == 0 ? detail::lane() : unsigned(__builtin_ctzll(m));
    }
    // Warp lanes as bits of ranks within the group, as CUDA numbers them.
    unsigned ranks(unsigned long long lanes) const {
        unsigned result = 0, rank = 0;
        for (unsigned long long m = mask_; m != 0; m &= m - 1, ++rank)
            if (lanes & (m & (~m + 1))) result |= 1u << rank;
        return result;
    }
};

inline unsigned long long thread_group::thread_rank() const {
    if (kind_ == kind::lanes) return unsigned(__builtin_popcountll(mask_ & detail::lanes_below(detail::lane())));
    const unsigned long long in_block = detail::linear_thread();
    if (kind_ == kind::large_tile) return in_block % mask_;
    if (kind_ == kind::block) return in_block;
    const dim3 b = blockDim, g = gridDim;
    const uint3 i = blockIdx;
    return (i.x + g.x * (i.y + g.y * i.z)) * (b.x * b.y * b.z) + in_block;
}

class coalesced_group : public warp_group {
public:
    explicit coalesced_group(unsigned long long mask) : warp_group(mask) {}
    template <class T>
    __attribute__((always_inline)) T shfl(T v, unsigned rank) const {
        return simt::cuda::shuffle_value(mask_, v, simt::cuda::Shuffle::Index, int(lane_of_rank(rank)), warpSize);
    }
    // By rank: a member with no member `delta` ranks away keeps its value.
    template <class T>
    __attribute__((always_inline)) T shfl_down(T v, unsigned delta) const {
        const unsigned rank = thread_rank() + delta;
        return shfl(v, rank < size() ? rank : thread_rank());
    }
    template <class T>
    __attribute__((always_inline)) T shfl_up(T v, unsigned delta) const {
        return shfl(v, thread_rank() >= delta ? thread_rank() - delta : thread_rank());
    }
    unsigned meta_group_rank() const { return 0; }
    unsigned meta_group_size() const { return 1; }
};

// Lanes that reach this point together (see Block::converged_lanes).
__attribute__((always_inline)) inline coalesced_group coalesced_threads(
    const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(), unsigned column = SIMT_CALL_COLUMN) {
    return coalesced_group(simt::cuda::converged_lanes_at(file, line, column));
}

// A tile of up to 32 threads lies within one warp (a 64-lane warp holds two);
// larger tiles span warps: the specialization in cooperative_groups/large_tiles.h.
// (CUDA's second parameter names the parent type; here it selects the kind.)
template <unsigned N, class Kind = void>
class thread_block_tile : public warp_group {
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tile sizes are powers of two up to 1024");

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

// The dynamic form: a tile of `size` threads (a power of two up to the warp
// size) of the block or of a tile, as a thread_group.
inline thread_group tiled_partition(const thread_group& parent, unsigned size) {
    if (size == 0 || (size & (size - 1)) != 0 || size > unsigned(warpSize))
        simt::cuda::group_misuse("tiled_partition(parent, n) takes a power of two no larger than the warp size");
    (void)parent;
    return warp_group(detail::lanes_below(size) << (detail::lane() / size * size));
}

}  // namespace cooperative_groups
#include "cooperative_groups/large_tiles.h"
namespace cooperative_groups {

template <unsigned N>
thread_block_tile<N> tiled_partition(const thread_block&) {
    return thread_block_tile<N>();
}
template <unsigned N, unsigned M>
thread_block_tile<N> tiled_partition(const thread_block_tile<M>&) {
    static_assert(N <= M, "a tile can only be split into smaller tiles");
    return thread_block_tile<N>(M);
}

// The members of a warp group holding the same label: one coalesced group
// per label (CUDA: labeled_partition on a tile or a coalesced group).
template <class Group, class = std::enable_if_t<std::is_base_of_v<warp_group, Group>>>
__attribute__((always_inline)) inline coalesced_group labeled_partition(const Group& group, int label) {
    return coalesced_group(simt_match_any64(group.mask(), label));
}
template <class Group, class = std::enable_if_t<std::is_base_of_v<warp_group, Group>>>
__attribute__((always_inline)) inline coalesced_group binary_partition(const Group& group, bool predicate) {
    const unsigned long long set = simt_ballot64(group.mask(), predicate);
    return coalesced_group(predicate ? set : group.mask() & ~set);
}

// The whole grid. Its sync() is a grid-wide barrier, valid in a kernel
// launched with cudaLaunchCooperativeKernel (elsewhere it is reported, as a
// GPU may hang there).
class grid_group : public thread_group {
public:
    grid_group() : thread_group(kind::grid, 0) {}
    __attribute__((always_inline)) void sync() const { simt::cuda::grid_sync(); }
    bool is_valid() const { return simt::cuda::in_cooperative_launch(); }
    unsigned long long num_blocks() const {
        const dim3 g = gridDim;
        return (unsigned long long)g.x * g.y * g.z;
    }
    unsigned long long block_rank() const {
        const dim3 g = gridDim;
        const uint3 b = blockIdx;
        return b.x + (unsigned long long)g.x * (b.y + (unsigned long long)g.y * b.z);
    }
    dim3 group_dim() const { return gridDim; }
    dim3 dim_blocks() const { return gridDim; }
    dim3 block_index() const { return dim3(blockIdx); }
    dim3 dim_threads() const {
        const dim3 b = blockDim, g = gridDim;
        return dim3(b.x * g.x, b.y * g.y, b.z * g.z);
    }
};
inline grid_group this_grid() { return grid_group(); }
__attribute__((always_inline)) inline void sync(const grid_group&) { simt::cuda::grid_sync(); }
__attribute__((always_inline)) inline void sync(const thread_group& group) { group.sync(); }

// One member (rank 0) calls `f`; the _broadcast form gives its result to
// every member.
template <class Group, class F, class... Args>
void invoke_one(const Group& group, F&& f, Args&&... args) {
    if (group.thread_rank() == 0) std::forward<F>(f)(std::forward<Args>(args)...);
    group.sync();
}
template <class Group, class F, class... Args>
auto invoke_one_broadcast(const Group& group, F&& f, Args&&... args) {
    using R = decltype(std::forward<F>(f)(std::forward<Args>(args)...));
    R result{};
    if (group.thread_rank() == 0) result = std::forward<F>(f)(std::forward<Args>(args)...);
    return group.shfl(result, 0);
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
    if constexpr (N > 32) {
        return detail::large_tile_reduce(N, value, op);
    } else {
        for (unsigned offset = N / 2; offset > 0; offset /= 2) value = op(value, tile.shfl_xor(value, offset));
        return value;
    }
}
// Over a coalesced group: gather to rank 0 in rank order, then broadcast.
template <class T, class Op>
T reduce(const coalesced_group& group, T value, Op op) {
    T result = group.shfl(value, 0);
    for (unsigned r = 1; r < group.size(); ++r) result = op(result, group.shfl(value, r));
    return result;
}

}  // namespace cooperative_groups
