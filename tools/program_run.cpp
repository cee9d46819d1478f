#include "tools/program_run.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "primitives/src/options_text.h"

extern char** environ;

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// What the program reads from SIMT_OPTIONS (primitives/src/process_runtime.cpp).
std::string engine_options(const RunOptions& o) {
    const auto flag = [](bool on) { return std::string(on ? "1" : "0"); };
    return options_text::encode({
        {"mode", o.mode},
        {"warp", std::to_string(o.warp_size)},
        {"seed", std::to_string(o.seed)},
        {"threads", std::to_string(o.threads)},
        {"stack", std::to_string(o.stack_size)},
        {"check", o.checks},
        {"severity", o.severity},
        {"print-limit", std::to_string(o.print_limit)},
        {"report", o.report},
        {"report-file", o.report_file},
        {"leak-check", flag(o.leak_check)},
        {"uniform-writes", o.uniform_writes},
        {"trace", o.trace_file},
        {"trace-lanes", flag(o.trace_lanes)},
        {"trace-blocks", std::to_string(o.trace_blocks)},
    });
}

}  // namespace

int run_program(const fs::path& executable, const std::vector<std::string>& args,
                const RunOptions& options) {
    const std::string text = engine_options(options);
    const fs::path status_file =
        fs::temp_directory_path() / ("simt-status-" + std::to_string(getpid()));
    fs::remove(status_file);
    setenv("SIMT_OPTIONS", text.c_str(), 1);
    setenv("SIMT_STATUS_FILE", status_file.c_str(), 1);
    spdlog::debug("run: {} with SIMT_OPTIONS={}", executable.string(), text);

    std::vector<std::string> argv_storage = {executable.string()};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid;
    if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
        spdlog::error("cannot start {}", executable.string());
        return 2;
    }
    int status = 0;
    waitpid(pid, &status, 0);

    unsigned errors = 0;
    if (std::ifstream in(status_file); in) {
        std::string line;
        std::getline(in, line);
        if (line.rfind("errors=", 0) == 0) errors = unsigned(std::stoul(line.substr(7)));
    }
    fs::remove(status_file);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    if (errors > 0) return options.error_exitcode;
    return code;
}

}  // namespace simt::tool
