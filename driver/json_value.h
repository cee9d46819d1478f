// A JSON document read into values and written back, for files simt did not
// just write itself (`simt sarif-merge` reads SARIF files). Small on purpose:
// objects keep their members in order (a merged file reads like its inputs),
// numbers keep their text (nothing is lost converting them), and a file that
// is not JSON is refused with the line and column where it stops being JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace simt::driver {

struct JsonValue {
    enum class Kind : std::uint8_t { Null, Bool, Number, String, Array, Object };

    Kind kind = Kind::Null;
    bool boolean = false;
    std::string text;  // Number: as written; String: the decoded UTF-8
    std::vector<JsonValue> items;                            // Array
    std::vector<std::pair<std::string, JsonValue>> members;  // Object, in order

    static JsonValue of_kind(Kind k) {
        JsonValue v;
        v.kind = k;
        return v;
    }
    static JsonValue string(std::string s);
    static JsonValue number(std::uint64_t n);
    static JsonValue array() { return of_kind(Kind::Array); }
    static JsonValue object() { return of_kind(Kind::Object); }

    bool is(Kind k) const { return kind == k; }
    // The member `key` of an object; nullptr when absent or not an object.
    const JsonValue* find(std::string_view key) const;
    JsonValue* find(std::string_view key);
    // The member `key`, added (null) at the end when absent.
    JsonValue& operator[](std::string_view key);
    // A string member's text, or nullopt.
    std::optional<std::string> text_of(std::string_view key) const;
    // A whole number of 0 or more, or nullopt.
    std::optional<std::uint64_t> count() const;
};

struct JsonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Throws JsonError: "line L, column C: what was expected".
JsonValue parse_json(std::string_view text);

// Indented two spaces a level; arrays and objects of no more than scalars
// that fit stay on one line.
std::string format_json_value(const JsonValue& value);

}  // namespace simt::driver
