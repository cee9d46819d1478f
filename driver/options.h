// The options of a simt program as values: one struct whose members
// driver/options.inc declares, a description of each, and the text that
// carries them to the program (SIMT_OPTIONS) with its strict reader.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace simt::driver {

enum class OptionKind : std::uint8_t {
    Flag,    // bool: "1" or "0" in SIMT_OPTIONS, a flag on the command line
    Count,   // a whole number in a range or from a list
    Choice,  // one word of a list
    Names,   // a comma-separated list of words of a list
    Text,    // anything (a file name)
};

template <OptionKind> struct OptionValue { using type = std::string; };
template <> struct OptionValue<OptionKind::Flag> { using type = bool; };
template <> struct OptionValue<OptionKind::Count> { using type = std::uint64_t; };

struct RunOptions {
#define SIMT_OPTION(member, name, kind, initial, domain, owner, needs, help) \
    OptionValue<OptionKind::kind>::type member = initial;
#include "driver/options.inc"
#undef SIMT_OPTION
};

struct OptionSpec {
    std::string_view name;  // `--name` and SIMT_OPTIONS' key
    OptionKind kind;
    std::string_view domain;
    std::string_view owner;
    std::string_view needs;
    std::string_view help;
};

// In the order of driver/options.inc.
const std::vector<OptionSpec>& option_specs();

// Calls visit(spec, member) for every option of `options` (const or not), in
// table order: the one loop that serialisation, parsing and the CLI share.
template <class Options, class Visit>
void visit_options(Options& options, Visit&& visit) {
    [[maybe_unused]] std::size_t i = 0;
#define SIMT_OPTION(member, ...) visit(option_specs()[i++], options.member);
#include "driver/options.inc"
#undef SIMT_OPTION
}

// Why `value` is not a value of the option (a sentence naming it as
// `shown(value)` does), or "" when it is; a count is rewritten in plain
// decimal ("010" is ten, not octal eight).
std::string refusal(const OptionSpec& spec, std::string& value,
                    const std::function<std::string(std::string_view)>& shown);

// The words of a Names value ("race,init" -> race, init).
std::vector<std::string> names_in(std::string_view list);

// SIMT_OPTIONS' text for every option (options_text.h escapes it).
std::string encode(const RunOptions& options);

// A key or value simt does not know, in SIMT_OPTIONS.
struct OptionsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The options `text` sets, over the defaults; throws OptionsError naming the
// first unknown key or bad value.
RunOptions decode(std::string_view text);

}  // namespace simt::driver
