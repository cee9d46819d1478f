#include "driver/kernel_filter.h"

#include <algorithm>
#include <regex>

#include "driver/options.h"

namespace simt::driver {

struct KernelFilter::Pattern {
    std::regex regex;
};

KernelFilter::KernelFilter(std::string_view spec) : text_(spec) {
    if (spec.empty()) return;
    for (std::size_t at = 0; at <= spec.size();) {
        const std::size_t end = std::min(spec.find(',', at), spec.size());
        const std::string_view component = spec.substr(at, end - at);
        at = end + 1;
        if (component.empty())
            throw OptionsError("an empty component (components are KEY=VALUE, separated by single commas)");
        const std::size_t equals = component.find('=');
        if (equals == std::string_view::npos) {
            components_.push_back(Component{Match::Whole, std::string(component), {}});
            continue;
        }
        const std::string_view key = component.substr(0, equals), value = component.substr(equals + 1);
        Match match;
        if (key == "kernel_name" || key == "kne")
            match = Match::Whole;
        else if (key == "kernel_substring" || key == "kns")
            match = Match::Part;
        else if (key == "regex")
            match = Match::Pattern;
        else
            throw OptionsError("'" + std::string(key) +
                               "' is not a key simt knows (kernel_name or kne: the name is VALUE; kernel_substring "
                               "or kns: the name contains VALUE; regex: VALUE matches part of the name)");
        if (value.empty()) throw OptionsError(std::string(key) + "= names no kernel");
        Component c{match, std::string(value), {}};
        if (match == Match::Pattern) {
            try {
                c.pattern = std::make_shared<const Pattern>(Pattern{std::regex(c.name, std::regex::ECMAScript)});
            } catch (const std::regex_error& e) {
                throw OptionsError("regex=" + c.name + " is not a regular expression: " + e.what());
            }
        }
        components_.push_back(std::move(c));
    }
}

bool KernelFilter::matches(std::string_view kernel) const {
    for (const Component& c : components_) {
        const bool hit = c.match == Match::Whole  ? kernel == c.name
                         : c.match == Match::Part ? kernel.find(c.name) != std::string_view::npos
                                                  : std::regex_search(kernel.begin(), kernel.end(), c.pattern->regex);
        if (hit) return true;
    }
    return false;
}

std::string kernel_filter_refusal(std::string_view spec) {
    try {
        KernelFilter{spec};
    } catch (const OptionsError& e) {
        return e.what();
    }
    return "";
}

bool KernelSelection::checks(std::string_view kernel) {
    bool checked = true;
    if (include_.given()) {
        checked = include_.matches(kernel);
        include_matched_ |= checked;
    }
    if (exclude_.given() && exclude_.matches(kernel)) {
        exclude_matched_ = true;
        checked = false;
    }
    return checked;
}

std::vector<std::string> KernelSelection::unmatched() const {
    std::vector<std::string> lines;
    if (include_.given() && !include_matched_)
        lines.push_back("--kernel-name " + include_.text() + " matched no kernel this run launched: none was checked");
    if (exclude_.given() && !exclude_matched_)
        lines.push_back("--kernel-name-exclude " + exclude_.text() +
                        " matched no kernel this run launched: it excluded none");
    return lines;
}

}  // namespace simt::driver
