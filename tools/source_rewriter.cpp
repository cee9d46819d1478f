#include "tools/source_rewriter.h"

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "tools/observed_calls.h"
#include "tools/builtin_shadowing.h"
#include "tools/inline_ptx.h"
#include "tools/kernel_registration.h"
#include "tools/launch_rewrite.h"
#include "tools/source_text.h"

namespace simt::frontend {
namespace {

constexpr std::size_t npos = std::string::npos;

class Rewriter {
public:
    // `file` names the registrations of its kernels apart from those of the
    // other files (headers) the same translation unit includes.
    Rewriter(const std::string& source, const std::string& file) : s_(source), src_(source), file_(file) {}

    // Anything but a RewriteError escaping the scans is a bug in simt; it
    // still gets the line being rewritten, so the user can work around it.
    std::string run() {
        try {
            return rewrite();
        } catch (const RewriteError&) {
            throw;
        } catch (const std::exception& e) {
            throw RewriteError(src_.line_of(at_), std::string("simt cannot rewrite this line (") + e.what() + ")");
        }
    }

private:
    std::string rewrite() {
        std::string out;
        out.reserve(s_.size() + s_.size() / 8);
        std::size_t copied = 0;  // s_[0, copied) is already in out
        std::vector<bool> function_braces;
        std::vector<std::size_t> brace_at;  // where each open brace is
        std::vector<bool> scope_braces;     // whether it opens a namespace or extern "C" block
        std::size_t open_non_scopes = 0;    // classes, functions, initialisers around the scan
        std::size_t next_directive = 0;
        const auto& directives = src_.directives();
        for (std::size_t i = 0; i < s_.size(); ++i) {
            at_ = i;
            if (!src_.code(i)) {
                while (next_directive < directives.size() && directives[next_directive].start < i) ++next_directive;
                if (next_directive < directives.size() && directives[next_directive].start == i && i >= copied) {
                    const SourceText::Directive d = directives[next_directive];
                    if (std::optional<std::string> define = rewrite_launches_in_define(src_, d)) {
                        out.append(s_, copied, i - copied);
                        out += *define;
                        copied = d.end;
                        i = d.end - 1;
                    }
                }
                continue;
            }
            const char c = s_[i];
            if (c == '{') {
                function_braces.push_back(opens_function_body(i) || in_function(function_braces));
                brace_at.push_back(i);
                scope_braces.push_back(opens_scope(i));
                if (!scope_braces.back()) ++open_non_scopes;
            } else if (c == '}') {
                if (!function_braces.empty()) function_braces.pop_back();
                if (brace_at.empty()) continue;
                if (!scope_braces.back()) --open_non_scopes;
                scope_braces.pop_back();
                // After a kernel's body: its registration, on the same line.
                const auto registration = registrations_.find(brace_at.back());
                brace_at.pop_back();
                if (registration != registrations_.end()) {
                    out.append(s_, copied, i + 1 - copied);
                    out += registration->second;
                    copied = i + 1;
                }
            } else if (open_non_scopes == 0 && src_.is_word_at(i, "__global__")) {
                // Only at namespace scope: a registration is a variable there.
                if (const std::optional<KernelDefinition> kernel = read_kernel_definition(src_, i))
                    registrations_[kernel->body] =
                        kernel_registration(*kernel, file_, src_.line_of(i), i - src_.line_start(i) + 1);
                i += 9;
            } else if (c == '<' && src_.triple_at(i, '<') != npos) {
                const Replacement launch = rewrite_launch(src_, i);
                if (launch.start < copied)
                    throw RewriteError(src_.line_of(i), "cannot read the kernel before '<<<': it overlaps the previous rewrite");
                out.append(s_, copied, launch.start - copied);
                out += launch.text;
                copied = launch.end;
                i = launch.end - 1;
            } else if (const std::size_t shared_at = src_.is_word_at(i, "extern") ? extern_shared_qualifier(i) : npos;
                       shared_at != npos) {
                out.append(s_, copied, i - copied);
                std::size_t end;
                out += dynamic_shared(i, shared_at, in_function(function_braces), end);
                copied = end;
                i = end - 1;
            } else if (src_.is_word_at(i, "static") && src_.next_word(i + 6) == "__shared__") {
                out.append(s_, copied, i - copied);
                out += "      ";  // same width: keeps columns
                copied = i + 6;
                i += 5;
            } else if (src_.is_word_at(i, "__shared__") && in_function(function_braces)) {
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
                       (src_.is_word_at(i, "asm") || src_.is_word_at(i, "__asm__") || src_.is_word_at(i, "__asm"))) {
                std::size_t end;
                const std::optional<std::string> cpp = inline_asm(i, end);
                if (cpp) {
                    out.append(s_, copied, i - copied);
                    out += *cpp;
                    copied = end;
                }
                i = end - 1;
            } else if ((src_.is_word_at(i, "gridDim") || src_.is_word_at(i, "blockDim")) && is_member_name(i)) {
                // A member named like a built-in variable (cudaKernelNodeParams::gridDim):
                // simt's headers name it simt_gridDim, as the built-in is a macro.
                out.append(s_, copied, i - copied);
                out += "simt_";
                copied = i;
                i += 6;
            } else if (src_.is_word_at(i, "__noinline__")) {
                out.append(s_, copied, i - copied);
                out += "__attribute__((noinline))";
                copied = i + 12;
                i += 11;
            } else if (src_.is_word_at(i, "reinterpret_cast") && !dynamic_shared_accessors_.empty()) {
                const std::size_t name = accessor_cast_operand(i);
                if (name != npos) {
                    out.append(s_, copied, name - copied);
                    out += '+';  // the accessor's pointer: reinterpret_cast takes no class
                    copied = name;
                }
                i += 15;
            } else if (!in_function(function_braces) && src_.is_word_at(i, "__constant__")) {
                if (declares_const_object(i)) {
                    out.append(s_, copied, i - copied);
                    out += "SIMT_CONSTANT_READONLY";
                    copied = i + 12;
                }
                i += 11;
            } else if (!in_function(function_braces) &&
                       (src_.is_word_at(i, "__device__") || src_.is_word_at(i, "__managed__"))) {
                const std::size_t length = s_[i + 2] == 'd' ? 10 : 11;
                if (declares_variable(i + length)) {
                    // At namespace scope, a guard before and after the
                    // declaration: an index past the variable lands in one
                    // (emulator/device_variable_layout.h).
                    const std::size_t start = open_non_scopes == 0 ? statement_start(i) : npos;
                    if (start != npos && start >= copied) {
                        out.append(s_, copied, start - copied);
                        out += "SIMT_DEVICE_GUARD ";
                        copied = start;
                        guard_after_ = variable_end(i);
                    }
                    out.append(s_, copied, i - copied);
                    out += "SIMT_GLOBAL_VARIABLE";
                    copied = i + length;
                    skip_qualifiers_until_ = statement_end(i);
                }
                i += length - 1;
            } else if (c == ';' && i == guard_after_) {
                out.append(s_, copied, i + 1 - copied);
                out += " SIMT_DEVICE_GUARD";
                copied = i + 1;
            }
        }
        out.append(s_, copied, npos);
        return out;
    }

