// `kernel<<<grid, block, shared, stream>>>(args)` -> a launch_config call:
//   ::simt::cuda::launch_config("kernel", grid, block, shared, stream)
//       .run([&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(kernel(simt_args_...))
//            { return kernel(simt_args_...); }, args)
// (the return type makes arguments that do not fit the kernel a clear error in run(); the
// attribute keeps each thread's reads of the arguments, parameter passing, unobserved)
// The kernel may be `name`, `ns::name`, `name<T, (1 << 2)>` or any
// parenthesised expression such as `(*fp)`. A launch in the body of a
// #define is rewritten inside the macro (line continuations kept).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "tools/source_text.h"

namespace simt::frontend {

struct Replacement {
    std::size_t start, end;  // the source text [start, end) it replaces
    std::string text;
};

// The launch whose "<<<" is at `chevrons`. `macro_parameters`: inside a
// function-like macro's body, its parameter names (a kernel named by one is
// stringized with #). Throws RewriteError at the launch's line when it
// cannot be read.
Replacement rewrite_launch(const SourceText& src, std::size_t chevrons, bool in_macro_body = false,
                           const std::vector<std::string>& macro_parameters = {});

// The #define directive `d` of `src` with its launches rewritten; nullopt when
// it contains none. Errors name the line in `src`.
std::optional<std::string> rewrite_launches_in_define(const SourceText& src, const SourceText::Directive& d);

}  // namespace simt::frontend
