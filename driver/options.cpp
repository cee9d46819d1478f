#include "driver/options.h"

#include <charconv>
#include <limits>
#include <type_traits>

#include "driver/kernel_filter.h"
#include "driver/options_text.h"

namespace simt::driver {
namespace {

constexpr std::uint64_t kMaxCount = std::numeric_limits<std::uint64_t>::max();

// "a|b|c" split at '|' -> a, b, c (empty pieces kept).
std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> pieces;
    for (std::size_t at = 0; at <= text.size();) {
        const std::size_t end = std::min(text.find(separator, at), text.size());
        pieces.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return pieces;
}

std::vector<std::string_view> words_of(std::string_view domain) { return split(domain, '|'); }

std::string listed(const std::vector<std::string_view>& words) {
    std::string list;
    for (const std::string_view w : words) list += (list.empty() ? "" : ", ") + std::string(w);
    return list;
}

std::string one_of(std::string_view domain, const std::string& value, const std::string& shown) {
    const std::vector<std::string_view> words = words_of(domain);
    for (const std::string_view w : words)
        if (w == value) return "";
    return shown + " is not one of: " + listed(words);
}

bool whole(std::string_view text, std::uint64_t& n, bool& too_large) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    too_large = error == std::errc::result_out_of_range;
    return !text.empty() && end == text.data() + text.size() && (error == std::errc() || too_large);
}

// A count's refusal. CLI11's words for a range ("Value 0 not in range 1 to
// 255") are kept: scripts and tests match them.
std::string count_refusal(std::string_view domain, std::string& value, const std::string& shown) {
    const bool negative = !value.empty() && value[0] == '-';
    std::uint64_t n = 0;
    bool too_large = false;
    if (!whole(std::string_view(value).substr(negative ? 1 : 0), n, too_large))
        return shown + " is not a whole number of 0 or more";
    if (too_large && !negative) return shown + " is larger than " + std::to_string(kMaxCount);
    const std::size_t dots = domain.find("..");
    if (dots == std::string_view::npos) {
        if (negative) return shown + " is not a whole number of 0 or more";
        value = std::to_string(n);
        return one_of(domain, value, shown);
    }
    std::uint64_t low = 0, high = 0;
    bool ignored = false;
    whole(domain.substr(0, dots), low, ignored);
    whole(domain.substr(dots + 2), high, ignored);
    if (negative && low == 0) return shown + " is not a whole number of 0 or more";
    if (negative || too_large || n < low || n > high)
        return "Value " + value + " not in range " + std::to_string(low) + " to " + std::to_string(high);
    value = std::to_string(n);
    return "";
}

void assign(bool& member, const std::string& text) { member = text == "1"; }
void assign(std::uint64_t& member, const std::string& text) { member = std::stoull(text); }
void assign(std::string& member, const std::string& text) { member = text; }

std::string text_of(bool value) { return value ? "1" : "0"; }
std::string text_of(std::uint64_t value) { return std::to_string(value); }
std::string text_of(const std::string& value) { return value; }

}  // namespace

const std::vector<OptionSpec>& option_specs() {
    static const std::vector<OptionSpec> specs = {
#define SIMT_OPTION(member, name, kind, initial, domain, owner, needs, help) \
    OptionSpec{name, OptionKind::kind, domain, #owner, needs, help},
#include "driver/options.inc"
#undef SIMT_OPTION
    };
    return specs;
}

std::vector<std::string> names_in(std::string_view list) {
    const std::vector<std::string_view> pieces = split(list, ',');
    return std::vector<std::string>(pieces.begin(), pieces.end());
}

std::string refusal(const OptionSpec& spec, std::string& value,
                    const std::function<std::string(std::string_view)>& shown) {
    switch (spec.kind) {
        case OptionKind::Flag: return one_of("1|0", value, shown(value));
        case OptionKind::Count: return count_refusal(spec.domain, value, shown(value));
        case OptionKind::Choice: return one_of(spec.domain, value, shown(value));
        case OptionKind::Names:
            for (const std::string& name : names_in(value))
                if (std::string why = one_of(spec.domain, name, shown(name)); !why.empty()) return why;
            return "";
        case OptionKind::Text:
            if (spec.domain == "kernel-filter") {
                const std::string why = kernel_filter_refusal(value);
                return why.empty() ? "" : shown(value) + ": " + why;
            }
            return "";
    }
    return "";
}

std::string encode(const RunOptions& options) {
    std::vector<options_text::Entry> entries;
    visit_options(options, [&](const OptionSpec& spec, const auto& member) {
        entries.emplace_back(std::string(spec.name), text_of(member));
    });
    return options_text::encode(entries);
}

RunOptions decode(std::string_view text) {
    static const std::vector<std::pair<std::string_view, std::string_view>> aliases = {
#define SIMT_OPTION(...)
#define SIMT_OPTION_ALIAS(old, name) {old, name},
#include "driver/options.inc"
#undef SIMT_OPTION_ALIAS
#undef SIMT_OPTION
    };
    RunOptions options;
    std::vector<options_text::Entry> entries;
    try {
        entries = options_text::decode(text);
    } catch (const options_text::MalformedEntry& e) {
        throw OptionsError(e.what());
    }
    for (auto [key, value] : entries) {
        for (const auto& [old, name] : aliases)
            if (key == old) key = name;
        bool known = false;
        visit_options(options, [&](const OptionSpec& spec, auto& member) {
            if (known || spec.name != key) return;
            known = true;
            const std::string why =
                refusal(spec, value, [&](std::string_view v) { return key + "=" + std::string(v); });
            if (!why.empty()) throw OptionsError(why);
            assign(member, value);
        });
        if (!known) {
            std::string names;
            for (const OptionSpec& spec : option_specs()) names += (names.empty() ? "" : ", ") + std::string(spec.name);
            throw OptionsError("unknown option '" + key + "' (known: " + names + ")");
        }
    }
    return options;
}

}  // namespace simt::driver
