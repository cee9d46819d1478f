// The CUDA runtime's process-wide state on the CPU backend: the last and the
// sticky error, per-kernel attributes, and what simt reported.
#pragma once

#include <atomic>

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "checkers/barrier_checker.h"
#include "checkers/host_kernel_race_checker.h"
#include "driver/hazard_log.h"
#include "checkers/init_checker.h"
#include "checkers/race_checker.h"
#include "driver/run_hazards.h"
#include "checkers/shuffle_checker.h"
#include "checkers/warp_sync_checker.h"
#include "checkers/trace_recorder.h"
#include "driver/kernel_filter.h"
#include "driver/suppressions.h"
#include "driver/summary.h"
#include "emulator/engine.h"
#include "progress_line.h"
#include "simt/embedding.h"
#include "simt/runtime_api.h"

namespace simt::cuda {

class ProcessRuntime {
public:
    static ProcessRuntime& get();

    // The process's engine, with the enabled checkers registered on it.
    Engine& engine();
    // The emulated device serves one host call at a time: launches and
    // memory calls made by several host threads take turns, as they do on
    // CUDA's legacy default stream. Recursive: a launch runs its child grids.
    // A call from device code runs within the launch's turn and takes none.
    std::unique_lock<std::recursive_mutex> device_turn();

    // Records an API call's result the CUDA way: sticky errors win.
    cudaError_t result(cudaError_t e);
    cudaError_t take_last_error();
    cudaError_t peek_last_error();
    cudaError_t sticky() const { return sticky_; }
    void set_sticky(cudaError_t e);

    // cudaLimitPrintfFifoSize: device printf bytes a launch keeps.
    std::size_t printf_buffer() const;
    void set_printf_buffer(std::size_t bytes);
    static constexpr std::size_t kDefaultPrintfBuffer = 8650752;  // an H100's (CUDA 13)

    void set_dynamic_shared_limit(const std::string& kernel, std::size_t bytes);
    // The attribute if set, else what the static __shared__ bytes leave of
    // the 48 KiB a block gets without opting in.
    std::size_t dynamic_shared_limit(const std::string& kernel) const;
    // Bytes of the __shared__ variables declared in the kernel's own body
    // (by base name; those of __device__ functions it calls are not known).
    std::size_t static_shared_bytes(const std::string& kernel) const;

    // A fresh device with these options (see simt/embedding.h).
    void reset(const EngineOptions& options, const CheckOptions& checks);

    // After a launch: prints its hazards (grouped; a group found in an
    // earlier launch is counted there, not printed again) and counts them.
    void report_hazards(const char* kernel, std::uint64_t blocks_reported);
    // The same in two steps: the launch's groups taken from the log (blocks
    // below `blocks_reported`), then printed with any the CUDA layer adds.
    std::vector<driver::HazardGroup> take_hazards(std::uint64_t blocks_reported);
    void report_hazards(const char* kernel, std::vector<driver::HazardGroup> groups);
    // Whether a launch of `kernel` is checked (--kernel-name, --kernel-name-exclude).
    bool checks_kernel(const char* kernel) { return kernels_.checks(kernel); }
    // After a launch no checker saw: it may have written any device memory,
    // so the init check counts every live allocation as written from then on
    // (a checked kernel reading what it wrote would otherwise be reported).
    void after_unchecked_launch();
    // Whether launches are run again to see where shuffles' own values go
    // (value_flow.h): with the shuffle check, and not while tracing.
    bool checks_value_flow() const { return checks_.shuffle && !trace_; }
    // cudaLimitMallocHeapSize: the bytes device malloc may hold at once.
    // A GPU sets the heap up when a kernel first uses it, and refuses a new
    // size after that (until cudaDeviceReset).
    std::size_t heap_limit() const { return heap_limit_; }
    void set_heap_limit(std::size_t bytes) { heap_limit_ = bytes; }
    bool heap_in_use() const { return heap_in_use_.load(std::memory_order_relaxed); }
    void note_heap_use() { heap_in_use_.store(true, std::memory_order_relaxed); }
    // cudaLimitStackSize as the program set it (an H100's 1024 bytes by
    // default). A thread's real stack is --stack-size bytes, whose
    // overflow is reported with its own advice.
    std::size_t stack_limit() const { return stack_limit_; }
    void set_stack_limit(std::size_t bytes) { stack_limit_ = bytes; }
    // No checker is on (--check none): what the program does is its own business.
    bool checks_nothing() const {
        return !checks_.race && !checks_.shuffle && !checks_.init && !checks_.barrier && !checks_.warp_sync &&
               !checks_.memory;
    }
    std::vector<check::ShuffleChecker::UntakenSite> untaken_shuffle_sites() const { return shuffle_.untaken_sites(); }
    // A fault that stopped launch `launch`, already printed: kept for the
    // report file (driver/fault_report.h).
    // `instances`: how many threads it stands for (failed asserts not shown).
    void report_fault(driver::HazardReport report, std::uint64_t launch, std::uint64_t instances = 1);
    // A fault launch `launch` carried on from, as a GPU does (an integer
    // division by zero), at `threads` threads: printed and counted as a
    // warning, kept for the report file.
    void report_carried_fault(const Fault& fault, std::uint64_t threads, const char* kernel, std::uint64_t launch);
    const std::vector<driver::HazardGroup>& last_hazards() const { return last_hazards_; }

