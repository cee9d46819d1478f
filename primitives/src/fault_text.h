// simt's words for what the engine returns as data (fault_text.cpp); the
// fault's, fault_text(), is in simt/embedding.h for tests and tools.
#pragma once

#include <string>

#include "emulator/fault.h"
#include "emulator/watchdog.h"

namespace simt::cuda {

// The watchdog's report of a kernel that made no progress, naming the
// option that sets its limit: the whole text, and the message a report
// file keeps (the what and where, without the Why and Fix lines).
std::string stall_text(const Stall& stall);
std::string stall_message(const Stall& stall);

// A failed device assert's message is CUDA's own line, then this, then
// simt's context (kernel, warp, lane).
inline constexpr const char* kAssertContext = " (kernel ";
// The line a GPU prints for a failed device assert: the message without
// simt's context.
std::string gpu_assert_line(const Fault& fault);

}  // namespace simt::cuda