    static bool in_function(const std::vector<bool>& braces) { return !braces.empty() && braces.back(); }

    // Whether the declaration holding `at` declares a const object (`const
    // int x`, `float* const p`, `constexpr ...`; not `const float* p`, whose
    // pointer is writable): its words from the statement's start to the
    // first of = ; [ { ( that is code.
    bool declares_const_object(std::size_t at) const {
        std::size_t start = at;
        while (start > 0 && !(src_.code(start - 1) && (s_[start - 1] == ';' || s_[start - 1] == '{' || s_[start - 1] == '}')))
            --start;
        bool is_const = false;
        for (std::size_t k = start; k < s_.size(); ++k) {
            if (!src_.code(k)) continue;
            const char c = s_[k];
            if (c == '=' || c == ';' || c == '[' || c == '{' || c == '(') break;
            if (c == '*' || c == '&') is_const = false;  // what follows qualifies the pointer
            if (src_.is_word_at(k, "constexpr")) return true;
            if (src_.is_word_at(k, "const")) is_const = true;
        }
        return is_const;
    }

    // After `.` or `->`: the name of a member.
    bool is_member_name(std::size_t i) const {
        const std::size_t j = src_.skip_space_back(i);
        return j != npos && (s_[j] == '.' || (s_[j] == '>' && j > 0 && s_[j - 1] == '-'));
    }