    // A runtime call that fails because the program misused it (a copy past
    // an allocation, a double cudaFree): printed and counted as an error, as
    // compute-sanitizer prints failing API calls. Silent with --check none.
    // `report.kernel` names the call, `kind` the error it returned.
    void report_api_error(driver::HazardReport report);
    // A runtime call the program misused, reported at `site` (its line) as
    // report_api_error reports it, then recorded and returned as the call's
    // result: `what` was wrong, `why` it is refused, the `fix`.
    cudaError_t refuse_call(const char* call, const void* site, cudaError_t e, std::string what, std::string why,
                            std::string fix);
    // A copy that read device memory nothing wrote (initcheck's "access by
    // cudaMemcpy source"): printed and counted as an error. Silent unless the
    // init checker is on.
    void report_uninitialised_copy(driver::HazardReport report);
    // Between launches, with the init checker on: the bytes of [p, p + n)
    // nothing has written.
    std::optional<check::InitChecker::Unwritten> unwritten_device_bytes(const void* p, std::size_t n);

    // At exit, with --leak-check: every allocation never freed, by call site.
    void report_leaks();

    // A managed or pinned allocation is made: from the first on, kernels'
    // accesses are noted for the host's (a program without such memory
    // pays nothing for the watch on its accesses).
    void watch_host_memory();
    // After a launch: while launches nothing has waited for touched memory
    // the host reads directly (managed, pinned), host code's accesses to it
    // are watched (GlobalMemory::host_access) for races with them.
    void watch_host_after_launch();
    // The host waited for every launch (a synchronising call, a host
    // function in a stream, a flag polled): the races found are printed and
    // counted, and the watch ends.
    void host_waited();

    // What each `--check` name turns on (the names are options.inc's): the
    // setting in CheckOptions and the plugin registered on the engine, if
    // any ("memory" is the engine's own faults, leaks and API errors).
    struct Registered {
        const char* name;
        bool CheckOptions::*enabled;
        Checker* plugin;
    };
    std::vector<Registered> registry();

    // A launch ended: the progress line, if shown, goes before its output.
    void erase_progress();
    void stop_progress();  // at exit, after the last launch

