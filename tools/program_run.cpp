#include "tools/program_run.h"

#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <system_error>

#include "tools/child_process.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// The program writes it at exit; it goes whatever happens, an interruption included.
struct StatusFile {
    fs::path path = fs::temp_directory_path() / ("simt-status-" + std::to_string(getpid()));
    StatusFile() { fs::remove(path); }
    ~StatusFile() {
        std::error_code ignored;
        fs::remove(path, ignored);
    }
    StatusFile(const StatusFile&) = delete;
    StatusFile& operator=(const StatusFile&) = delete;
    unsigned errors() const {
        std::ifstream in(path);
        std::string line;
        std::getline(in, line);
        return line.rfind("errors=", 0) == 0 ? unsigned(std::stoul(line.substr(7))) : 0;
    }
};

}  // namespace

int run_program(const fs::path& executable, const std::vector<std::string>& args,
                const driver::RunOptions& options) {
    // What the program reads back (driver/options.cpp).
    const std::string text = driver::encode(options);
    const StatusFile status_file;
    setenv("SIMT_OPTIONS", text.c_str(), 1);
    setenv("SIMT_STATUS_FILE", status_file.path.c_str(), 1);
    spdlog::debug("run: {} with SIMT_OPTIONS={}", executable.string(), text);

    std::vector<std::string> argv = {executable.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    int status = 0;
    try {
        status = run_child(argv, ChildGroup::Driver);
    } catch (const std::system_error& e) {
        // The cache checked the entry; what is left is the file system (noexec,
        // permissions) or a damage the check missed.
        spdlog::error("cannot start {}: {}; delete {} (simt rebuilds it) or use another --cache-dir",
                      executable.string(), e.code().message(), executable.parent_path().string());
        return 2;
    }
    const unsigned errors = status_file.errors();
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    if (errors > 0) return int(options.error_exitcode);
    return code;
}

}  // namespace simt::tool
