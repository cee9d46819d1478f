// Tiles of 64 to 1024 threads (tiled_partition<128>(block)): each spans
// whole warps. Included by cooperative_groups.h, after the warp tiles.
//
// Written as kernel code, as simt/grid_sync.h is: the warps of a tile meet
// on two words of shared memory (one leader lane per warp, atomics), so the
// engine sees a warp wait for the others and runs them. Values cross warps
// through one 8-byte slot per warp, in 8-byte pieces, by atomics: the race
// checker orders shared memory only by block barriers and warp collectives,
// so these words must not look like plain accesses.
// A tile as large as the block syncs with __syncthreads(), which the race
// checker sees. A smaller tile's sync() orders the program's own shared
// accesses between its warps for the engine but not for the race checker:
// data handed across warps through such a sync alone is reported as a race
// (a GPU's named barrier, bar.sync with a count, has no engine counterpart yet).
//
// block_tile_memory is accepted and unused: simt keeps these words in its
// own shared variable, as GPUs of compute capability 8.0 and later keep the
// barrier in hardware.
#pragma once

#include <cstring>
#include <type_traits>

namespace cooperative_groups {

template <unsigned MaxBlockSize = 1024>
struct block_tile_memory {
    static_assert(MaxBlockSize >= 1 && MaxBlockSize <= 1024, "block_tile_memory<MaxBlockSize>: at most 1024 threads");
    unsigned char unused[sizeof(unsigned)];
};
template <unsigned MaxBlockSize>
inline thread_block this_thread_block(block_tile_memory<MaxBlockSize>&) {
    return thread_block();
}

namespace detail {

// A block holds at most 1024 threads: 16 tiles of 64, 8 of 128, ... 1 of
// 1024 (31 barriers); 32 warps of 32.
constexpr unsigned large_tile_barriers = 31;
constexpr unsigned warps_per_block = 32;

struct large_tile_words {
    // Per tile: warps arrived, barriers completed. Tiles of different sizes
    // overlap and may sync at once (a tile of 64 while its warps' tile of 128
    // gathers the others), so each size has its own.
    unsigned barrier[large_tile_barriers][2];
    // Per warp: the piece its leader (or a broadcast's source) publishes. A
    // warp writes only its own slot, and only while in one collective.
    unsigned long long slots[warps_per_block];
};
// Tiles of 64 come first, then those of 128, ...
inline unsigned barrier_of_tile(unsigned n) {
    unsigned first = 0;
    for (unsigned size = 64; size < n; size *= 2) first += 1024 / size;
    return first + linear_thread() / n;
}
inline large_tile_words& large_tile_state() {
    __shared__ large_tile_words words;
    return words;
}

inline unsigned warp_in_block() { return linear_thread() / unsigned(warpSize); }
inline unsigned long long whole_warp() { return lanes_below(unsigned(warpSize)); }

// Refuses shapes a GPU refuses or would run with partial warps in a tile.
inline void check_large_tile(unsigned n) {
    const dim3 b = blockDim;
    const unsigned threads = b.x * b.y * b.z;
    if (n % unsigned(warpSize) != 0)
        simt::cuda::group_misuse("tiled_partition<N>: a tile larger than 32 threads must be a whole number of warps");
    if (threads % n != 0)
        simt::cuda::group_misuse("tiled_partition<N>: a tile larger than a warp needs a block of a multiple of N "
                                 "threads (a GPU's tile would have missing warps, and its sync would hang)");
}

inline void large_tile_sync(unsigned n) {
    const dim3 b = blockDim;
    if (n == b.x * b.y * b.z) {
        __syncthreads();
        return;
    }
    __syncwarp(whole_warp());
    if (lane() == 0) {
        unsigned* words = large_tile_state().barrier[barrier_of_tile(n)];
        const unsigned warps = n / unsigned(warpSize);
        const unsigned generation = atomicAdd(&words[1], 0u);
        __threadfence_block();
        if (atomicAdd(&words[0], 1u) == warps - 1) {
            atomicExch(&words[0], 0u);
            __threadfence_block();
            atomicAdd(&words[1], 1u);
        } else {
            while (atomicAdd(&words[1], 0u) == generation) {
            }
        }
        __threadfence_block();
    }
    __syncwarp(whole_warp());
}

// Every member of the tile gets `value` as held by the member of rank `source`.
template <class T>
T large_tile_broadcast(unsigned n, const T& value, unsigned source) {
    static_assert(std::is_trivially_copyable_v<T>, "a tile's shfl moves trivially copyable values");
    large_tile_words& s = large_tile_state();
    const unsigned slot = (linear_thread() / n * n + source) / unsigned(warpSize);
    const bool owner = linear_thread() % n == source;
    T result;
    for (unsigned offset = 0; offset < sizeof(T); offset += 8) {
        const unsigned bytes = sizeof(T) - offset < 8 ? unsigned(sizeof(T) - offset) : 8u;
        if (owner) {
            unsigned long long piece = 0;
            std::memcpy(&piece, reinterpret_cast<const unsigned char*>(&value) + offset, bytes);
            atomicExch(&s.slots[slot], piece);
        }
        large_tile_sync(n);
        const unsigned long long piece = atomicAdd(&s.slots[slot], 0ull);
        std::memcpy(reinterpret_cast<unsigned char*>(&result) + offset, &piece, bytes);
        large_tile_sync(n);
    }
    return result;
}

// Each warp's leader publishes the warp's `value`; every member gets all the
// tile's warps' values, in warp order, as T objects in `parts`.
template <class T>
void large_tile_gather(unsigned n, const T& value, unsigned char* parts) {
    static_assert(std::is_trivially_copyable_v<T>, "a tile's collectives move trivially copyable values");
    large_tile_words& s = large_tile_state();
    const unsigned warps = n / unsigned(warpSize);
    const unsigned first = linear_thread() / n * warps;
    for (unsigned offset = 0; offset < sizeof(T); offset += 8) {
        const unsigned bytes = sizeof(T) - offset < 8 ? unsigned(sizeof(T) - offset) : 8u;
        if (lane() == 0) {
            unsigned long long piece = 0;
            std::memcpy(&piece, reinterpret_cast<const unsigned char*>(&value) + offset, bytes);
            atomicExch(&s.slots[warp_in_block()], piece);
        }
        large_tile_sync(n);
        for (unsigned w = 0; w < warps; ++w) {
            const unsigned long long piece = atomicAdd(&s.slots[first + w], 0ull);
            std::memcpy(parts + w * sizeof(T) + offset, &piece, bytes);
        }
        large_tile_sync(n);
    }
}
template <class T>
T part(const unsigned char* parts, unsigned i) {
    T v;
    std::memcpy(&v, parts + i * sizeof(T), sizeof(T));
    return v;
}

// Combines the members' values with `op`: within each warp by a butterfly,
// then the warps' results in warp order. Every member gets the result.
template <class T, class Op>
T large_tile_reduce(unsigned n, T value, Op op) {
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        value = op(value, simt::cuda::shuffle_value(whole_warp(), value, simt::cuda::Shuffle::Xor, offset, warpSize));
    alignas(T) unsigned char parts[warps_per_block * sizeof(T)];
    large_tile_gather(n, value, parts);
    T result = part<T>(parts, 0);
    for (unsigned w = 1; w < n / unsigned(warpSize); ++w) result = op(result, part<T>(parts, w));
    return result;
}

// Each member gets the combination of the values of the members of lower
// rank, and its own when `inclusive` (exclusive: T{} for rank 0): a scan
// within the warp, then the totals of the tile's earlier warps in front.
template <class T, class Op>
T large_tile_scan(unsigned n, T value, Op op, bool inclusive) {
    const unsigned my_lane = lane();
    for (int offset = 1; offset < warpSize; offset *= 2) {
        const T other = simt::cuda::shuffle_value(whole_warp(), value, simt::cuda::Shuffle::Up, offset, warpSize);
        if (my_lane >= unsigned(offset)) value = op(other, value);
    }
    const T total = simt::cuda::shuffle_value(whole_warp(), value, simt::cuda::Shuffle::Index, warpSize - 1, warpSize);
    const T previous = simt::cuda::shuffle_value(whole_warp(), value, simt::cuda::Shuffle::Up, 1, warpSize);
    alignas(T) unsigned char parts[warps_per_block * sizeof(T)];
    large_tile_gather(n, total, parts);
    const unsigned mine = linear_thread() % n / unsigned(warpSize);
    T before{};
    if (mine > 0) {
        before = part<T>(parts, 0);
        for (unsigned w = 1; w < mine; ++w) before = op(before, part<T>(parts, w));
    }
    if (inclusive) return mine == 0 ? value : op(before, value);
    if (my_lane == 0) return before;
    return mine == 0 ? previous : op(before, previous);
}

template <class Group>
struct is_large_tile : std::false_type {};

}  // namespace detail

template <unsigned N>
class thread_block_tile<N, std::enable_if_t<(N > 32)>> : public thread_group {
    static_assert(N <= 1024 && (N & (N - 1)) == 0, "tile sizes are powers of two up to 1024");

public:
    thread_block_tile() : thread_group(kind::large_tile, N) { detail::check_large_tile(N); }
    // A tile of a larger tile of `parent` threads: its meta group is the parent's tiles.
    explicit thread_block_tile(unsigned parent) : thread_block_tile() { parent_ = parent; }
    static constexpr unsigned num_threads() { return N; }
    static constexpr unsigned size() { return N; }
    unsigned thread_rank() const { return detail::linear_thread() % N; }
    unsigned meta_group_rank() const {
        return parent_ == 0 ? detail::linear_thread() / N : detail::linear_thread() % parent_ / N;
    }
    unsigned meta_group_size() const {
        if (parent_ != 0) return parent_ / N;
        const dim3 b = blockDim;
        return b.x * b.y * b.z / N;
    }
    void sync() const { detail::large_tile_sync(N); }
    template <class T>
    T shfl(T value, unsigned source_rank) const {
        return detail::large_tile_broadcast(N, value, source_rank % N);
    }
    int any(int predicate) const {
        return detail::large_tile_reduce(N, __any_sync(detail::whole_warp(), predicate), [](int a, int b) { return a | b; });
    }
    int all(int predicate) const {
        return detail::large_tile_reduce(N, __all_sync(detail::whole_warp(), predicate), [](int a, int b) { return a & b; });
    }

private:
    unsigned parent_ = 0;  // threads of the parent tile; 0: the parent is the block
};

namespace detail {
template <unsigned N>
struct is_large_tile<thread_block_tile<N, std::enable_if_t<(N > 32)>>> : std::true_type {};
}  // namespace detail

}  // namespace cooperative_groups
