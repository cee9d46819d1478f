// Schedule files (--schedule, --record-schedule): the engine's schedule
// steps (emulator/schedule.h) as text, each recorded step followed by what it
// means in the program's words (kernel, thread, file:line).
#pragma once

#include <memory>
#include <string>

#include "emulator/schedule.h"

namespace simt::cuda {

// nullptr, with `why` naming the file and the line, when it cannot be read.
std::shared_ptr<const Schedule> read_schedule_file(const std::string& path, std::string& why);
bool write_schedule_file(const std::string& path, const ScheduleRecording& recording);

}  // namespace simt::cuda
