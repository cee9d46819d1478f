// JSON string quoting, shared by the JSON, SARIF and trace printers.
#pragma once

#include <string>

namespace simt::driver {

// "text" with quotes, backslashes and control characters escaped; a byte
// that is not part of well-formed UTF-8 becomes \ufffd (JSON is UTF-8).
std::string json_string(const std::string& text);

}  // namespace simt::driver
