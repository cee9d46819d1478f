// The state one OS thread keeps while it runs blocks: its stack pool, its
// dynamic shared memory buffer, the address windows that classify accesses,
// and which block and simulated thread it is running right now.
#pragma once

#include <pthread.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "emulator/fault_signals.h"
#include "emulator/fiber.h"
#include "emulator/launch_footprint.h"

namespace simt {

class Block;
struct SimThread;

class Worker {
public:
    Worker(StackConfig stacks, std::size_t dynamic_shared_bytes);
    ~Worker();
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // The worker of the calling OS thread, or nullptr on a host thread that
    // never ran a block.
    static Worker* current() { return current_; }
    // Bytes of the executable's static TLS block, where __shared__ variables
    // live (the same for every OS thread).
    static std::size_t static_shared_bytes();
    // Makes this worker the calling OS thread's (TLS window, fault signals).
    void attach();
    void detach();

    StackPool& stacks() { return stacks_; }
    // The footprint of the block this worker runs in a parallel attempt
    // (kept here so its pages are reused block after block).
    BlockFootprint& footprint() { return footprint_; }
    unsigned char* dynamic_shared() const { return dynamic_shared_; }

    bool in_static_shared(std::uintptr_t a) const { return a - static_lo_ < static_size_; }
    bool in_dynamic_shared(std::uintptr_t a) const {
        return a - std::uintptr_t(dynamic_shared_) < dynamic_size_;
    }
    // Offset of a shared address in the block's shared window: the static
    // TLS block first, then the dynamic buffer.
    std::uint32_t shared_offset(std::uintptr_t a) const {
        return in_static_shared(a) ? std::uint32_t(a - static_lo_)
                                   : std::uint32_t(static_size_ + (a - std::uintptr_t(dynamic_shared_)));
    }
    std::size_t shared_window_size() const { return static_size_ + dynamic_size_; }
    // The address at an offset in the window (shared_offset's inverse).
    std::uintptr_t shared_window_address(std::uint32_t offset) const {
        return offset < static_size_ ? static_lo_ + offset : std::uintptr_t(dynamic_shared_) + (offset - static_size_);
    }
    // Within kNearShared bytes past the end of the static shared window: the
    // thread control block and its neighbours lie there, where an index far
    // past a __shared__ array lands. Not below the window: other libraries'
    // thread-local state lies there, and below it, on a host thread other
    // than the first, that thread's stack, which holds a launch's arguments.
    static constexpr std::uintptr_t kNearShared = 64 * 1024;
    bool near_static_shared(std::uintptr_t a) const { return a - (static_lo_ + static_size_) < kNearShared; }
    // Within kNearShared bytes before a shared window, where a negative index
    // into a __shared__ array lands: below the static window, other modules'
    // thread-local state (simt's own among them); below the dynamic buffer,
    // its reserved guard. The callers leave out the thread's own stack and
    // the launching host thread's, which may lie there.
    bool below_shared(std::uintptr_t a) const {
        return static_lo_ - 1 - a < kNearShared || std::uintptr_t(dynamic_shared_) - 1 - a < kNearShared;
    }
    std::uintptr_t static_shared_lo() const { return static_lo_; }

    Block* block = nullptr;
    SimThread* thread = nullptr;
    // Room for `count` threads, the same storage block after block (its
    // contents are the last block's: Block::Block resets them).
    std::span<SimThread> thread_table(std::size_t count);
    SignalFault signal_fault;  // set by the fault handler for the running thread

    // Progress for the watchdog: a thread ended, a barrier opened, a
    // collective completed, a block began or ended. Only the owning OS thread
    // writes it, so counting costs no shared cache line.
    void note_progress() { progress_.store(progress_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
    std::uint64_t progress() const { return progress_.load(std::memory_order_relaxed); }
    // Where the running simulated thread was when the watchdog sampled it:
    // the interrupted pc + 1, then the return addresses above it.
    struct Sample {
        std::atomic<std::uint64_t> taken{0};  // the watchdog's request number once filled in
        const void* pcs[24] = {};
        int depth = 0;
    };
    Sample sample;
    // Set by the watchdog before it samples a stalled launch: the block then
    // runs its lowest-numbered ready thread and holds it at its next switch,
    // so the report names the same thread, at the same place, every run.
    std::atomic<bool> hold_for_sample{false};
    pthread_t os_thread() const { return os_thread_; }
    // Every worker attached to an OS thread now, under a lock.
    static void for_each_attached(const std::function<void(Worker&)>& visit);

private:
    // constinit: read directly, no TLS wrapper call. initial-exec: the
    // runtime is built position-independent, and GCC's default model for
    // that reads through __tls_get_addr, a call as far as the compiler
    // knows, so every access entry point saved registers for it.
    [[gnu::tls_model("initial-exec")]] static constinit thread_local Worker* current_;
    std::atomic<std::uint64_t> progress_{0};
    pthread_t os_thread_{};
    StackPool stacks_;
    BlockFootprint footprint_;
    std::unique_ptr<SimThread[]> thread_table_;
    std::size_t thread_capacity_ = 0;
    unsigned char* dynamic_shared_ = nullptr;
    std::size_t dynamic_size_ = 0;
    std::uintptr_t static_lo_ = 0;
    std::size_t static_size_ = 0;
};

}  // namespace simt
