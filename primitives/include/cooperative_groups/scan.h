// cg::inclusive_scan and cg::exclusive_scan over a tile or a coalesced
// group: each member gets the combination of the values of the members of
// lower rank (and its own, inclusive).
// CUDA leaves rank 0's exclusive result unspecified for other operators
// than plus; here it is T{} for every operator.
#pragma once

#include "cooperative_groups.h"

namespace cooperative_groups {

// Hillis-Steele over the tile's lanes: log2(N) shuffles (tiles larger than a
// warp: cooperative_groups/large_tiles.h).
template <unsigned N, class T, class Op = plus<T>>
T inclusive_scan(const thread_block_tile<N>& tile, T value, Op op = Op()) {
    if constexpr (N > 32) {
        return detail::large_tile_scan(N, value, op, true);
    } else {
        for (unsigned offset = 1; offset < N; offset *= 2) {
            const T other = tile.shfl_up(value, offset);
            if (tile.thread_rank() >= offset) value = op(value, other);
        }
        return value;
    }
}
// Over a coalesced group, by rank.
template <class T, class Op = plus<T>>
T inclusive_scan(const coalesced_group& group, T value, Op op = Op()) {
    for (unsigned offset = 1; offset < group.size(); offset *= 2) {
        const T other = group.shfl_up(value, offset);
        if (group.thread_rank() >= offset) value = op(value, other);
    }
    return value;
}

template <class Group, class T, class Op = plus<T>>
T exclusive_scan(const Group& group, T value, Op op = Op()) {
    if constexpr (detail::is_large_tile<Group>::value) {
        return detail::large_tile_scan(Group::size(), value, op, false);
    } else {
        const T inclusive = inclusive_scan(group, value, op);
        const T previous = group.shfl_up(inclusive, 1);
        return group.thread_rank() == 0 ? T{} : previous;
    }
}

}  // namespace cooperative_groups
