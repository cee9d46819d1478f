// simt's words for what the engine returns as data (fault_text.cpp); the
// fault's, fault_text(), is in simt/embedding.h for tests and tools.
#pragma once

#include <string>

#include "emulator/watchdog.h"

namespace simt::cuda {

// The watchdog's report of a kernel that made no progress, naming the
// option that sets its limit.
std::string stall_text(const Stall& stall);

}  // namespace simt::cuda
