// The user's headers need the same rewriting as the .cu that includes them
// when they launch kernels (`k<<<g, b>>>(...)` in a .cuh), declare
// `extern __shared__` arrays or file-scope `__device__` variables. Such a
// header is written, rewritten, beside the build (with `#line` naming the
// original, so messages and __FILE__ point at the user's file), and every
// `#include` that reaches it from rewritten text is pointed at the copy.
// A header that includes a rewritten one is rewritten too, so no unrewritten
// file ever includes a rewritten header's original.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace simt::tool {

// The rewriter's text for one file; a RewriteError becomes a BuildFailure
// naming the file and line.
std::string rewrite_source(const std::string& text, const std::filesystem::path& path);

struct RewrittenSource {
    std::string text;  // the main file, rewritten, its includes of rewritten headers pointed at the copies
    // The originals of the rewritten headers: the compiler reads only the
    // copies, so these must join the build's dependencies.
    std::vector<std::filesystem::path> header_originals;
};

// Rewrites `source` (the text of `path`) and the headers it reaches that need
// it. Headers are looked for as g++ looks: a quoted name beside its includer
// first, then in `include_dirs` (the user's -I and -isystem, in order); names
// found nowhere there (the standard library, simt's own) are left alone.
// The copies go under `dir`. Throws BuildFailure for a header that cannot be
// rewritten, naming it and the line.
RewrittenSource rewrite_with_headers(const std::string& source, const std::filesystem::path& path,
                                     const std::vector<std::filesystem::path>& include_dirs,
                                     const std::filesystem::path& dir);

}  // namespace simt::tool
