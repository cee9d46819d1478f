// Warp shuffles, votes, match and reductions, on the engine's warp
// collective. Values travel as 64-bit patterns; the templates convert. The
// out-of-line functions take their own return address as the call site, so
// the inline wrappers here never look at theirs.
#pragma once

#include <cstdint>
#include <type_traits>

namespace simt::cuda {

enum class Shuffle : std::uint32_t { Index = 0, Up = 1, Down = 2, Xor = 3 };
enum class Vote : std::uint32_t { Ballot, All, Any };
enum class Match : std::uint32_t { Any, All };
enum class Reduce : std::uint32_t { Add, Min, Max, And, Or, Xor };

std::uint64_t shuffle(std::uint64_t mask, std::uint64_t bits, Shuffle kind, int lane_or_delta,
                      int width);
std::uint64_t vote(std::uint64_t mask, int predicate, Vote kind);
std::uint64_t match(std::uint64_t mask, std::uint64_t bits, Match kind, int* all_equal);
std::uint64_t reduce(std::uint64_t mask, std::uint64_t bits, Reduce kind, bool is_signed);

template <class T>
inline std::uint64_t to_bits(const T& v) {
    static_assert(sizeof(T) <= 8, "warp collectives move at most 8 bytes per lane");
    std::uint64_t bits = 0;
    __builtin_memcpy(&bits, &v, sizeof(T));
    return bits;
}
template <class T>
inline T from_bits(std::uint64_t bits) {
    T v;
    __builtin_memcpy(&v, &bits, sizeof(T));
    return v;
}

}  // namespace simt::cuda

#define SIMT_INLINE inline __attribute__((always_inline))

namespace simt::cuda {
// Any trivially copyable value: cooperative groups' shuffles take structs
// too (a tile's shfl_xor of a uint4). A GPU moves a larger one in 4-byte
// pieces, one shuffle each, all from the same source lane; here the pieces
// are 8 bytes, with the same result.
template <class T>
SIMT_INLINE T shuffle_value(unsigned long long mask, const T& v, Shuffle kind, int lane_or_delta, int width) {
    if constexpr (sizeof(T) <= 8) {
        return from_bits<T>(shuffle(mask, to_bits(v), kind, lane_or_delta, width));
    } else {
        static_assert(std::is_trivially_copyable_v<T>, "a group's shuffle moves trivially copyable values");
        unsigned char bytes[sizeof(T)];
        __builtin_memcpy(bytes, &v, sizeof(T));
        for (unsigned offset = 0; offset < sizeof(T); offset += 8) {
            const unsigned size = sizeof(T) - offset < 8 ? unsigned(sizeof(T) - offset) : 8u;
            std::uint64_t piece = 0;
            __builtin_memcpy(&piece, bytes + offset, size);
            piece = shuffle(mask, piece, kind, lane_or_delta, width);
            __builtin_memcpy(bytes + offset, &piece, size);
        }
        T result;
        __builtin_memcpy(&result, bytes, sizeof(T));
        return result;
    }
}
}  // namespace simt::cuda

// CUDA's shuffles take integers and floating-point values (and __half), not
// structs such as float2: nvcc rejects those, so simt does too.
#define SIMT_SHUFFLE_TYPE(T)                                                                      \
    static_assert(std::is_arithmetic_v<T>, "__shfl*_sync takes an int, unsigned, long, long long, " \
                                           "float or double (shuffle a struct's fields one by one)")

