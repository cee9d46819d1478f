// Runs the simt command in a child process for end-to-end tests.
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace cli_test {

struct Result {
    int status;
    std::string out, err;
};

inline std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A shell command line, its output captured.
inline Result shell(const std::string& command_line) {
    static int counter = 0;
    const fs::path dir = fs::temp_directory_path() / ("simt-cli-test-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path out = dir / ("out" + std::to_string(counter));
    const fs::path err = dir / ("err" + std::to_string(counter++));
    const std::string command = command_line + " >" + out.string() + " 2>" + err.string();
    const int raw = std::system(command.c_str());
    Result r{WIFEXITED(raw) ? WEXITSTATUS(raw) : 255, slurp(out), slurp(err)};
    UNSCOPED_INFO("command: " << command << "\nstdout:\n" << r.out << "\nstderr:\n" << r.err);
    return r;
}

// `simt <args>` with the tests' cache, which holds every program the tests
// build, linked with the plain and the sanitized runtime (about 5 GB: over
// the default limit, it would rebuild them; check_expectations.py's is the same).
inline Result simt(const std::string& args) {
    // The cache options go right after the subcommand, before any `--`.
    const std::size_t space = args.find(' ');
    const std::string command = args.substr(0, space);
    const std::string limit = command == "run" || command == "build" ? " --cache-limit 8192" : "";
    return shell(std::string(SIMT_EXE) + " " + command + " --cache-dir " + SIMT_TEST_CACHE + limit +
                 (space == std::string::npos ? "" : args.substr(space)));
}

// How many times a case repeats a run to show it gives the same output
// every time: `plain` in the plain build; twice under the sanitizers, where
// each run is 5-7 times slower and what they look for (memory errors in
// simt) shows in one run, the same for the others.
inline int repeats(int plain) { return SIMT_SANITIZED_BUILD ? 2 : plain; }

// All that a clean `simt run` prints on standard error: its summary line
// (docs/report-format.md).
inline const std::string kCleanRun = "simt: ERROR SUMMARY: 0 errors, 0 warnings\n";

// Standard error without the summary line a `simt run` ends with.
inline std::string before_summary(const std::string& err) {
    const std::size_t at = err.rfind("simt: ERROR SUMMARY: ");
    return at != std::string::npos && err.find('\n', at) == err.size() - 1 ? err.substr(0, at) : err;
}

inline std::string program(const std::string& name) { return std::string(SIMT_TEST_PROGRAMS) + "/" + name; }

// Writes `text` as <temporary dir>/<name>.cu and runs it under simt.
inline Result run_source(const std::string& name, const std::string& text, const std::string& options = "") {
    const fs::path dir = fs::temp_directory_path() / ("simt-source-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path source = dir / (name + ".cu");
    std::ofstream(source) << text;
    Result r = simt("run " + options + source.string());
    fs::remove_all(dir);
    return r;
}

// What a program printed on a GPU, as recorded in docs/gpu-runs/: the lines
// of the first program's output in `file` (comment lines start with '#'; the
// output ends at its "status" line).
inline std::string gpu_output(const std::string& file) {
    std::string gpu;
    std::istringstream recorded(slurp(fs::path(SIMT_SOURCE_DIR) / "docs/gpu-runs" / file));
    for (std::string line; std::getline(recorded, line) && line.rfind("status ", 0) != 0;)
        if (line.rfind("#", 0) != 0) gpu += line + "\n";
    return gpu;
}

}  // namespace cli_test

using namespace cli_test;
