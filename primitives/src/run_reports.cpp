// The run's reports, on the CUDA side: each launch's hazard groups merged
// into the run's (new ones printed, within --print-limit), faults, failing
// runtime calls and leaks kept as reports, the suppressions file applied, and
// at exit the counts, the report file and the status `simt run` reads.
#include <errno.h>  // program_invocation_short_name
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

#include "driver/fault_report.h"
#include "driver/structured_report.h"
#include "driver/text_report.h"
#include "driver/report_log.h"
#include "driver/sarif_run.h"
#include "driver/summary.h"
#include "emulator/symbolizer.h"
#include "deferred_work.h"
#include "fault_text.h"
#include "process_runtime.h"
#include "schedule_file.h"
#include "simt/launch.h"

namespace simt::cuda {
namespace {

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

// The pipe `simt run` reads the run's counts from (SIMT_STATUS_FD), or -1
// for a program on its own. Taken once, at start-up (process_runtime.cpp),
// and kept from the program's own children.
int status_channel() {
    static const int fd = [] {
        const char* text = std::getenv("SIMT_STATUS_FD");
        if (text == nullptr) return -1;
        char* end = nullptr;
        const long value = std::strtol(text, &end, 10);
        if (end == text || *end != '\0' || value < 0 || fcntl(int(value), F_GETFD) < 0) return -1;
        fcntl(int(value), F_SETFD, FD_CLOEXEC);
        unsetenv("SIMT_STATUS_FD");
        return int(value);
    }();
    return fd;
}

// At exit: the hazard summary, and the status `simt run` reads.
void write_status_file() {
    // Work put off behind a launch waiting for the host ends with the
    // program: done now (a launch that still waits is reported).
    simt::cuda::wait_for_device();
    ProcessRuntime& rt = ProcessRuntime::get();
    rt.stop_progress();
    rt.report_leaks();
    rt.print_recurring();
    const driver::RunCounts counts = rt.end_run();
    // On its own (built by simt-nvcc, `simt build` or CMake), the program
    // fails as `simt run` would: a CI job must not pass a racy kernel. Those
    // builds define the marker at link time; a test or tool that embeds simt
    // keeps its own exit status.
    if (status_channel() < 0 && &simt_exit_status_on_error != nullptr && counts.errors != 0) {
        std::fflush(nullptr);
        std::_Exit(rt.error_exitcode_);
    }
}

// The watchdog stops the program, whose stalled launch never returns: what
// its exit would write is written now, the stall one more error (a fault of
// its own rule, at the innermost program line of the first running thread).
void end_after_stall(const Stall& stall) {
    ProcessRuntime& rt = ProcessRuntime::get();
    rt.erase_progress();
    Fault fault{FaultKind::NoProgress, stall_message(stall)};
    if (!stall.running.empty()) {
        fault.who = stall.running.front().id;
        fault.pc = stall.running.front().pc;
    }
    const std::uint64_t launch = Engine::process().launches() - 1;
    rt.report_fault(driver::fault_report(fault, fault.message, stall.kernel.c_str(), nullptr), launch, 1);
    rt.reported_error();
    rt.end_run({"the watchdog stopped the program: kernel " + stall.kernel + " made no progress for " +
                std::to_string(stall.seconds) + " s"},
               /*launch_running=*/true);
}

void end_after_signal(int signal) {
    ProcessRuntime& rt = ProcessRuntime::get();
    rt.erase_progress();
    flush_program_output();
    rt.end_run({"the program was ended by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")"},
               /*launch_running=*/true);
    flush_program_output();
}

// What every end of a run writes: the summary lines, the report, trace and
// schedule files, and the counts `simt run` reads (a program on its own
// prints its summary line). `failures`: why the run did not end as a
// program ends (the report says it was not successful). With
// `launch_running` (the watchdog's stop) the trace and the schedule, which
// the running threads still write to, are not written. Returns the counts.
driver::RunCounts ProcessRuntime::end_run(const std::vector<std::string>& failures, bool launch_running) {
    for (const std::string& line : kernels_.unmatched())
        std::fprintf(driver::report_log(), "simt: warning: %s\n", line.c_str());
    if (suppressed_ != 0)
        std::fprintf(driver::report_log(), "simt: %u report%s suppressed (--suppressions %s)\n", suppressed_,
                     suppressed_ == 1 ? "" : "s", checks_.suppressions.c_str());
    if (unprinted_groups_ != 0)
        std::fprintf(driver::report_log(), "simt: %u more hazard group%s not shown (--print-limit %u)\n", unprinted_groups_,
                     unprinted_groups_ == 1 ? "" : "s", checks_.print_limit);
    const unsigned hazards = hazard_errors_ + hazard_warnings_ + hazard_notes_;
    if (hazards != 0) {
        std::fprintf(driver::report_log(), "simt: %u hazard%s (%u error%s, %u warning%s", hazards, hazards == 1 ? "" : "s",
                     hazard_errors_, hazard_errors_ == 1 ? "" : "s", hazard_warnings_,
                     hazard_warnings_ == 1 ? "" : "s");
        if (hazard_notes_ != 0) std::fprintf(driver::report_log(), ", %u note%s", hazard_notes_, hazard_notes_ == 1 ? "" : "s");
        const std::size_t launches = launches_with_hazards_.size();
        std::fprintf(driver::report_log(), ") in %zu launch%s\n", launches, launches == 1 ? "" : "es");
    }
    if (api_errors_ != 0)
        std::fprintf(driver::report_log(), "simt: %u runtime call%s failed (reported above)\n", api_errors_,
                     api_errors_ == 1 ? "" : "s");
    if (carried_faults_ != 0)
        std::fprintf(driver::report_log(), "simt: %u place%s where kernels divided by zero and went on (reported above)\n",
                     carried_faults_, carried_faults_ == 1 ? "" : "s");
    if (uninitialised_copies_ != 0)
        std::fprintf(driver::report_log(), "simt: %u cop%s read uninitialised device memory (reported above)\n",
                     uninitialised_copies_, uninitialised_copies_ == 1 ? "y" : "ies");
    if (!checks_.report_format.empty() && !checks_.report_file.empty()) {
        const std::vector<driver::LaunchHazards> launches = run_hazards_.by_first_launch();
        const driver::SarifOptions sarif{
            checks_.report_category.empty() ? driver::default_category(program_invocation_short_name)
                                               : checks_.report_category,
            checks_.source_root};
        const std::string text = checks_.report_format == "sarif" ? driver::format_sarif(launches, sarif, failures)
                                                                     : driver::format_json(launches, failures);
        // CI reads this file: a run that could not write it has failed.
        if (!write_text_file(checks_.report_file, text)) {
            std::fprintf(driver::report_log(), "simt: error: cannot write the report to %s\n", checks_.report_file.c_str());
            reported_error();
        }
    }
    if (launch_running && (trace_ || schedule_recording_))
        std::fprintf(driver::report_log(), "simt: note: no trace or schedule file is written for a program stopped "
                                           "in a launch\n");
    if (!launch_running && trace_ && !write_text_file(checks_.trace_file, trace_->json())) {
        std::fprintf(driver::report_log(), "simt: error: cannot write the trace to %s\n", checks_.trace_file.c_str());
        reported_error();
    }
    if (!launch_running && schedule_recording_ && !write_schedule_file(schedule_file_, *schedule_recording_)) {
        std::fprintf(driver::report_log(), "simt: error: cannot write the schedule to %s\n", schedule_file_.c_str());
        reported_error();
    }
    const driver::RunCounts counts{errors_reported(), hazard_warnings_ + carried_faults_};
    const int status_fd = status_channel();
    if (status_fd < 0) {
        // A clean run's standard error stays the program's own.
        if (counts.errors != 0 || counts.warnings != 0) std::fputs(driver::summary_line(counts).c_str(), driver::report_log());
        return counts;
    }
    // `simt run` prints the summary line from this, after the program ends.
    const std::string text = driver::status_text(counts);
    if (write(status_fd, text.data(), text.size()) != ssize_t(text.size()))
        std::fprintf(driver::report_log(), "simt: error: cannot send the run's status to simt run: %s\n", std::strerror(errno));
    close(status_fd);
    return counts;
}

void ProcessRuntime::report_hazards(const char* kernel, std::uint64_t blocks_reported) {
    report_hazards(kernel, take_hazards(blocks_reported));
}

std::vector<driver::HazardGroup> ProcessRuntime::take_hazards(std::uint64_t blocks_reported) {
    return hazards_.take_launch(blocks_reported);
}

void ProcessRuntime::report_hazards(const char* kernel, std::vector<driver::HazardGroup> groups) {
    last_hazards_ = std::move(groups);
    if (!suppressions_.empty()) {
        const auto named = [&](const driver::HazardGroup& g) { return suppressed(g.example); };
        const auto kept = std::remove_if(last_hazards_.begin(), last_hazards_.end(), named);
        suppressed_ += unsigned(last_hazards_.end() - kept);
        last_hazards_.erase(kept, last_hazards_.end());
    }
    if (trace_) trace_->finish_launch(last_hazards_);
    if (last_hazards_.empty()) return;
    launches_with_hazards_.insert(engine().launches() - 1);
    const std::vector<bool> fresh = run_hazards_.add(kernel, engine().launches() - 1, last_hazards_);
    std::fflush(stdout);
    for (std::size_t i = 0; i < last_hazards_.size(); ++i)
        if (fresh[i]) print_and_count(last_hazards_[i]);  // else printed and counted where it first appeared
}

void ProcessRuntime::print_and_count(const driver::HazardGroup& g) {
    if (printed_groups_ < checks_.print_limit) {
        std::fputs(driver::format_text(g).c_str(), driver::report_log());
        ++printed_groups_;
    } else {
        ++unprinted_groups_;
    }
    if (g.example.severity == driver::Severity::Error) {
        ++hazard_errors_;
        ++errors_reported_;
    } else if (g.example.severity == driver::Severity::Warning) {
        ++hazard_warnings_;
    } else {
        ++hazard_notes_;
    }
}

// Library code the host runs for the device (Thrust's device algorithms
// run on the calling host thread here, stream-ordered after the kernels on
// a GPU) touches device memory as the device would: not the program's race.
static bool in_device_library(const void* pc) {
    const std::string file = locate(pc).file;
    return file.find("/thrust/") != std::string::npos || file.find("/cub/") != std::string::npos;
}

void ProcessRuntime::host_waited() {
    const auto turn = device_turn();
    GlobalMemory::watch_host_accesses(nullptr);
    std::vector<check::HostKernelRaceChecker::Found> found = host_kernel_race_.take_found();
    host_kernel_race_.host_waited();
    for (check::HostKernelRaceChecker::Found& f : found) {
        const driver::HazardGroup& g = f.group;
        if (in_device_library(g.example.current.pc)) continue;
        if (!suppressions_.empty() && suppressed(g.example)) {
            ++suppressed_;
            continue;
        }
        const std::vector<bool> fresh = run_hazards_.add(g.example.kernel, f.launch, {g});
        launches_with_hazards_.insert(f.launch);
        if (!fresh[0]) continue;  // printed where it first appeared
        std::fflush(stdout);
        print_and_count(g);
    }
}

void ProcessRuntime::report_fault(driver::HazardReport report, std::uint64_t launch, std::uint64_t instances) {
    const std::string kernel = report.kernel;
    std::lock_guard<std::mutex> lock(mutex_);
    run_hazards_.add(kernel, launch, {driver::HazardGroup{std::move(report), instances}});
}

void ProcessRuntime::report_carried_fault(const Fault& fault, std::uint64_t threads, const char* kernel,
                                          std::uint64_t launch) {
    std::string message = fault_text(fault);
    std::fprintf(driver::report_log(), "simt: warning: %s\n", message.c_str());
    if (threads > 1)
        std::fprintf(driver::report_log(), "  (%llu threads of this launch divided by zero at this line)\n",
                     static_cast<unsigned long long>(threads));
    driver::HazardReport report = driver::fault_report(fault, std::move(message), kernel, nullptr);
    report.severity = driver::Severity::Warning;
    report_fault(std::move(report), launch, threads);
    ++carried_faults_;
}

// At exit: the groups that came back in later launches, where they were
// printed only once.
void ProcessRuntime::print_recurring() const {
    unsigned shown = 0;
    for (const driver::HazardGroup* g : run_hazards_.recurring()) {
        const driver::HazardReport& r = g->example;
        if (r.on_host || shown++ >= checks_.print_limit) continue;
        std::fprintf(driver::report_log(), "simt: the %s hazard (%s) in kernel %s at %s recurred: found in %zu launches, %llu instances in all\n",
                     driver::family_name(r), driver::kind_text(r).c_str(), r.kernel.c_str(), describe(r.current.pc).c_str(),
                     g->launches.size(), static_cast<unsigned long long>(g->instances));
    }
}

bool ProcessRuntime::suppressed(const driver::HazardReport& report) const {
    std::vector<driver::ReportSite> sites;
    for (const void* pc : {report.current.pc, report.previous.pc}) {
        if (pc == nullptr) continue;
        const SourceLocation where = locate(pc);
        sites.push_back(driver::ReportSite{where.file, where.line, where.function});
    }
    return suppressions_.matches(driver::rule_id(report), sites);
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

bool ProcessRuntime::print_host_report(driver::HazardReport report) {
    report.on_host = true;
    report.severity = driver::Severity::Error;
    if (!suppressions_.empty() && suppressed(report)) {
        std::lock_guard<std::mutex> lock(mutex_);
        ++suppressed_;
        return false;
    }
    const driver::HazardGroup group{std::move(report), 1};
    std::fflush(stdout);
    std::fputs(driver::format_text(group).c_str(), driver::report_log());
    std::lock_guard<std::mutex> lock(mutex_);
    ++errors_reported_;
    run_hazards_.add("(host)", Engine::process().launches(), {group});
    return true;
}

void ProcessRuntime::report_api_error(driver::HazardReport report) {
    if (!checks_.memory || !checks_.report_api_errors) return;
    if (print_host_report(std::move(report))) ++api_errors_;
}

cudaError_t ProcessRuntime::refuse_call(const char* call, const void* site, cudaError_t e, std::string what,
                                        std::string why, std::string fix) {
    driver::HazardReport r;
    r.kernel = call;
    r.rule = driver::Rule::ApiError;
    r.detail = cudaGetErrorName(e);
    r.space = MemorySpace::Global;
    r.location = std::move(what);
    r.current.pc = site;
    r.why = std::move(why);
    r.fix = std::move(fix);
    report_api_error(std::move(r));
    return result(e);
}

void ProcessRuntime::report_uninitialised_copy(driver::HazardReport report) {
    if (!checks_.init) return;
    if (print_host_report(std::move(report))) ++uninitialised_copies_;
}

std::optional<check::InitChecker::Unwritten> ProcessRuntime::unwritten_device_bytes(const void* p, std::size_t n) {
    if (!checks_.init) return std::nullopt;
    const auto lo = reinterpret_cast<std::uintptr_t>(p);
    return init_.unwritten(lo, lo + n);
}

void ProcessRuntime::report_leaks() {
    if (!checks_.leak_check || !checks_.memory) return;
    // One group per allocating call site, in allocation order.
    std::vector<driver::HazardGroup> groups;
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
        driver::HazardReport r;
        r.rule = driver::Rule::MemoryLeak;
        r.severity = driver::Severity::Error;
        r.space = MemorySpace::Global;
        r.location = "allocation #" + std::to_string(a.serial) + " (" + std::to_string(a.size) + " bytes, " + call + ")";
        r.current = driver::HazardAccess{ThreadId{}, AccessKind::Write, 0, a.site};
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
        groups.push_back(driver::HazardGroup{r, 1});
    }
    if (groups.empty()) return;
    std::fflush(stdout);
    for (const driver::HazardGroup& g : groups) {
        std::fputs(driver::format_text(g).c_str(), driver::report_log());
        ++errors_reported_;
    }
    std::fprintf(driver::report_log(), "simt: %zu allocation%s (%zu bytes) never freed\n", count, count == 1 ? "" : "s", bytes);
    run_hazards_.add("(at exit)", engine().launches(), groups);
}

}  // namespace simt::cuda