    // Counts simt's own error reports; the driver turns them into an exit status.
    void reported_error(unsigned count = 1) { errors_reported_ += count; }
    unsigned errors_reported() const { return errors_reported_; }

private:
    ProcessRuntime();
    void start_trace();
    mutable std::mutex mutex_;
    std::recursive_mutex turn_;
    // Per host thread, as in CUDA: one thread's failed call is not another's
    // cudaGetLastError.
    static inline thread_local cudaError_t last_ = cudaSuccess;
    cudaError_t sticky_ = cudaSuccess;
    std::map<std::string, std::size_t> shared_limits_;
    std::size_t printf_buffer_ = kDefaultPrintfBuffer;
    unsigned errors_reported_ = 0;
    unsigned hazard_errors_ = 0;
    unsigned hazard_warnings_ = 0;
    unsigned hazard_notes_ = 0;
    unsigned api_errors_ = 0;
    unsigned uninitialised_copies_ = 0;
    unsigned carried_faults_ = 0;  // warnings, by site
    static constexpr std::size_t kDefaultHeapLimit = std::size_t(8) << 20;  // a GPU's
    std::size_t heap_limit_ = kDefaultHeapLimit;
    std::atomic<bool> heap_in_use_{false};
    static constexpr std::size_t kDefaultStackLimit = 1024;  // an H100's (docs/gpu-runs/2026-12-07-h100-probes)
    std::size_t stack_limit_ = kDefaultStackLimit;
    int error_exitcode_ = 1;  // a program on its own: its exit status when simt reported an error
    std::set<std::uint64_t> launches_with_hazards_;  // their indices
    CheckOptions checks_;
    driver::HazardLog hazards_;
    check::RaceChecker race_{hazards_};
    check::ShuffleChecker shuffle_{hazards_};
    check::InitChecker init_{hazards_};
    check::BarrierChecker barrier_{hazards_};
    check::WarpSyncChecker warp_sync_{hazards_};
    check::HostKernelRaceChecker host_kernel_race_;  // with race, once managed or pinned memory exists
    const Engine* host_kernel_race_on_ = nullptr;    // the engine it is registered on
    static void watch_host_access(std::uintptr_t a, std::size_t size, bool write, bool ordered, const void* pc);
    EngineOptions options_from_environment();
    std::unique_ptr<check::TraceRecorder> trace_;  // with --trace only
    std::unique_ptr<ProgressLine> progress_;       // on a terminal only
    std::shared_ptr<ScheduleRecording> schedule_recording_;  // with --record-schedule only
    std::string schedule_file_;
    const Engine* registered_ = nullptr;
    std::vector<driver::HazardGroup> last_hazards_;
    driver::RunHazards run_hazards_;  // merged across launches: the report file, the text's dedup
    unsigned printed_groups_ = 0;    // against --print-limit, for the whole run
    unsigned unprinted_groups_ = 0;
    driver::Suppressions suppressions_;
    unsigned suppressed_ = 0;
    driver::KernelSelection kernels_;
    // Allocations up to this serial were live after an unchecked launch:
    // counted as written then, and nothing makes them unwritten again.
    std::uint64_t marked_written_through_ = 0;

    // false when the suppressions file names it: then nothing is printed or counted.
    bool print_host_report(driver::HazardReport report);
    // A group seen for the first time in the run: printed (up to
    // --print-limit) and counted by its severity.
    void print_and_count(const driver::HazardGroup& group);
    bool suppressed(const driver::HazardReport& report) const;
    void load_suppressions();
    void print_recurring() const;
    driver::RunCounts end_run(const std::vector<std::string>& failures = {}, bool launch_running = false);
    friend void write_status_file();
    friend void end_after_stall(const Stall& stall);
    friend void end_after_signal(int signal);
};

// At exit (registered by the runtime): leaks, the counts, the report file,
// the status `simt run` reads (run_reports.cpp).
void write_status_file();
// The same when the watchdog stops the program (Engine::set_stall_end).
void end_after_stall(const Stall& stall);
// The same when a termination signal ends it (termination_signals.h).
void end_after_signal(int signal);
// The pipe to `simt run` (SIMT_STATUS_FD), -1 for a program on its own.
int status_channel();

// "kernel" from "ns::kernel<float, 4>" or "void ns::kernel<float>(float*)".
std::string kernel_base_name(const std::string& name);
// The __launch_bounds__ of the kernel of that base name, 0 when it has none
// (kernel_registry.cpp).
std::uint64_t launch_bound(const std::string& kernel);

// What a runtime call returns through: the error is recorded as CUDA
// records it (last and sticky errors) and, when the call itself failed, it
// is reported at the program's line as compute-sanitizer reports a failing
// API call ("api" errors, with the memory check). A call that only returns
// an earlier kernel's sticky error is not reported again.
cudaError_t api_result(cudaError_t e, const char* call, const void* site);

// Host code stored to device memory: the arena's sink (GlobalMemory::
// host_store, set by the runtime), runtime_api.cpp.
void note_host_store(std::uintptr_t a, std::size_t size);
// Every allocation ended at once (a device reset): the sink looks again.
void forget_host_stores();
// An allocation ends: if an IPC handle shared its pages, they become the
// arena's own again (ipc.cpp).
void end_ipc_sharing(std::uintptr_t base);

}  // namespace simt::cuda

// In a runtime entry point called by the program: names the call after the
// function and finds the program's line from its return address.
#define SIMT_API_RESULT(e) ::simt::cuda::api_result((e), __func__, __builtin_return_address(0))
// The same for an entry point reached through an inline template of the
// headers, which names the CUDA call it stands for.
#define SIMT_API_RESULT_AS(e, call) ::simt::cuda::api_result((e), call, __builtin_return_address(0))

namespace simt::cuda {

}  // namespace simt::cuda
