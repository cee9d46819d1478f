// JSON string quoting, shared by the JSON and SARIF printers.
#pragma once

#include <string>

namespace simt::check {

// "text" with quotes, backslashes and control characters escaped.
std::string json_string(const std::string& text);

}  // namespace simt::check
