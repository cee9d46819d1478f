// JSON string quoting, shared by the JSON, SARIF and trace printers.
#pragma once

#include <string>

namespace simt::driver {

// "text" with quotes, backslashes and control characters escaped.
std::string json_string(const std::string& text);

}  // namespace simt::driver
