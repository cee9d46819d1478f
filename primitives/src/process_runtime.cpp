#include "process_runtime.h"

#include <errno.h>  // program_invocation_short_name

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>

#include "emulator/options.h"
#include "driver/options.h"
#include "driver/sarif_run.h"
#include "driver/summary.h"
#include "checkers/shared_symbols.h"
#include "checkers/structured_report.h"
#include "emulator/symbolizer.h"
#include "emulator/worker.h"
#include "checkers/text_report.h"
#include "simt/launch.h"
#include "simt/builtin_variables.h"
#include "simt/embedding.h"

namespace simt::cuda {
namespace {

// SIMT_OPTIONS is the user's interface too (a program built by simt-nvcc or
// the CMake function runs on its own): a key or value simt does not know is
// an error that stops the program before it runs, never ignored.
[[noreturn]] void bad_options(const std::string& why) {
    std::fflush(stdout);
    std::fprintf(stderr, "simt: error: SIMT_OPTIONS: %s\n", why.c_str());
    std::_Exit(2);
}

// The one place the child program learns its options: `simt run` passes
// them in SIMT_OPTIONS (driver/options.inc names them); a user may write the
// same by hand.
EngineOptions options_from_environment(CheckOptions& checks, int& error_exitcode) {
    const char* text = std::getenv("SIMT_OPTIONS");
    driver::RunOptions o;
    try {
        if (text != nullptr) o = driver::decode(text);
    } catch (const driver::OptionsError& e) {
        bad_options(e.what());
    }
    EngineOptions engine;
    engine.mode = o.mode == "lockstep" ? ScheduleMode::Lockstep : ScheduleMode::Independent;
    engine.warp_size = unsigned(o.warp_size);
    engine.seed = o.seed;
    engine.threads = unsigned(o.threads);
    engine.stack_size = std::size_t(o.stack_size);
    engine.watchdog_seconds = unsigned(o.watchdog);
    error_exitcode = int(o.error_exitcode);
    const std::vector<std::string> names = driver::names_in(o.check);
    const auto on = [&](const char* name) { return std::find(names.begin(), names.end(), name) != names.end(); };
    checks.race = on("race");
    checks.shuffle = on("shuffle");
    checks.init = on("init");
    checks.barrier = on("barrier");
    checks.warp_sync = on("warp-sync");
    checks.memory = on("memory");
    checks.report_format = o.report == "text" ? "" : o.report;
    checks.report_file = o.report_file;
    checks.source_root = o.source_root;
    checks.report_category = o.report_category;
    checks.suppressions = o.suppressions;
    checks.min_severity = o.severity == "note" ? 0 : o.severity == "error" ? 2 : 1;
    checks.print_limit = unsigned(o.print_limit);
    checks.leak_check = o.leak_check;
    checks.report_api_errors = o.report_api_errors == "explicit";
    checks.ignore_uniform_writes = o.uniform_writes == "ignore";
    checks.trace_file = o.trace_file;
    checks.trace_lanes = o.trace_lanes;
    checks.trace_blocks = unsigned(o.trace_blocks);
    if (!checks.report_format.empty() && checks.report_file.empty())
        checks.report_file = "simt-report." + checks.report_format;
    return engine;
}

bool write_text_file(const std::string& path, const std::string& text) {
    FILE* f = std::fopen(path.c_str(), "w");
    if (f == nullptr) return false;
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && written;
}

}  // namespace

// Defined (-Wl,--defsym) only when simt's driver or CMake function links a
// CUDA program: see write_status_file.
extern "C" __attribute__((weak)) const char simt_exit_status_on_error;

// At exit: the hazard summary, and the status `simt run` reads.
void write_status_file() {
    ProcessRuntime& rt = ProcessRuntime::get();
    rt.report_leaks();
    rt.print_recurring();
    if (rt.suppressed_ != 0)
        std::fprintf(stderr, "simt: %u report%s suppressed (--suppressions %s)\n", rt.suppressed_,
                     rt.suppressed_ == 1 ? "" : "s", rt.checks_.suppressions.c_str());
    if (rt.unprinted_groups_ != 0)
        std::fprintf(stderr, "simt: %u more hazard group%s not shown (--print-limit %u)\n", rt.unprinted_groups_,
                     rt.unprinted_groups_ == 1 ? "" : "s", rt.checks_.print_limit);
    const unsigned hazards = rt.hazard_errors_ + rt.hazard_warnings_ + rt.hazard_notes_;
    if (hazards != 0) {
        std::fprintf(stderr, "simt: %u hazard%s (%u error%s, %u warning%s", hazards, hazards == 1 ? "" : "s",
                     rt.hazard_errors_, rt.hazard_errors_ == 1 ? "" : "s", rt.hazard_warnings_,
                     rt.hazard_warnings_ == 1 ? "" : "s");
        if (rt.hazard_notes_ != 0) std::fprintf(stderr, ", %u note%s", rt.hazard_notes_, rt.hazard_notes_ == 1 ? "" : "s");
        std::fprintf(stderr, ") in %u launch%s\n", rt.launches_with_hazards_, rt.launches_with_hazards_ == 1 ? "" : "es");
    }
    if (rt.api_errors_ != 0)
        std::fprintf(stderr, "simt: %u runtime call%s failed (reported above)\n", rt.api_errors_,
                     rt.api_errors_ == 1 ? "" : "s");
    if (rt.uninitialised_copies_ != 0)
        std::fprintf(stderr, "simt: %u cop%s read uninitialised device memory (reported above)\n",
                     rt.uninitialised_copies_, rt.uninitialised_copies_ == 1 ? "y" : "ies");
    if (!rt.checks_.report_format.empty() && !rt.checks_.report_file.empty()) {
        const std::vector<check::LaunchHazards> launches = rt.run_hazards_.by_first_launch();
        const check::SarifOptions sarif{
            rt.checks_.report_category.empty() ? driver::default_category(program_invocation_short_name)
                                               : rt.checks_.report_category,
            driver::absolute_directory(rt.checks_.source_root)};
        const std::string text = rt.checks_.report_format == "sarif" ? check::format_sarif(launches, sarif)
                                                                     : check::format_json(launches);
        if (!write_text_file(rt.checks_.report_file, text))
            std::fprintf(stderr, "simt: error: cannot write the report to %s\n", rt.checks_.report_file.c_str());
    }
    if (rt.trace_ && !write_text_file(rt.checks_.trace_file, rt.trace_->json())) {
        std::fprintf(stderr, "simt: error: cannot write the trace to %s\n", rt.checks_.trace_file.c_str());
        rt.reported_error();
    }
    const driver::RunCounts counts{rt.errors_reported(), rt.hazard_warnings_};
    const char* path = std::getenv("SIMT_STATUS_FILE");
    if (path == nullptr) {
        // On its own (built by simt-nvcc, `simt build` or CMake), the program
        // ends with the summary line when simt said anything (a clean run's
        // standard error stays the program's own), and fails as `simt run`
        // would: a CI job must not pass a racy kernel. Those builds define
        // the marker at link time; a test or tool that embeds simt keeps its
        // own exit status.
        if (counts.errors != 0 || counts.warnings != 0) std::fputs(driver::summary_line(counts).c_str(), stderr);
        if (&simt_exit_status_on_error != nullptr && counts.errors != 0) {
            std::fflush(nullptr);
            std::_Exit(rt.error_exitcode_);
        }
        return;
    }
    // `simt run` prints the summary line from this, after the program ends.
    if (!write_text_file(path, driver::status_text(counts)))
        std::fprintf(stderr, "simt: error: cannot write the run's status to %s\n", path);
}

ProcessRuntime::ProcessRuntime() {
    if (std::getenv("SIMT_OPTIONS") != nullptr) Engine::configure(options_from_environment(checks_, error_exitcode_));
    device_warp_size = int(Engine::process().options().warp_size);
    hazards_.set_min_severity(check::Severity(checks_.min_severity));
    load_suppressions();
    start_trace();
    std::atexit(&write_status_file);
}

Engine& ProcessRuntime::engine() {
    Engine& e = Engine::process();
    std::lock_guard<std::mutex> lock(mutex_);
    if (registered_ != &e) {
        static const auto layout = std::make_shared<const StaticSharedLayout>(check::static_shared_variables(),
                                                                              Worker::static_shared_bytes());
        e.set_static_shared_layout(layout);
        race_.ignore_same_value_writes(checks_.ignore_uniform_writes);
        if (checks_.race) e.add_checker(&race_);
        if (checks_.shuffle) e.add_checker(&shuffle_);
        if (checks_.init) e.add_checker(&init_);
        if (checks_.barrier) e.add_checker(&barrier_);
        if (checks_.warp_sync) e.add_checker(&warp_sync_);
        if (trace_) e.add_checker(trace_.get());
        registered_ = &e;
    }
    return e;
}

void ProcessRuntime::report_hazards(const char* kernel, std::uint64_t blocks_reported) {
    last_hazards_ = hazards_.take_launch(blocks_reported);
    if (!suppressions_.empty()) {
        const auto named = [&](const check::HazardGroup& g) { return suppressed(g.example); };
        const auto kept = std::remove_if(last_hazards_.begin(), last_hazards_.end(), named);
        suppressed_ += unsigned(last_hazards_.end() - kept);
        last_hazards_.erase(kept, last_hazards_.end());
    }
    if (trace_) trace_->finish_launch(last_hazards_);
    if (last_hazards_.empty()) return;
    ++launches_with_hazards_;
    const std::vector<bool> fresh = run_hazards_.add(kernel, engine().launches() - 1, last_hazards_);
    std::fflush(stdout);
    for (std::size_t i = 0; i < last_hazards_.size(); ++i) {
        if (!fresh[i]) continue;  // printed and counted at the launch it first appeared in
        const check::HazardGroup& g = last_hazards_[i];
        if (printed_groups_ < checks_.print_limit) {
            std::fputs(check::format_text(g).c_str(), stderr);
            ++printed_groups_;
        } else {
            ++unprinted_groups_;
        }
        if (g.example.severity == check::Severity::Error) {
            ++hazard_errors_;
            ++errors_reported_;
        } else if (g.example.severity == check::Severity::Warning) {
            ++hazard_warnings_;
        } else {
            ++hazard_notes_;
        }
    }
}

void ProcessRuntime::report_fault(check::HazardReport report, std::uint64_t launch) {
    const std::string kernel = report.kernel;
    std::lock_guard<std::mutex> lock(mutex_);
    run_hazards_.add(kernel, launch, {check::HazardGroup{std::move(report), 1}});
}

// At exit: the groups that came back in later launches, where they were
// printed only once.
void ProcessRuntime::print_recurring() const {
    unsigned shown = 0;
    for (const check::HazardGroup* g : run_hazards_.recurring()) {
        const check::HazardReport& r = g->example;
        if (r.on_host || shown++ >= checks_.print_limit) continue;
        std::fprintf(stderr, "simt: the %s hazard (%s) in kernel %s at %s recurred: found in %zu launches, %llu instances in all\n",
                     r.checker.c_str(), r.kind.c_str(), r.kernel.c_str(), describe(r.current.pc).c_str(),
                     g->launches.size(), static_cast<unsigned long long>(g->instances));
    }
}

bool ProcessRuntime::suppressed(const check::HazardReport& report) const {
    std::vector<driver::ReportSite> sites;
    for (const void* pc : {report.current.pc, report.previous.pc}) {
        if (pc == nullptr) continue;
        const SourceLocation where = locate(pc);
        sites.push_back(driver::ReportSite{where.file, where.line, where.function});
    }
    return suppressions_.matches(check::rule_id(report), sites);
}

void ProcessRuntime::load_suppressions() {
    suppressions_ = {};
    if (checks_.suppressions.empty()) return;
    try {
        suppressions_ = driver::Suppressions::from_file(checks_.suppressions);
    } catch (const driver::SuppressionError& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "simt: error: %s\n", e.what());
        std::_Exit(2);
    }
}

