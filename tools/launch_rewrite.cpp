#include "tools/launch_rewrite.h"

#include <algorithm>

#include "tools/source_rewriter.h"

namespace simt::frontend {
namespace {

constexpr std::size_t npos = std::string::npos;

// The '<' that opens the template arguments closed by the '>' at `close`, or
// npos. Parenthesised arguments are skipped whole, so `k<(1 << 2)>` and
// `k<(n > 2)>` are read as one argument each.
std::size_t template_open_back(const SourceText& src, std::size_t close) {
    int angles = 0, parens = 0;
    for (std::size_t k = close + 1; k-- > 0;) {
        if (!src.code(k)) continue;
        const char c = src[k];
        if (c == ')' || c == ']') ++parens;
        else if (c == '(' || c == '[') {
            if (--parens < 0) return npos;
        } else if (parens == 0 && c == '>') ++angles;
        else if (parens == 0 && c == '<' && --angles == 0) return k;
        else if (parens == 0 && (c == ';' || c == '{' || c == '}')) return npos;
    }
    return npos;
}

// The '(' matching the ')' at `close`, or npos.
std::size_t paren_open_back(const SourceText& src, std::size_t close) {
    int depth = 0;
    for (std::size_t k = close + 1; k-- > 0;) {
        if (!src.code(k)) continue;
        if (src[k] == ')') ++depth;
        else if (src[k] == '(' && --depth == 0) return k;
    }
    return npos;
}

// Start of `name`, `ns::name`, `::name` or `ns::S<int>::name` whose last
// character is at `last`, or npos when no identifier ends there.
std::size_t qualified_name_start(const SourceText& src, std::size_t last) {
    for (;;) {
        if (!is_ident(src[last])) return npos;
        std::size_t k = last + 1;
        while (k > 0 && is_ident(src[k - 1])) --k;
        if (k < 2 || src[k - 1] != ':' || src[k - 2] != ':') return k;
        // "::" right before the name: a qualifier (or the global one).
        if (k >= 3 && is_ident(src[k - 3])) {
            last = k - 3;
        } else if (k >= 3 && src[k - 3] == '>') {
            const std::size_t open = template_open_back(src, k - 3);
            const std::size_t name_end = open == npos ? npos : src.skip_space_back(open);
            if (name_end == npos) return k - 2;
            last = name_end;
        } else {
            return k - 2;
        }
    }
}

// Start of the kernel expression before the "<<<" at `chevrons`, or npos.
std::size_t kernel_start(const SourceText& src, std::size_t chevrons) {
    const std::size_t last = src.skip_space_back(chevrons);
    if (last == npos) return npos;
    if (src[last] == ')') return paren_open_back(src, last);  // (*fp)<<<...>>>
    if (src[last] != '>') return qualified_name_start(src, last);
    const std::size_t open = template_open_back(src, last);
    const std::size_t name_end = open == npos ? npos : src.skip_space_back(open);
    return name_end == npos ? npos : qualified_name_start(src, name_end);
}

std::string trimmed(std::string_view s) {
    std::size_t a = 0, b = s.size();
    while (a < b && is_space(s[a])) ++a;
    while (b > a && is_space(s[b - 1])) --b;
    return std::string(s.substr(a, b - a));
}

// One argument of a launch: the text [start, end) between its commas.
struct Argument {
    std::size_t start, end;
    bool null_constant;  // an integer literal of value zero, or NULL
};

bool is_null_constant(const std::string& code) {
    if (code == "NULL") return true;
    std::size_t i = 0;
    if (code.rfind("0x", 0) == 0 || code.rfind("0X", 0) == 0 || code.rfind("0b", 0) == 0 || code.rfind("0B", 0) == 0) i = 2;
    const std::size_t digits = i;
    while (i < code.size() && (code[i] == '0' || code[i] == '\'')) ++i;
    if (i == digits) return false;
    for (; i < code.size(); ++i)
        if (std::string_view("uUlLzZ").find(code[i]) == std::string_view::npos) return false;
    return true;
}

// The arguments in [from, to) split at commas outside brackets. A '<' among
// them might open template arguments, whose commas cannot be told from the
// list's: then no argument is marked a null constant.
std::vector<Argument> split_arguments(const SourceText& src, std::size_t from, std::size_t to) {
    std::vector<Argument> list;
    if (src.compact_code(from, to).empty()) return list;
    int depth = 0;
    bool angle = false;
    std::size_t begin = from;
    for (std::size_t k = from; k <= to; ++k) {
        const bool code = k < to && src.code(k);
        const char c = code ? src[k] : ',';
        if (code && (c == '(' || c == '[' || c == '{')) ++depth;
        else if (code && (c == ')' || c == ']' || c == '}')) --depth;
        else if (code && c == '<') angle = true;
        if ((k == to || (code && c == ',')) && depth == 0) {
            list.push_back({begin, k, is_null_constant(src.compact_code(begin, k))});
            begin = k + 1;
        }
    }
    if (angle)
        for (Argument& a : list) a.null_constant = false;
    return list;
}

}  // namespace

Replacement rewrite_launch(const SourceText& src, std::size_t chevrons, bool in_macro_body,
                           const std::vector<std::string>& macro_parameters) {
    const int line = src.line_of(chevrons);
    const std::size_t start = kernel_start(src, chevrons);
    if (start == npos)
        throw RewriteError(line, "cannot read the kernel before '<<<' (simt expects `name<<<...>>>(...)`, "
                                 "`name<args><<<...>>>(...)` or `(expression)<<<...>>>(...)`)");
    const std::string kernel = src.compact_code(start, chevrons);
    const std::size_t config_start = src.triple_at(chevrons, '<');
    // The configuration ends at ">>>" outside parentheses.
    std::size_t k = config_start, config_end = npos;
    int depth = 0;
    for (; k < src.size(); ++k) {
        if (!src.code(k)) continue;
        const char c = src[k];
        if (c == '(' || c == '[' || c == '{') ++depth;
        else if (c == ')' || c == ']' || c == '}') --depth;
        else if (depth == 0 && c == '>' && (config_end = src.triple_at(k, '>')) != npos) break;
        if (depth < 0 || (depth == 0 && c == ';')) k = src.size() - 1;  // the statement ended: no '>>>'
    }
    if (k >= src.size()) throw RewriteError(line, "'<<<' of the launch of " + kernel + " has no matching '>>>'");
    const std::string_view config = src.text().substr(config_start, k - config_start);
    if (src.compact_code(config_start, k).empty())
        throw RewriteError(line, "the launch of " + kernel + " has no grid and block size between '<<<' and '>>>'");
    // CUDA takes at most four values: grid, block, shared bytes, stream.
    // (Counted only without template arguments, whose commas look alike.)
    if (config.find('<') == std::string_view::npos) {
        int values = 1;
        int nesting = 0;
        for (std::size_t i = config_start; i < k; ++i) {
            if (!src.code(i)) continue;
            const char c = src[i];
            if (c == '(' || c == '[' || c == '{') ++nesting;
            else if (c == ')' || c == ']' || c == '}') --nesting;
            else if (c == ',' && nesting == 0) ++values;
        }
        if (values > 4)
            throw RewriteError(line, "the launch of " + kernel + " has " + std::to_string(values) +
                                         " values between '<<<' and '>>>'; CUDA takes at most 4 (grid, block, "
                                         "shared memory bytes, stream)");
    }
    const std::size_t paren = src.skip_space(config_end);
    if (paren >= src.size() || src[paren] != '(')
        throw RewriteError(src.line_of(k), "expected '(' and the kernel's arguments after '>>>' in the launch of " + kernel);
    const std::size_t end = src.matching(paren, '(', ')');
    const std::string_view args = src.text().substr(paren + 1, end - 1 - paren - 1);

    // In a macro, a kernel named by a parameter is named by its argument.
    const bool parameter = std::find(macro_parameters.begin(), macro_parameters.end(), kernel) != macro_parameters.end();
    std::string r = "::simt::cuda::launch_config(" + (parameter ? "#" + kernel : "\"" + kernel + "\"") + ", " +
                    std::string(config) + ").run(";
    std::string passed;  // the arguments evaluated on the host, once
    const std::vector<Argument> list = in_macro_body && trimmed(args) == "__VA_ARGS__"
                                           ? std::vector<Argument>{}
                                           : split_arguments(src, paren + 1, end - 1);
    if (std::none_of(list.begin(), list.end(), [](const Argument& a) { return a.null_constant; })) {
        r += "[&](auto&&... simt_args_) __attribute__((no_sanitize_thread)) -> decltype(" + kernel +
             "(simt_args_...)) { return " + kernel + "(simt_args_...); }";
        if (in_macro_body && trimmed(args) == "__VA_ARGS__") r += " __VA_OPT__(,) __VA_ARGS__";  // may be empty
        else if (!src.compact_code(paren + 1, end - 1).empty()) passed = std::string(args);
    } else {
        // A literal 0 (or NULL) is a null pointer constant only as written:
        // forwarded as an int it would not convert to the kernel's pointer
        // parameter, so the call inside names it as written.
        std::string parameters, call;
        for (std::size_t n = 0; n < list.size(); ++n) {
            const Argument& a = list[n];
            call += (n == 0 ? "" : ", ");
            if (a.null_constant) {
                call += src.compact_code(a.start, a.end);
                continue;
            }
            const std::string name = "simt_arg" + std::to_string(n) + "_";
            parameters += (parameters.empty() ? "auto&& " : ", auto&& ") + name;
            call += name;
            passed += (passed.empty() ? "" : ",") + std::string(src.text().substr(a.start, a.end - a.start));
        }
        r += "[&](" + parameters + ") __attribute__((no_sanitize_thread)) -> decltype(" + kernel + "(" + call +
             ")) { return " + kernel + "(" + call + "); }";
    }
    if (!passed.empty()) r += ", " + passed;
    r += ")";
    // Newlines dropped with the removed text come back after the call.
    const std::size_t lost = count_newlines(src.text().substr(start, end - start)) - count_newlines(config) -
                             count_newlines(passed);
    for (std::size_t n = 0; n < lost; ++n) r += in_macro_body ? "\\\n" : "\n";
    return {start, end, r};
}

std::optional<std::string> rewrite_launches_in_define(const SourceText& src, const SourceText::Directive& d) {
    const std::string_view directive = src.text().substr(d.start, d.end - d.start);
    if (directive.find("<<") == std::string_view::npos) return std::nullopt;  // no launch
    // After the '#': "define NAME" or "define NAME(parameters)", maybe over
    // continued lines.
    const SourceText head(directive.substr(1), true);
    std::size_t k = head.skip_space(0);
    if (!head.is_word_at(k, "define")) return std::nullopt;
    k = head.skip_space(k + 6);
    const std::string name(head.next_word(k));
    k += name.size();
    std::vector<std::string> parameters;
    if (k < head.size() && head[k] == '(') {
        const std::size_t close = head.text().find(')', k);
        if (close == std::string_view::npos) return std::nullopt;
        std::string list = head.compact_code(k + 1, close) + ",";
        for (std::size_t comma; (comma = list.find(',')) != std::string::npos; list.erase(0, comma + 1))
            parameters.push_back(list.substr(0, comma));
        k = close + 1;
    }
    ++k;  // back to an index in `directive`
    const SourceText body(directive.substr(k), true);
    const int first_line = src.line_of(d.start + k);
    std::string out(directive.substr(0, k));
    std::size_t copied = 0;
    for (std::size_t i = 0; i + 2 < body.size(); ++i) {
        if (!body.code(i) || body.triple_at(i, '<') == npos) continue;
        try {
            const Replacement launch = rewrite_launch(body, i, true, parameters);
            if (launch.start < copied) throw RewriteError(body.line_of(i), "two launches share a kernel");
            out.append(body.text().substr(copied, launch.start - copied));
            out += launch.text;
            copied = launch.end;
            i = launch.end - 1;
        } catch (const RewriteError& e) {
            throw RewriteError(first_line + e.line - 1,
                               "cannot rewrite the kernel launch in the macro " + name + ": " + e.what());
        }
    }
    out.append(body.text().substr(copied));
    return out;
}

}  // namespace simt::frontend
