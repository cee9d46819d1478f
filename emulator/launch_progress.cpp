#include "emulator/launch_progress.h"

#include <atomic>
#include <mutex>

namespace simt {
namespace {

// The kernel's name is copied: the launch's own string may be gone by the
// time a reader looks. Blocks are counted without the lock (a block's end
// is on a worker's hot path; a reader tolerates a count one behind).
std::mutex mutex;
LaunchProgress current;
std::atomic<std::uint64_t> blocks_done{0};

}  // namespace

LaunchProgress launch_progress() {
    std::lock_guard<std::mutex> lock(mutex);
    LaunchProgress p = current;
    p.blocks_done = blocks_done.load(std::memory_order_relaxed);
    return p;
}

void progress_launch_begin(const char* kernel, std::uint64_t blocks) {
    std::lock_guard<std::mutex> lock(mutex);
    ++current.launch;
    current.running = true;
    current.kernel = kernel;
    current.blocks = blocks;
    blocks_done.store(0, std::memory_order_relaxed);
}

void progress_blocks_restart() { blocks_done.store(0, std::memory_order_relaxed); }

void progress_block_done() { blocks_done.fetch_add(1, std::memory_order_relaxed); }

void progress_launch_end() {
    std::lock_guard<std::mutex> lock(mutex);
    current.running = false;
}

}  // namespace simt