bool ProcessRuntime::print_host_report(check::HazardReport report, const char* checker) {
    report.checker = checker;
    report.on_host = true;
    report.severity = check::Severity::Error;
    if (!suppressions_.empty() && suppressed(report)) {
        std::lock_guard<std::mutex> lock(mutex_);
        ++suppressed_;
        return false;
    }
    const check::HazardGroup group{std::move(report), 1};
    std::fflush(stdout);
    std::fputs(check::format_text(group).c_str(), stderr);
    std::lock_guard<std::mutex> lock(mutex_);
    ++errors_reported_;
    run_hazards_.add("(host)", Engine::process().launches(), {group});
    return true;
}

void ProcessRuntime::report_api_error(check::HazardReport report) {
    if (!checks_.memory || !checks_.report_api_errors) return;
    if (print_host_report(std::move(report), "api")) ++api_errors_;
}

void ProcessRuntime::report_uninitialised_copy(check::HazardReport report) {
    if (!checks_.init) return;
    if (print_host_report(std::move(report), "init")) ++uninitialised_copies_;
}

std::optional<check::InitChecker::Unwritten> ProcessRuntime::unwritten_device_bytes(const void* p, std::size_t n) {
    if (!checks_.init) return std::nullopt;
    const auto lo = reinterpret_cast<std::uintptr_t>(p);
    return init_.unwritten(lo, lo + n);
}