    // `namespace [a::b] {` or `extern "C" {`: a scope that may hold variables.
    bool opens_scope(std::size_t brace) const {
        std::size_t j = src_.skip_space_back(brace);
        while (j != npos && (is_ident(s_[j]) || s_[j] == ':')) {
            std::size_t k = j;
            while (k > 0 && (is_ident(s_[k - 1]) || s_[k - 1] == ':')) --k;
            const std::string_view word = std::string_view(s_).substr(k, j + 1 - k);
            if (word == "namespace" || word == "extern") return true;
            if (word == "inline") return false;
            j = src_.skip_space_back(k);
        }
        return false;
    }

    // A '{' right after ')' (or a trailing qualifier) opens a function body.
    bool opens_function_body(std::size_t brace) const {
        std::size_t j = src_.skip_space_back(brace);
        while (j != npos) {
            if (s_[j] == ')') return true;
            if (!is_ident(s_[j])) return false;
            std::size_t k = j;
            while (k > 0 && is_ident(s_[k - 1])) --k;
            const std::string_view word = std::string_view(s_).substr(k, j + 1 - k);
            if (word != "const" && word != "noexcept" && word != "override" && word != "final" && word != "mutable")
                return false;
            j = src_.skip_space_back(k);
        }
        return false;
    }

    // `asm [volatile] ("template" : outputs : ...)` at `at`: the C++ that
    // replaces it when it is PTX (see inline_ptx.h), with its line breaks
    // kept; `end` is just past its ')'.
    std::optional<std::string> inline_asm(std::size_t at, std::size_t& end) const {
        std::size_t j = at;
        while (j < s_.size() && is_ident(s_[j])) ++j;
        j = src_.skip_space(j);
        for (std::string_view q : {"volatile", "__volatile__", "__volatile"})
            if (src_.is_word_at(j, q)) j = src_.skip_space(j + q.size());
        end = j + 1;
        if (j >= s_.size() || s_[j] != '(') return std::nullopt;
        end = src_.matching(j, '(', ')');
        std::string asm_template;
        std::size_t colons[3] = {end - 1, end - 1, end - 1};
        int found = 0, depth = 0;
        for (std::size_t k = j + 1; k + 1 < end; ++k) {
            if (!src_.code(k)) {
                if (found == 0 && s_[k] == '"' && src_.code(k - 1)) {  // a string literal of the template
                    std::size_t q = k + 1;
                    while (q < end && !(s_[q] == '"' && s_[q - 1] != '\\')) ++q;
                    asm_template.append(s_, k + 1, q - k - 1);
                    k = q;
                }
                continue;
            }
            if (s_[k] == '(') ++depth;
            if (s_[k] == ')') --depth;
            if (s_[k] == ':' && depth == 0 && found < 3) colons[found++] = k;
        }
        const std::size_t outputs_end = found >= 2 ? colons[1] : end - 1;
        const std::string_view outputs =
            found >= 1 ? std::string_view(s_).substr(colons[0] + 1, outputs_end - colons[0] - 1) : std::string_view();
        const std::size_t inputs_end = found >= 3 ? colons[2] : end - 1;
        const std::string_view inputs =
            found >= 2 ? std::string_view(s_).substr(colons[1] + 1, inputs_end - colons[1] - 1) : std::string_view();
        std::optional<std::string> cpp = translate_inline_ptx(asm_template, outputs, inputs, src_.line_of(at));
        if (cpp) cpp->append(count_newlines(std::string_view(s_).substr(at, end - at)), '\n');
        return cpp;
    }

    // "unsigned char raw" -> type "unsigned char", name "raw" (the last
    // identifier), both trimmed; empty when there is no such split.
    static void split_declarator(const std::string& head, std::string& type, std::string& name) {
        std::size_t name_end = head.size();
        while (name_end > 0 && is_space(head[name_end - 1])) --name_end;
        std::size_t name_start = name_end;
        while (name_start > 0 && is_ident(head[name_start - 1])) --name_start;
        name = head.substr(name_start, name_end - name_start);
        type = head.substr(0, name_start);
        while (!type.empty() && is_space(type.back())) type.pop_back();
        while (!type.empty() && is_space(type.front())) type.erase(0, 1);
    }

    // The ';' ending a declaration, from `from` on (code only); npos when a
    // brace or another __shared__ comes first, which also keeps a run of
    // declarations without ';' from being scanned again and again.
    std::size_t declaration_end(std::size_t from) const {
        for (std::size_t k = from; k < s_.size(); ++k) {
            if (!src_.code(k)) continue;
            if (s_[k] == ';') return k;
            if (s_[k] == '{' || s_[k] == '}') return npos;
            if (s_[k] == '_' && src_.is_word_at(k, "__shared__")) return npos;
        }
        return npos;
    }

