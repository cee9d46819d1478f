// What the simt command says about its own work ("simt: warning: ...", and
// with -v the compile, link and run commands), through spdlog. The call
// sites pass finished text: spdlog's and fmt's templates are compiled once,
// in diagnostics.cpp, where each file that formatted through them took 3 s
// (8 s under the sanitizers) longer to compile.
#pragma once

#include <string>

namespace simt::tool::diagnostics {

// To standard error, each line after "<prefix>: <level>: "; debug lines
// only when `verbose`.
void start(const std::string& prefix, bool verbose);
void debug(const std::string& message);
void warn(const std::string& message);
void error(const std::string& message);

}  // namespace simt::tool::diagnostics
