// Whose turn it is to touch global memory, and which blocks are resident.
//
// Blocks run on several workers, but global memory is touched by one block
// at a time, in a fixed order: a block's first ordered access (its first
// global atomic, or its first global access of any kind when a checker needs
// blocks in order) waits for its turn, and it keeps the turn until it
// finishes or stalls. Without stalls the turn goes 0, 1, 2, ... as blocks
// finish, so results and reports do not depend on the number of workers.
//
// A block stalls when only spinners polling global memory (and threads
// waiting for them) remain: it waits for another block, as in a hand-written
// grid barrier or a producer/consumer queue. Its worker parks it and the turn
// passes on, cyclically, to the next unfinished block, so blocks that a GPU
// keeps co-resident make progress too. The turn order is still fixed, so the
// outcome is too. When every unfinished block stalls in a row without
// progress, or the blocks a wait needs exceed what the device keeps resident,
// the launch is deadlocked and says so.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <map>

namespace simt {

class LaunchTurns {
public:
    // `resident_limit`: blocks the device keeps resident at once.
    LaunchTurns(std::uint64_t blocks, std::uint64_t resident_limit);

    // ---- from a block ----
    void wait_for_turn(std::uint64_t block);
    // The block finished (or faulted, or was skipped): the turn passes on.
    void finished(std::uint64_t block);
    // The block stalled; `progress`: it got further since it last stalled
    // (or cannot tell yet). The turn passes on.
    void stalled(std::uint64_t block, bool progress);

    // ---- from a worker ----
    // The next block to start, if one is left and another may be resident;
    // blocks past `first_failure` are never started. `all_claimed`: none is
    // left (otherwise the caller waits for a change and asks again).
    std::optional<std::uint64_t> claim(std::uint64_t first_failure, bool& all_claimed);
    // Whether a block not yet started remains (a stalled block's worker then
    // lends another OS thread to start it).
    bool unclaimed_left();
    // A stalled block's OS thread: until its turn comes back (true) or the
    // launch is deadlocked (false).
    bool wait_to_resume(std::uint64_t block);
    // Once deadlocked: whether blocks were left that could not start.
    bool residency_exhausted();
    std::uint64_t resident_limit() const { return resident_limit_; }
    std::uint64_t changes();
    void wait_for_change(std::uint64_t seen);

private:
    enum class State : std::uint8_t { Unclaimed, Running, Stalled, Finished };
    // Blocks are claimed in order, so only the resident ones need a record:
    // below next_claim_ and not resident is finished, from it on unclaimed.
    // Memory does not grow with the grid (2^31 blocks are valid CUDA).
    State state(std::uint64_t block) const;
    void pass_turn(std::uint64_t from);  // under the lock
    void changed();                      // under the lock

    std::mutex mutex_;
    std::condition_variable change_;
    std::uint64_t blocks_;
    std::map<std::uint64_t, State> resident_state_;  // Running or Stalled
    std::uint64_t turn_ = 0;
    std::uint64_t next_claim_ = 0;
    std::uint64_t unfinished_;
    std::uint64_t resident_ = 0;
    std::uint64_t resident_limit_;
    std::uint64_t stalls_without_progress_ = 0;
    std::uint64_t changes_ = 0;
    bool deadlocked_ = false;
    bool residency_exhausted_ = false;  // when deadlocked: blocks were left that could not start
};

}  // namespace simt
