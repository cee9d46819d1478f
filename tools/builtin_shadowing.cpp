#include "tools/builtin_shadowing.h"

#include <array>
#include <string_view>
#include <vector>

#include "tools/source_rewriter.h"
#include "tools/source_text.h"

namespace simt::frontend {
namespace {

constexpr std::array<std::string_view, 4> kBuiltins{"threadIdx", "blockIdx", "blockDim", "gridDim"};

// Words that may stand before an expression: `return gridDim;` is a use.
constexpr std::array<std::string_view, 14> kNotTypes{"return", "case",   "sizeof",    "throw",    "else",
                                                     "do",     "goto",   "new",       "delete",   "co_return",
                                                     "co_yield", "typeid", "alignof", "co_await"};

struct Rename {
    std::string_view name;
    std::size_t from, to;  // the declaration, and the end of its scope
};

std::string_view builtin_at(const SourceText& src, std::size_t i) {
    for (std::string_view name : kBuiltins)
        if (src[i] == name[0] && src.is_word_at(i, name)) return name;
    return {};
}

// Cheap test before any scanning: a built-in's name right after an
// identifier, as in a declaration.
bool may_declare(const std::string& source) {
    for (std::string_view name : kBuiltins)
        for (std::size_t at = source.find(name); at != std::string::npos; at = source.find(name, at + 1)) {
            std::size_t k = at;
            while (k > 0 && is_space(source[k - 1])) --k;
            if (k > 0 && k < at && is_ident(source[k - 1])) return true;
        }
    return false;
}

// The identifier that ends at `end` (exclusive).
std::string_view word_before(const SourceText& src, std::size_t end) {
    std::size_t start = end;
    while (start > 0 && is_ident(src[start - 1])) --start;
    return src.text().substr(start, end - start);
}

// Whether the name at `at` is declared there: a type's last word before it,
// and one of ; = ( { , ) [ after it.
bool is_declaration(const SourceText& src, std::size_t at, std::string_view name) {
    const std::size_t prev = src.skip_space_back(at);
    if (prev == std::string::npos || !is_ident(src[prev])) return false;
    const std::string_view type_word = word_before(src, prev + 1);
    if (type_word.empty() || (type_word[0] >= '0' && type_word[0] <= '9')) return false;
    for (std::string_view w : kNotTypes)
        if (type_word == w) return false;
    const std::size_t next = src.skip_space(at + name.size());
    if (next >= src.size()) return false;
    const char c = src[next];
    return c == ';' || c == '=' || c == '(' || c == '{' || c == ',' || c == ')' || c == '[';
}

// Where a variable stops being visible, given the innermost bracket open
// at its declaration; npos at file scope or when unsure.
std::size_t scope_end(const SourceText& src, std::size_t open) {
    if (open == std::string::npos) return std::string::npos;
    if (src[open] == '{') return src.matching(open, '{', '}');
    // A parameter: its function's body, if a body follows the list.
    const std::size_t close = src.matching(open, '(', ')');
    for (std::size_t k = close; k < src.size(); ++k) {
        if (!src.code(k)) continue;
        if (src[k] == '{') return src.matching(k, '{', '}');
        if (src[k] == ';' || src[k] == '}' || src[k] == '=') return close;
    }
    return close;
}

bool is_member_access(const SourceText& src, std::size_t at) {
    const std::size_t prev = src.skip_space_back(at);
    if (prev == std::string::npos) return false;
    return src[prev] == '.' || (src[prev] == '>' && prev > 0 && src[prev - 1] == '-') ||
           (src[prev] == ':' && prev > 0 && src[prev - 1] == ':');
}

}  // namespace

std::string rename_shadowed_builtins(const std::string& source) {
    if (!may_declare(source)) return source;
    const SourceText src(source);
    std::vector<Rename> renames;
    std::vector<std::size_t> open;  // brackets ( and { open at the scan position
    try {
        for (std::size_t i = 0; i < src.size(); ++i) {
            if (!src.code(i)) continue;
            const char c = src[i];
            if (c == '(' || c == '{') open.push_back(i);
            if ((c == ')' || c == '}') && !open.empty()) open.pop_back();
            if (i > 0 && is_ident(src[i - 1])) continue;
            const std::string_view name = builtin_at(src, i);
            if (name.empty() || !is_declaration(src, i, name)) continue;
            const std::size_t end = scope_end(src, open.empty() ? std::string::npos : open.back());
            if (end != std::string::npos) renames.push_back(Rename{name, i, end});
        }
    } catch (const RewriteError&) {
        return source;  // unbalanced brackets: the rewrite proper reports them
    }
    if (renames.empty()) return source;
    std::string out;
    out.reserve(source.size() + 16 * renames.size());
    std::size_t copied = 0;
    for (std::size_t i = 0; i < src.size(); ++i) {
        if (!src.code(i) || (i > 0 && is_ident(src[i - 1]))) continue;
        const std::string_view name = builtin_at(src, i);
        if (name.empty() || is_member_access(src, i)) continue;
        for (const Rename& r : renames)
            if (r.name == name && i >= r.from && i < r.to) {
                out.append(source, copied, i - copied);
                out += "simt_local_";
                out += name;
                copied = i + name.size();
                break;
            }
    }
    return out + source.substr(copied);
}

}  // namespace simt::frontend
