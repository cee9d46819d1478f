// The report of a read of shared bytes no thread of the block has written
// yet. The init checker judges it, or, when the race checker runs too, the
// race checker does, from the slot it loads for every shared access anyway
// (a granule's written bytes ride in it: race_cells.h); the report is the
// same either way.
#pragma once

#include <cstdint>

#include "driver/hazard_log.h"
#include "emulator/checker.h"

namespace simt::check {

void report_uninitialised_shared_read(driver::HazardLog& log, std::uint64_t block_linear, const LaunchInfo& launch,
                                      const AccessEvent& e);

}  // namespace simt::check
