// Where simt's reports go: standard error, or the file --log-file names (the
// program's own output stays where it was). The program and `simt run`
// both append to it, so one file holds the whole run's reports and its
// summary line.
#pragma once

#include <cstdio>
#include <string>

namespace simt::driver {

std::FILE* report_log();

// From now on reports are appended to `path`; false when it cannot be opened.
bool open_report_log(const std::string& path);

}  // namespace simt::driver
