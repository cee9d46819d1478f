#include "tools/run_options_cli.h"

#include <map>
#include <type_traits>

namespace simt::tool {
namespace {

// The `--help` section an option is listed in, after who reads it.
std::string group_of(std::string_view owner) {
    if (owner == "engine") return "Emulation";
    if (owner == "checkers") return "Checks";
    if (owner == "reports") return "Reports";
    if (owner == "trace") return "Trace";
    return "Exit status";
}

// What `--help` shows of the values, beside CLI11's type name.
std::string value_shape(const driver::OptionSpec& spec) {
    const std::string domain(spec.domain);
    switch (spec.kind) {
        case driver::OptionKind::Count: {
            const std::size_t dots = domain.find("..");
            if (dots == std::string::npos) return "{" + domain + "}";
            return "in [" + domain.substr(0, dots) + " - " + domain.substr(dots + 2) + "]";
        }
        case driver::OptionKind::Choice: return "{" + domain + "}";
        case driver::OptionKind::Names: return "list of {" + domain + "}";
        default: return "";
    }
}

}  // namespace

void add_program_options(CLI::App& run, driver::RunOptions& options) {
    std::map<std::string_view, CLI::Option*> added;
    driver::visit_options(options, [&](const driver::OptionSpec& spec, auto& member) {
        const std::string flag = "--" + std::string(spec.name);
        const std::string help(spec.help);
        CLI::Option* option = nullptr;
        if constexpr (std::is_same_v<std::decay_t<decltype(member)>, bool>) {
            option = run.add_flag(flag, member, help);
        } else {
            // The table's check, before CLI11 converts the text: CLI11 alone
            // would read "-5" as 2^64 - 5 and "010" as octal.
            const CLI::Validator check(
                [spec](std::string& text) {
                    return driver::refusal(spec, text, [](std::string_view v) { return "'" + std::string(v) + "'"; });
                },
                value_shape(spec));
            option = run.add_option(flag, member, help)->transform(check)->capture_default_str();
        }
        option->group(group_of(spec.owner));
        if (!spec.needs.empty()) option->needs(added.at(spec.needs));
        added[spec.name] = option;
    });
}

}  // namespace simt::tool
