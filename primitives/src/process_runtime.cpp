#include "process_runtime.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string_view>

#include "emulator/global_memory.h"
#include "emulator/options.h"
#include "emulator/schedule.h"
#include "emulator/symbolizer.h"
#include "driver/options.h"
#include "driver/report_log.h"
#include "checkers/shared_symbols.h"
#include "emulator/worker.h"
#include "fault_text.h"
#include "schedule_file.h"
#include "termination_signals.h"
#include "value_flow.h"
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

}  // namespace

std::vector<ProcessRuntime::Registered> ProcessRuntime::registry() {
    return {{"race", &CheckOptions::race, &race_},
            {"shuffle", &CheckOptions::shuffle, &shuffle_},
            {"init", &CheckOptions::init, &init_},
            {"barrier", &CheckOptions::barrier, &barrier_},
            {"warp-sync", &CheckOptions::warp_sync, &warp_sync_},
            {"memory", &CheckOptions::memory, nullptr}};
}

std::vector<std::string> checker_names() {
    std::vector<std::string> names;
    for (const ProcessRuntime::Registered& r : ProcessRuntime::get().registry()) names.emplace_back(r.name);
    return names;
}

// The one place the child program learns its options: `simt run` passes
// them in SIMT_OPTIONS (driver/options.inc names them); a user may write the
// same by hand.
EngineOptions ProcessRuntime::options_from_environment() {
    CheckOptions& checks = checks_;
    int& error_exitcode = error_exitcode_;
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
    if (!o.schedule.empty() || !o.record_schedule.empty()) {
        if (engine.mode != ScheduleMode::Independent)
            bad_options("a schedule is independent thread scheduling's (mode its): lockstep has one order");
        if (!o.schedule.empty() && !o.record_schedule.empty())
            bad_options("schedule and record-schedule: a run replays a schedule or records one, not both");
        if (!o.schedule.empty()) {
            std::string why;
            engine.schedule = read_schedule_file(o.schedule, why);
            if (!engine.schedule) bad_options(why);
        }
        if (!o.record_schedule.empty()) {
            engine.recording = std::make_shared<ScheduleRecording>();
            schedule_recording_ = engine.recording;
            schedule_file_ = o.record_schedule;
        }
    }
    error_exitcode = int(o.error_exitcode);
    const std::vector<std::string> names = driver::names_in(o.check);
    bool any_check = false;
    for (const Registered& r : registry()) {
        checks.*r.enabled = std::find(names.begin(), names.end(), r.name) != names.end();
        any_check = any_check || checks.*r.enabled;
    }
    // --check none: nothing watches the interleaving at memory accesses, so
    // a thread runs until it waits (EngineOptions::switch_at_accesses). A
    // schedule's steps are counted in accesses.
    const bool scripted = engine.schedule != nullptr || engine.recording != nullptr;
    if (o.switch_at == "waits" && scripted)
        bad_options("switch-at=waits and a schedule: a schedule's steps are taken at memory accesses");
    engine.switch_at_accesses = o.switch_at == "accesses" || (o.switch_at == "auto" && (any_check || scripted));
    checks.kernel_name = o.kernel_name;
    checks.kernel_name_exclude = o.kernel_name_exclude;
    checks.report_format = o.report == "text" ? "" : o.report;
    checks.report_file = o.report_file;
    checks.source_root = o.source_root;
    checks.report_category = o.report_category;
    checks.suppressions = o.suppressions;
    checks.log_file = o.log_file;
    checks.min_severity = o.severity == "note" ? 0 : o.severity == "error" ? 2 : 1;
    checks.print_limit = unsigned(o.print_limit);
    checks.leak_check = o.leak_check;
    checks.report_api_errors = o.report_api_errors == "explicit";
    checks.ignore_uniform_writes = o.uniform_writes == "ignore";
    checks.race_memory_mib = o.race_memory;
    checks.trace_file = o.trace_file;
    checks.trace_lanes = o.trace_lanes;
    checks.trace_blocks = unsigned(o.trace_blocks);
    if (!checks.report_format.empty() && checks.report_file.empty())
        checks.report_file = "simt-report." + checks.report_format;
    return engine;
}

ProcessRuntime::ProcessRuntime() {
    // Reports skip frames in simt's CUDA headers, where the build put them
    // and where an installed simt keeps them (cmake/SimtInstall.cmake).
#ifdef SIMT_CUDA_INCLUDE_DIR
    hide_frames_under(SIMT_CUDA_INCLUDE_DIR);
#endif
    hide_frames_under("include/simt-cuda/");
    if (std::getenv("SIMT_OPTIONS") != nullptr) Engine::configure(options_from_environment());
    device_warp_size = int(Engine::process().options().warp_size);
    hazards_.set_min_severity(driver::Severity(checks_.min_severity));
    if (!checks_.log_file.empty() && !driver::open_report_log(checks_.log_file))
        bad_options("cannot write the log file " + checks_.log_file);
    load_suppressions();
    kernels_ = driver::KernelSelection(checks_.kernel_name, checks_.kernel_name_exclude);
    start_trace();
    GlobalMemory::set_host_store_sink(&note_host_store);
    status_channel();  // taken now, before the program can fork: its children do not inherit it
    std::atexit(&write_status_file);
    catch_termination_signals();
    if (ProgressLine::wanted()) progress_ = std::make_unique<ProgressLine>();
}

