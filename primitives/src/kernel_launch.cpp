// Kernel launches from the CUDA side: builds the engine's KernelLaunch, prints
// device output and faults, and records errors the way CUDA reports them.
#include <pthread.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "emulator/device_context.h"
#include "emulator/engine.h"
#include "emulator/symbolizer.h"
#include "driver/fault_report.h"
#include "driver/report_log.h"
#include "deferred_work.h"
#include "fault_text.h"
#include "process_runtime.h"
#include "simt/embedding.h"
#include "simt/cuda.h"
#include "simt/grid_sync.h"
#include "value_flow.h"

namespace simt::cuda {
namespace {

cudaError_t error_for(const Fault& fault) {
    // A block larger than the kernel's __launch_bounds__: an H100 says
    // cudaErrorInvalidValue (docs/gpu-runs/2026-12-07-h100-probes, g05).
    if (fault.cause == FaultCause::LaunchBounds) return cudaErrorInvalidValue;
    switch (fault.kind) {
        case FaultKind::None: return cudaSuccess;
        case FaultKind::InvalidConfiguration: return cudaErrorInvalidConfiguration;
        case FaultKind::TooMuchSharedMemory: return cudaErrorInvalidValue;
        case FaultKind::Deadlock:
        case FaultKind::NoProgress: return cudaErrorLaunchTimeout;
        case FaultKind::Assert: return cudaErrorAssert;
        case FaultKind::IllegalAddress: return cudaErrorIllegalAddress;
        case FaultKind::MisalignedAddress: return cudaErrorMisalignedAddress;
        case FaultKind::Trap:
        case FaultKind::Exception:
        case FaultKind::StackOverflow:
        case FaultKind::ArithmeticTrap:
        case FaultKind::ConstantStore:
        case FaultKind::WarpSync: return cudaErrorLaunchFailure;
    }
    return cudaErrorUnknown;
}

// A GPU rejects these at launch and the context stays usable.
bool is_launch_rejection(FaultKind kind) {
    return kind == FaultKind::InvalidConfiguration || kind == FaultKind::TooMuchSharedMemory;
}

// Child grids launched by the running grid, with who launched them. One host
// launch runs at a time; its children are collected here while it runs (by
// any worker) and run after it.
struct DeviceLaunch {
    std::uint64_t block = 0;
    std::uint32_t thread = 0;
    std::function<void()> launch;
};
std::mutex device_launches_mutex;
std::vector<DeviceLaunch>* device_launches = nullptr;  // the running grid's
int nesting = 0;                                       // grids running, parents included
constexpr int kMaxNesting = 24;                        // CUDA's depth limit

void run_children(std::vector<DeviceLaunch>& children) {
    std::stable_sort(children.begin(), children.end(), [](const DeviceLaunch& a, const DeviceLaunch& b) {
        return a.block != b.block ? a.block < b.block : a.thread < b.thread;
    });
    for (DeviceLaunch& child : children) child.launch();
}

// The calling host thread's stack, looked up once per thread (for the
// main thread, pthread_getattr_np reads /proc/self/maps).
struct HostStack {
    std::uintptr_t lo = 0, hi = 0;
};
const HostStack& host_stack() {
    static thread_local const HostStack stack = [] {
        HostStack s;
        if (pthread_attr_t attr; pthread_getattr_np(pthread_self(), &attr) == 0) {
            void* base = nullptr;
            std::size_t size = 0;
            if (pthread_attr_getstack(&attr, &base, &size) == 0) {
                s.lo = reinterpret_cast<std::uintptr_t>(base);
                s.hi = s.lo + size;
            }
            pthread_attr_destroy(&attr);
        }
        return s;
    }();
    return stack;
}

}  // namespace

bool in_device_code() { return device::in_kernel(); }

const char* kernel_name_of(const void* kernel) {
    static std::mutex mutex;
    static std::set<std::string> names;
    std::string name = kernel_base_name(function_name(kernel));
    if (name.empty()) name = "kernel";
    std::lock_guard<std::mutex> lock(mutex);
    return names.insert(std::move(name)).first->c_str();
}

void queue_device_launch(std::function<void()> launch) {
    if (nesting >= kMaxNesting)
        device::fail(FaultKind::Exception,
                     std::string("kernel ") + device::launch().kernel + " launches a grid from device code (" +
                         describe(device::thread()) + ") that would nest grids " + std::to_string(nesting + 1) +
                         " deep; CUDA allows " + std::to_string(kMaxNesting) + " (a recursion without an end?)");
    // Queued grids cannot be taken back if the parent's blocks run side by
    // side under the checkers: the parent then runs again in block order.
    device::before_unobserved_effect();
    const ThreadId& who = device::thread();
    const LaunchInfo& info = device::launch();
    const std::uint64_t block = who.block.x + std::uint64_t(info.grid.x) * (who.block.y + std::uint64_t(info.grid.y) * who.block.z);
    std::lock_guard<std::mutex> lock(device_launches_mutex);
    device_launches->push_back(DeviceLaunch{block, who.linear, std::move(launch)});
}

bool launch_kernel(const char* name, dim3 grid, dim3 block, std::size_t shared,
                   KernelInvoke invoke, void* closure, bool deferrable) {
    ProcessRuntime& rt = ProcessRuntime::get();
    const auto turn = rt.device_turn();
    // Before the sticky error: a filter names the kernels the program launches.
    const bool checked = rt.checks_kernel(name);
    if (rt.sticky() != cudaSuccess) return false;  // a faulted context runs nothing
    KernelLaunch launch;
    launch.kernel_name = name;
    launch.grid = Dim3{grid.x, grid.y, grid.z};
    launch.block = Dim3{block.x, block.y, block.z};
    launch.dynamic_shared = shared;
    launch.dynamic_shared_limit = rt.dynamic_shared_limit(kernel_base_name(name));
    launch.max_threads_per_block = launch_bound(kernel_base_name(name));
    launch.static_shared = rt.static_shared_bytes(kernel_base_name(name));
    launch.printf_buffer = rt.printf_buffer();
    launch.invoke = invoke;
    const HostStack& stack = host_stack();
    launch.host_stack_lo = stack.lo;
    launch.host_stack_hi = stack.hi;
    launch.closure = closure;
    launch.checked = checked;
    // Put off only once, from the host (a child grid or a grid sync's
    // partners cannot wait for the host's next call).
    launch.deferrable = deferrable && nesting == 0 && !in_cooperative_launch() && !doing_deferred_work();
    std::vector<DeviceLaunch> children;
    std::vector<DeviceLaunch>* parent_children = device_launches;
    device_launches = &children;
    ++nesting;
    value_flow::LaunchCheck flow(rt.engine(), name, launch.checked && rt.checks_value_flow() && nesting == 1);
    const LaunchOutcome outcome = rt.engine().launch(launch);
    rt.erase_progress();
    if (outcome.deferred) {
        --nesting;
        device_launches = parent_children;
        rt.result(cudaSuccess);
        return true;
    }
    if (!launch.checked) rt.after_unchecked_launch();
    std::vector<driver::HazardGroup> hazards = rt.take_hazards(outcome.blocks_reported);
    std::vector<DeviceLaunch> rerun_children;  // a re-run's child grids are not run
    device_launches = &rerun_children;
    KernelLaunch again = launch;  // the same schedule: only the own values differ
    again.rerun_of = rt.engine().launches() - 1;
    again.deferrable = false;
    for (driver::HazardGroup& g : flow.judge(rt.untaken_shuffle_sites(), outcome, [&] {
             LaunchOutcome other = rt.engine().launch(again);
             rt.take_hazards(~std::uint64_t(0));  // the re-run's hazards are the launch's, already taken
             return other;
         }))
        hazards.push_back(std::move(g));
    --nesting;
    device_launches = parent_children;
    if (!outcome.output.empty()) std::fwrite(outcome.output.data(), 1, outcome.output.size(), stdout);
    if (outcome.dropped_lines != 0) {
        std::fflush(stdout);
        std::fprintf(driver::report_log(),
                     "simt: warning: kernel %s printed more than its %zu-byte printf buffer: the oldest %llu lines "
                     "were dropped, as a GPU's circular buffer overwrites them (raise it with "
                     "cudaDeviceSetLimit(cudaLimitPrintfFifoSize, bytes) before the launch)\n",
                     name, launch.printf_buffer, static_cast<unsigned long long>(outcome.dropped_lines));
    }
    // Lanes meeting at collectives that can never complete stop the launch;
    // when the warp-sync checker reported them (its Why says the launch was
    // stopped), the failure is that report's consequence, not a second error.
    const bool misuse_reported = std::any_of(hazards.begin(), hazards.end(), [](const driver::HazardGroup& g) {
        return g.example.rule == driver::Rule::WarpSyncDifferentCollectives ||
               g.example.rule == driver::Rule::WarpSyncDifferentMasks;
    });
    rt.report_hazards(name, std::move(hazards));
    rt.watch_host_after_launch();
    for (const auto& [fault, threads] : outcome.carried_faults)
        rt.report_carried_fault(fault, threads, name, rt.engine().launches() - 1);
    if (!outcome.fault) {
        rt.result(cudaSuccess);
        ++nesting;
        run_children(children);
        --nesting;
        return false;
    }
    std::fflush(stdout);
    const bool refused = is_launch_rejection(outcome.fault.kind);  // refused launches take no launch index
    const std::uint64_t index = rt.engine().launches() - (refused ? 0 : 1);
    // A launch nobody checks (--check none, or outside the kernel filter)
    // leaves its failed asserts to the program, as a GPU does: each printed
    // in a GPU's words, the launch failed with cudaErrorAssert, and the exit
    // status the program's own (cuda-samples' simpleAssert expects that).
    const bool asserts_are_the_programs = !launch.checked || rt.checks_nothing();
    // Each thread that failed an assert is an error of its own, as a GPU
    // prints each and memcheck counts each; the launch fails with the first.
    for (const Fault& fault : outcome.faults) {
        if (fault.kind == FaultKind::Assert && asserts_are_the_programs) {
            std::fprintf(driver::report_log(), "%s\n", gpu_assert_line(fault).c_str());
            continue;
        }
        if (fault.kind == FaultKind::WarpSync && misuse_reported) continue;
        std::string message = fault_text(fault);
        std::fprintf(driver::report_log(), "simt: error: %s\n", message.c_str());
        rt.reported_error();
        rt.report_fault(driver::fault_report(fault, std::move(message), name, __builtin_return_address(0)), index);
    }
    if (outcome.failed_asserts > LaunchOutcome::kKeptAsserts) {
        const std::uint64_t more = outcome.failed_asserts - LaunchOutcome::kKeptAsserts;
        std::fprintf(driver::report_log(), "simt: %s: %llu more threads of kernel %s failed an assert (the first %zu are shown)\n",
                     asserts_are_the_programs ? "note" : "error", static_cast<unsigned long long>(more), name,
                     LaunchOutcome::kKeptAsserts);
        if (!asserts_are_the_programs) {
            rt.reported_error(unsigned(std::min<std::uint64_t>(more, 1u << 30)));
            // Not printed, but counted in the report's groups (JSON, SARIF).
            for (const auto& [fault, count] : outcome.unshown_asserts)
                rt.report_fault(driver::fault_report(fault, fault_text(fault), name, __builtin_return_address(0)),
                                index, count);
        }
    }
    const cudaError_t e = error_for(outcome.fault);
    if (refused)
        rt.result(e);
    else
        rt.set_sticky(e);
    return false;
}

}  // namespace simt::cuda