void ProcessRuntime::report_leaks() {
    if (!checks_.leak_check || !checks_.memory) return;
    // One group per allocating call site, in allocation order.
    std::vector<check::HazardGroup> groups;
    std::map<const void*, std::size_t> by_site;  // kSuppressed: the suppressions file names the site
    constexpr std::size_t kSuppressed = ~std::size_t(0);
    std::size_t count = 0, bytes = 0;
    for (const Allocation& a : engine().memory().live()) {
        const auto [it, fresh] = by_site.emplace(a.site, groups.size());
        if (it->second == kSuppressed) continue;
        if (!fresh) {
            ++count;
            bytes += a.size;
            ++groups[it->second].instances;
            continue;
        }
        const char* call = a.kind == AllocationKind::Managed      ? "cudaMallocManaged"
                           : a.kind == AllocationKind::PinnedHost ? "cudaMallocHost"
                                                                  : "cudaMalloc";
        check::HazardReport r;
        r.checker = "memory";
        r.kind = "leak";
        r.severity = check::Severity::Error;
        r.space = MemorySpace::Global;
        r.location = "allocation #" + std::to_string(a.serial) + " (" + std::to_string(a.size) + " bytes, " + call + ")";
        r.current = check::HazardAccess{ThreadId{}, AccessKind::Write, 0, a.site};
        r.why = "the program ended without freeing it: code that repeats this (a loop, a long-running service) runs "
                "out of device memory";
        r.fix = std::string("call cudaFree on the pointer once the buffer is no longer needed, or keep it in an "
                            "owner whose destructor frees it");
        if (!suppressions_.empty() && suppressed(r)) {
            ++suppressed_;
            it->second = kSuppressed;
            continue;
        }
        ++count;
        bytes += a.size;
        groups.push_back(check::HazardGroup{r, 1});
    }
    if (groups.empty()) return;
    std::fflush(stdout);
    for (const check::HazardGroup& g : groups) {
        std::fputs(check::format_text(g).c_str(), stderr);
        ++errors_reported_;
    }
    std::fprintf(stderr, "simt: %zu allocation%s (%zu bytes) never freed\n", count, count == 1 ? "" : "s", bytes);
    run_hazards_.add("(at exit)", engine().launches(), groups);
}

