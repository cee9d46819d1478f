// Shuffles, votes, match and warp reductions as combine functions over the
// engine's warp collective: every lane named in the mask contributes a value
// (and an argument), and each lane's result is computed from all of them.
#include <cstdint>
#include <string>

#include "emulator/device_context.h"
#include "emulator/symbolizer.h"
#include "simt/cuda.h"
#include "value_flow.h"

using simt::WarpExchange;
namespace device = simt::device;

namespace simt::cuda {
namespace {

// A shuffle's per-lane argument: the source lane / delta / xor mask, of
// which the hardware uses only the bits that name a lane (the low 5 of a
// 32-lane warp: -2 is lane 30, a delta of 33 is 1), then the width (8 bits).
std::uint32_t pack(int lane_or_delta, int width, unsigned warp_size) {
    return (std::uint32_t(lane_or_delta) & (warp_size - 1)) | (std::uint32_t(width) << 16);
}
unsigned amount(std::uint32_t arg) { return arg & 0xffffu; }
unsigned width_of(std::uint32_t arg) { return arg >> 16; }

// The source lane as PTX's shfl.sync computes it (with CUDA's clamp value
// for each kind), or `lane` itself when the source is out of range (CUDA
// then returns the caller's own value). A 64-lane warp uses 6 bits alike.
// Note xor: a source below the segment is read (CUDA's "earlier group").
template <Shuffle Kind>
unsigned source_lane(unsigned lane, std::uint32_t arg) {
    const unsigned width = width_of(arg);
    const unsigned base = lane & ~(width - 1);  // minLane
    const unsigned last = base + width - 1;     // maxLane for idx, down and xor
    const unsigned n = amount(arg);
    switch (Kind) {
        case Shuffle::Index: return base | (n & (width - 1));
        case Shuffle::Up: return lane >= base + n ? lane - n : lane;
        case Shuffle::Down: return lane + n <= last ? lane + n : lane;
        case Shuffle::Xor: return (lane ^ n) <= last ? lane ^ n : lane;
    }
    return lane;
}

template <Shuffle Kind>
std::uint64_t combine_shuffle(const WarpExchange& x, unsigned lane) {
    const unsigned src = source_lane<Kind>(lane, x.arg[lane]);
    // A source that did not take part has no defined value on a GPU; the
    // caller keeps its own (the shuffle checker reports this case).
    if (((x.participants & x.mask[lane]) >> src & 1) == 0) return x.value[lane];
    return x.value[src];
}

// The lanes a lane's result is computed over: those of its own mask.
std::uint64_t group(const WarpExchange& x, unsigned lane) { return x.participants & x.mask[lane]; }

std::uint64_t combine_ballot(const WarpExchange& x, unsigned lane) {
    std::uint64_t bits = 0;
    for (std::uint64_t m = group(x, lane); m != 0; m &= m - 1) {
        const unsigned lane = unsigned(__builtin_ctzll(m));
        if (x.value[lane] != 0) bits |= std::uint64_t(1) << lane;
    }
    return bits;
}
std::uint64_t combine_all(const WarpExchange& x, unsigned lane) {
    return combine_ballot(x, lane) == group(x, lane) ? 1 : 0;
}
std::uint64_t combine_any(const WarpExchange& x, unsigned lane) {
    return combine_ballot(x, lane) != 0 ? 1 : 0;
}
std::uint64_t combine_match_any(const WarpExchange& x, unsigned lane) {
    std::uint64_t same = 0;
    for (std::uint64_t m = group(x, lane); m != 0; m &= m - 1) {
        const unsigned other = unsigned(__builtin_ctzll(m));
        if (x.value[other] == x.value[lane]) same |= std::uint64_t(1) << other;
    }
    return same;
}
std::uint64_t combine_match_all(const WarpExchange& x, unsigned lane) {
    return combine_match_any(x, lane) == group(x, lane) ? group(x, lane) : 0;
}

template <Reduce Kind>
std::uint64_t combine_reduce(const WarpExchange& x, unsigned lane) {
    const bool is_signed = x.arg[lane] != 0;
    std::uint64_t m = group(x, lane);
    std::uint64_t acc = x.value[__builtin_ctzll(m)];
    for (m &= m - 1; m != 0; m &= m - 1) {
        const std::uint64_t v = x.value[__builtin_ctzll(m)];
        switch (Kind) {
            case Reduce::Add: acc = std::uint64_t(std::uint32_t(acc + v)); break;
            case Reduce::Min:
                acc = is_signed ? (std::int32_t(v) < std::int32_t(acc) ? v : acc) : (std::uint32_t(v) < std::uint32_t(acc) ? v : acc);
                break;
            case Reduce::Max:
                acc = is_signed ? (std::int32_t(v) > std::int32_t(acc) ? v : acc) : (std::uint32_t(v) > std::uint32_t(acc) ? v : acc);
                break;
            case Reduce::And: acc &= v; break;
            case Reduce::Or: acc |= v; break;
            case Reduce::Xor: acc ^= v; break;
        }
    }
    return std::uint32_t(acc);
}

}  // namespace

std::uint64_t shuffle(std::uint64_t mask, std::uint64_t bits, Shuffle kind, int lane_or_delta,
                      int width) {
    const void* pc = __builtin_return_address(0);
    const int ws = int(device::warp_size());
    if (width <= 0 || width > ws || (width & (width - 1)) != 0)
        device::fail(FaultKind::WarpSync,
                     "shuffle width " + std::to_string(width) + " at " + describe(pc) +
                         " is not a power of two between 1 and the warp size (" +
                         std::to_string(ws) + ")");
    const std::uint32_t arg = pack(lane_or_delta, width, unsigned(ws));
    std::uint64_t participants = 0;
    std::uint64_t result = bits;
    unsigned source = 0;
    const unsigned lane = device::thread().lane;
    switch (kind) {
        case Shuffle::Index:
            result = device::warp_collective(&combine_shuffle<Shuffle::Index>, mask, bits, arg, pc, &participants);
            source = source_lane<Shuffle::Index>(lane, arg);
            break;
        case Shuffle::Up:
            result = device::warp_collective(&combine_shuffle<Shuffle::Up>, mask, bits, arg, pc, &participants);
            source = source_lane<Shuffle::Up>(lane, arg);
            break;
        case Shuffle::Down:
            result = device::warp_collective(&combine_shuffle<Shuffle::Down>, mask, bits, arg, pc, &participants);
            source = source_lane<Shuffle::Down>(lane, arg);
            break;
        case Shuffle::Xor:
            result = device::warp_collective(&combine_shuffle<Shuffle::Xor>, mask, bits, arg, pc, &participants);
            source = source_lane<Shuffle::Xor>(lane, arg);
            break;
    }
    // Tell the checkers what the value is worth: the caller's own value
    // because the source fell outside the segment, or an undefined one
    // because the source was not an active lane of the mask.
    ShuffleEvent event;
    event.who = device::thread();
    event.pc = pc;
    event.mask = mask;
    event.width = unsigned(width);
    const unsigned n = amount(arg);  // what the hardware uses of lane_or_delta
    event.source_lane = kind == Shuffle::Up     ? int(lane) - int(n)
                        : kind == Shuffle::Down ? int(lane) + int(n)
                        : kind == Shuffle::Xor  ? int(lane ^ n)
                                                : int(source);
    if (source == lane && event.source_lane != int(lane))
        event.source = ShuffleSource::OutsideSegment;
    else if ((mask >> source & 1) == 0)
        event.source = ShuffleSource::NotInMask;
    else if ((participants >> source & 1) == 0)
        event.source = ShuffleSource::Inactive;
    if (event.source == ShuffleSource::Taken) return result;
    device::shuffle_observed(event);
    return value_flow::untaken_value(result, pc, event.source, lane);
}

unsigned mask32(unsigned long long lanes) {
    if ((lanes >> 32) != 0 && device::in_kernel()) {
        const unsigned lost = 32 + unsigned(__builtin_ctzll(lanes >> 32));
        device::warp_misuse(
            WarpMisuseEvent{device::thread(), WarpMisuse::TruncatedMask, lanes, __builtin_return_address(0), nullptr, lost});
    }
    return unsigned(lanes);
}

std::uint64_t vote(std::uint64_t mask, int predicate, Vote kind) {
    const void* pc = __builtin_return_address(0);
    const std::uint64_t p = predicate != 0 ? 1 : 0;
    switch (kind) {
        case Vote::Ballot: return device::warp_collective(&combine_ballot, mask, p, 0, pc);
        case Vote::All: return device::warp_collective(&combine_all, mask, p, 0, pc);
        case Vote::Any: return device::warp_collective(&combine_any, mask, p, 0, pc);
    }
    return 0;
}

std::uint64_t match(std::uint64_t mask, std::uint64_t bits, Match kind, int* all_equal) {
    const void* pc = __builtin_return_address(0);
    if (kind == Match::Any) return device::warp_collective(&combine_match_any, mask, bits, 0, pc);
    const std::uint64_t r = device::warp_collective(&combine_match_all, mask, bits, 0, pc);
    if (all_equal != nullptr) *all_equal = r != 0 ? 1 : 0;
    return r;
}

std::uint64_t reduce(std::uint64_t mask, std::uint64_t bits, Reduce kind, bool is_signed) {
    const void* pc = __builtin_return_address(0);
    const std::uint32_t arg = is_signed ? 1 : 0;
    switch (kind) {
        case Reduce::Add: return device::warp_collective(&combine_reduce<Reduce::Add>, mask, bits, arg, pc);
        case Reduce::Min: return device::warp_collective(&combine_reduce<Reduce::Min>, mask, bits, arg, pc);
        case Reduce::Max: return device::warp_collective(&combine_reduce<Reduce::Max>, mask, bits, arg, pc);
        case Reduce::And: return device::warp_collective(&combine_reduce<Reduce::And>, mask, bits, arg, pc);
        case Reduce::Or: return device::warp_collective(&combine_reduce<Reduce::Or>, mask, bits, arg, pc);
        case Reduce::Xor: return device::warp_collective(&combine_reduce<Reduce::Xor>, mask, bits, arg, pc);
    }
    return 0;
}

}  // namespace simt::cuda
