// Signals sent to the simt driver alone, as a harness's timeout sends them:
// nothing it started may keep running, and nothing it wrote may stay behind.
#include "cli_support.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <thread>
#include <vector>

namespace {

using namespace std::chrono_literals;

fs::path fresh_dir(const std::string& what) {
    const fs::path dir = fs::temp_directory_path() / ("simt-" + what + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// Starts simt directly (no shell in between: the signal must reach simt
// itself), with the default signal dispositions and its output in `log`.
pid_t start_simt(const std::vector<std::string>& args, const fs::path& log) {
    const pid_t pid = fork();
    if (pid == 0) {
        for (const int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, SIG_DFL);
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        std::vector<char*> argv{const_cast<char*>(SIMT_EXE)};
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(SIMT_EXE, argv.data());
        _exit(127);
    }
    return pid;
}

// Running: neither gone nor a zombie waiting to be reaped.
bool running(pid_t pid) {
    const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
    const auto paren = stat.rfind(')');
    return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z';
}

// The live processes of a process group.
std::vector<pid_t> group_members(pid_t group) {
    std::vector<pid_t> members;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string stat = slurp(entry.path() / "stat");
        const auto paren = stat.rfind(')');
        if (paren == std::string::npos) continue;
        std::istringstream fields(stat.substr(paren + 2));
        char state;
        pid_t parent, pgrp;
        if (fields >> state >> parent >> pgrp && pgrp == group && state != 'Z') members.push_back(std::stoi(name));
    }
    return members;
}

template <class Condition>
bool within(std::chrono::milliseconds limit, Condition done) {
    for (const auto end = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < end;) {
        if (done()) return true;
        std::this_thread::sleep_for(20ms);
    }
    return done();
}

// A program that writes its pid to argv[1] and then never ends (unless
// argv[2] says to ignore SIGTERM too). With `uses_device`, it launches a
// kernel first, so simt's runtime is running when the signal comes.
fs::path endless_program(const fs::path& dir, bool uses_device = false) {
    const std::string name = uses_device ? "endless_cuda.cu" : "endless.cu";
    std::ofstream(dir / name) << "#include <csignal>\n#include <cstdio>\n#include <unistd.h>\n"
                              << (uses_device ? "__global__ void k(int* p) { p[threadIdx.x] = 1; }\n" : "")
                              << "int main(int argc, char** argv) {\n"
                              << (uses_device ? "    int* p; cudaMalloc(&p, 128); k<<<1, 32>>>(p); cudaDeviceSynchronize();\n" : "")
                              << "    if (argc > 2) std::signal(SIGTERM, SIG_IGN);\n"
                                 "    std::FILE* f = std::fopen(argv[1], \"w\");\n"
                                 "    std::fprintf(f, \"%d\\n\", (int)getpid());\n"
                                 "    std::fclose(f);\n"
                                 "    std::printf(\"started\\n\");\n"
                                 "    for (;;) sleep(1);\n"
                                 "}\n";
    return dir / name;
}

pid_t program_pid(const fs::path& pid_file) {
    REQUIRE(within(60s, [&] { return slurp(pid_file).find('\n') != std::string::npos; }));
    return std::stoi(slurp(pid_file));
}

}  // namespace

TEST_CASE("a signal to the simt driver alone ends the program it runs (even SIGKILL), as a harness expects") {
    const fs::path dir = fresh_dir("driver-signal");
    const fs::path source = endless_program(dir);
    REQUIRE(simt("build " + source.string()).status == 0);
    for (const int signal : {SIGTERM, SIGINT, SIGHUP, SIGKILL}) {
        CAPTURE(signal);
        const fs::path pid_file = dir / ("pid" + std::to_string(signal));
        const pid_t driver = start_simt({"run", "--cache-dir", SIMT_TEST_CACHE, "--cache-limit", "8192", source.string(), "--", pid_file.string()},
                                        dir / "log");
        const pid_t program = program_pid(pid_file);
        kill(driver, signal);
        int status = 0;
        waitpid(driver, &status, 0);
        CHECK(WIFSIGNALED(status));  // the driver ends by the signal, as a harness expects
        CHECK(WTERMSIG(status) == signal);
        CHECK(within(5s, [&] { return !running(program); }));
    }
    fs::remove_all(dir);
}

TEST_CASE("a program ended by a signal to the driver keeps its buffered output and writes its report file") {
    // The battery: the program died by the signal's default action, losing
    // what stdio still held and the --report-file.
    const fs::path dir = fresh_dir("signal-report");
    const fs::path source = endless_program(dir, /*uses_device=*/true);
    for (const int signal : {SIGTERM, SIGINT}) {
        CAPTURE(signal);
        const fs::path pid_file = dir / ("pid" + std::to_string(signal)), report = dir / "report.json", log = dir / "log";
        fs::remove(report);
        const pid_t driver = start_simt({"run", "--cache-dir", SIMT_TEST_CACHE, "--cache-limit", "8192", "--report", "json",
                                         "--report-file", report.string(), source.string(), "--", pid_file.string()},
                                        log);
        const pid_t program = program_pid(pid_file);
        kill(driver, signal);
        int status = 0;
        waitpid(driver, &status, 0);
        CHECK(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == signal);
        CHECK(within(5s, [&] { return !running(program); }));
        CHECK_THAT(slurp(log), Catch::Contains("started\n"));  // a file: printf's buffer was flushed
        const std::string json = slurp(report);
        CHECK_THAT(json, Catch::Contains("\"successful\": false"));
        CHECK_THAT(json, Catch::Contains("the program was ended by signal " + std::to_string(signal)));
    }
    fs::remove_all(dir);
}

TEST_CASE("the run's counts come back through a pipe, with nothing in TMPDIR another user could plant or read") {
    // They were a file with a predictable name in $TMPDIR: one planted there
    // could make a racy run pass.
    const fs::path tmp = fresh_dir("private-status");
    const Result racy = shell("TMPDIR=" + tmp.string() + " " + SIMT_EXE + " run --cache-dir " + SIMT_TEST_CACHE +
                              " --cache-limit 8192 " + SIMT_KERNELS_DIR + "/catalog/shared_counter.cu");
    CHECK(racy.status == 1);
    CHECK_THAT(racy.err, Catch::EndsWith("simt: ERROR SUMMARY: 6 errors, 0 warnings\n"));
    std::size_t left = 0;
    for ([[maybe_unused]] const auto& e : fs::recursive_directory_iterator(tmp)) ++left;
    CHECK(left == 0);
    fs::remove_all(tmp);
}

TEST_CASE("a program that ignores the signal passed on by the driver is killed after a grace period") {
    const fs::path dir = fresh_dir("driver-signal-ignored");
    const fs::path source = endless_program(dir);
    const fs::path pid_file = dir / "pid";
    const pid_t driver = start_simt(
        {"run", "--cache-dir", SIMT_TEST_CACHE, "--cache-limit", "8192", source.string(), "--", pid_file.string(), "ignore-sigterm"}, dir / "log");
    const pid_t program = program_pid(pid_file);
    kill(driver, SIGTERM);
    CHECK(within(10s, [&] { return !running(program); }));
    int status = 0;
    waitpid(driver, &status, 0);
    CHECK(WIFSIGNALED(status));
    fs::remove_all(dir);
}

TEST_CASE("a signal to the simt driver alone while it compiles ends the compiler and leaves no temporary in the cache") {
    const fs::path dir = fresh_dir("compile-signal");
    const fs::path cache = dir / "cache";
    // Seconds of constant evaluation: the compile is still running when the signal comes.
    std::ofstream(dir / "slow.cu") << "#include <cstdio>\n"
                                      "constexpr long slow() { long s = 0; for (long i = 0; i < 20000; ++i)\n"
                                      "  for (long j = 0; j < 20000; ++j) s += i ^ j; return s; }\n"
                                      "constexpr long value = slow();\n"
                                      "int main() { std::printf(\"%ld\\n\", value); }\n";
    const pid_t driver = start_simt({"run", "--cache-dir", cache.string(), (dir / "slow.cu").string()}, dir / "log");
    // The compiler is the driver's child, in a process group of its own.
    const std::string children = "/proc/" + std::to_string(driver) + "/task/" + std::to_string(driver) + "/children";
    REQUIRE(within(60s, [&] { return !slurp(children).empty(); }));
    const pid_t compiler = std::stoi(slurp(children));
    REQUIRE(within(10s, [&] { return group_members(compiler).size() >= 2; }));  // the compiler driver and cc1plus
    kill(driver, SIGTERM);
    int status = 0;
    waitpid(driver, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(within(5s, [&] { return group_members(compiler).empty(); }));
    std::vector<std::string> left;
    for (const auto& entry : fs::recursive_directory_iterator(cache)) left.push_back(entry.path().string());
    CAPTURE(left);
    CHECK(left.size() <= 1);  // at most the empty slot directory
    for (const std::string& path : left) CHECK(fs::is_directory(path));
    fs::remove_all(dir);
}
