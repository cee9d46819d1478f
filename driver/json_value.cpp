#include "driver/json_value.h"

#include <charconv>

#include "driver/json_text.h"

namespace simt::driver {
namespace {

// Deeper than any SARIF file; a hostile file must not overflow the stack.
constexpr int kMaxDepth = 256;
// Wider lines are broken at each element.
constexpr std::size_t kLineWidth = 100;

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    JsonValue document() {
        JsonValue v = value(0);
        skip_space();
        if (at_ != text_.size()) fail("the document ends, but more text follows");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < at_ && i < text_.size(); ++i) {
            column = text_[i] == '\n' ? 1 : column + 1;
            line += text_[i] == '\n';
        }
        throw JsonError("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
    }

    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
            ++at_;
    }

    bool take(char c) {
        skip_space();
        if (at_ < text_.size() && text_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }

    void expect(char c, const char* where) {
        if (!take(c)) fail(std::string("expected '") + c + "' " + where);
    }

    bool take_word(std::string_view word) {
        if (text_.substr(at_, word.size()) != word) return false;
        at_ += word.size();
        return true;
    }

    JsonValue value(int depth) {
        if (depth > kMaxDepth) fail("nested more than " + std::to_string(kMaxDepth) + " levels deep");
        skip_space();
        if (at_ == text_.size()) fail("the text ends where a value should be");
        JsonValue v;
        const char c = text_[at_];
        if (c == '{') {
            ++at_;
            v.kind = JsonValue::Kind::Object;
            if (take('}')) return v;
            do {
                skip_space();
                if (at_ == text_.size() || text_[at_] != '"') fail("expected a member name in quotes");
                std::string key = string();
                expect(':', "after a member name");
                v.members.emplace_back(std::move(key), value(depth + 1));
            } while (take(','));
            expect('}', "or ',' after an object member");
        } else if (c == '[') {
            ++at_;
            v.kind = JsonValue::Kind::Array;
            if (take(']')) return v;
            do v.items.push_back(value(depth + 1));
            while (take(','));
            expect(']', "or ',' after an array element");
        } else if (c == '"') {
            v.kind = JsonValue::Kind::String;
            v.text = string();
        } else if (take_word("true")) {
            v.kind = JsonValue::Kind::Bool;
            v.boolean = true;
        } else if (take_word("false")) {
            v.kind = JsonValue::Kind::Bool;
        } else if (take_word("null")) {
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            v.kind = JsonValue::Kind::Number;
            v.text = number();
        } else {
            fail(std::string("'") + c + "' does not begin a JSON value");
        }
        return v;
    }

    std::string number() {
        const std::size_t start = at_;
        const auto digits = [&] {
            const std::size_t from = at_;
            while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
            if (at_ == from) fail("expected a digit in a number");
        };
        if (text_[at_] == '-') ++at_;
        digits();
        if (at_ < text_.size() && text_[at_] == '.') {
            ++at_;
            digits();
        }
        if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
            ++at_;
            if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
            digits();
        }
        return std::string(text_.substr(start, at_ - start));
    }

    unsigned hex4() {
        unsigned u = 0;
        if (at_ + 4 > text_.size() || std::from_chars(text_.data() + at_, text_.data() + at_ + 4, u, 16).ptr !=
                                          text_.data() + at_ + 4)
            fail("expected four hex digits after \\u");
        at_ += 4;
        return u;
    }

    static void append_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    std::string string() {
        ++at_;  // the opening quote
        std::string out;
        for (;;) {
            if (at_ == text_.size()) fail("a string is not closed");
            const char c = text_[at_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("a control character inside a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ == text_.size()) fail("a string is not closed");
            switch (const char e = text_[at_++]) {
                case '"': case '\\': case '/': out += e; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned cp = hex4();
                    if (cp >= 0xD800 && cp < 0xDC00 && take_word("\\u")) {
                        const unsigned low = hex4();
                        if (low < 0xDC00 || low >= 0xE000) fail("a high surrogate without its low half");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    }
                    append_utf8(out, cp);
                    break;
                }
                default: fail(std::string("'\\") + e + "' is not a JSON escape");
            }
        }
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

bool is_scalar(const JsonValue& v) { return !v.is(JsonValue::Kind::Array) && !v.is(JsonValue::Kind::Object); }

std::string scalar_text(const JsonValue& v) {
    switch (v.kind) {
        case JsonValue::Kind::Null: return "null";
        case JsonValue::Kind::Bool: return v.boolean ? "true" : "false";
        case JsonValue::Kind::Number: return v.text;
        case JsonValue::Kind::String: return json_string(v.text);
        default: return "";
    }
}

// An array or object on one line, when it holds only scalars (or nothing).
std::optional<std::string> one_line(const JsonValue& v) {
    std::string s = v.is(JsonValue::Kind::Array) ? "[" : "{";
    bool first = true;
    for (const JsonValue& item : v.items) {
        if (!is_scalar(item)) return std::nullopt;
        s += (first ? "" : ", ") + scalar_text(item);
        first = false;
    }
    for (const auto& [key, member] : v.members) {
        if (!is_scalar(member)) return std::nullopt;
        s += (first ? "" : ", ") + json_string(key) + ": " + scalar_text(member);
        first = false;
    }
    return s + (v.is(JsonValue::Kind::Array) ? "]" : "}");
}

void write(const JsonValue& v, const std::string& indent, std::string& out) {
    if (is_scalar(v)) {
        out += scalar_text(v);
        return;
    }
    if (const std::optional<std::string> line = one_line(v); line && line->size() + indent.size() <= kLineWidth) {
        out += *line;
        return;
    }
    const std::string inner = indent + "  ";
    const bool array = v.is(JsonValue::Kind::Array);
    out += array ? "[" : "{";
    bool first = true;
    for (const JsonValue& item : v.items) {
        out += (first ? "\n" : ",\n") + inner;
        write(item, inner, out);
        first = false;
    }
    for (const auto& [key, member] : v.members) {
        out += (first ? "\n" : ",\n") + inner + json_string(key) + ": ";
        write(member, inner, out);
        first = false;
    }
    out += (first ? "" : "\n" + indent) + (array ? "]" : "}");
}

}  // namespace

JsonValue JsonValue::string(std::string s) {
    JsonValue v = of_kind(Kind::String);
    v.text = std::move(s);
    return v;
}

JsonValue JsonValue::number(std::uint64_t n) {
    JsonValue v = of_kind(Kind::Number);
    v.text = std::to_string(n);
    return v;
}

const JsonValue* JsonValue::find(std::string_view key) const {
    for (const auto& [name, member] : members)
        if (name == key) return &member;
    return nullptr;
}

JsonValue* JsonValue::find(std::string_view key) {
    return const_cast<JsonValue*>(static_cast<const JsonValue*>(this)->find(key));
}

JsonValue& JsonValue::operator[](std::string_view key) {
    if (JsonValue* member = find(key)) return *member;
    kind = Kind::Object;
    members.emplace_back(std::string(key), JsonValue{});
    return members.back().second;
}

std::optional<std::string> JsonValue::text_of(std::string_view key) const {
    const JsonValue* member = find(key);
    if (member == nullptr || !member->is(Kind::String)) return std::nullopt;
    return member->text;
}

std::optional<std::uint64_t> JsonValue::count() const {
    std::uint64_t n = 0;
    if (!is(Kind::Number)) return std::nullopt;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return n;
}

JsonValue parse_json(std::string_view text) { return Reader(text).document(); }

std::string format_json_value(const JsonValue& value) {
    std::string out;
    write(value, "", out);
    return out + "\n";
}

}  // namespace simt::driver
