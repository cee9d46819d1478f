// A source file as the rewriter scans it: which characters are code (not a
// comment, string or character literal, or preprocessor line), where its
// lines start, and the small scanning steps every rewrite needs. Each step
// looks only at code, so nothing inside a comment or a string is rewritten.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace simt::frontend {

inline bool is_ident(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::size_t count_newlines(std::string_view text);

class SourceText {
public:
    // A preprocessor directive: text[start, end), up to its last line's '\n'.
    struct Directive {
        std::size_t start, end;
    };
    // `in_macro_body`: the text is the body of a #define, where a
    // backslash-newline is only a line continuation (read as space).
    explicit SourceText(std::string_view text, bool in_macro_body = false);

    std::string_view text() const { return text_; }
    std::size_t size() const { return text_.size(); }
    char operator[](std::size_t i) const { return text_[i]; }
    bool code(std::size_t i) const { return code_[i]; }
    const std::vector<Directive>& directives() const { return directives_; }

    int line_of(std::size_t pos) const;  // 1-based
    std::size_t line_start(std::size_t pos) const;

    // First index at or after i that is code and not white space.
    std::size_t skip_space(std::size_t i) const;
    // Last index before i that is code and not white space, or npos.
    std::size_t skip_space_back(std::size_t i) const;
    // Index just past `c c c` starting at i, or npos: nvcc reads a launch's
    // chevrons as three tokens, so `<< <` and `> >>` (formatters write them)
    // open and close a launch as `<<<` and `>>>` do.
    std::size_t triple_at(std::size_t i, char c) const;
    // `word` as a whole identifier at i.
    bool is_word_at(std::size_t i, std::string_view word) const;
    // The identifier at the first code after i ("" when none).
    std::string_view next_word(std::size_t i) const;
    // Index just past the bracket that closes the one opened at `open`;
    // throws RewriteError at the opening line when there is none.
    std::size_t matching(std::size_t open, char open_c, char close_c) const;
    // The code characters of [from, to), white space and comments dropped
    // except one space where two tokens would otherwise merge
    // ("unsigned /*x*/ int" -> "unsigned int", "a - -b" -> "a- -b").
    std::string compact_code(std::size_t from, std::size_t to) const;

private:
    std::string_view text_;
    std::vector<bool> code_;
    std::vector<Directive> directives_;
    std::vector<std::size_t> line_starts_;
};

}  // namespace simt::frontend
