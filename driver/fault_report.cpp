#include "driver/fault_report.h"

namespace simt::driver {
namespace {

struct FaultRule {
    Rule rule;
    const char* why;
    const char* fix;
};

FaultRule rule_for(const Fault& f) {
    switch (f.kind) {
        case FaultKind::IllegalAddress:
            if (f.freed_memory)
                return {Rule::MemoryUseAfterFree,
                        "the kernel accessed an allocation the program had already freed; on a GPU the access faults "
                        "or reads memory that now belongs to another allocation",
                        "free device memory only after the last kernel that uses it has finished "
                        "(synchronise first), and never use the pointer afterwards"};
            return {Rule::MemoryOutOfBounds,
                    "the access lies outside every allocation and array it could mean; on a GPU it faults the "
                    "launch (cudaErrorIllegalAddress) or silently overwrites other data",
                    "bound the index by the buffer's size (pass the size to the kernel and test it), and check "
                    "the grid covers no more elements than the buffer holds"};
        case FaultKind::MisalignedAddress:
            return {Rule::MemoryMisaligned,
                    "the address is not a multiple of the access size; a GPU faults with "
                    "cudaErrorMisalignedAddress",
                    "access N-byte types only at multiples of N (check pointer casts such as to float4*)"};
        case FaultKind::ConstantStore:
            return {Rule::MemoryConstantStore, "__constant__ memory is read-only to kernels; a GPU fails the launch",
                    "set __constant__ variables from the host (cudaMemcpyToSymbol), or make the variable __device__"};
        case FaultKind::StackOverflow:
            return {Rule::FaultStackOverflow, "a thread exhausted its stack (deep recursion or large local arrays)",
                    "recurse less deeply or move large arrays to shared or global memory; simt's --stack-size "
                    "raises the emulated stack"};
        case FaultKind::Deadlock:
            return {Rule::FaultDeadlock,
                    "every live thread of the block waits for something no other thread will do; on a GPU the "
                    "kernel hangs",
                    "make every thread of the block reach the same barriers, and let no thread wait for a flag "
                    "that only a waiting thread could set"};
        case FaultKind::NoProgress:
            return {Rule::FaultNoProgress,
                    "the launch made no progress for the watchdog's time (no thread ended, no barrier opened, "
                    "no collective completed, no block started); on a GPU the kernel hangs",
                    "make the loop at the line named end (a condition the loop changes, a flag another thread "
                    "really sets); give a kernel that is only slow a larger --watchdog"};
        case FaultKind::Trap:
            return {Rule::FaultTrap, "the kernel stopped itself (__trap, or exit/abort in device code)",
                    "find why the kernel reached the trap; stop a kernel with __trap() or assert only"};
        case FaultKind::Assert:
            return {Rule::FaultAssert, "a device-side assert failed and stopped the launch (cudaErrorAssert)",
                    "fix what the assertion checks, at its line"};
        case FaultKind::Exception:
            return {Rule::FaultException, "a C++ exception escaped a kernel thread, which a GPU cannot do",
                    "catch exceptions inside the kernel, or do not throw in device code"};
        case FaultKind::ArithmeticTrap:
            return {Rule::FaultArithmeticTrap,
                    "an integer division by zero (or INT_MIN / -1); a GPU returns an unspecified value",
                    "check the divisor before dividing"};
        case FaultKind::WarpSync:
            return {Rule::FaultWarpMisuse,
                    "a warp collective or barrier was used in a way a GPU hangs or corrupts on",
                    "call the collective with the same mask from every lane the mask names"};
        case FaultKind::InvalidConfiguration:
            return {Rule::FaultInvalidConfiguration, "the launch's grid or block shape is one a GPU refuses",
                    "keep blocks within 1024 threads and the device's grid limits"};
        case FaultKind::TooMuchSharedMemory:
            return {Rule::FaultTooMuchSharedMemory, "the launch asks for more shared memory than a block may use",
                    "ask for less, or raise the kernel's limit with cudaFuncSetAttribute first"};
        case FaultKind::None: break;
    }
    return {Rule::FaultTrap, "", ""};
}

}  // namespace

HazardReport fault_report(const Fault& fault, std::string message, const char* kernel, const void* launch_site) {
    const FaultRule rule = rule_for(fault);
    HazardReport r;
    r.rule = rule.rule;
    r.severity = Severity::Error;
    r.kernel = kernel;
    r.space = fault.space;
    r.message = std::move(message);
    r.current.who = fault.who;
    r.current.pc = fault.pc != nullptr ? fault.pc : launch_site;
    r.current.kind = fault.access;
    r.current.size = fault.access_size;  // 0: no access (a deadlock) or one the hardware refused
    r.why = rule.why;
    r.fix = rule.fix;
    return r;
}

}  // namespace simt::driver
