// Kernel launches from the CUDA side: builds the engine's KernelLaunch, prints
// device output and faults, and records errors the way CUDA reports them.
#include <cstdio>
#include <string>

#include "emulator/engine.h"
#include "emulator/symbolizer.h"
#include "process_runtime.h"
#include "simt/cuda.h"

namespace simt::cuda {
namespace {

cudaError_t error_for(FaultKind kind) {
    switch (kind) {
        case FaultKind::None: return cudaSuccess;
        case FaultKind::InvalidConfiguration: return cudaErrorInvalidConfiguration;
        case FaultKind::TooMuchSharedMemory: return cudaErrorInvalidValue;
        case FaultKind::Deadlock: return cudaErrorLaunchTimeout;
        case FaultKind::Assert: return cudaErrorAssert;
        case FaultKind::IllegalAddress: return cudaErrorIllegalAddress;
        case FaultKind::MisalignedAddress: return cudaErrorMisalignedAddress;
        case FaultKind::Trap:
        case FaultKind::Exception:
        case FaultKind::WarpSync: return cudaErrorLaunchFailure;
    }
    return cudaErrorUnknown;
}

// A GPU rejects these at launch and the context stays usable.
bool is_launch_rejection(FaultKind kind) {
    return kind == FaultKind::InvalidConfiguration || kind == FaultKind::TooMuchSharedMemory;
}

}  // namespace

void launch_kernel(const char* name, dim3 grid, dim3 block, std::size_t shared,
                   KernelInvoke invoke, void* closure) {
    ProcessRuntime& rt = ProcessRuntime::get();
    if (rt.sticky() != cudaSuccess) return;  // a faulted context runs nothing
#ifdef SIMT_CUDA_INCLUDE_DIR
    static const bool hidden = (hide_frames_under(SIMT_CUDA_INCLUDE_DIR), true);
    (void)hidden;
#endif
    KernelLaunch launch;
    launch.kernel_name = name;
    launch.grid = Dim3{grid.x, grid.y, grid.z};
    launch.block = Dim3{block.x, block.y, block.z};
    launch.dynamic_shared = shared;
    launch.dynamic_shared_limit = rt.dynamic_shared_limit(kernel_base_name(name));
    launch.invoke = invoke;
    launch.closure = closure;
    const LaunchOutcome outcome = rt.engine().launch(launch);
    if (!outcome.output.empty()) std::fwrite(outcome.output.data(), 1, outcome.output.size(), stdout);
    rt.report_hazards(name, outcome.blocks_reported);
    if (!outcome.fault) {
        rt.result(cudaSuccess);
        return;
    }
    std::fflush(stdout);
    std::fprintf(stderr, "simt: error: %s\n", outcome.fault.message.c_str());
    rt.reported_error();
    const cudaError_t e = error_for(outcome.fault.kind);
    if (is_launch_rejection(outcome.fault.kind))
        rt.result(e);
    else
        rt.set_sticky(e);
}

}  // namespace simt::cuda
