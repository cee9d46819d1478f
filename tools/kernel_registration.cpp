#include "tools/kernel_registration.h"

#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

namespace simt::frontend {
namespace {

constexpr std::size_t npos = std::string::npos;

// Whether the declaration holding `at` starts with `template` (the words
// since the last ';', '{' or '}' of code).
bool in_template_declaration(const SourceText& src, std::size_t at) {
    std::size_t start = at;
    while (start > 0 && !(src.code(start - 1) && (src[start - 1] == ';' || src[start - 1] == '{' || src[start - 1] == '}')))
        --start;
    return src.next_word(start) == "template";
}

// The identifier, possibly qualified (a::b::c), that ends just before `end`.
std::string qualified_name_before(const SourceText& src, std::size_t end) {
    std::size_t j = src.skip_space_back(end);
    std::size_t start = npos;
    while (j != npos && is_ident(src[j])) {
        std::size_t k = j;
        while (k > 0 && is_ident(src[k - 1])) --k;
        start = k;
        const std::size_t before = src.skip_space_back(k);
        if (before == npos || before < 1 || src[before] != ':' || src[before - 1] != ':') break;
        j = src.skip_space_back(before - 1);
    }
    return start == npos ? "" : src.compact_code(start, src.skip_space_back(end) + 1);
}

// Where `c` first appears outside (), [], {} and <> in `text`; npos if nowhere.
std::size_t find_top_level(std::string_view text, char c) {
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char x = text[i];
        if (x == '(' || x == '[' || x == '{' || x == '<') ++depth;
        if (x == ')' || x == ']' || x == '}' || x == '>') --depth;
        if (depth == 0 && x == c) return i;
    }
    return npos;
}

// "float* a, int n = 4" -> "float* a, int n": each parameter up to a '='
// outside brackets.
std::string without_defaults(std::string_view list) {
    std::string out;
    for (;;) {
        const std::size_t comma = find_top_level(list, ',');
        const std::string_view parameter = list.substr(0, comma);
        out += parameter.substr(0, find_top_level(parameter, '='));
        if (comma == npos) break;
        out += ',';
        list.remove_prefix(comma + 1);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

}  // namespace

std::optional<KernelDefinition> read_kernel_definition(const SourceText& src, std::size_t global_at) {
    if (in_template_declaration(src, global_at)) return std::nullopt;
    // The parameter list: the first '(' not opened by an attribute-like word.
    std::size_t j = global_at + std::string_view("__global__").size();
    std::size_t open = npos;
    std::string launch_bound;
    while ((j = src.skip_space(j)) < src.size()) {
        const char c = src[j];
        if (c == ';' || c == '{' || c == '}' || c == '=' || c == '<') return std::nullopt;
        if (c == '(') {
            const std::size_t w = src.skip_space_back(j);
            std::size_t k = w;
            while (k != npos && k > 0 && is_ident(src[k - 1])) --k;
            const std::string_view word = w == npos || !is_ident(src[w]) ? std::string_view()
                                                                         : src.text().substr(k, w + 1 - k);
            if (word == "__launch_bounds__" || word == "__attribute__" || word == "alignas" || word == "__declspec" ||
                word == "decltype") {
                const std::size_t after = src.matching(j, '(', ')');
                if (word == "__launch_bounds__") {
                    const std::string bounds = src.compact_code(j + 1, after - 1);
                    launch_bound = bounds.substr(0, find_top_level(bounds, ','));  // the maximum threads
                }
                j = after;
                continue;
            }
            if (word.empty()) return std::nullopt;
            open = j;
            break;
        }
        ++j;
    }
    if (open == npos) return std::nullopt;
    KernelDefinition kernel;
    kernel.name = qualified_name_before(src, open);
    const std::size_t close = src.matching(open, '(', ')');  // just past ')'
    std::size_t body = src.skip_space(close);
    // Trailing attributes before the body: __attribute__((...)).
    while (body < src.size() && src.is_word_at(body, "__attribute__")) {
        const std::size_t paren = src.skip_space(body + std::string_view("__attribute__").size());
        if (paren >= src.size() || src[paren] != '(') return std::nullopt;
        body = src.skip_space(src.matching(paren, '(', ')'));
    }
    if (kernel.name.empty() || body >= src.size() || src[body] != '{') return std::nullopt;
    kernel.parameters = without_defaults(src.compact_code(open + 1, close - 1));
    kernel.body = body;
    kernel.launch_bound = launch_bound;
    return kernel;
}

std::string kernel_registration(const KernelDefinition& kernel, const std::string& file, int line,
                                std::size_t column) {
    // FNV-1a: stable from run to run, unlike std::hash.
    std::uint32_t hash = 2166136261u;
    for (const unsigned char c : file) hash = (hash ^ c) * 16777619u;
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", hash);
    const std::string id = std::string(hex) + "_" + std::to_string(line) + "_" + std::to_string(column);
    std::string text = " static const bool simt_kernel_registered_" + id +
                       " = ::simt::cuda::register_kernel(static_cast<void (*)(" + kernel.parameters + ")>(&" +
                       kernel.name + "));";
    // Its value in the file's own terms (a macro, a constexpr): a launch of
    // more threads a block fails as on a GPU.
    if (!kernel.launch_bound.empty())
        text += " static const bool simt_kernel_bounded_" + id + " = ::simt::cuda::register_launch_bound(\"" +
                kernel.name + "\", (long long)(" + kernel.launch_bound + "));";
    return text;
}

}  // namespace simt::frontend
