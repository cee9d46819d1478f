#include "driver/report_log.h"

namespace simt::driver {
namespace {

std::FILE* log_file = nullptr;  // never closed: reports are written until the process ends

}  // namespace

std::FILE* report_log() { return log_file != nullptr ? log_file : stderr; }

bool open_report_log(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "a");
    if (f == nullptr) return false;
    std::setvbuf(f, nullptr, _IOLBF, 0);  // whole lines, so a crash loses little
    log_file = f;
    return true;
}

}  // namespace simt::driver