// A fresh recorder when a trace file is asked for (the previous one's
// records, if any, are dropped with the device they described).
void ProcessRuntime::start_trace() {
    trace_.reset();
    if (!checks_.trace_file.empty())
        trace_ = std::make_unique<check::TraceRecorder>(
            check::TraceOptions{checks_.trace_lanes, checks_.trace_blocks});
    hazards_.set_observer(trace_.get());
}

ProcessRuntime& ProcessRuntime::get() {
    static ProcessRuntime* runtime = new ProcessRuntime();  // outlives static destructors
    return *runtime;
}

std::unique_lock<std::recursive_mutex> ProcessRuntime::device_turn() {
    if (in_device_code()) return {};
    return std::unique_lock<std::recursive_mutex>(turn_);
}

cudaError_t ProcessRuntime::result(cudaError_t e) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sticky_ != cudaSuccess) return sticky_;
    if (e != cudaSuccess) last_ = e;
    return e;
}

cudaError_t api_result(cudaError_t e, const char* call, const void* site) {
    ProcessRuntime& rt = ProcessRuntime::get();
    // Not ready is an answer, not a failure; a sticky error was reported
    // with the kernel that caused it.
    if (e != cudaSuccess && e != cudaErrorNotReady && rt.sticky() == cudaSuccess) {
        check::HazardReport r;
        r.kernel = call;
        r.kind = cudaGetErrorName(e);
        r.space = MemorySpace::Global;
        r.location = std::string("CUDA's message: \"") + cudaGetErrorString(e) + "\"";
        r.current.pc = site;
        r.why = "an argument or the state of the device is one the call refuses; it did nothing, and a program "
                "that goes on as if it had worked uses what it did not produce";
        r.fix = "check the call's result (compare with cudaSuccess) and the arguments the error names";
        rt.report_api_error(std::move(r));
    }
    return rt.result(e);
}

