// Turns a SIGSEGV/SIGBUS inside a simulated thread into a clear report
// (stack overflow: which thread, and the flag that raises the stack size)
// instead of a crash of simt. Faults outside simulated threads keep their
// default behaviour.
#pragma once

namespace simt {

// Installs the process-wide handler once, and an alternate signal stack for
// the calling OS thread unless it has one (AddressSanitizer installs its
// own); the stack is released when the thread exits.
void prepare_fault_signals();

}  // namespace simt
