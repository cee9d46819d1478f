#include "tools/source_rewriter.h"

#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "tools/inline_ptx.h"

namespace simt::frontend {
namespace {

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Marks which characters are code (not comment, string, char literal or
// preprocessor line), so the scans below never look inside those.
std::vector<bool> code_mask(const std::string& s) {
    std::vector<bool> code(s.size(), true);
    std::size_t i = 0;
    bool line_start = true;
    auto mark = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to && k < s.size(); ++k) code[k] = false;
    };
    while (i < s.size()) {
        const char c = s[i];
        if (line_start && c == '#') {
            std::size_t j = i;
            while (j < s.size() && !(s[j] == '\n' && s[j - 1] != '\\')) ++j;
            mark(i, j);
            i = j;
            continue;
        }
        if (c == '\n') { line_start = true; ++i; continue; }
        if (!std::isspace(static_cast<unsigned char>(c))) line_start = false;
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            std::size_t j = s.find('\n', i);
            if (j == std::string::npos) j = s.size();
            mark(i, j);
            i = j;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            std::size_t j = s.find("*/", i + 2);
            j = j == std::string::npos ? s.size() : j + 2;
            mark(i, j);
            i = j;
        } else if (c == 'R' && i + 1 < s.size() && s[i + 1] == '"' && (i == 0 || !is_ident(s[i - 1]))) {
            const std::size_t open = s.find('(', i + 2);
            if (open == std::string::npos) { ++i; continue; }
            const std::string close = ")" + s.substr(i + 2, open - i - 2) + "\"";
            std::size_t j = s.find(close, open);
            j = j == std::string::npos ? s.size() : j + close.size();
            mark(i, j);
            i = j;
        } else if (c == '"' || (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(s[i - 1]))))) {
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != c && s[j] != '\n') j += s[j] == '\\' ? 2 : 1;
            mark(i, j + 1);
            i = j + 1;
        } else {
            ++i;
        }
    }
    return code;
}

int line_of(const std::string& s, std::size_t pos) {
    int line = 1;
    for (std::size_t i = 0; i < pos && i < s.size(); ++i) line += s[i] == '\n';
    return line;
}

