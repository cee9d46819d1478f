// A harness's timeout or a Ctrl-C ends a program with SIGTERM, SIGINT or
// SIGHUP, whose default action loses what stdio still buffers and every
// report simt writes at exit. Where the program left that default, simt
// catches the signal, ends the run as an exit would (its output flushed,
// the report file written, the counts sent to `simt run`) and then ends the
// process by the same signal, as the harness expects.
#pragma once

namespace simt::cuda {

void catch_termination_signals();

}  // namespace simt::cuda
