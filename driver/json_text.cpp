#include "driver/json_text.h"

#include <cstdio>

namespace simt::driver {
namespace {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF), or 0.
std::size_t utf8_length(const std::string& text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
    const auto tail = [&](std::size_t k) { return (byte(k) & 0xC0u) == 0x80u; };
    const unsigned c = byte(i);
    if (c >= 0xC2 && c <= 0xDF) return tail(i + 1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        const unsigned n = byte(i + 1);
        if ((c == 0xE0 && n < 0xA0) || (c == 0xED && n > 0x9F)) return 0;  // overlong; a surrogate
        return tail(i + 1) && tail(i + 2) ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        const unsigned n = byte(i + 1);
        if ((c == 0xF0 && n < 0x90) || (c == 0xF4 && n > 0x8F)) return 0;  // overlong; past U+10FFFF
        return tail(i + 1) && tail(i + 2) && tail(i + 3) ? 4 : 0;
    }
    return 0;
}

}  // namespace

std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20) {
                    char u[8];
                    std::snprintf(u, sizeof u, "\\u%04x", c);
                    out += u;
                } else if (c < 0x80) {
                    out += char(c);
                } else if (const std::size_t n = utf8_length(text, i); n != 0) {
                    out.append(text, i, n);
                    i += n - 1;
                } else {
                    // Not UTF-8 (a file name in Latin-1): JSON must be, so
                    // the byte becomes U+FFFD and the document stays valid.
                    out += "\\ufffd";
                }
        }
    }
    return out + "\"";
}

}  // namespace simt::driver
