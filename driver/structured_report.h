// Machine-readable printers: the documented JSON format (docs/report-format.md)
// and SARIF 2.1.0 for code-scanning UIs. Both print the same HazardGroups as
// the text printer, merged across launches (driver/run_hazards.h).
#pragma once

#include <string>
#include <vector>

#include "driver/hazard_log.h"

namespace simt::driver {

std::string format_json(const std::vector<LaunchHazards>& launches);

struct SarifOptions {
    std::string category;     // automationDetails.id's category ("simt/PROGRAM")
    std::string source_root;  // absolute, ending in '/': URIs are relative to it
};
std::string format_sarif(const std::vector<LaunchHazards>& launches, const SarifOptions& options);

}  // namespace simt::driver