    // The `__shared__` of an `extern` declaration at `extern_at`: right after
    // `extern`, or after the type's words (`extern double __shared__ s[];`,
    // which nvcc takes too); npos when there is none. Only plain words may
    // come before it, so `extern "C"` and other declarations are left alone.
    std::size_t extern_shared_qualifier(std::size_t extern_at) const {
        std::size_t k = src_.skip_space(extern_at + 6);
        for (int words = 0; k < s_.size() && words < 8; ++words) {
            if (src_.is_word_at(k, "__shared__")) return k;
            if (!is_ident(s_[k]) || (s_[k] >= '0' && s_[k] <= '9')) return npos;
            while (k < s_.size() && is_ident(s_[k])) ++k;
            k = src_.skip_space(k);
        }
        return npos;
    }

    // `extern __shared__ T name[];`. In a function: a pointer to the block's
    // dynamic shared memory. At file scope: an accessor object named `name`
    // that converts to that pointer (simt/cuda.h), an ordinary C++ name that
    // a member, local or parameter of the same name hides as usual.
    std::string dynamic_shared(std::size_t start, std::size_t shared_at, bool function_scope, std::size_t& end) {
        const std::size_t semi = declaration_end(shared_at + 10);
        if (semi == npos) throw RewriteError(src_.line_of(start), "extern __shared__ declaration without ';'");
        end = semi + 1;
        // Type and name, without __align__(n) / alignas(n): the buffer is aligned.
        const std::string before = src_.compact_code(src_.skip_space(start + 6), shared_at);
        const std::string after = src_.compact_code(shared_at + 10, semi);
        std::string head = before.empty() ? after : before + " " + after;
        for (const char* attr : {"__align__", "alignas"}) {
            std::size_t a;
            while ((a = head.find(attr)) != npos) {
                const std::size_t close = head.find(')', a);
                head.erase(a, close == npos ? npos : close + 1 - a);
            }
        }
        // The first bracket pair is the unsized one; sized ones after it
        // (`half s[][K + SKEW]`, which nvcc takes) make `s` a pointer to
        // arrays of them, as the GPU's dynamic shared memory is.
        const std::size_t bracket = head.find('[');
        const std::size_t close = bracket == npos ? npos : head.find(']', bracket);
        if (bracket == npos || close == npos ||
            head.find_first_not_of(' ', bracket + 1) != close)
            throw RewriteError(src_.line_of(start),
                               "extern __shared__ must declare an unsized array, e.g. `extern __shared__ float s[];` "
                               "or `extern __shared__ float s[][32];`");
        std::string extents = head.substr(close + 1);
        while (!extents.empty() && is_space(extents.back())) extents.pop_back();
        while (!extents.empty() && is_space(extents.front())) extents.erase(0, 1);
        if (!extents.empty() && (extents.front() != '[' || extents.back() != ']'))
            throw RewriteError(src_.line_of(start), "cannot read the extents of this extern __shared__ array");
        std::string type, name;
        split_declarator(head.substr(0, bracket), type, name);
        if (name.empty() || type.empty())
            throw RewriteError(src_.line_of(start), "cannot read the type and name of this extern __shared__ array");
        const std::string lost(count_newlines(std::string_view(s_).substr(start, end - start)), '\n');
        const bool rows = !extents.empty();
        if (function_scope && rows)
            return type + " (* const " + name + ")" + extents + " = reinterpret_cast<" + type + " (*)" + extents +
                   ">(::simt::cuda::dynamic_shared());" + lost;
        if (function_scope)
            return type + "* const " + name + " = reinterpret_cast<" + type + "*>(::simt::cuda::dynamic_shared());" + lost;
        dynamic_shared_accessors_.insert(name);
        const std::string element = rows ? type + extents : type;
        return "static constexpr ::simt::cuda::dynamic_shared_array<" + element + "> " + name + "{};" + lost;
    }

