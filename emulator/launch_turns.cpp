#include "emulator/launch_turns.h"

#include <algorithm>

namespace simt {

LaunchTurns::LaunchTurns(std::uint64_t blocks, std::uint64_t resident_limit)
    : blocks_(blocks), unfinished_(blocks), resident_limit_(resident_limit == 0 ? 1 : resident_limit) {}

LaunchTurns::State LaunchTurns::state(std::uint64_t block) const {
    if (block >= next_claim_) return State::Unclaimed;
    const auto it = resident_state_.find(block);
    return it == resident_state_.end() ? State::Finished : it->second;
}

void LaunchTurns::wait_for_turn(std::uint64_t block) {
    std::unique_lock<std::mutex> lock(mutex_);
    change_.wait(lock, [&] { return turn_ == block; });
}

bool LaunchTurns::wait_to_resume(std::uint64_t block) {
    std::unique_lock<std::mutex> lock(mutex_);
    change_.wait(lock, [&] { return turn_ == block || deadlocked_; });
    if (deadlocked_) return false;
    resident_state_[block] = State::Running;
    return true;
}

bool LaunchTurns::unclaimed_left() {
    std::lock_guard<std::mutex> lock(mutex_);
    return next_claim_ < blocks_;
}

void LaunchTurns::finished(std::uint64_t block) {
    std::lock_guard<std::mutex> lock(mutex_);
    const State was = state(block);
    if (was == State::Finished) return;
    if (was != State::Unclaimed) --resident_;
    resident_state_.erase(block);
    --unfinished_;
    stalls_without_progress_ = 0;
    if (turn_ == block) pass_turn(block);
    changed();
}

void LaunchTurns::stalled(std::uint64_t block, bool progress) {
    std::lock_guard<std::mutex> lock(mutex_);
    resident_state_[block] = State::Stalled;
    stalls_without_progress_ = progress ? 0 : stalls_without_progress_ + 1;
    // Every unfinished block stalled in a row and none got further: nothing
    // can change what they poll. (Blocks not yet started could: only when
    // none may start is it final.)
    const bool none_can_start = next_claim_ == blocks_ || resident_ >= resident_limit_;
    if (stalls_without_progress_ >= resident_ && none_can_start && !deadlocked_) {
        deadlocked_ = true;
        residency_exhausted_ = next_claim_ < blocks_;
    }
    if (turn_ == block) pass_turn(block);
    changed();
}

// To the next unfinished block after `from`, wrapping around; past a block
// not yet started while no more may be resident.
void LaunchTurns::pass_turn(std::uint64_t from) {
    if (unfinished_ == 0) return;
    const bool full = resident_ >= resident_limit_;
    // The first candidate at or after `start`: a resident block, or (while
    // another may be resident) the first block not yet started.
    const auto first_from = [&](std::uint64_t start) -> std::optional<std::uint64_t> {
        std::optional<std::uint64_t> best;
        if (auto it = resident_state_.lower_bound(start); it != resident_state_.end()) best = it->first;
        const std::uint64_t unclaimed = std::max(start, next_claim_);
        if (!full && unclaimed < blocks_ && (!best || unclaimed < *best)) best = unclaimed;
        return best;
    };
    if (auto b = first_from(from + 1)) {
        turn_ = *b;
    } else if (auto w = first_from(0)) {  // wrapping around, `from` itself included
        turn_ = *w;
    }
}

std::optional<std::uint64_t> LaunchTurns::claim(std::uint64_t first_failure, bool& all_claimed) {
    std::lock_guard<std::mutex> lock(mutex_);
    while (next_claim_ < blocks_ && next_claim_ > first_failure) {
        // Past the first failing block: never started, never waited for.
        --unfinished_;
        ++next_claim_;  // now finished
        if (turn_ == next_claim_ - 1) pass_turn(next_claim_ - 1);
        changed();
    }
    all_claimed = next_claim_ == blocks_;
    if (all_claimed || resident_ >= resident_limit_) return std::nullopt;
    resident_state_[next_claim_] = State::Running;
    ++resident_;
    return next_claim_++;
}

bool LaunchTurns::residency_exhausted() {
    std::lock_guard<std::mutex> lock(mutex_);
    return residency_exhausted_;
}

std::uint64_t LaunchTurns::changes() {
    std::lock_guard<std::mutex> lock(mutex_);
    return changes_;
}

void LaunchTurns::wait_for_change(std::uint64_t seen) {
    std::unique_lock<std::mutex> lock(mutex_);
    change_.wait(lock, [&] { return changes_ != seen; });
}

void LaunchTurns::changed() {
    ++changes_;
    change_.notify_all();
}

}  // namespace simt
