// What checkers keep per block. A worker thread runs one block at a time and
// every event of that block arrives on it, so a checker's state for "the
// block being run" lives per worker thread, keyed by the checker instance.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "emulator/checker.h"

namespace simt::check {

template <class State>
class PerBlockState {
public:
    // Called for every event: the last answer is kept (a deque keeps the
    // states where they are when another owner adds one). Inline up to the
    // last answer; the look-up after another owner's is out of line.
    // initial-exec: read with no __tls_get_addr, which, in position-
    // independent code, the compiler counts as a call on the access path.
    [[gnu::always_inline]] State& current() const {
        if (last_owner() == this) [[likely]]
            return *last_state();
        return find();
    }
    // The state if it is the last answer, else nullptr: for a path that must
    // call nothing (the look-up is a call), and takes another when it fails.
    [[gnu::always_inline]] State* cached() const { return last_owner() == this ? last_state() : nullptr; }

private:
    static const PerBlockState*& last_owner() {
        [[gnu::tls_model("initial-exec")]] thread_local const PerBlockState* owner = nullptr;
        return owner;
    }
    static State*& last_state() {
        [[gnu::tls_model("initial-exec")]] thread_local State* state = nullptr;
        return state;
    }
    [[gnu::noinline]] State& find() const {
        thread_local std::deque<std::pair<const PerBlockState*, State>> states;
        last_owner() = this;
        for (auto& [owner, s] : states) {
            if (owner == this) {
                last_state() = &s;
                return s;
            }
        }
        states.emplace_back(this, State{});
        last_state() = &states.back().second;
        return *last_state();
    }
};

// A number no earlier block had: shadow cells tagged with it need no clearing.
inline std::uint64_t new_block_generation() {
    static std::uint64_t counter = 0;
    return __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED);
}

inline std::uint64_t linear_block(const LaunchInfo& launch, const Dim3& block) {
    return block.x + std::uint64_t(launch.grid.x) * (block.y + std::uint64_t(launch.grid.y) * block.z);
}

}  // namespace simt::check
