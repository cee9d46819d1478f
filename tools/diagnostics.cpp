#include "tools/diagnostics.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace simt::tool::diagnostics {

void start(const std::string& prefix, bool verbose) {
    spdlog::set_default_logger(spdlog::stderr_color_st(prefix));
    spdlog::set_pattern(prefix + ": %l: %v");
    spdlog::set_level(verbose ? spdlog::level::debug : spdlog::level::warn);
}

void debug(const std::string& message) { spdlog::debug(message); }
void warn(const std::string& message) { spdlog::warn(message); }
void error(const std::string& message) { spdlog::error(message); }

}  // namespace simt::tool::diagnostics