template <class T>
SIMT_INLINE T __shfl_sync(unsigned long long mask, T v, int src, int width = warpSize) {
    SIMT_SHUFFLE_TYPE(T);
    return simt::cuda::from_bits<T>(simt::cuda::shuffle(mask, simt::cuda::to_bits(v),
                                                        simt::cuda::Shuffle::Index, src, width));
}
template <class T>
SIMT_INLINE T __shfl_up_sync(unsigned long long mask, T v, unsigned delta, int width = warpSize) {
    SIMT_SHUFFLE_TYPE(T);
    return simt::cuda::from_bits<T>(simt::cuda::shuffle(mask, simt::cuda::to_bits(v),
                                                        simt::cuda::Shuffle::Up, int(delta), width));
}
template <class T>
SIMT_INLINE T __shfl_down_sync(unsigned long long mask, T v, unsigned delta, int width = warpSize) {
    SIMT_SHUFFLE_TYPE(T);
    return simt::cuda::from_bits<T>(simt::cuda::shuffle(mask, simt::cuda::to_bits(v),
                                                        simt::cuda::Shuffle::Down, int(delta),
                                                        width));
}
template <class T>
SIMT_INLINE T __shfl_xor_sync(unsigned long long mask, T v, int lane_mask, int width = warpSize) {
    SIMT_SHUFFLE_TYPE(T);
    return simt::cuda::from_bits<T>(simt::cuda::shuffle(mask, simt::cuda::to_bits(v),
                                                        simt::cuda::Shuffle::Xor, lane_mask, width));
}
SIMT_INLINE unsigned __ballot_sync(unsigned long long mask, int predicate) {
    return simt::cuda::mask32(simt::cuda::vote(mask, predicate, simt::cuda::Vote::Ballot));
}
// The 64-lane ballot for --warp-size 64 (AMD's __ballot is 64-bit).
SIMT_INLINE unsigned long long simt_ballot64(unsigned long long mask, int predicate) {
    return simt::cuda::vote(mask, predicate, simt::cuda::Vote::Ballot);
}
SIMT_INLINE int __all_sync(unsigned long long mask, int predicate) {
    return int(simt::cuda::vote(mask, predicate, simt::cuda::Vote::All));
}
SIMT_INLINE int __any_sync(unsigned long long mask, int predicate) {
    return int(simt::cuda::vote(mask, predicate, simt::cuda::Vote::Any));
}
template <class T>
SIMT_INLINE unsigned __match_any_sync(unsigned long long mask, T v) {
    return simt::cuda::mask32(simt::cuda::match(mask, simt::cuda::to_bits(v), simt::cuda::Match::Any, nullptr));
}
template <class T>
SIMT_INLINE unsigned __match_all_sync(unsigned long long mask, T v, int* pred) {
    return simt::cuda::mask32(simt::cuda::match(mask, simt::cuda::to_bits(v), simt::cuda::Match::All, pred));
}
// The 64-lane forms of the matches, for --warp-size 64.
template <class T>
SIMT_INLINE unsigned long long simt_match_any64(unsigned long long mask, T v) {
    return simt::cuda::match(mask, simt::cuda::to_bits(v), simt::cuda::Match::Any, nullptr);
}
template <class T>
SIMT_INLINE unsigned long long simt_match_all64(unsigned long long mask, T v, int* pred) {
    return simt::cuda::match(mask, simt::cuda::to_bits(v), simt::cuda::Match::All, pred);
}

#define SIMT_WARP_REDUCE(NAME, KIND)                                                           \
    SIMT_INLINE unsigned NAME(unsigned long long mask, unsigned v) {                          \
        return unsigned(simt::cuda::reduce(mask, v, simt::cuda::Reduce::KIND, false));                     \
    }                                                                                          \
    SIMT_INLINE int NAME(unsigned long long mask, int v) {                                    \
        return int(simt::cuda::reduce(mask, std::uint64_t(std::int64_t(v)),                   \
                                      simt::cuda::Reduce::KIND, true));                          \
    }
SIMT_WARP_REDUCE(__reduce_add_sync, Add)
SIMT_WARP_REDUCE(__reduce_min_sync, Min)
SIMT_WARP_REDUCE(__reduce_max_sync, Max)
SIMT_WARP_REDUCE(__reduce_and_sync, And)
SIMT_WARP_REDUCE(__reduce_or_sync, Or)
SIMT_WARP_REDUCE(__reduce_xor_sync, Xor)
#undef SIMT_WARP_REDUCE
