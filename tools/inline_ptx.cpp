#include "tools/inline_ptx.h"

#include <array>
#include <cctype>
#include <vector>

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

// The expressions of an operand list: `"=r"(a), "r"(b + 1)` -> a, b + 1.
std::vector<std::string> operand_expressions(std::string_view list, const std::string& t, int line) {
    std::vector<std::string> out;
    int depth = 0;
    std::size_t open = std::string_view::npos;
    for (std::size_t k = 0; k < list.size(); ++k) {
        if (list[k] == '(' && depth++ == 0) open = k;
        if (list[k] == ')' && --depth == 0) out.emplace_back(list.substr(open + 1, k - open - 1));
    }
    if (depth != 0) throw RewriteError(line, "cannot read the operands of this inline PTX (" + t + ")");
    return out;
}

// The one output operand's expression: `"=r"(x)` -> x.
std::string output_operand(std::string_view outputs, const std::string& t, int line) {
    const std::vector<std::string> out = operand_expressions(outputs, t, line);
    if (out.size() != 1) throw RewriteError(line, "cannot read the output operand of this inline PTX (" + t + ")");
    return out[0];
}

// Integer instructions that real code writes in PTX, as the PTX ISA
// defines them: those with no CUDA intrinsic (cuda-samples: bfind in
// cdpAdvancedQuicksort, vabsdiff4 in stereoDisparity) or none quite the
// same (prmt) written out, the others as the intrinsic that is the same
// instruction. $1.. are the inputs.
struct Instruction {
    std::string_view ptx;  // the template, spaces squeezed
    std::size_t inputs;
    std::string_view cpp;
};
constexpr std::array<Instruction, 10> kInstructions = {{
    // The most significant 1 bit's position; 0xffffffff when there is none.
    {"bfind.u32 %0, %1", 1, "[](unsigned v) { return v == 0 ? 0xffffffffu : 31u - unsigned(__builtin_clz(v)); }(unsigned($1))"},
    {"bfind.u64 %0, %1", 1,
     "[](unsigned long long v) { return v == 0 ? 0xffffffffu : 63u - unsigned(__builtin_clzll(v)); }"
     "((unsigned long long)($1))"},
    // |a - b| of each unsigned byte, the four summed and added to c.
    {"vabsdiff4.u32.u32.u32.add %0, %1, %2, %3", 3,
     "[](unsigned a, unsigned b, unsigned c) { for (int i = 0; i < 32; i += 8) { const unsigned x = a >> i & 0xffu, "
     "y = b >> i & 0xffu; c += x > y ? x - y : y - x; } return c; }(unsigned($1), unsigned($2), unsigned($3))"},
    // Byte i of the result: byte (selector nibble i & 7) of y:x, or that
    // byte's sign replicated when the nibble's bit 3 is set (which
    // __byte_perm ignores).
    {"prmt.b32 %0, %1, %2, %3", 3,
     "[](unsigned x, unsigned y, unsigned s) { const unsigned long long v = (unsigned long long)y << 32 | x; "
     "unsigned r = 0; for (int i = 0; i < 4; ++i) { const unsigned n = s >> 4 * i & 0xfu; unsigned b = "
     "unsigned(v >> 8 * (n & 7u)) & 0xffu; if (n & 8u) b = b & 0x80u ? 0xffu : 0u; r |= b << 8 * i; } return r; }"
     "(unsigned($1), unsigned($2), unsigned($3))"},
    {"shf.l.wrap.b32 %0, %1, %2, %3", 3, "__funnelshift_l(unsigned($1), unsigned($2), unsigned($3))"},
    {"shf.l.clamp.b32 %0, %1, %2, %3", 3, "__funnelshift_lc(unsigned($1), unsigned($2), unsigned($3))"},
    {"shf.r.wrap.b32 %0, %1, %2, %3", 3, "__funnelshift_r(unsigned($1), unsigned($2), unsigned($3))"},
    {"shf.r.clamp.b32 %0, %1, %2, %3", 3, "__funnelshift_rc(unsigned($1), unsigned($2), unsigned($3))"},
    {"brev.b32 %0, %1", 1, "__brev(unsigned($1))"},
    {"popc.b32 %0, %1", 1, "unsigned(__popc(unsigned($1)))"},
}};

std::string assign(const std::string& target, const std::string& value) {
    return "((" + target + ") = decltype(+(" + target + "))(" + value + "))";
}

}  // namespace

std::optional<std::string> translate_inline_ptx(std::string_view asm_template, std::string_view outputs,
                                               std::string_view inputs, int line) {
    if (!looks_like_ptx(asm_template)) return std::nullopt;
    const std::string t = squeeze(asm_template);
    for (const Instruction& i : kInstructions) {
        if (t != i.ptx) continue;
        const std::string target = output_operand(outputs, t, line);
        const std::vector<std::string> in = operand_expressions(inputs, t, line);
        if (in.size() != i.inputs) throw RewriteError(line, "cannot read the operands of this inline PTX (" + t + ")");
        std::string cpp(i.cpp);
        for (std::size_t n = 0; n < in.size(); ++n) {
            const std::string mark = "$" + std::to_string(n + 1);
            for (std::size_t at; (at = cpp.find(mark)) != std::string::npos;) cpp.replace(at, mark.size(), in[n]);
        }
        return assign(target, cpp);
    }
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
            return assign(output_operand(outputs, t, line),
                          "::simt::cuda::special_register(\"" + std::string(r) + "\")");
        }
    }
    throw RewriteError(line, "simt does not run inline PTX: `" + t +
                                 "`; write it in CUDA C++ (intrinsics such as __shfl_sync, __ballot_sync and "
                                 "atomics do the same). simt reads only the special registers %laneid, "
                                 "%warpid, %lanemask_eq/lt/le/gt/ge, %clock, %clock64, %globaltimer and %smid with mov, "
                                 "and runs bfind.u32/u64, vabsdiff4.u32.u32.u32.add, prmt.b32, "
                                 "shf.l/r.wrap/clamp.b32, brev.b32 and popc.b32");
}

}  // namespace simt::frontend
