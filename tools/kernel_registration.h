// A kernel's parameter types, kept for launches that have only its address:
// cudaLaunchKernel((void*)k, ...), cudaLaunchCooperativeKernel((void*)k, ...)
// and CUDA graphs' kernel nodes (cudaKernelNodeParams::func) pass `void*`, so
// the runtime cannot read `args` by itself. After each __global__ function's
// body the rewriter appends, on the same line,
//   static const bool simt_kernel_registered_F_L_C =
//       ::simt::cuda::register_kernel(static_cast<void (*)(PARAMS)>(&NAME));
// with the definition's own parameter list (which also picks the right one
// of overloaded kernels). Template kernels are not registered: which
// instances exist is not known here (launching one through `void*` is a
// runtime error that says so).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "tools/source_text.h"

namespace simt::frontend {

struct KernelDefinition {
    std::string name;        // as written, possibly qualified (ns::k)
    std::string parameters;  // the parameter list on one line, default arguments dropped
    std::size_t body = 0;    // the '{' that opens the body
    std::string launch_bound;  // __launch_bounds__'s first value as written ("" without one)
};

// The kernel definition whose `__global__` is at `global_at`; nullopt for a
// declaration without a body, a template, or anything not read as a kernel.
std::optional<KernelDefinition> read_kernel_definition(const SourceText& src, std::size_t global_at);

// What to append right after the body's closing brace (no line break). The
// variable is named by a hash of `file` and the line and column of the
// kernel's __global__, so headers included by one file never clash.
std::string kernel_registration(const KernelDefinition& kernel, const std::string& file, int line,
                                std::size_t column);

}  // namespace simt::frontend
