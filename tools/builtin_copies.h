// __builtin_memcpy, __builtin_memmove and __builtin_memset called by name in
// a CUDA source bypass simt's observed memcpy/memmove/memset
// (primitives/include/simt/memory_functions.h): g++ expands them after its
// instrumentation, so the checkers would not see their races, out-of-bounds
// bytes or uninitialised reads. The user's code names the library functions
// instead, which are the same functions with the same arguments.
#pragma once

#include <string>

namespace simt::frontend {

// `source` with each such call renamed (code only: comments, strings and
// preprocessor lines are left as they are); lines stay where they are.
std::string observe_builtin_copies(const std::string& source);

}  // namespace simt::frontend
