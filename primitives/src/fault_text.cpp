// A fault the engine returns as data, and a kernel its watchdog stopped, in
// CUDA's and simt's words: the engine states what happened; what a GPU does
// about it and which call or option fixes it are said here, where CUDA and
// the command line are known (emulator/fault.h, FaultCause).
#include "fault_text.h"

#include <string>

#include "emulator/fault.h"
#include "simt/embedding.h"

namespace simt::cuda {
namespace {

std::string explanation(const Fault& f) {
    const std::string n = std::to_string(f.size);
    switch (f.cause) {
        case FaultCause::Misaligned:
            return "; a GPU faults with cudaErrorMisalignedAddress. Access " + n + "-byte types only at multiples of " +
                   n + " (check pointer casts such as reinterpret_cast<float4*>)";
        case FaultCause::DynamicSharedOverrun: return " (third <<<>>> argument)";
        case FaultCause::HostStackStore:
            return "; a GPU cannot reach host memory and faults with cudaErrorIllegalAddress. Copy the data to device "
                   "memory (cudaMalloc + cudaMemcpy, or cudaMallocManaged)";
        case FaultCause::ConstantStore:
            return ": __constant__ variables are read-only to kernels (nvcc warns \"Cannot store to pointer that "
                   "points to constant memory space\") and an H200 fails the launch with cudaErrorLaunchFailure. Set "
                   "them from the host with cudaMemcpyToSymbol, or make the variable __device__";
        case FaultCause::UnmappedAddress: return "; a GPU faults with cudaErrorIllegalAddress";
        case FaultCause::StackExhausted:
            // The size a thread needs is not known when it overflows.
            return ".\nsimt: hint: rerun with a larger stack, e.g. --stack-size " + std::to_string(4ull * f.size) +
                   " (4 times this one; the size a thread needs is not known when it overflows: if it overflows "
                   "again, quadruple again, up to 67108864)";
        case FaultCause::StaticSharedLimit:
            return " (nvcc stops with \"ptxas error: Entry function uses too much shared data\"): move the large "
                   "arrays to extern __shared__ memory sized at launch, with cudaFuncSetAttribute "
                   "(cudaFuncAttributeMaxDynamicSharedMemorySize) above 48 KiB";
        case FaultCause::DynamicSharedOptIn:
            return " (raise it with cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, "
                   "bytes))";
        case FaultCause::WaitsForHost:
            return "\n  they poll host memory (cudaMallocHost or managed) that the host had not written when the launch "
                   "ran: a launch that waits for the host is put off to the host's next synchronising call, and the "
                   "host reached it without writing what they poll, so on a GPU the kernel would spin forever (write "
                   "it from the host before synchronising, or from a kernel)";
        case FaultCause::LaunchBounds:
            return " (its __launch_bounds__): an H100 refuses the launch with cudaErrorInvalidValue; launch fewer "
                   "threads a block or raise the bound";
        case FaultCause::None: break;
    }
    return {};
}

}  // namespace

std::string fault_text(const Fault& fault) {
    std::string text = fault.message + explanation(fault);
    if (fault.access_refused)
        text += fault.kind == FaultKind::ConstantStore ? "; the write was not performed" : "; the access was not performed";
    if (fault.kind == FaultKind::Deadlock)
        text += "\n  (thread numbers are linear indices x + y*blockDim.x + z*blockDim.x*blockDim.y)";
    return text;
}

std::string gpu_assert_line(const Fault& fault) {
    return fault.message.substr(0, fault.message.rfind(kAssertContext));
}

std::string stall_message(const Stall& stall) {
    const std::string seconds = std::to_string(stall.seconds);
    std::string text = "kernel " + stall.kernel + " made no progress for " + seconds + " s (--watchdog " + seconds +
                       "): no thread ended, no barrier opened, no warp collective completed and no block started";
    for (const StalledThread& t : stall.running) text += "\n  " + describe(t.id) + " runs at " + t.where;
    if (stall.running.empty()) text += "\n  no simulated thread is running: every live thread waits";
    return text;
}

std::string stall_text(const Stall& stall) {
    return "simt: error: " + stall_message(stall) + "\n" +
           "  Why: a loop whose condition never changes (a GPU hangs on it too), or a kernel that is only slow under "
           "simt\n  Fix: check the loop at that line; if the kernel is only slow, raise --watchdog (0 turns it "
           "off)\nsimt: the program was stopped\n";
}

}  // namespace simt::cuda
