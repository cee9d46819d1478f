// SIMT_OPTIONS, the text in which `simt run` hands its options to the
// program: "key=value;key=value". Values are file names among others, and a
// file name may hold any byte, so `\`, `;` and `=` inside a key or a value are
// written `\\`, `\;` and `\=`; without that, `--report-file 'a;check=none'`
// would turn the checkers off. driver/options.cpp writes and reads it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace simt::driver::options_text {

using Entry = std::pair<std::string, std::string>;

inline std::string escape(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\\' || c == ';' || c == '=') out += '\\';
        out += c;
    }
    return out;
}

inline std::string encode(const std::vector<Entry>& entries) {
    std::string out;
    for (const auto& [key, value] : entries) out += (out.empty() ? "" : ";") + escape(key) + "=" + escape(value);
    return out;
}

// A part of the text that is not key=value: `SIMT_OPTIONS='--check none'`
// would otherwise run with every check, the opposite of what was asked.
struct MalformedEntry : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Entries in their order; an empty part (a stray `;`) is skipped.
inline std::vector<Entry> decode(std::string_view text) {
    std::vector<Entry> entries;
    std::string key, value;
    bool in_value = false;
    const auto finish = [&] {
        if (in_value) entries.emplace_back(key, value);
        else if (key.find_first_not_of(" \t\n") != std::string::npos)
            throw MalformedEntry("'" + key + "' is not key=value (e.g. check=none;threads=1)");
        key.clear();
        value.clear();
        in_value = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\\' && i + 1 < text.size()) {
            c = text[++i];
        } else if (c == ';') {
            finish();
            continue;
        } else if (c == '=' && !in_value) {
            in_value = true;
            continue;
        }
        (in_value ? value : key) += c;
    }
    finish();
    return entries;
}

}  // namespace simt::driver::options_text
