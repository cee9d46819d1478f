// Why a launch failed. The CUDA layer maps each kind to a cudaError_t.
#pragma once

#include <string>

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
    explicit operator bool() const { return kind != FaultKind::None; }
};

}  // namespace simt
