#include "tools/source_text.h"

#include <algorithm>

#include "tools/source_rewriter.h"

namespace simt::frontend {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Two characters that would read as one token if written side by side.
bool merges(char a, char b) {
    constexpr std::string_view operators = "+-*/%&|^!=<>:.";
    if (is_ident(a) && is_ident(b)) return true;
    return operators.find(a) != std::string_view::npos && operators.find(b) != std::string_view::npos;
}

// A backslash that continues the line: followed by '\n' or "\r\n".
std::size_t continuation_length(std::string_view s, std::size_t i) {
    if (s[i] != '\\') return 0;
    if (i + 1 < s.size() && s[i + 1] == '\n') return 2;
    if (i + 2 < s.size() && s[i + 1] == '\r' && s[i + 2] == '\n') return 3;
    return 0;
}

// `"` at i opens a raw string when R, u8R, uR, UR or LR comes right before
// it as a whole token.
bool opens_raw_string(std::string_view s, std::size_t i) {
    if (i == 0 || s[i - 1] != 'R') return false;
    const std::size_t r = i - 1;
    auto token_starts_at = [&](std::size_t k) { return k == 0 || !is_ident(s[k - 1]); };
    if (token_starts_at(r)) return true;
    if (r >= 1 && (s[r - 1] == 'u' || s[r - 1] == 'U' || s[r - 1] == 'L') && token_starts_at(r - 1)) return true;
    return r >= 2 && s[r - 2] == 'u' && s[r - 1] == '8' && token_starts_at(r - 2);
}

// End of the raw string whose '"' is at i, or npos when the delimiter is
// not a valid one (at most 16 characters, none of space ( ) \ ").
std::size_t raw_string_end(std::string_view s, std::size_t i) {
    std::size_t open = i + 1;
    while (open < s.size() && open - i - 1 <= 16 && s[open] != '(') {
        const char c = s[open];
        if (is_space(c) || c == ')' || c == '\\' || c == '"') return std::string_view::npos;
        ++open;
    }
    if (open >= s.size() || s[open] != '(') return std::string_view::npos;
    const std::string close = ")" + std::string(s.substr(i + 1, open - i - 1)) + "\"";
    const std::size_t j = s.find(close, open + 1);
    return j == std::string_view::npos ? s.size() : j + close.size();
}

// End of an ordinary string or character literal opened by s[i] (just past
// its closing quote; at the line's end when it has none).
std::size_t quoted_end(std::string_view s, std::size_t i) {
    std::size_t j = i + 1;
    while (j < s.size() && s[j] != s[i] && s[j] != '\n') j += s[j] == '\\' ? 2 : 1;
    return std::min(j + 1, s.size());
}

// End of the directive starting at i: its last line's '\n' (not included).
std::size_t directive_end(std::string_view s, std::size_t i) {
    while (i < s.size() && s[i] != '\n') {
        const std::size_t cont = continuation_length(s, i);
        i += cont != 0 ? cont : 1;
    }
    return i;
}

}  // namespace

std::size_t count_newlines(std::string_view text) { return std::size_t(std::count(text.begin(), text.end(), '\n')); }

SourceText::SourceText(std::string_view s, bool in_macro_body) : text_(s), code_(s.size(), true) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == '\n') line_starts_.push_back(i + 1);

    auto mark = [&](std::size_t from, std::size_t to) { std::fill(code_.begin() + from, code_.begin() + to, false); };
    bool line_start = true;
    bool number = false;  // the current token is a number (so ' is a digit separator)
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (line_start && c == '#') {
            const std::size_t j = directive_end(s, i);
            mark(i, j);
            directives_.push_back({i, j});
            i = j;
            continue;
        }
        if (in_macro_body && continuation_length(s, i) != 0) {
            mark(i, i + continuation_length(s, i) - 1);  // the '\n' stays white space
            i += continuation_length(s, i);
            continue;
        }
        if (c == '\n') {
            line_start = true;
            number = false;
            ++i;
            continue;
        }
        if (!is_space(c)) line_start = false;
        std::size_t end = i;  // end of a comment or literal starting at i
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            end = s.find('\n', i);
            if (end == std::string_view::npos) end = s.size();
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            end = s.find("*/", i + 2);
            end = end == std::string_view::npos ? s.size() : end + 2;
        } else if (c == '"') {
            end = opens_raw_string(s, i) ? raw_string_end(s, i) : std::string_view::npos;
            if (end == std::string_view::npos) end = quoted_end(s, i);
        } else if (c == '\'' && !(number && i > 0 && is_ident(s[i - 1]))) {
            end = quoted_end(s, i);
        }
        if (end != i) {
            mark(i, end);
            number = false;
            i = end;
            continue;
        }
        const bool continues_token = i > 0 && (is_ident(s[i - 1]) || (number && s[i - 1] == '\''));
        if (is_ident(c) && !continues_token) number = is_digit(c);
        if (!is_ident(c) && c != '\'' && c != '.') number = false;
        ++i;
    }
}

int SourceText::line_of(std::size_t pos) const {
    return int(std::upper_bound(line_starts_.begin(), line_starts_.end(), pos) - line_starts_.begin());
}

std::size_t SourceText::line_start(std::size_t pos) const { return line_starts_[std::size_t(line_of(pos) - 1)]; }

std::size_t SourceText::skip_space(std::size_t i) const {
    while (i < text_.size() && (is_space(text_[i]) || !code_[i])) ++i;
    return i;
}

std::size_t SourceText::skip_space_back(std::size_t i) const {
    while (i > 0) {
        --i;
        if (code_[i] && !is_space(text_[i])) return i;
    }
    return std::string_view::npos;
}

std::size_t SourceText::triple_at(std::size_t i, char c) const {
    for (int n = 0; n < 3; ++n) {
        if (n > 0) i = skip_space(i);
        if (i >= text_.size() || !code_[i] || text_[i] != c) return std::string_view::npos;
        ++i;
    }
    return i;
}

bool SourceText::is_word_at(std::size_t i, std::string_view word) const {
    if (text_.compare(i, word.size(), word) != 0) return false;
    if (i > 0 && is_ident(text_[i - 1])) return false;
    const std::size_t e = i + word.size();
    return e >= text_.size() || !is_ident(text_[e]);
}

std::string_view SourceText::next_word(std::size_t i) const {
    i = skip_space(i);
    std::size_t j = i;
    while (j < text_.size() && is_ident(text_[j])) ++j;
    return text_.substr(std::min(i, text_.size()), j - std::min(i, text_.size()));
}

std::size_t SourceText::matching(std::size_t open, char open_c, char close_c) const {
    int depth = 0;
    for (std::size_t k = open; k < text_.size(); ++k) {
        if (!code_[k]) continue;
        if (text_[k] == open_c) ++depth;
        else if (text_[k] == close_c && --depth == 0) return k + 1;
    }
    throw RewriteError(line_of(open), std::string("unbalanced '") + open_c + "'");
}

std::string SourceText::compact_code(std::size_t from, std::size_t to) const {
    std::string out;
    bool gap = false;
    for (std::size_t k = from; k < to; ++k) {
        if (!code_[k] || is_space(text_[k])) {
            gap = true;
            continue;
        }
        if (gap && !out.empty() && merges(out.back(), text_[k])) out += ' ';
        gap = false;
        out += text_[k];
    }
    return out;
}

}  // namespace simt::frontend
