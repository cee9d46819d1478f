#include "emulator/launch_turns.h"

namespace simt {

LaunchTurns::LaunchTurns(std::uint64_t blocks, std::uint64_t resident_limit)
    : state_(blocks, State::Unclaimed), unfinished_(blocks), resident_limit_(resident_limit == 0 ? 1 : resident_limit) {}

void LaunchTurns::wait_for_turn(std::uint64_t block) {
    std::unique_lock<std::mutex> lock(mutex_);
    change_.wait(lock, [&] { return turn_ == block; });
}

bool LaunchTurns::wait_to_resume(std::uint64_t block) {
    std::unique_lock<std::mutex> lock(mutex_);
    change_.wait(lock, [&] { return turn_ == block || deadlocked_; });
    if (deadlocked_) return false;
    state_[block] = State::Running;
    return true;
}

bool LaunchTurns::unclaimed_left() {
    std::lock_guard<std::mutex> lock(mutex_);
    return next_claim_ < state_.size();
}

void LaunchTurns::finished(std::uint64_t block) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (state_[block] == State::Finished) return;
    if (state_[block] != State::Unclaimed) --resident_;
    state_[block] = State::Finished;
    --unfinished_;
    stalls_without_progress_ = 0;
    if (turn_ == block) pass_turn(block);
    changed();
}

void LaunchTurns::stalled(std::uint64_t block, bool progress) {
    std::lock_guard<std::mutex> lock(mutex_);
    state_[block] = State::Stalled;
    stalls_without_progress_ = progress ? 0 : stalls_without_progress_ + 1;
    // Every unfinished block stalled in a row and none got further: nothing
    // can change what they poll. (Blocks not yet started could: only when
    // none may start is it final.)
    const bool none_can_start = next_claim_ == state_.size() || resident_ >= resident_limit_;
    if (stalls_without_progress_ >= resident_ && none_can_start && !deadlocked_) {
        deadlocked_ = true;
        residency_exhausted_ = next_claim_ < state_.size();
    }
    if (turn_ == block) pass_turn(block);
    changed();
}

// To the next unfinished block after `from`, wrapping around; past a block
// not yet started while no more may be resident.
void LaunchTurns::pass_turn(std::uint64_t from) {
    const std::uint64_t n = state_.size();
    if (unfinished_ == 0) return;
    const bool full = resident_ >= resident_limit_;
    for (std::uint64_t step = 1; step <= n; ++step) {
        const std::uint64_t b = (from + step) % n;
        if (state_[b] != State::Finished && !(full && state_[b] == State::Unclaimed)) {
            turn_ = b;
            return;
        }
    }
}

std::optional<std::uint64_t> LaunchTurns::claim(std::uint64_t first_failure, bool& all_claimed) {
    std::lock_guard<std::mutex> lock(mutex_);
    while (next_claim_ < state_.size() && next_claim_ > first_failure) {
        // Past the first failing block: never started, never waited for.
        state_[next_claim_] = State::Finished;
        --unfinished_;
        if (turn_ == next_claim_) pass_turn(next_claim_);
        ++next_claim_;
        changed();
    }
    all_claimed = next_claim_ == state_.size();
    if (all_claimed || resident_ >= resident_limit_) return std::nullopt;
    state_[next_claim_] = State::Running;
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
