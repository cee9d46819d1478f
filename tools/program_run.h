// Runs a program built for the CPU backend with the engine options passed in
// its environment, and decides simt's exit status.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace simt::tool {

struct RunOptions {
    std::string mode = "its";
    unsigned warp_size = 32;
    std::uint64_t seed = 0;
    unsigned threads = 0;
    std::size_t stack_size = 64 * 1024;
    unsigned watchdog = 60;  // seconds without progress before a launch is reported as hung; 0: never
    int error_exitcode = 1;  // exit status when simt reported an error
    std::string checks = "race,barrier,warp-sync,shuffle,memory,init";
    std::string severity = "warning";
    std::string report = "text";
    std::string report_file;
    bool leak_check = false;  // report allocations never freed, at exit
    std::string report_api_errors = "explicit";  // or "no": runtime calls that fail
    std::string uniform_writes = "ignore";  // or "report": same-value write pairs
    unsigned print_limit = 10;
    std::string trace_file;  // --trace: a Chrome/Perfetto timeline, "" for none
    bool trace_lanes = false;
    unsigned trace_blocks = 4;
};

// The program's own exit status, unless simt reported an error while it ran
// (then error_exitcode); 128 + N when it died from signal N.
int run_program(const std::filesystem::path& executable, const std::vector<std::string>& args,
                const RunOptions& options);

}  // namespace simt::tool
