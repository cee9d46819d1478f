#include "driver/suppressions.h"

#include <charconv>
#include <fstream>
#include <sstream>

namespace simt::driver {
namespace {

std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// "ns::f(int*)" and "f" both name f.
std::string base_function(const std::string& name) {
    std::string base = name.substr(0, name.find('('));
    if (const std::size_t colon = base.rfind("::"); colon != std::string::npos) base = base.substr(colon + 2);
    return base;
}

}  // namespace

Suppressions::Suppressions(std::string_view text, const std::string& origin) {
    std::istringstream in{std::string(text)};
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        const std::vector<std::string> words = words_of(line);
        if (words.empty()) continue;
        const auto refuse = [&](const std::string& why) {
            throw SuppressionError(origin + ":" + std::to_string(number) + ": " + why);
        };
        if (words.size() > 2) refuse("expected 'RULE [FILE[:LINE] | function:NAME]', found " + std::to_string(words.size()) + " words");
        Entry e;
        e.rule = words[0];
        if (e.rule != "*" && e.rule.find('/') == std::string::npos)
            refuse("'" + e.rule + "' is not a rule id (checker/kind, checker/* or *)");
        if (words.size() == 2) {
            const std::string& where = words[1];
            if (where.rfind("function:", 0) == 0) {
                e.function = where.substr(9);
                if (e.function.empty()) refuse("function: names no function");
            } else if (const std::size_t colon = where.rfind(':'); colon != std::string::npos) {
                e.file = where.substr(0, colon);
                const char* first = where.data() + colon + 1;
                const char* last = where.data() + where.size();
                const auto [end, error] = std::from_chars(first, last, e.line);
                if (error != std::errc() || end != last || e.line < 1 || e.file.empty())
                    refuse("'" + where + "' is not FILE:LINE with a line of 1 or more");
            } else {
                e.file = where;
            }
        }
        entries_.push_back(std::move(e));
    }
}

Suppressions Suppressions::from_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw SuppressionError("cannot read the suppressions file " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return Suppressions(text.str(), path);
}

bool Suppressions::rule_matches(const std::string& pattern, const std::string& rule) {
    if (pattern == "*" || pattern == rule) return true;
    return pattern.size() >= 2 && pattern.compare(pattern.size() - 2, 2, "/*") == 0 &&
           rule.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
}

bool Suppressions::site_matches(const Entry& e, const ReportSite& site) {
    if (!e.function.empty())
        return site.function == e.function || base_function(site.function) == e.function;
    if (e.file.empty()) return true;
    const bool same_file = site.file == e.file ||
                           (site.file.size() > e.file.size() &&
                            site.file.compare(site.file.size() - e.file.size(), e.file.size(), e.file) == 0 &&
                            site.file[site.file.size() - e.file.size() - 1] == '/');
    return same_file && (e.line == 0 || e.line == site.line);
}

bool Suppressions::matches(const std::string& rule, const std::vector<ReportSite>& sites) const {
    for (const Entry& e : entries_) {
        if (!rule_matches(e.rule, rule)) continue;
        if (e.file.empty() && e.function.empty()) return true;
        for (const ReportSite& site : sites)
            if (site_matches(e, site)) return true;
    }
    return false;
}

}  // namespace simt::driver
