#include "emulator/schedule_policy.h"

namespace simt {

IndependentPolicy::IndependentPolicy(std::uint32_t threads, std::uint64_t seed,
                                     unsigned mean_quantum)
    : position_(threads, kNotReady), random_(seed),
      mean_quantum_(mean_quantum == 0 ? 1 : mean_quantum) {
    ready_.reserve(threads);
    free_accesses_ = draw_quantum() - 1;
}

std::uint32_t IndependentPolicy::draw_quantum() { return 1 + random_.below(2 * mean_quantum_); }

void IndependentPolicy::make_ready(std::uint32_t thread) {
    if (position_[thread] != kNotReady) return;
    position_[thread] = std::uint32_t(ready_.size());
    ready_.push_back(thread);
}

void IndependentPolicy::make_waiting(std::uint32_t thread) {
    std::uint32_t at = position_[thread];
    if (at == kNotReady) return;
    std::uint32_t last = ready_.back();
    ready_[at] = last;
    position_[last] = at;
    ready_.pop_back();
    position_[thread] = kNotReady;
}

std::int64_t IndependentPolicy::pick() {
    if (ready_.empty()) return -1;
    return ready_[random_.below(std::uint32_t(ready_.size()))];
}

// The last access of a quantum: draw the next one and let another thread in.
bool IndependentPolicy::yield_at_access(std::uint32_t, bool) {
    free_accesses_ = draw_quantum() - 1;
    return ready_.size() > 1;
}

LockstepPolicy::LockstepPolicy(std::uint32_t threads, unsigned warp_size)
    : warp_size_(warp_size), stored_(threads, false), ready_((threads + warp_size - 1) / warp_size, 0) {}

void LockstepPolicy::make_ready(std::uint32_t thread) {
    ready_[thread / warp_size_] |= std::uint64_t(1) << (thread % warp_size_);
}

void LockstepPolicy::make_waiting(std::uint32_t thread) {
    ready_[thread / warp_size_] &= ~(std::uint64_t(1) << (thread % warp_size_));
}

std::int64_t LockstepPolicy::pick() {
    // Next ready lane after the last one in the same warp (wrapping), so all
    // lanes take their turn in lane order before any goes again.
    const std::uint32_t warps = std::uint32_t(ready_.size());
    for (std::uint32_t step = 0; step <= warps; ++step) {
        std::uint32_t w = (warp_ + step) % warps;
        std::uint64_t lanes = ready_[w];
        if (lanes == 0) continue;
        std::uint32_t lane;
        if (step == 0) {
            std::uint64_t after = lane_ + 1 >= 64 ? 0 : lanes & (~std::uint64_t(0) << (lane_ + 1));
            lane = std::uint32_t(__builtin_ctzll(after != 0 ? after : lanes));
        } else {
            lane = std::uint32_t(__builtin_ctzll(lanes));
        }
        warp_ = w;
        lane_ = lane;
        return std::int64_t(w) * warp_size_ + lane;
    }
    return -1;
}

bool LockstepPolicy::yield_at_access(std::uint32_t thread, bool writes) {
    const bool turn = writes || stored_[thread];
    stored_[thread] = writes;
    if (!turn) return false;
    // Only worth a switch when another lane of this warp can take its step.
    std::uint64_t others = ready_[thread / warp_size_] & ~(std::uint64_t(1) << (thread % warp_size_));
    return others != 0;
}

std::unique_ptr<SchedulePolicy> make_policy(const EngineOptions& options, std::uint32_t threads,
                                            std::uint64_t block_seed) {
    if (options.mode == ScheduleMode::Lockstep)
        return std::make_unique<LockstepPolicy>(threads, options.warp_size);
    return std::make_unique<IndependentPolicy>(threads, block_seed, options.mean_quantum);
}

}  // namespace simt
