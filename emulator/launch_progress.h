// How far the process's running launch has got, readable from any thread at
// any time: a progress display polls it while the engine writes it, a word
// per launch and a count per block (nothing per thread or per access).
#pragma once

#include <cstdint>
#include <string>

namespace simt {

struct LaunchProgress {
    std::uint64_t launch = 0;  // launches begun in the process, the running one included
    bool running = false;      // a launch's blocks are running now
    std::string kernel;        // the running launch's
    std::uint64_t blocks = 0;  // in its grid
    std::uint64_t blocks_done = 0;
};

LaunchProgress launch_progress();

// The engine's side.
void progress_launch_begin(const char* kernel, std::uint64_t blocks);
void progress_blocks_restart();  // a launch's blocks run again from the first (block order after an attempt)
void progress_block_done();
void progress_launch_end();

}  // namespace simt
