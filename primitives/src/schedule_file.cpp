#include "schedule_file.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "emulator/symbolizer.h"

namespace simt::cuda {

std::shared_ptr<const Schedule> read_schedule_file(const std::string& path, std::string& why) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "cannot read the schedule file " + path;
        return nullptr;
    }
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return std::make_shared<const Schedule>(parse_schedule(text.str()));
    } catch (const std::invalid_argument& e) {
        why = "schedule file " + path + ": " + e.what();
        return nullptr;
    }
}

bool write_schedule_file(const std::string& path, const ScheduleRecording& recording) {
    const auto describe = [&](const ScheduleStep& s) {
        std::string where = "kernel " + recording.kernel(s.launch) + ", block " + std::to_string(s.block) + ": ";
        if (s.kind == ScheduleStep::Kind::Yield)
            return where + "thread " + std::to_string(s.thread) + " lets another run before its access " +
                   std::to_string(s.count) + (s.pc != nullptr ? " at " + simt::describe(s.pc) : std::string());
        if (s.thread == ScheduleStep::kBlockStart) return where + "thread " + std::to_string(s.next) + " runs first";
        return where + "thread " + std::to_string(s.next) + " runs when thread " + std::to_string(s.thread) +
               " stops (its stop " + std::to_string(s.count) + ")";
    };
    const std::string text = "# simt schedule (independent thread scheduling): replay with --schedule " + path +
                             "\n# steps away from the plain order (each thread runs until it waits, then the next "
                             "ready one in index order)\n" +
                             format_schedule(recording.steps(), describe);
    FILE* f = std::fopen(path.c_str(), "w");
    if (f == nullptr) return false;
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && ok;
}

}  // namespace simt::cuda
