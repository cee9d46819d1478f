// Machine-readable printers: the documented JSON format (docs/report-format.md)
// and SARIF 2.1.0 for code-scanning UIs. Both print the same HazardGroups as
// the text printer.
#pragma once

#include <string>
#include <vector>

#include "checkers/hazard_log.h"

namespace simt::check {

std::string format_json(const std::vector<LaunchHazards>& launches);
std::string format_sarif(const std::vector<LaunchHazards>& launches);

}  // namespace simt::check