    // In `reinterpret_cast<T*>(name)` where `name` is a file-scope extern
    // __shared__ accessor: the index of `name`, else npos.
    std::size_t accessor_cast_operand(std::size_t cast) const {
        const std::size_t open = src_.skip_space(cast + 16);
        if (open >= s_.size() || s_[open] != '<') return npos;
        int depth = 0;
        std::size_t k = open;
        for (; k < s_.size() && k < open + 256; ++k) {  // a cast's type is short
            if (!src_.code(k)) continue;
            if (s_[k] == '<') ++depth;
            if (s_[k] == '>' && --depth == 0) break;
        }
        const std::size_t paren = src_.skip_space(k + 1);
        if (k >= s_.size() || paren >= s_.size() || s_[paren] != '(') return npos;
        const std::size_t name = src_.skip_space(paren + 1);
        const std::string_view word = src_.next_word(name);
        if (word.empty() || dynamic_shared_accessors_.count(std::string(word)) == 0) return npos;
        const std::size_t close = src_.skip_space(name + word.size());
        return close < s_.size() && s_[close] == ')' ? name : npos;
    }

    // `__shared__ float tile[16][17];` in a function becomes storage with a
    // guard zone after the array (simt/shared_array.h) and a reference named
    // like the array, so an index past its end is caught instead of reading
    // the next variable. Several array declarators (`__shared__ __half a[8],
    // b[8];`) become one such declaration each: left alone, GCC guards a
    // thread-local array of a class type with a hidden flag in the shared
    // window, which every thread reads. Only these forms are rewritten (no
    // scalar declarator, no preprocessor line); "" leaves the declaration as
    // it is.
    std::string guarded_shared_array(std::size_t start, std::size_t& end) const {
        if (s_[src_.skip_space(src_.line_start(start))] == '#') return "";
        std::size_t semi = start + 10;
        int depth = 0;
        std::vector<std::size_t> commas;
        for (; semi < s_.size(); ++semi) {
            if (!src_.code(semi)) continue;
            const char c = s_[semi];
            if (c == '(' || c == '[' || c == '<') ++depth;
            if (c == ')' || c == ']' || c == '>') --depth;
            if (depth == 0 && c == ',') commas.push_back(semi);
            if (depth == 0 && (c == '=' || c == '{' || c == '}' || c == '#')) return "";
            if (depth == 0 && c == ';') break;
            if (c == '_' && src_.is_word_at(semi, "__shared__")) return "";  // not one declaration
        }
        if (semi >= s_.size()) return "";
        commas.push_back(semi);
        // The first declarator carries the type: `T a[4]`; the others are `b[4]`.
        std::string attributes, trailing, type, out;
        std::size_t from = start + 10;
        for (std::size_t piece = 0; piece < commas.size(); ++piece) {
            const std::string declarator = s_.substr(from, commas[piece] - from);
            from = commas[piece] + 1;
            const std::size_t bracket = top_level_bracket(declarator);
            if (bracket == npos) return "";
            std::string head = declarator.substr(0, bracket), name, own_type;
            if (piece == 0 && !take_attributes(head, attributes, trailing)) return "";
            split_declarator(head, own_type, name);
            if (piece == 0) type = own_type;
            if (name.empty() || type.empty() || (name[0] >= '0' && name[0] <= '9') ||
                (piece != 0 && !own_type.empty()))
                return "";
            std::string dims;
            for (char c : declarator.substr(bracket)) dims += c == '\n' ? ' ' : c;
            while (!dims.empty() && is_space(dims.back())) dims.pop_back();
            out += (piece == 0 ? "" : " ") + std::string("SIMT_SHARED_STORAGE ") + attributes + "::simt::shared_array<" +
                   type + dims + "> simt_shared_" + name +
                   (trailing.empty() ? "" : " " + trailing.substr(0, trailing.size() - 1)) + "; auto& " + name +
                   " = simt_shared_" + name + ".value;";
        }
        end = semi + 1;
        return out + std::string(count_newlines(std::string_view(s_).substr(start, end - start)), '\n');
    }

    // The first '[' of a declarator outside parentheses and template
    // arguments, npos if none.
    static std::size_t top_level_bracket(const std::string& declarator) {
        int depth = 0;
        for (std::size_t k = 0; k < declarator.size(); ++k) {
            const char c = declarator[k];
            if (c == '[' && depth == 0) return k;
            if (c == '(' || c == '<') ++depth;
            if (c == ')' || c == '>') --depth;
        }
        return npos;
    }

