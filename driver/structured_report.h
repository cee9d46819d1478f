// Machine-readable printers: the documented JSON format (docs/report-format.md)
// and SARIF 2.1.0 for code-scanning UIs. Both print the same HazardGroups as
// the text printer, merged across launches (driver/run_hazards.h).
#pragma once

#include <string>
#include <vector>

#include "driver/hazard_log.h"

namespace simt::driver {

// `failures`: why the run did not complete (a compile that failed, a program
// killed by a signal); empty for a run that ended normally.
std::string format_json(const std::vector<LaunchHazards>& launches, const std::vector<std::string>& failures = {});

struct SarifOptions {
    std::string category;     // automationDetails.id's category ("simt/PROGRAM")
    std::string source_root;  // --source-root as given ("": the default, sarif_run.h's source_root_for)
};
std::string format_sarif(const std::vector<LaunchHazards>& launches, const SarifOptions& options,
                         const std::vector<std::string>& failures = {});

}  // namespace simt::driver