cudaError_t ProcessRuntime::take_last_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sticky_ != cudaSuccess) return sticky_;
    cudaError_t e = last_;
    last_ = cudaSuccess;
    return e;
}

cudaError_t ProcessRuntime::peek_last_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return sticky_ != cudaSuccess ? sticky_ : last_;
}

void ProcessRuntime::set_sticky(cudaError_t e) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (sticky_ == cudaSuccess) sticky_ = e;
}

std::size_t ProcessRuntime::printf_buffer() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return printf_buffer_;
}

void ProcessRuntime::set_printf_buffer(std::size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    printf_buffer_ = bytes;
}

void ProcessRuntime::set_dynamic_shared_limit(const std::string& kernel, std::size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    shared_limits_[kernel] = bytes;
}

std::size_t ProcessRuntime::dynamic_shared_limit(const std::string& kernel) const {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = shared_limits_.find(kernel);
        if (it != shared_limits_.end()) return it->second;
    }
    const std::size_t per_block = Engine::process().limits().shared_per_block;
    const std::size_t used = static_shared_bytes(kernel);
    return used < per_block ? per_block - used : 0;
}

std::size_t ProcessRuntime::static_shared_bytes(const std::string& kernel) const {
    // "ns::k<int>::tile" belongs to kernel k.
    static const std::map<std::string, std::size_t> by_kernel = [] {
        std::map<std::string, std::size_t> sums;
        for (const SharedVariable& v : check::static_shared_variables()) {
            const std::string::size_type owner_end = v.name.rfind("::");
            if (owner_end != std::string::npos) sums[kernel_base_name(v.name.substr(0, owner_end))] += v.size;
        }
        return sums;
    }();
    const auto it = by_kernel.find(kernel);
    return it != by_kernel.end() ? it->second : 0;
}

void ProcessRuntime::reset(const EngineOptions& options, const CheckOptions& checks) {
    Engine::configure(options);
    device_warp_size = int(Engine::process().options().warp_size);
    std::lock_guard<std::mutex> lock(mutex_);
    checks_ = checks;
    hazards_.set_min_severity(check::Severity(checks.min_severity));
    load_suppressions();
    start_trace();
    registered_ = nullptr;
    last_hazards_.clear();
    last_ = cudaSuccess;
    sticky_ = cudaSuccess;
    shared_limits_.clear();
    printf_buffer_ = kDefaultPrintfBuffer;
}

void reset_device(const EngineOptions& options, const CheckOptions& checks) {
    ProcessRuntime::get().reset(options, checks);
}

const std::vector<check::HazardGroup>& last_launch_hazards() { return ProcessRuntime::get().last_hazards(); }

std::string kernel_base_name(const std::string& name) {
    std::string s = name;
    for (std::string::size_type a; (a = s.find("(anonymous namespace)::")) != std::string::npos;)
        s.erase(a, 23);
    // Drop a parameter list and a return type ("void ns::k<int>(int*)").
    if (auto paren = s.find('('); paren != std::string::npos) s = s.substr(0, paren);
    // Drop template arguments.
    if (auto angle = s.find('<'); angle != std::string::npos) s = s.substr(0, angle);
    if (auto space = s.rfind(' '); space != std::string::npos) s = s.substr(space + 1);
    if (auto colon = s.rfind("::"); colon != std::string::npos) s = s.substr(colon + 2);
    return s;
}

}  // namespace simt::cuda
