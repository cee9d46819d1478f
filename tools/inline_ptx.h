// Inline PTX (`asm("mov.u32 %0, %%laneid;" : "=r"(lane))`): simt runs no PTX.
// The few statements real code uses become C++: a special register's read
// a call into the runtime, a few integer instructions with no intrinsic
// (bfind, vabsdiff4 with its .add reduction, prmt) the same arithmetic
// written out, and a few that are an intrinsic (shf, brev, popc) that
// intrinsic; any other PTX is an error at its line.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace simt::frontend {

// `asm_template`: the asm statement's string literals joined; `outputs`: the
// text of its output operands (between the first and second ':'), `inputs`
// that of its input operands (between the second and third). nullopt:
// not PTX (host assembly such as asm volatile("" ::: "memory")), left as is.
// Otherwise the C++ expression that replaces the statement up to its ')';
// throws RewriteError(line, ...) for PTX that simt cannot run.
std::optional<std::string> translate_inline_ptx(std::string_view asm_template, std::string_view outputs,
                                               std::string_view inputs, int line);

}  // namespace simt::frontend
