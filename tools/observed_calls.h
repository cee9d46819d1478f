// Calls in the user's code that simt routes to versions it observes, by
// renaming them in the source (only there: simt's own headers keep theirs):
// - __builtin_memcpy, __builtin_memmove and __builtin_memset called by name
//   bypass simt's observed memcpy/memmove/memset
//   (primitives/include/simt/memory_functions.h): g++ expands them after its
//   instrumentation, so the checkers would not see their races, out-of-bounds
//   bytes or uninitialised reads. They become the library functions, which
//   are the same functions with the same arguments.
// - malloc and free (also std::) become simt_device_malloc and
//   simt_device_free: in a kernel, CUDA's device heap in device memory, whose
//   accesses the checkers see; elsewhere libc's.
#pragma once

#include <string>

namespace simt::frontend {

// `source` with each such call renamed (code only: comments, strings and
// preprocessor lines are left as they are, and so are members, other
// namespaces' functions and declarations); lines stay where they are.
std::string route_observed_calls(const std::string& source);

}  // namespace simt::frontend
