#include "emulator/schedule_policy.h"

namespace simt {

IndependentPolicy::IndependentPolicy(std::uint32_t threads, std::uint64_t seed, unsigned mean_quantum,
                                     bool switch_at_accesses, const ScheduleScript* script)
    : position_(threads, kNotReady), random_(seed),
      mean_quantum_(mean_quantum == 0 ? 1 : mean_quantum) {
    ready_.reserve(threads);
    if (script == nullptr) {
        // Off: the countdown starts at its top and, run out (after 2^32
        // accesses of one block), starts there again; nothing is drawn.
        switch_at_accesses_ = switch_at_accesses;
        free_accesses_ = switch_at_accesses_ ? draw_quantum() - 1 : kNoQuantum;
        return;
    }
    // Every access asks, to be counted; a recording draws as a plain run does.
    scripted_ = true;
    script_ = *script;
    if (!script_.replay) quantum_left_ = draw_quantum() - 1;
    accesses_.assign(threads, 0);
    stops_.assign(threads, 0);
}

std::uint32_t IndependentPolicy::draw_quantum() { return 1 + random_.below(2 * mean_quantum_); }

// The last access of a quantum: draw the next one and let another thread in.
bool IndependentPolicy::quantum_ends(std::uint32_t thread, bool, const void* pc) {
    if (scripted_) return scripted_yield(thread, pc);
    if (!switch_at_accesses_) {
        free_accesses_ = kNoQuantum;
        return false;
    }
    free_accesses_ = draw_quantum() - 1;
    return ready_.size() > 1;
}

// The plain order's next thread after `stopped`: the next ready one in index
// order, wrapping (`stopped` itself last).
std::uint32_t IndependentPolicy::plain_next(std::uint32_t stopped) const {
    const std::uint32_t n = std::uint32_t(position_.size());
    const std::uint32_t first = stopped == ScheduleStep::kBlockStart ? 0 : (stopped + 1) % n;
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t t = (first + i) % n;
        if (position_[t] != kNotReady) return t;
    }
    return kNotReady;
}

void IndependentPolicy::record(ScheduleStep::Kind kind, std::uint32_t thread, std::uint32_t count,
                               std::uint32_t next, const void* pc) {
    ScheduleStep step;
    step.kind = kind;
    step.launch = script_.launch;
    step.block = script_.block;
    step.thread = thread;
    step.count = count;
    step.next = next;
    step.pc = pc;
    script_.record->push_back(step);
}

bool IndependentPolicy::scripted_yield(std::uint32_t thread, const void* pc) {
    const std::uint32_t access = ++accesses_[thread];
    if (script_.replay) return script_.steps != nullptr && script_.steps->yields(thread, access);
    // What the plain run's free_accesses_ countdown would decide.
    if (quantum_left_ != 0) {
        --quantum_left_;
        return false;
    }
    quantum_left_ = draw_quantum() - 1;
    if (ready_.size() <= 1) return false;
    record(ScheduleStep::Kind::Yield, thread, access, 0, pc);
    return true;
}

std::int64_t IndependentPolicy::scripted_pick() {
    const std::uint32_t stopped = running_;
    const std::uint32_t stop = stopped == ScheduleStep::kBlockStart ? ++starts_ : ++stops_[stopped];
    if (ready_.empty()) return -1;
    const std::uint32_t plain = plain_next(stopped);
    std::uint32_t next = plain;
    if (script_.replay) {
        const std::int64_t chosen = script_.steps != nullptr ? script_.steps->pick(stopped, stop) : -1;
        if (chosen >= 0 && std::size_t(chosen) < position_.size() && position_[std::size_t(chosen)] != kNotReady)
            next = std::uint32_t(chosen);
    } else {
        next = ready_[random_.below(std::uint32_t(ready_.size()))];
        if (next != plain) record(ScheduleStep::Kind::Pick, stopped, stop, next, nullptr);
    }
    running_ = next;
    return next;
}

LockstepPolicy::LockstepPolicy(std::uint32_t threads, unsigned warp_size)
    : warp_size_(warp_size), stored_(threads, false), ready_((threads + warp_size - 1) / warp_size, 0) {}

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

bool LockstepPolicy::at_access(std::uint32_t thread, bool writes, const void*) {
    const bool turn = writes || stored_[thread];
    stored_[thread] = writes;
    if (!turn) return false;
    // Only worth a switch when another lane of this warp can take its step.
    std::uint64_t others = ready_[thread / warp_size_] & ~(std::uint64_t(1) << (thread % warp_size_));
    return others != 0;
}

SchedulePolicy::SchedulePolicy(const EngineOptions& options, std::uint32_t threads, std::uint64_t block_seed,
                               const ScheduleScript* script)
    : policy_(options.mode == ScheduleMode::Lockstep
                  ? decltype(policy_)(std::in_place_type<LockstepPolicy>, threads, options.warp_size)
                  : decltype(policy_)(std::in_place_type<IndependentPolicy>, threads, block_seed,
                                      options.mean_quantum, options.switch_at_accesses, script)) {}

}  // namespace simt
