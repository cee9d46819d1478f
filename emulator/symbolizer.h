// Turns a code address into file:line (innermost inlined function), only when
// a report is printed: the hot path records raw PCs.
#pragma once

#include <string>

namespace simt {

struct SourceLocation {
    std::string file;      // empty when unknown
    int line = 0;
    std::string function;  // innermost (inlined) function, may be empty
};

// pc is a return address (as recorded by the runtime); the lookup uses pc - 1
// so the call instruction's line is found, not the next statement's.
SourceLocation locate(const void* pc);
// "prog.cu:14" (file name only), or "0x..." when no line information exists.
std::string describe(const void* pc);
// The demangled name of the function at this address ("" when unknown).
std::string function_name(const void* function);
// Frames from files under this directory (the CUDA layer's headers) are
// skipped so a location names the user's line, not the wrapper's. An
// absolute directory is a prefix; a relative one matches anywhere after a
// '/' (an installed copy, wherever it was installed). May be called again.
void hide_frames_under(std::string directory);

}  // namespace simt