void ProcessRuntime::erase_progress() {
    if (progress_) progress_->erase();
}

void ProcessRuntime::stop_progress() {
    if (progress_ && progress_->in_its_process()) progress_.reset();
    else (void)progress_.release();  // a forked child's copy: its thread is the parent's
}

Engine& ProcessRuntime::engine() {
    Engine& e = Engine::process();
    std::lock_guard<std::mutex> lock(mutex_);
    if (registered_ != &e) {
        static const auto layout = std::make_shared<const StaticSharedLayout>(check::static_shared_variables(),
                                                                              Worker::static_shared_bytes());
        e.set_static_shared_layout(layout);
        static const auto device_variables = std::make_shared<const DeviceVariableLayout>(check::device_variables());
        e.set_device_variable_layout(device_variables);
        e.set_stall_text(&stall_text);
        e.set_stall_end(&end_after_stall);
        race_.ignore_same_value_writes(checks_.ignore_uniform_writes);
        race_.limit_global_memory(checks_.race_memory_mib << 20);
        // Both on: one pass over each shared access judges both rules.
        const bool fused = checks_.race && checks_.init;
        race_.judge_shared_reads(fused);
        init_.leave_shared_memory_to_race_checker(fused);
        for (const Registered& r : registry())
            if (r.plugin != nullptr && checks_.*r.enabled) e.add_checker(r.plugin);
        if (trace_) e.add_checker(trace_.get());
        registered_ = &e;
    }
    return e;
}

void ProcessRuntime::after_unchecked_launch() {
    if (!checks_.init) return;
    const std::uint64_t marked = marked_written_through_;  // live() is by address, not by serial
    for (const Allocation& a : engine().memory().live()) {
        if (a.serial <= marked) continue;
        init_.on_memory(MemoryEvent{MemoryOp::HostWrite, Allocation{}, a.base, a.size});
        marked_written_through_ = std::max(marked_written_through_, a.serial);
    }
}

void ProcessRuntime::watch_host_memory() {
    Engine& e = engine();
    std::lock_guard<std::mutex> lock(mutex_);
    if (!checks_.race || host_kernel_race_on_ == &e) return;
    e.add_checker(&host_kernel_race_);
    host_kernel_race_on_ = &e;
}

void ProcessRuntime::watch_host_after_launch() {
    if (checks_.race && host_kernel_race_.noted()) GlobalMemory::watch_host_accesses(&watch_host_access);
}

void ProcessRuntime::watch_host_access(std::uintptr_t a, std::size_t size, bool write, bool ordered,
                                       const void* pc) {
    ProcessRuntime& rt = get();
    // A flag the host polls with a volatile or atomic access: what the
    // kernel did before setting it is the host's to see (system-scope
    // signalling); counted as a wait, never judged.
    if (ordered) return rt.host_waited();
    if (!rt.host_kernel_race_.may_be_noted(a)) return;  // memory no launch touched: no lock taken
    const auto turn = rt.device_turn();  // another host thread's launch may be noting
    rt.host_kernel_race_.host_access(a, size, write, pc);
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
        driver::HazardReport r;
        r.kernel = call;
        r.rule = driver::Rule::ApiError;
        r.detail = cudaGetErrorName(e);
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
    hazards_.set_min_severity(driver::Severity(checks.min_severity));
    load_suppressions();
    kernels_ = driver::KernelSelection(checks.kernel_name, checks.kernel_name_exclude);
    marked_written_through_ = 0;
    start_trace();
    registered_ = nullptr;
    last_hazards_.clear();
    last_ = cudaSuccess;
    sticky_ = cudaSuccess;
    shared_limits_.clear();
    printf_buffer_ = kDefaultPrintfBuffer;
    heap_limit_ = kDefaultHeapLimit;
    heap_in_use_ = false;
    stack_limit_ = kDefaultStackLimit;
    GlobalMemory::watch_host_accesses(nullptr);
    host_kernel_race_.reset();
    host_kernel_race_on_ = nullptr;
}

void reset_device(const EngineOptions& options, const CheckOptions& checks) {
    ProcessRuntime::get().reset(options, checks);
    forget_host_stores();
    value_flow::forget();  // a new device judges its kernels' shuffles afresh
}

const std::vector<driver::HazardGroup>& last_launch_hazards() { return ProcessRuntime::get().last_hazards(); }

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
