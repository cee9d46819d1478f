// Turns a SIGSEGV, SIGBUS, SIGFPE or SIGILL inside a simulated thread into a fault of
// its launch, as a GPU turns a bad access into cudaErrorIllegalAddress: the
// handler only notes what happened and sends the thread on to a function that
// fails the launch with a report naming the kernel, the thread and the source
// line. The program goes on (its earlier output is not lost; later CUDA calls
// see the sticky error). Faults outside simulated threads keep their default
// behaviour.
#pragma once

#include <cstddef>
#include <string>

namespace simt {

// Installs the process-wide handler once, and an alternate signal stack for
// the calling OS thread unless it has one (AddressSanitizer installs its
// own); the stack is released when the thread exits.
void prepare_fault_signals();

// What the handler saw, kept on the worker until the thread fails.
struct SignalFault {
    int signal = 0;             // 0: none pending
    int code = 0;               // si_code
    const void* address = nullptr;
    const void* pc = nullptr;   // the faulting instruction
    bool stack_overflow = false;
};

// The report of a thread that ran out of its `size`-byte stack: `who` names
// the kernel and thread, `at` the place; the same whether the guard page
// faulted or an unguarded stack's canary was found overwritten.
std::string stack_overflow_message(const std::string& who, const std::string& at, std::size_t size);

// Flushes the program's stdio buffers if no other thread holds them: called
// before any exit simt causes, so output that went to a file or pipe is kept.
void flush_program_output();

}  // namespace simt
