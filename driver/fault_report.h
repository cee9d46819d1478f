// A fault that stopped a launch (out-of-bounds, misaligned, use after free,
// deadlock, trap...) as a report like any hazard's, so JSON, SARIF and the
// counts hold it: rule (checker/kind), why and fix come from one table here;
// the fault's own complete text is kept as the report's message.
#pragma once

#include <string>

#include "driver/hazard.h"
#include "emulator/fault.h"

namespace simt::driver {

// `message`: the fault's complete text, as the front end words it;
// `launch_site` stands for the place when the fault has none (a launch
// refused before any thread ran).
HazardReport fault_report(const Fault& fault, std::string message, const char* kernel, const void* launch_site);

}  // namespace simt::driver
