// The simt command line: `simt run prog.cu`, `simt build`, `simt rewrite`,
// `simt sarif-merge`.
#include <CLI/CLI.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <thread>

#include "driver/sarif_merge.h"
#include "driver/suppressions.h"
#include "simt_build_config.h"
#include "tools/build_cache.h"
#include "tools/cache_stats.h"
#include "tools/version.h"
#include "tools/child_process.h"
#include "tools/diagnostics.h"
#include "tools/explore.h"
#include "tools/nvcc_driver.h"
#include "tools/nvcc_flags.h"
#include "tools/program_build.h"
#include "tools/program_run.h"
#include "tools/run_options_cli.h"
#include "tools/source_rewriter.h"

namespace fs = std::filesystem;
using namespace simt::tool;

namespace {

int fail(const std::string& message, int status = 2) {
    std::cerr << "simt: error: " << message << "\n";
    return status;
}

// An NVIDIA GPU this process can use: the driver's device node.
bool has_nvidia_gpu() {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator("/dev", ec)) {
        const std::string name = e.path().filename().string();
        if (name.size() > 6 && name.rfind("nvidia", 0) == 0 &&
            name.find_first_not_of("0123456789", 6) == std::string::npos)
            return true;
    }
    return false;
}

// `simt rewrite`'s or `simt sarif-merge`'s output (`what`), to standard
// output or a file: a build or an upload that goes on without it must not
// think it succeeded.
int write_output(const std::string& text, const fs::path& output, const std::string& what) {
    if (output.empty()) {
        std::cout << text << std::flush;
        return std::cout ? 0 : fail("cannot write the " + what + " to standard output");
    }
    std::ofstream file(output, std::ios::binary);
    if (file) file << text;
    if (file) file.close();
    if (!file) return fail("cannot write " + output.string() + ": " + std::strerror(errno));
    return 0;
}

// `simt sarif-merge`: the files read whole, merged (driver/sarif_merge.h).
int merge_sarif_files(const std::vector<std::string>& inputs, const fs::path& output) {
    std::vector<simt::driver::SarifFile> files;
    for (const std::string& input : inputs) {
        std::error_code ec;
        std::ifstream in(input, std::ios::binary);
        if (!fs::is_regular_file(input, ec) || !in) return fail("cannot read the SARIF file " + input);
        std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        if (in.bad()) return fail("cannot read the SARIF file " + input);
        files.push_back({input, std::move(text)});
    }
    return write_output(simt::driver::merge_sarif(files), output, "merged SARIF");
}

// CLI11 reads unsigned numbers with strtoull, base 0: "-5" wraps round, a
// number past 2^64 - 1 saturates (two seeds would silently be one) and "010"
// is octal. Options that take a count or a seed accept plain decimal only
// (a transform: leading zeros are dropped before CLI11 reads the number).
const CLI::Validator unsigned_decimal(
    [](std::string& text) {
        std::uint64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || end != text.data() + text.size() || error == std::errc::invalid_argument)
            return "'" + text + "' is not a whole number of 0 or more";
        if (error == std::errc::result_out_of_range) return "'" + text + "' is larger than 18446744073709551615";
        text = std::to_string(value);
        return std::string();
    },
    "UINT");

const CLI::Validator non_empty(
    [](const std::string& text) { return text.empty() ? std::string("must not be empty") : std::string(); }, "");

// The program writes the report and the trace at exit: a path it could not
// write is refused before the build and the run are spent on it. (A file
// this check creates is removed again.)
std::string unwritable(const std::string& path) {
    std::error_code ec;
    const bool existed = fs::exists(path, ec);
    if (!std::ofstream(path, std::ios::app)) return path;
    if (!existed) fs::remove(path, ec);
    return "";
}

// nvcc's compile flags among `simt run`'s or `simt build`'s options (before
// any `--`) are taken out before CLI11 sees the rest: their spellings
// (-std=c++17, -Xcompiler -fPIC, -I dir) are nvcc's, not CLI11's.
std::vector<std::string> take_compile_flags(std::vector<std::string>& args, CompileFlags& flags) {
    std::vector<std::string> rest;
    std::size_t i = 0;
    for (; i < args.size() && (args[i] == "run" || args[i] == "build" || args[i].rfind("-", 0) == 0); ++i) {
        rest.push_back(args[i]);
        if (args[i] == "run" || args[i] == "build") {
            ++i;
            break;
        }
    }
    if (rest.empty() || (rest.back() != "run" && rest.back() != "build")) return args;  // another subcommand's
    while (i < args.size() && args[i] != "--") {
        if (!take_compile_flag(args, i, flags)) rest.push_back(args[i++]);
    }
    rest.insert(rest.end(), args.begin() + std::ptrdiff_t(i), args.end());
    return rest;
}

