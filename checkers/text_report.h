// The text printer: compute-sanitizer-like blocks, one per hazard group.
#pragma once

#include <string>

#include "checkers/hazard_log.h"

namespace simt::check {

std::string format_text(const HazardGroup& group);

}  // namespace simt::check
