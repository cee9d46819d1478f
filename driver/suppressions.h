// A suppressions file: reports the user has judged and does not want again
// (docs/report-format.md, "Suppressions"). One entry a line:
//
//   RULE                    every report under the rule
//   RULE FILE               ... at any line of FILE
//   RULE FILE:LINE          ... at that line
//   RULE function:NAME      ... in that function
//
// RULE is a SARIF rule id (race/RAW, memory/leak), `CHECKER/*` or `*`. FILE
// matches a path that is FILE or ends in /FILE. A report is named by its
// current access's place or, for a pair, by either access's. `#` starts a
// comment; blank lines are ignored.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace simt::driver {

// Where a report's access is, as the symbolizer says.
struct ReportSite {
    std::string file;      // absolute or as compiled
    int line = 0;
    std::string function;  // demangled; may carry its parameters
};

struct SuppressionError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Suppressions {
public:
    Suppressions() = default;
    // Throws SuppressionError naming `origin`:LINE for a line it cannot read.
    Suppressions(std::string_view text, const std::string& origin);
    static Suppressions from_file(const std::string& path);

    bool matches(const std::string& rule, const std::vector<ReportSite>& sites) const;
    bool empty() const { return entries_.empty(); }

private:
    struct Entry {
        std::string rule;      // "race/RAW", "race/*", "*"
        std::string file;      // "" any
        int line = 0;          // 0 any
        std::string function;  // "" any
    };
    static bool rule_matches(const std::string& pattern, const std::string& rule);
    static bool site_matches(const Entry& e, const ReportSite& site);
    std::vector<Entry> entries_;
};

}  // namespace simt::driver
