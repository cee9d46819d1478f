// Which kernels a run checks: `--kernel-name` and `--kernel-name-exclude`,
// in the part of compute-sanitizer's filter syntax that names kernels
// (docs/options.md, "Kernel filters"). A filter is KEY=VALUE components,
// comma-separated; a kernel matches when its name satisfies any of them, as
// on an H200 (docs/gpu-runs/2026-11-26-h200-kernel-filters.txt):
//
//   kernel_name=NAME, kne=NAME         the name is NAME
//   kernel_substring=TEXT, kns=TEXT    the name contains TEXT
//   regex=EXPR                         EXPR (ECMAScript) matches part of the name
//   NAME                               simt's shorthand for kne=NAME
//
// The name is the one simt's reports print: the kernel's own name, without
// namespaces, template arguments or parameters (`scale`, `t` for
// `void ns::t<int>(int*)`), so every instance of a template is one kernel here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace simt::driver {

class KernelFilter {
public:
    KernelFilter() = default;  // no filter: given() is false
    // Throws OptionsError saying what in `spec` it cannot read.
    explicit KernelFilter(std::string_view spec);

    bool given() const { return !components_.empty(); }
    bool matches(std::string_view kernel) const;
    const std::string& text() const { return text_; }

private:
    enum class Match : std::uint8_t { Whole, Part, Pattern };  // kne, kns, regex
    // A compiled std::regex, out of this header: <regex> cost each of the
    // ~20 files that include it half a second of compile time.
    struct Pattern;
    struct Component {
        Match match;
        std::string name;
        std::shared_ptr<const Pattern> pattern;  // Match::Pattern
    };
    std::string text_;
    std::vector<Component> components_;
};

// Why `spec` is not a kernel filter, or "" when it is (the options table's
// check, for `simt run` and SIMT_OPTIONS alike).
std::string kernel_filter_refusal(std::string_view spec);

// The run's two filters and which of them named a launched kernel. Launches
// take turns on the device, so one thread at a time asks.
class KernelSelection {
public:
    KernelSelection() = default;
    KernelSelection(const std::string& include, const std::string& exclude) : include_(include), exclude_(exclude) {}

    // Whether the launch of `kernel` is checked: it matches --kernel-name
    // (when given) and not --kernel-name-exclude.
    bool checks(std::string_view kernel);
    // One line per filter given that matched no launched kernel, for the end of the run.
    std::vector<std::string> unmatched() const;

private:
    KernelFilter include_, exclude_;
    bool include_matched_ = false, exclude_matched_ = false;
};

}  // namespace simt::driver