// What follows the first `--`: the program's arguments, taken out of `args`
// (CLI11 would not add them to a positional list it has begun to fill).
std::vector<std::string> take_after_separator(std::vector<std::string>& args) {
    const auto it = std::find(args.begin(), args.end(), "--");
    if (it == args.end()) return {};
    std::vector<std::string> after(it + 1, args.end());
    args.erase(it, args.end());
    return after;
}

bool names_program_file(const std::string& arg) {
    const fs::path p = arg;
    const std::string e = p.extension().string();
    std::error_code ec;
    return (is_cuda_source(p) || is_host_source(p) || e == ".o" || e == ".a") && fs::is_regular_file(p, ec);
}

// A source file simt can read more than once (the build reads it for its
// cache key, its dependencies and the compile): a FIFO, a device or a
// socket would be drained by the first read or wait for a writer.
const CLI::Validator kReadableSource(
    [](std::string& path) -> std::string {
        std::error_code ec;
        const fs::file_status status = fs::status(path, ec);
        if (ec || !fs::exists(status)) return "no such file: " + path;
        if (!fs::is_regular_file(status))
            return path + " is not a regular file (a FIFO, device or socket?): simt reads a source more than once; "
                          "save it to a file and pass that";
        return {};
    },
    "FILE");

}  // namespace

