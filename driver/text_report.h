// The text printer: compute-sanitizer-like blocks, one per hazard group.
#pragma once

#include <string>

#include "driver/hazard_log.h"

namespace simt::driver {

std::string format_text(const HazardGroup& group);

}  // namespace simt::driver
