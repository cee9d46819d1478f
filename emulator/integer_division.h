// An integer division that trapped on the CPU (x86's #DE: a divisor of 0, or
// the most negative value divided by -1), carried past as a GPU carries on:
// PTX leaves the result unspecified and does not trap, so a kernel that
// divides in every lane and ignores the lanes whose divisor is 0 is valid.
// The handler (fault_signals.cpp) gives the division a GPU's result, steps
// over the instruction and lets the thread run on; the block reports it as
// a warning naming the thread and line.
#pragma once

#include <ucontext.h>

namespace simt {

// For the trapping div/idiv at the context's instruction pointer: writes
// the quotient and remainder a GPU computes into their registers and moves
// the instruction pointer past it. False (nothing changed) when the
// instruction is not one it decodes, or not on x86-64.
bool complete_trapped_division(ucontext_t& context);

}  // namespace simt
