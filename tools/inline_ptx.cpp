#include "tools/inline_ptx.h"

#include <array>
#include <cctype>

#include "tools/source_rewriter.h"

namespace simt::frontend {
namespace {

// PTX is recognised by its type suffixes and special registers: x86 assembly
// in host code has neither.
bool looks_like_ptx(std::string_view t) {
    static constexpr std::array<std::string_view, 16> marks = {
        ".u16", ".u32", ".u64", ".s32", ".s64", ".b16", ".b32", ".b64",
        ".f16", ".f32", ".f64", ".pred", ".global", ".shared", "%%laneid", "%%lanemask"};
    for (std::string_view m : marks)
        if (t.find(m) != std::string_view::npos) return true;
    return false;
}

std::string squeeze(std::string_view t) {
    std::string out;
    for (char c : t) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
    return out;
}

}  // namespace

std::optional<std::string> translate_inline_ptx(std::string_view asm_template, std::string_view outputs, int line) {
    if (!looks_like_ptx(asm_template)) return std::nullopt;
    const std::string t = squeeze(asm_template);
    // "mov.u32 %0, %%laneid" -> the register's name
    static constexpr std::array<std::string_view, 12> registers = {
        "laneid",      "warpid",      "lanemask_eq", "lanemask_lt", "lanemask_le", "lanemask_gt",
        "lanemask_ge", "clock",       "clock64",     "globaltimer", "smid",        "nsmid"};
    for (std::string_view r : registers) {
        // "%%name" as the PTX manual writes it, or "%name", which nvcc takes too
        // (cuda-samples' cudaGraphsPerfScaling reads %globaltimer so).
        for (std::string_view mov : {"mov.u32 %0, %%", "mov.u64 %0, %%", "mov.s32 %0, %%", "mov.b32 %0, %%",
                                     "mov.u32 %0, %", "mov.u64 %0, %", "mov.s32 %0, %", "mov.b32 %0, %"}) {
            if (t.size() != mov.size() + r.size() || t.compare(0, mov.size(), mov) != 0 ||
                t.compare(mov.size(), std::string::npos, r) != 0)
                continue;
            // The one output operand: "=r"(expr) -> expr
            const std::size_t open = outputs.find('(');
            const std::size_t close = outputs.rfind(')');
            if (open == std::string_view::npos || close == std::string_view::npos || close < open)
                throw RewriteError(line, "cannot read the output operand of this inline PTX (" + t + ")");
            const std::string target(outputs.substr(open + 1, close - open - 1));
            return "((" + target + ") = decltype(+(" + target + "))(::simt::cuda::special_register(\"" + std::string(r) +
                   "\")))";
        }
    }
    throw RewriteError(line, "simt does not run inline PTX: `" + t +
                                 "`; write it in CUDA C++ (intrinsics such as __shfl_sync, __ballot_sync and "
                                 "atomics do the same). simt reads only the special registers %laneid, "
                                 "%warpid, %lanemask_eq/lt/le/gt/ge, %clock, %clock64, %globaltimer and %smid with mov");
}

}  // namespace simt::frontend