std::size_t count_newlines(std::string_view text) {
    std::size_t n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

class Rewriter {
public:
    Rewriter(const std::string& source, std::string file)
        : s_(source), code_(code_mask(source)), file_(std::move(file)) {}

    std::string run() {
        std::string out;
        out.reserve(s_.size() + s_.size() / 8);
        std::size_t copied = 0;  // s_[0, copied) is already in out
        std::vector<bool> function_braces;
        for (std::size_t i = 0; i < s_.size(); ++i) {
            if (!code_[i]) continue;
            const char c = s_[i];
            if (c == '{') {
                function_braces.push_back(opens_function_body(i) || in_function(function_braces));
            } else if (c == '}') {
                if (!function_braces.empty()) function_braces.pop_back();
            } else if (c == '<' && s_.compare(i, 3, "<<<") == 0) {
                std::size_t start = kernel_start(i);
                if (start < copied) throw RewriteError(line_of(s_, i), "cannot find the kernel name before '<<<'");
                out.append(s_, copied, start - copied);
                std::size_t end;
                out += launch(start, i, end);
                copied = end;
                i = end - 1;
            } else if (is_word_at(i, "extern") && next_word(i + 6) == "__shared__") {
                out.append(s_, copied, i - copied);
                std::size_t end;
                out += dynamic_shared(i, in_function(function_braces), end);
                copied = end;
                i = end - 1;
            } else if (is_word_at(i, "static") && next_word(i + 6) == "__shared__") {
                out.append(s_, copied, i - copied);
                out += "      ";  // same width: keeps columns
                copied = i + 6;
                i += 5;
            } else if (is_word_at(i, "__shared__") && in_function(function_braces)) {
                std::size_t end;
                std::string guarded = guarded_shared_array(i, end);
                if (!guarded.empty()) {
                    out.append(s_, copied, i - copied);
                    out += guarded;
                    copied = end;
                    i = end - 1;
                } else {
                    i += 9;
                }
            } else if (in_function(function_braces) &&
                       (is_word_at(i, "asm") || is_word_at(i, "__asm__") || is_word_at(i, "__asm"))) {
                std::size_t end;
                const std::optional<std::string> cpp = inline_asm(i, end);
                if (cpp) {
                    out.append(s_, copied, i - copied);
                    out += *cpp;
                    copied = end;
                }
                i = end - 1;
            } else if (is_word_at(i, "__noinline__")) {
                out.append(s_, copied, i - copied);
                out += "__attribute__((noinline))";
                copied = i + 12;
                i += 11;
            } else if (!in_function(function_braces) &&
                       (is_word_at(i, "__device__") || is_word_at(i, "__managed__"))) {
                const std::size_t length = s_[i + 2] == 'd' ? 10 : 11;
                if (declares_variable(i + length)) {
                    out.append(s_, copied, i - copied);
                    out += "SIMT_GLOBAL_VARIABLE";
                    copied = i + length;
                    skip_qualifiers_until_ = statement_end(i);
                }
                i += length - 1;
            }
        }
        out.append(s_, copied, std::string::npos);
        return out;
    }

private:
    bool is_word_at(std::size_t i, std::string_view word) const {
        if (s_.compare(i, word.size(), word) != 0) return false;
        if (i > 0 && is_ident(s_[i - 1])) return false;
        const std::size_t e = i + word.size();
        return e >= s_.size() || !is_ident(s_[e]);
    }

    std::size_t skip_space(std::size_t i) const {
        while (i < s_.size() && (std::isspace(static_cast<unsigned char>(s_[i])) || !code_[i])) ++i;
        return i;
    }

    std::string next_word(std::size_t i) const {
        i = skip_space(i);
        std::size_t j = i;
        while (j < s_.size() && is_ident(s_[j])) ++j;
        return s_.substr(i, j - i);
    }

    static bool in_function(const std::vector<bool>& braces) {
        return !braces.empty() && braces.back();
    }

    // A '{' right after ')' (or a trailing qualifier) opens a function body.
    bool opens_function_body(std::size_t brace) const {
        std::size_t j = brace;
        while (j > 0) {
            --j;
            if (!code_[j] || std::isspace(static_cast<unsigned char>(s_[j]))) continue;
            if (s_[j] == ')') return true;
            if (is_ident(s_[j])) {
                std::size_t k = j;
                while (k > 0 && is_ident(s_[k - 1])) --k;
                const std::string word = s_.substr(k, j + 1 - k);
                if (word == "const" || word == "noexcept" || word == "override" || word == "final" || word == "mutable") {
                    j = k;
                    continue;
                }
            }
            return false;
        }
        return false;
    }

    // Start of `name`, `ns::name` or `name<T, 4>` before "<<<" at i.
    std::size_t kernel_start(std::size_t i) const {
        std::size_t j = i;
        auto back_space = [&] { while (j > 0 && std::isspace(static_cast<unsigned char>(s_[j - 1]))) --j; };
        back_space();
        if (j > 0 && s_[j - 1] == '>') {
            int depth = 0;
            do {
                --j;
                if (s_[j] == '>') ++depth;
                else if (s_[j] == '<') --depth;
            } while (j > 0 && depth > 0);
            back_space();
        }
        for (;;) {
            const std::size_t end = j;
            while (j > 0 && is_ident(s_[j - 1])) --j;
            if (j == end) return std::string::npos;
            if (j >= 2 && s_[j - 1] == ':' && s_[j - 2] == ':') {
                j -= 2;
                if (j == 0 || !is_ident(s_[j - 1])) return j;
                continue;
            }
            return j;
        }
    }

    // `asm [volatile] ("template" : outputs : ...)` at `at`: the C++ that
    // replaces it when it is PTX (see inline_ptx.h), with its line breaks
    // kept; `end` is just past its ')'.
    std::optional<std::string> inline_asm(std::size_t at, std::size_t& end) const {
        std::size_t j = at;
        while (j < s_.size() && is_ident(s_[j])) ++j;
        j = skip_space(j);
        for (std::string_view q : {"volatile", "__volatile__", "__volatile"})
            if (is_word_at(j, q)) j = skip_space(j + q.size());
        end = j + 1;
        if (j >= s_.size() || s_[j] != '(') return std::nullopt;
        end = matching(j, '(', ')');
        std::string asm_template;
        std::size_t colons[2] = {end - 1, end - 1};
        int found = 0, depth = 0;
        for (std::size_t k = j + 1; k + 1 < end; ++k) {
            if (!code_[k]) {
                if (found == 0 && s_[k] == '"' && code_[k - 1]) {  // a string literal of the template
                    std::size_t q = k + 1;
                    while (q < end && !(s_[q] == '"' && s_[q - 1] != '\\')) ++q;
                    asm_template.append(s_, k + 1, q - k - 1);
                    k = q;
                }
                continue;
            }
            if (s_[k] == '(') ++depth;
            if (s_[k] == ')') --depth;
            if (s_[k] == ':' && depth == 0 && found < 2) colons[found++] = k;
        }
        const std::size_t outputs_end = found >= 2 ? colons[1] : end - 1;
        const std::string_view outputs =
            found >= 1 ? std::string_view(s_).substr(colons[0] + 1, outputs_end - colons[0] - 1) : std::string_view();
        std::optional<std::string> cpp = translate_inline_ptx(asm_template, outputs, line_of(s_, at));
        if (cpp) cpp->append(count_newlines(std::string_view(s_).substr(at, end - at)), '\n');
        return cpp;
    }

    // Index just past the bracket that closes the one opened at `open`.
    std::size_t matching(std::size_t open, char open_c, char close_c) const {
        int depth = 0;
        for (std::size_t k = open; k < s_.size(); ++k) {
            if (!code_[k]) continue;
            if (s_[k] == open_c) ++depth;
            else if (s_[k] == close_c && --depth == 0) return k + 1;
        }
        throw RewriteError(line_of(s_, open), std::string("unbalanced '") + open_c + "'");
    }

    std::string launch(std::size_t start, std::size_t chevrons, std::size_t& end) const {
        std::string kernel;
        for (std::size_t k = start; k < chevrons; ++k)
            if (!std::isspace(static_cast<unsigned char>(s_[k]))) kernel += s_[k];
        // The configuration ends at ">>>" outside parentheses.
        std::size_t k = chevrons + 3;
        int depth = 0;
        for (; k < s_.size(); ++k) {
            if (!code_[k]) continue;
            if (s_[k] == '(' || s_[k] == '[' || s_[k] == '{') ++depth;
            else if (s_[k] == ')' || s_[k] == ']' || s_[k] == '}') --depth;
            else if (depth == 0 && s_.compare(k, 3, ">>>") == 0) break;
        }
        if (k >= s_.size())
            throw RewriteError(line_of(s_, chevrons), "'<<<' of the launch of " + kernel + " has no matching '>>>'");
        const std::string config = s_.substr(chevrons + 3, k - chevrons - 3);
        const std::size_t paren = skip_space(k + 3);
        if (paren >= s_.size() || s_[paren] != '(')
            throw RewriteError(line_of(s_, k), "expected '(' and the kernel's arguments after '>>>' in the launch of " + kernel);
        end = matching(paren, '(', ')');
        const std::string args = s_.substr(paren + 1, end - 1 - paren - 1);
        bool has_args = false;
        for (std::size_t a = 0; a < args.size(); ++a)
            if (code_[paren + 1 + a] && !std::isspace(static_cast<unsigned char>(args[a]))) has_args = true;
        std::string r = "::simt::cuda::launch_config(\"" + kernel + "\", " + config +
                        ").run([&](auto&&... simt_args_) { " + kernel + "(simt_args_...); }";
        if (has_args) r += ", " + args;
        r += ")";
        // Newlines dropped with the removed text come back after the call.
        const std::size_t lost = count_newlines(std::string_view(s_).substr(start, end - start)) -
                                 count_newlines(config) - count_newlines(args);
        r.append(lost, '\n');
        return r;
    }

    // "unsigned char raw" -> type "unsigned char", name "raw" (the last
    // identifier), both trimmed; empty when there is no such split.
    static void split_declarator(const std::string& head, std::string& type, std::string& name) {
        std::size_t name_end = head.size();
        while (name_end > 0 && std::isspace(static_cast<unsigned char>(head[name_end - 1]))) --name_end;
        std::size_t name_start = name_end;
        while (name_start > 0 && is_ident(head[name_start - 1])) --name_start;
        name = head.substr(name_start, name_end - name_start);
        type = head.substr(0, name_start);
        while (!type.empty() && std::isspace(static_cast<unsigned char>(type.back()))) type.pop_back();
        while (!type.empty() && std::isspace(static_cast<unsigned char>(type.front()))) type.erase(0, 1);
    }

    std::string dynamic_shared(std::size_t start, bool function_scope, std::size_t& end) const {
        const std::size_t semi = s_.find(';', start);
        if (semi == std::string::npos) throw RewriteError(line_of(s_, start), "extern __shared__ declaration without ';'");
        end = semi + 1;
        std::string decl = s_.substr(start, semi - start);
        decl = decl.substr(decl.find("__shared__") + 10);
        // Drop __align__(n) / alignas(n): alignment comes from the buffer.
        for (const char* attr : {"__align__", "alignas"}) {
            std::size_t a;
            while ((a = decl.find(attr)) != std::string::npos) {
                std::size_t close = decl.find(')', a);
                decl.erase(a, close == std::string::npos ? std::string::npos : close + 1 - a);
            }
        }
        const std::size_t bracket = decl.rfind('[');
        if (bracket == std::string::npos)
            throw RewriteError(line_of(s_, start), "extern __shared__ must declare an unsized array, e.g. `extern __shared__ float s[];`");
        std::string type, name;
        split_declarator(decl.substr(0, bracket), type, name);
        if (name.empty() || type.empty())
            throw RewriteError(line_of(s_, start), "cannot read the type and name of this extern __shared__ array");
        const std::string lost(count_newlines(std::string_view(s_).substr(start, end - start)), '\n');
        const std::string address = "reinterpret_cast<" + type + "*>(::simt::cuda::dynamic_shared())";
        if (function_scope) return type + "* const " + name + " = " + address + ";" + lost;
        // At file scope the name must mean "this block's buffer" wherever it is
        // used, which only a macro can say; #line restores the numbering.
        const int line = line_of(s_, end);
        return "\n#define " + name + " (" + address + ")\n#line " + std::to_string(line) + " \"" + file_ + "\"\n" + lost;
    }

    // `__shared__ float tile[16][17];` in a function becomes storage with a
    // guard zone after the array (simt/shared_array.h) and a reference named
    // like the array, so an index past its end is caught instead of reading
    // the next variable. Only the plain form is rewritten (one declarator, an
    // array, no preprocessor line); "" leaves the declaration as it is.
    std::string guarded_shared_array(std::size_t start, std::size_t& end) const {
        std::size_t line_start = s_.rfind('\n', start);
        line_start = line_start == std::string::npos ? 0 : line_start + 1;
        if (s_[skip_space(line_start)] == '#') return "";
        std::size_t semi = start + 10;
        int depth = 0;
        std::size_t first_bracket = std::string::npos;
        for (; semi < s_.size(); ++semi) {
            if (!code_[semi]) continue;
            const char c = s_[semi];
            if (c == '[' && depth == 0 && first_bracket == std::string::npos) first_bracket = semi;
            if (c == '(' || c == '[' || c == '<') ++depth;
            if (c == ')' || c == ']' || c == '>') --depth;
            if (depth == 0 && (c == ',' || c == '=' || c == '{' || c == '}' || c == '#')) return "";
            if (depth == 0 && c == ';') break;
        }
        if (semi >= s_.size() || first_bracket == std::string::npos) return "";
        std::string head = s_.substr(start + 10, first_bracket - start - 10);  // type and name
        const std::string dims = s_.substr(first_bracket, semi - first_bracket);
        // Alignment attributes stay on the variable.
        std::string attributes;
        for (const char* attr : {"__align__", "alignas", "__attribute__"}) {
            std::size_t a;
            while ((a = head.find(attr)) != std::string::npos) {
                std::size_t k = head.find('(', a);
                int d = 0;
                for (; k < head.size(); ++k) {
                    if (head[k] == '(') ++d;
                    if (head[k] == ')' && --d == 0) break;
                }
                if (k >= head.size()) return "";
                attributes += head.substr(a, k + 1 - a) + " ";
                head.erase(a, k + 1 - a);
            }
        }
        std::string type, name;
        split_declarator(head, type, name);
        if (name.empty() || type.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return "";
        end = semi + 1;
        const std::string lost(count_newlines(std::string_view(s_).substr(start, end - start)), '\n');
        std::string flat_dims;
        for (char c : dims) flat_dims += c == '\n' ? ' ' : c;
        return "static __thread " + attributes + "::simt::shared_array<" + type + flat_dims + "> simt_shared_" + name +
               "; auto& " + name + " = simt_shared_" + name + ".value;" + lost;
    }

    std::size_t statement_end(std::size_t i) const {
        std::size_t k = i;
        while (k < s_.size() && !(code_[k] && (s_[k] == ';' || s_[k] == '{' || s_[k] == '('))) ++k;
        return k;
    }

    // After a file-scope __device__: a variable unless '(' comes before
    // ';', '=', '[' or '{'. Constant variables keep their default section
    // (a read-only and a writable variable cannot share one).
    bool declares_variable(std::size_t i) {
        if (i < skip_qualifiers_until_) return false;  // second qualifier of one declaration
        for (std::size_t k = i; k < s_.size(); ++k) {
            if (!code_[k]) continue;
            const char c = s_[k];
            if (c == '(') return false;
            if (c == ';' || c == '=' || c == '[' || c == '{') return true;
            if (is_ident(c) && (k == 0 || !is_ident(s_[k - 1]))) {
                for (const char* w : {"const", "constexpr", "__constant__"})
                    if (is_word_at(k, w)) return false;
            }
        }
        return false;
    }

    const std::string& s_;
    std::vector<bool> code_;
    std::string file_;
    std::size_t skip_qualifiers_until_ = 0;
};

}  // namespace

std::string rewrite_cuda_source(const std::string& source, const std::string& file) {
    return "#line 1 \"" + file + "\"\n" + Rewriter(source, file).run();
}

}  // namespace simt::frontend