    // Alignment attributes stay on the variable: GNU ones before the type,
    // alignas after the name (a standard attribute may not follow
    // `static __thread`). Removes them from `head`; false if unbalanced.
    static bool take_attributes(std::string& head, std::string& attributes, std::string& trailing) {
        for (const char* attr : {"__align__", "alignas", "__attribute__"}) {
            std::size_t a;
            while ((a = head.find(attr)) != npos) {
                std::size_t k = head.find('(', a);
                int d = 0;
                for (; k < head.size(); ++k) {
                    if (head[k] == '(') ++d;
                    if (head[k] == ')' && --d == 0) break;
                }
                if (k >= head.size()) return false;
                (std::string_view(attr) == "alignas" ? trailing : attributes) += head.substr(a, k + 1 - a) + " ";
                head.erase(a, k + 1 - a);
            }
        }
        return true;
    }

    // The first code of the declaration holding `at`: after the ; { or }
    // before it (directives and comments between are not code).
    std::size_t statement_start(std::size_t at) const {
        std::size_t start = at;
        while (start > 0 && !(src_.code(start - 1) && (s_[start - 1] == ';' || s_[start - 1] == '{' || s_[start - 1] == '}')))
            --start;
        while (start < at && (!src_.code(start) || std::isspace(static_cast<unsigned char>(s_[start])))) ++start;
        return start;
    }

    // The ';' ending the declaration that holds `at` (past its initialiser's
    // brackets), or npos.
    std::size_t variable_end(std::size_t at) const {
        int depth = 0;
        for (std::size_t k = at; k < s_.size(); ++k) {
            if (!src_.code(k)) continue;
            const char c = s_[k];
            if (c == '(' || c == '[' || c == '{') ++depth;
            if (c == ')' || c == ']' || c == '}') --depth;
            if (depth < 0) return npos;
            if (c == ';' && depth == 0) return k;
        }
        return npos;
    }

    std::size_t statement_end(std::size_t i) const {
        std::size_t k = i;
        while (k < s_.size() && !(src_.code(k) && (s_[k] == ';' || s_[k] == '{' || s_[k] == '('))) ++k;
        return k;
    }

    // After a file-scope __device__: a variable unless '(' comes before
    // ';', '=', '[' or '{'. Constant variables keep their default section
    // (a read-only and a writable variable cannot share one).
    bool declares_variable(std::size_t i) {
        if (i < skip_qualifiers_until_) return false;  // second qualifier of one declaration
        const std::size_t k = next_declaration_clue(i);
        return k != npos && s_[k] != '(' && !is_ident(s_[k]);
    }

    // The first code at or after i that tells a variable from a function:
    // one of ( ; = [ { or the start of const, constexpr or __constant__.
    // Computed for the whole file at once (one pass from the end), so many
    // __device__ words before one ';' cost a single scan.
    std::size_t next_declaration_clue(std::size_t i) {
        if (clues_.empty()) {
            clues_.assign(s_.size() + 1, npos);
            for (std::size_t k = s_.size(); k-- > 0;) {
                clues_[k] = clues_[k + 1];
                if (!src_.code(k)) continue;
                const char c = s_[k];
                const bool clue = c == '(' || c == ';' || c == '=' || c == '[' || c == '{' ||
                                  (is_ident(c) && (src_.is_word_at(k, "const") || src_.is_word_at(k, "constexpr") ||
                                                   src_.is_word_at(k, "__constant__")));
                if (clue) clues_[k] = k;
            }
        }
        return clues_[i];
    }

    const std::string& s_;
    SourceText src_;
    std::size_t at_ = 0;  // where the scan is, for errors
    std::size_t skip_qualifiers_until_ = 0;
    std::size_t guard_after_ = npos;  // the ';' after which a __device__ variable's second guard goes
    std::vector<std::size_t> clues_;
    std::set<std::string> dynamic_shared_accessors_;
    std::map<std::size_t, std::string> registrations_;  // by the '{' of the kernel's body
    const std::string& file_;
};

// #line's file name is a string literal: a path with '"' or '\' must be
// escaped (g++ reads escape sequences there).
std::string quoted_path(const std::string& path) {
    std::string q = "\"";
    for (char c : path) {
        if (c == '"' || c == '\\') q += '\\';
        if (c == '\n') {
            q += "\\n";
            continue;
        }
        q += c;
    }
    return q + "\"";
}

}  // namespace

std::string rewrite_cuda_source(const std::string& source, const std::string& file) {
    return "#line 1 " + quoted_path(file) + "\n" + Rewriter(rename_shadowed_builtins(route_observed_calls(source)), file).run();
}

}  // namespace simt::frontend
