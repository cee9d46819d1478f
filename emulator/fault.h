// Why a launch failed. The CUDA layer maps each kind to a cudaError_t.
#pragma once

#include <string>

#include "emulator/checker.h"

namespace simt {

enum class FaultKind {
    None,
    InvalidConfiguration,   // bad grid/block shape
    TooMuchSharedMemory,    // dynamic shared memory above the limit
    Deadlock,               // every live thread of a block waits
    Trap,                   // __trap()
    Assert,                 // device-side assert
    Exception,              // a C++ exception escaped a kernel thread
    IllegalAddress,         // access outside any allocation
    MisalignedAddress,      // a load/store at an address not a multiple of its size
    WarpSync,               // collective misuse that a GPU would hang or corrupt on
    StackOverflow,          // a thread exhausted its fiber stack
    ArithmeticTrap,         // integer division by zero: the CPU traps where a GPU does not
    ConstantStore,          // a kernel stored to __constant__ memory, read-only to kernels
};

struct Fault {
    FaultKind kind = FaultKind::None;
    std::string message;  // complete, human-readable, without trailing newline
    // Where, as data for the reports that count faults (JSON, SARIF): the
    // faulting thread and the code address of its access or wait, when known.
    bool in_thread = false;
    ThreadId who{};
    const void* pc = nullptr;
    bool freed_memory = false;  // IllegalAddress: inside an allocation already freed
    MemorySpace space = MemorySpace::Global;  // of the failing access, if one failed
    explicit operator bool() const { return kind != FaultKind::None; }
};

}  // namespace simt