int main(int argc, char** argv) {
    const std::string invoked = fs::path(argv[0]).filename().string();
    if (invoked == "simt-nvcc" || invoked == "nvcc") return run_nvcc(std::vector<std::string>(argv + 1, argv + argc));
    if (argc > 1 && std::string(argv[1]) == "nvcc") return run_nvcc(std::vector<std::string>(argv + 2, argv + argc));
    std::vector<std::string> args(argv + 1, argv + argc);
    BuildRequest build;
    try {
        args = take_compile_flags(args, build.flags);
    } catch (const FlagError& e) {
        return fail(e.what());
    }
    const std::vector<std::string> after_separator = take_after_separator(args);
    CLI::App app{"simt: run unchanged CUDA programs on the CPU, with SIMT semantics", "simt"};
    app.set_version_flag("--version", simt::tool::simt_version());
    app.require_subcommand(1);
    app.fallthrough();
    bool verbose = false;
    app.add_flag("-v,--verbose", verbose, "log what simt does (compile commands, cache hits)");

    // ---- run ----
    fs::path main_source;
    build.cache_dir = default_cache_dir();
    simt::driver::RunOptions run;
    std::vector<std::string> program_args;
    CLI::App* run_cmd = app.add_subcommand("run", "compile a CUDA program for the CPU and run it (nvcc's -I, -D, "
                                                  "-std=, -O, -Xcompiler, -l, -L are accepted; more .cu, .cpp, .o "
                                                  "files may follow the first)");
    run_cmd->add_option("file", main_source, "the CUDA source file (with main, or the first of several)")->required()->check(kReadableSource);
    add_program_options(*run_cmd, run);
    // The command's, not the program's: not in driver/options.inc.
    unsigned explore = 0;
    run_cmd->add_option("--explore", explore, "run under N seeds (from --seed on) and say whether the output depends on the schedule")
        ->transform(unsigned_decimal)->check(CLI::Range(1u, 100000u));
    unsigned shrink_replays = 400;
    run_cmd->add_option("--shrink-replays", shrink_replays,
                        "with --explore in its mode: replays the schedule shrinking may make (0: no shrinking)")
        ->transform(unsigned_decimal)->check(CLI::Range(0u, 1000000u))->capture_default_str();
    std::uintmax_t cache_limit_mib = build.cache_limit >> 20;
    const auto cache_limit_help = "MiB the cache may hold; the programs used least recently go first";
    run_cmd->add_option("--cache-limit", cache_limit_mib, cache_limit_help)
        ->transform(unsigned_decimal)->check(CLI::Range(std::uintmax_t(1), std::uintmax_t(1) << 30))->capture_default_str();
    run_cmd->add_option("--cache-dir", build.cache_dir, "where compiled programs are kept")
        ->check(non_empty)->capture_default_str();
    std::string backend = "cpu", arch = "sm_90";
    run_cmd->add_option("--backend", backend,
                        "cpu: simt's emulator; cuda: the same file built by nvcc and run on the GPU")
        ->check(CLI::IsMember({"cpu", "cuda"}))->capture_default_str();
    run_cmd->add_option("--arch", arch, "nvcc -arch for --backend cuda")->capture_default_str();
    run_cmd->add_option("args", program_args, "more source files, then arguments for the program (after --)");

    // ---- build ----
    fs::path build_output;
    CLI::App* build_cmd = app.add_subcommand("build", "compile a CUDA program for the CPU and print the executable's path");
    build_cmd->add_option("file", main_source, "the CUDA source file")->required()->check(kReadableSource);
    build_cmd->add_option("more", program_args, "more source, object or archive files")->check(CLI::ExistingFile);
    build_cmd->add_option("--cache-dir", build.cache_dir, "where compiled programs are kept")->check(non_empty);
    build_cmd->add_option("--cache-limit", cache_limit_mib, cache_limit_help)
        ->transform(unsigned_decimal)->check(CLI::Range(std::uintmax_t(1), std::uintmax_t(1) << 30))->capture_default_str();

    // ---- cache ----
    CLI::App* cache_cmd = app.add_subcommand("cache", "manage the cache of compiled programs");
    cache_cmd->require_subcommand(1);
    CLI::App* clean_cmd = cache_cmd->add_subcommand("clean", "remove every compiled program from the cache");
    clean_cmd->add_option("--cache-dir", build.cache_dir, "the cache to empty")->check(non_empty)->capture_default_str();
    CLI::App* stats_cmd = cache_cmd->add_subcommand("stats", "what the cache holds and how often it served a run");
    stats_cmd->add_option("--cache-dir", build.cache_dir, "the cache to describe")->check(non_empty)->capture_default_str();
    build_cmd->add_option("-o", build_output, "also copy the executable here");

    // ---- rewrite ----
    fs::path rewrite_input, rewrite_output;
    CLI::App* rewrite_cmd = app.add_subcommand("rewrite", "print the C++ that a .cu file becomes (used by the CMake function)");
    rewrite_cmd->add_option("file", rewrite_input, "the CUDA source file")->required()->check(kReadableSource);
    rewrite_cmd->add_option("-o", rewrite_output, "output file (default: standard output)");

    // ---- sarif-merge ----
    std::vector<std::string> merge_inputs;
    fs::path merge_output;
    CLI::App* merge_cmd = app.add_subcommand(
        "sarif-merge", "merge the SARIF files of simt runs into one, for one code-scanning upload: runs of one "
                       "category become one run (docs/report-format.md)");
    merge_cmd->add_option("files", merge_inputs, "SARIF files written by simt run --report sarif")->required();
    merge_cmd->add_option("-o,--output", merge_output, "the merged file (default: standard output)");

    app.add_subcommand("nvcc", "nvcc's command line for simt's CPU backend (simt nvcc --help)");
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    try {
        app.parse(args);
    } catch (const CLI::ParseError& e) {
        // --help and --version are CLI11's to print. A usage error is said
        // as every other refusal is ("simt: error: ..."), with status 2, not
        // CLI11's own codes (105, 109, ...), which are its internals.
        if (e.get_exit_code() == 0) return app.exit(e);
        std::cerr << "simt: error: " << e.what() << "\nRun 'simt --help' (or 'simt run --help') for the options.\n";
        return 2;
    }
    // Positional arguments before `--` that name source or object files are
    // more of the program; the rest are the program's own.
    build.sources.push_back(main_source);
    std::size_t taken = 0;
    while (taken < program_args.size() && (*build_cmd || names_program_file(program_args[taken])))
        build.sources.push_back(program_args[taken++]);
    program_args.erase(program_args.begin(), program_args.begin() + std::ptrdiff_t(taken));
    program_args.insert(program_args.end(), after_separator.begin(), after_separator.end());

    diagnostics::start("simt", verbose);

    build.cache_limit = cache_limit_mib << 20;
    try {
        if (*clean_cmd) {
            const auto removed = simt::tool::cache::clean(build.cache_dir);
            std::cout << "removed " << removed.slots << " program" << (removed.slots == 1 ? "" : "s") << " ("
                      << ((removed.bytes + (1 << 19)) >> 20) << " MiB) from " << build.cache_dir.string();
            if (removed.in_use > 0)
                std::cout << "; kept " << removed.in_use << " in use by running simt processes";
            std::cout << "\n";
            return 0;
        }
        if (*stats_cmd) {
            std::cout << simt::tool::cache::describe(build.cache_dir);
            return 0;
        }
        if (*merge_cmd) return merge_sarif_files(merge_inputs, merge_output);
        if (*rewrite_cmd) {
            const std::string out = simt::frontend::rewrite_cuda_source(read_cuda_source(rewrite_input),
                                                                        fs::absolute(rewrite_input).string());
            return write_output(out, rewrite_output, "rewritten source");
        }
        if (const std::string why = unusable_cache_dir(build.cache_dir); !why.empty()) {
            const bool given = run_cmd->get_option("--cache-dir")->count() + build_cmd->get_option("--cache-dir")->count() > 0;
            if (given)
                return fail("cannot use the cache directory " + build.cache_dir.string() + " (" + why +
                            "): give --cache-dir a directory simt can write");
            // The default one (~/.cache/simt) may be on a read-only home, as
            // in some CI containers: a private temporary one serves the run.
            const fs::path fallback = fs::temp_directory_path() / ("simt-cache-" + std::to_string(getuid()));
            diagnostics::warn("cannot use the cache directory " + build.cache_dir.string() + " (" + why +
                              "): caching in " + fallback.string() + " instead (--cache-dir chooses one)");
            build.cache_dir = fallback;
            struct stat owner {};
            if (const std::string also = unusable_cache_dir(build.cache_dir); !also.empty())
                return fail("cannot use " + build.cache_dir.string() + " either (" + also + "): give --cache-dir a directory simt can write");
            // In a shared /tmp another user could have made it first, to feed this one their programs.
            if (lstat(build.cache_dir.c_str(), &owner) != 0 || owner.st_uid != getuid() || S_ISLNK(owner.st_mode))
                return fail(build.cache_dir.string() + " is not this user's own directory: give --cache-dir a directory simt can write");
        }
        if (*run_cmd && backend == "cuda") {
            // The GPU runs it: simt's checkers and options do not apply.
            if (!run.trace_file.empty()) diagnostics::warn("--trace records simt's scheduling: it is ignored with --backend cuda");
            const BuildResult built = build_program_with_nvcc(build, arch);
            // Built (so nvcc's verdict is known), but without a GPU every CUDA
            // call fails and the program prints whatever it prints then.
            if (!has_nvidia_gpu())
                return fail("--backend cuda runs the program on a GPU and this machine has none (no /dev/nvidia0); "
                            "it compiled with nvcc (" + built.executable.string() + "). Leave out --backend to run it "
                            "on the CPU");
            return run_program(built.executable, program_args, run, false);
        }
        if (*run_cmd) {
            if (run.report != "text" && run.report_file.empty()) run.report_file = "simt-report." + run.report;
            if (!run.source_root.empty()) run.source_root = fs::absolute(run.source_root).lexically_normal().string();
            if (!run.log_file.empty()) {
                // Begun empty here; the program and then this command append to it.
                run.log_file = fs::absolute(run.log_file).string();
                if (!std::ofstream(run.log_file, std::ios::trunc)) return fail("cannot write the log to " + run.log_file);
            }
            if (!run.suppressions.empty()) {
                // Read here too: a mistake in it is refused before the build.
                run.suppressions = fs::absolute(run.suppressions).string();
                simt::driver::Suppressions::from_file(run.suppressions);
            }
            for (std::string* file : {&run.report_file, &run.trace_file, &run.record_schedule}) {
                if (file->empty()) continue;
                *file = fs::absolute(*file).string();
                if (const std::string bad = unwritable(*file); !bad.empty())
                    return fail("cannot write the " +
                                std::string(file == &run.trace_file        ? "trace"
                                            : file == &run.record_schedule ? "schedule"
                                                                           : "report") +
                                " to " + bad);
            }
            if ((!run.schedule.empty() || !run.record_schedule.empty()) && run.mode != "its")
                return fail("--schedule and --record-schedule are independent thread scheduling's (--mode its): "
                            "lockstep has one order");
            if (!run.schedule.empty()) {
                if (explore > 0) return fail("--explore draws its own schedules: it takes no --schedule");
                if (!run.record_schedule.empty()) return fail("a run replays a schedule or records one, not both");
                if (!std::ifstream(run.schedule)) return fail("cannot read the schedule file " + run.schedule);
                run.schedule = fs::absolute(run.schedule).string();
            }
        }
        const BuildResult built = build_program(build);
        if (*build_cmd) {
            if (!build_output.empty()) fs::copy_file(built.executable, build_output, fs::copy_options::overwrite_existing);
            std::cout << (build_output.empty() ? built.executable : build_output).string() << "\n";
            return 0;
        }
        if (explore > 0) return explore_program(built.executable, program_args, run, explore, shrink_replays);
        return run_program(built.executable, program_args, run);
    } catch (const Interrupted& e) {
        end_by_signal(e.signal);  // after the unwinding removed temporary files
    } catch (const simt::frontend::RewriteError& e) {
        return fail(rewrite_input.string() + ":" + std::to_string(e.line) + ": " + e.what());
    } catch (const simt::driver::SuppressionError& e) {
        return fail(e.what());
    } catch (const simt::driver::SarifMergeError& e) {
        return fail(e.what());
    } catch (const BuildFailure& e) {
        if (*run_cmd) write_failed_report(run, main_source.stem().string(), e.what(), fs::absolute(main_source).string());
        return fail(e.what());
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}
