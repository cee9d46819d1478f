#include "driver/summary.h"

#include <charconv>

namespace simt::driver {
namespace {

std::string counted(unsigned n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

bool read_number(std::string_view text, std::string_view key, unsigned& n) {
    const std::size_t at = text.find(key);
    if (at == std::string_view::npos) return false;
    const char* first = text.data() + at + key.size();
    return std::from_chars(first, text.data() + text.size(), n).ec == std::errc();
}

}  // namespace

std::string summary_line(const RunCounts& counts) {
    return "simt: ERROR SUMMARY: " + counted(counts.errors, "error") + ", " + counted(counts.warnings, "warning") +
           "\n";
}

std::string status_text(const RunCounts& counts) {
    return "errors=" + std::to_string(counts.errors) + "\nwarnings=" + std::to_string(counts.warnings) + "\n";
}

std::optional<RunCounts> read_status(std::string_view text) {
    RunCounts counts;
    if (!read_number(text, "errors=", counts.errors)) return std::nullopt;
    read_number(text, "warnings=", counts.warnings);
    return counts;
}

}  // namespace simt::driver
