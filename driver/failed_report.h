// The JSON report `simt run` writes itself when the program could not write
// its own (it did not compile, it died): no launches, `execution.successful`
// false with `why` (docs/report-format.md). SARIF's is sarif_run.h's.
#pragma once

#include <string>

namespace simt::driver {

std::string failed_json_report(const std::string& why);

}  // namespace simt::driver
