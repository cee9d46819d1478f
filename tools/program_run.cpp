#include "tools/program_run.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <fstream>
#include <string>
#include <system_error>

#include "driver/report_log.h"
#include "driver/sarif_run.h"
#include "driver/failed_report.h"
#include "driver/summary.h"
#include "tools/child_process.h"
#include "tools/diagnostics.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// The run's counts come back through a pipe the program inherits
// (SIMT_STATUS_FD): nothing on the file system another process could plant
// or read, nothing left behind when the driver is killed. The program
// writes a few bytes at exit, which the pipe holds until they are read.
struct StatusChannel {
    int read_end = -1, write_end = -1;
    StatusChannel() {
        int fds[2];
        if (pipe(fds) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
        read_end = fds[0];
        write_end = fds[1];
        // Only the write end reaches the program; a descendant that outlives
        // it and still holds it must not keep the driver waiting.
        fcntl(read_end, F_SETFD, FD_CLOEXEC);
        fcntl(read_end, F_SETFL, O_NONBLOCK);
    }
    ~StatusChannel() {
        if (read_end >= 0) close(read_end);
        if (write_end >= 0) close(write_end);
    }
    StatusChannel(const StatusChannel&) = delete;
    StatusChannel& operator=(const StatusChannel&) = delete;
    // After the program ended: nullopt when it did not reach its exit handler.
    std::optional<driver::RunCounts> counts() {
        close(write_end);
        write_end = -1;
        std::string text;
        char buffer[256];
        for (ssize_t n; (n = read(read_end, buffer, sizeof buffer)) > 0;) text.append(buffer, std::size_t(n));
        return driver::read_status(text);
    }
};

}  // namespace

void write_failed_report(const driver::RunOptions& options, const std::string& program, const std::string& why,
                         const std::string& source) {
    if ((options.report != "sarif" && options.report != "json") || options.report_file.empty()) return;
    std::string text;
    if (options.report == "json") {
        text = driver::failed_json_report(why);
    } else {
        driver::SarifRun run;
        run.category = options.report_category.empty() ? driver::default_category(program) : options.report_category;
        run.source_root = driver::source_root_for(options.source_root, source);
        run.success = false;
        run.errors.push_back(why);
        text = driver::format_sarif_run(run);
    }
    std::ofstream out(options.report_file, std::ios::binary);
    out << text;
    if (!out) diagnostics::error("cannot write the report to " + options.report_file);
}

int run_program(const fs::path& executable, const std::vector<std::string>& args,
                const driver::RunOptions& options, bool checked) {
    // What the program reads back (driver/options.cpp).
    const std::string text = driver::encode(options);
    StatusChannel channel;
    setenv("SIMT_OPTIONS", text.c_str(), 1);
    setenv("SIMT_STATUS_FD", std::to_string(channel.write_end).c_str(), 1);
    diagnostics::debug("run: " + executable.string() + " with SIMT_OPTIONS=" + text);

    std::vector<std::string> argv = {executable.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    int status = 0;
    try {
        status = run_child(argv, ChildGroup::Driver);
    } catch (const std::system_error& e) {
        // The cache checked the entry; what is left is the file system (noexec,
        // permissions) or a damage the check missed.
        diagnostics::error("cannot start " + executable.string() + ": " + e.code().message() + "; delete " +
                           executable.parent_path().string() + " (simt rebuilds it) or use another --cache-dir");
        return 2;
    }
    const std::optional<driver::RunCounts> reported = channel.counts();
    if (!checked) return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    driver::RunCounts counts = reported.value_or(driver::RunCounts{});
    if (!options.log_file.empty() && !driver::open_report_log(options.log_file))
        diagnostics::error("cannot write the log to " + options.log_file);
    std::FILE* const log = driver::report_log();
    if (WIFSIGNALED(status)) {
        // The program's own crash (simt turns the kernels' into reports): said
        // here, since the program could say nothing.
        const int signal = WTERMSIG(status);
        std::fprintf(log, "simt: error: the program was killed by signal %d (%s)%s\n", signal, strsignal(signal),
                     WCOREDUMP(status) ? ", core dumped" : "");
        ++counts.errors;
        write_failed_report(options, executable.filename().string(),
                           "the program was killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")");
        std::fputs(driver::summary_line(counts).c_str(), log);
        return 128 + signal;
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    // Ended before its exit handler with a failing status: simt's watchdog
    // or a fault it could not survive, which said why above.
    if (!reported) {
        if (code != 0) ++counts.errors;
        write_failed_report(options, executable.filename().string(),
                           "the program ended (exit status " + std::to_string(code) + ") before simt's exit report");
    }
    std::fputs(driver::summary_line(counts).c_str(), log);
    // A program the watchdog stopped wrote its reports and keeps the status
    // the README gives it (an abort's, 134), like one stopped by a fault.
    constexpr int kStopped = 134;
    if (reported && reported->errors > 0 && code != kStopped) return int(options.error_exitcode);
    return code;
}

}  // namespace simt::tool
