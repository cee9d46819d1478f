// Turns a CUDA source file into C++ that g++ compiles against the
// compatibility layer. Only what a header cannot express is rewritten:
//   kernel<<<grid, block, shared, stream>>>(args)   -> a launch_config call (also in
//                                                       #define bodies; launch_rewrite.h)
//   extern __shared__ T name[];                      -> the block's dynamic shared memory
//                                                       (at file scope an accessor object)
//   static __shared__                                -> __shared__ (which adds static)
//   file-scope __device__ / __managed__ variables    -> placed in the global-memory section
//   __noinline__                                     -> __attribute__((noinline)) (not a macro:
//                                                       libstdc++ uses the name itself)
//   asm("mov.u32 %0, %%laneid;" : "=r"(x))           -> x = a special register (inline_ptx.h);
//                                                       other PTX is an error at its line
//   __builtin_memcpy / memmove / memset              -> memcpy / memmove / memset, observed
//   malloc / free                                    -> the device heap in a kernel
//                                                       (observed_calls.h)
// Line structure is preserved, so compiler messages point at the user's lines.
// Input simt cannot read is a RewriteError at a line, never another exception.
#pragma once

#include <stdexcept>
#include <string>

namespace simt::frontend {

struct RewriteError : std::runtime_error {
    RewriteError(int line, const std::string& what)
        : std::runtime_error(what), line(line) {}
    int line;
};

// `file` is the name used in #line directives (the user's path).
std::string rewrite_cuda_source(const std::string& source, const std::string& file);

}  // namespace simt::frontend
