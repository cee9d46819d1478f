// `simt run`'s options: refused when out of range, before anything is built
// or run, and passed to the program intact whatever they contain.
#include "cli_support.h"

#include <string>

namespace {

std::string catalog(const std::string& name) { return std::string(SIMT_KERNELS_DIR) + "/catalog/" + name; }

fs::path fresh_dir(const std::string& what) {
    const fs::path dir = fs::temp_directory_path() / ("simt-" + what + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("a report file name holding semicolons and equals signs and backslashes is written under that very name and sets no other option") {
    const fs::path dir = fresh_dir("odd-report-name");
    const fs::path report = dir / "rep;mode=lockstep;check=none\\x.json";
    // Taken apart at ';', the name would switch the checkers off: the race would go unreported.
    const Result r = simt("run --report json --report-file '" + report.string() + "' " + catalog("shared_counter.cu"));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("race hazard"));
    CHECK(fs::is_regular_file(report));
    CHECK_THAT(slurp(report), Catch::Contains("\"kernel\": \"count\""));
    CHECK_FALSE(fs::exists(dir / "rep"));
    fs::remove_all(dir);
}

TEST_CASE("a trace file name holding semicolons and equals signs is written under that very name and sets no other option") {
    const fs::path dir = fresh_dir("odd-trace-name");
    const fs::path trace = dir / "t;check=none;trace=x.json";
    const Result r = simt("run --trace '" + trace.string() + "' " + catalog("shared_counter.cu"));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("race hazard"));
    CHECK_THAT(slurp(trace), Catch::Contains("traceEvents"));
    CHECK_FALSE(fs::exists(dir / "t"));
    fs::remove_all(dir);
}

TEST_CASE("the error exit code must be 1 to 255: an exit status is one byte and 0 or 256 would hide the error") {
    for (const char* code : {"0", "256", "-1", "1000"}) {
        CAPTURE(code);
        const Result r = simt(std::string("run --error-exitcode ") + code + " " + program("deadlock.cu"));
        CHECK(r.status != 0);
        CHECK_THAT(r.err, Catch::Contains("--error-exitcode: Value " + std::string(code) + " not in range 1 to 255"));
    }
    CHECK(simt("run --error-exitcode 255 " + program("deadlock.cu")).status == 255);
}

TEST_CASE("the worker count must be 0 (one per core) to 1024: more is refused at once instead of crashing or hanging") {
    for (const char* threads : {"1025", "100000", "4294967295", "-1"}) {
        CAPTURE(threads);
        const Result r = simt(std::string("run --threads ") + threads + " " + program("exit_status.cu"));
        CHECK(r.status != 0);
        CHECK_THAT(r.err, Catch::Contains("--threads: "));
    }
    const Result most = simt("run --threads 1024 " + program("exit_status.cu") + " -- a");
    CHECK(most.status == 3);
    CHECK(most.out == "argc=2 last=a\n");
}

TEST_CASE("a seed is a decimal number up to 2^64 - 1: a negative or larger seed is refused rather than wrapped or saturated") {
    const Result negative = simt("run --seed -5 " + program("exit_status.cu"));
    CHECK(negative.status != 0);
    CHECK_THAT(negative.err, Catch::Contains("--seed: '-5' is not a whole number of 0 or more"));
    const Result huge = simt("run --seed 18446744073709551616 " + program("exit_status.cu"));
    CHECK(huge.status != 0);
    CHECK_THAT(huge.err, Catch::Contains("--seed: '18446744073709551616' is larger than 18446744073709551615"));
    CHECK(simt("run --seed 0x10 " + program("exit_status.cu")).status != 0);
    CHECK_THAT(simt("run -v --seed 18446744073709551615 " + program("exit_status.cu")).err,
               Catch::Contains(";seed=18446744073709551615;"));
    CHECK_THAT(simt("run -v --seed 010 " + program("exit_status.cu")).err, Catch::Contains(";seed=10;"));  // not octal
}

TEST_CASE("an empty --cache-dir is refused rather than caching in the current directory") {
    for (const char* command : {"run", "build"}) {
        CAPTURE(command);
        const Result r = shell(std::string(SIMT_EXE) + " " + command + " --cache-dir '' " + program("exit_status.cu"));
        CHECK(r.status != 0);
        CHECK_THAT(r.err, Catch::Contains("--cache-dir: must not be empty"));
    }
}

TEST_CASE("a cache directory simt cannot use is refused when given, and the default one falls back to a private one, saying so") {
    const fs::path file = fs::temp_directory_path() / ("simt-not-a-dir-" + std::to_string(getpid()));
    std::ofstream(file) << "a file, not a directory\n";
    const Result given = shell(std::string(SIMT_EXE) + " run --cache-dir " + file.string() + " " + program("exit_status.cu"));
    CHECK(given.status == 2);
    CHECK(given.err == "simt: error: cannot use the cache directory " + file.string() +
                           " (Not a directory): give --cache-dir a directory simt can write\n");
    // The default (~/.cache/simt) under a home that is a file: a warning, and the run goes on.
    const Result fallback = shell("HOME=" + file.string() + " XDG_CACHE_HOME= " + SIMT_EXE + " run " + program("exit_status.cu") + " -- a b");
    CHECK(fallback.status == 3);
    CHECK_THAT(fallback.err, Catch::StartsWith("simt: warning: cannot use the cache directory " + file.string() +
                                               "/.cache/simt (Not a directory): caching in "));
    CHECK_THAT(fallback.out, Catch::Contains("argc=3 last=b"));
    fs::remove(file);
}

TEST_CASE("a report file that cannot be written is refused before the program is built or run (as a trace file is)") {
    const std::string missing = (fs::temp_directory_path() / "simt-no-such-dir" / "out.json").string();
    const Result r = simt("run -v --report json --report-file " + missing + " " + program("exit_status.cu"));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("simt: error: cannot write the report to " + missing));
    CHECK_THAT(r.err, !Catch::Contains("cache hit") && !Catch::Contains("compile:") && !Catch::Contains("run:"));
    CHECK(r.out.empty());
}
