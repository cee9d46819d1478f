// Why a launch failed, as data. The front end maps each kind to its error
// code and renders the message with its own words added (FaultCause).
#pragma once

#include <cstdint>
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
    NoProgress,             // the watchdog saw no progress in the launch for its time
};

// What the front end explains about a fault in its own words (what a GPU
// does, which API call or option fixes it: primitives/src/fault_text.cpp).
// The engine's message states only what happened, naming no API and no
// command-line option.
enum class FaultCause : std::uint8_t {
    None,
    Misaligned,            // `size`: the access's size
    DynamicSharedOverrun,  // past the dynamic shared memory the launch gave
    HostStackStore,        // a store to the stack of the host thread that launched the kernel
    ConstantStore,         // a store to constant memory
    UnmappedAddress,       // neither device memory nor the thread's own stack
    StackExhausted,        // `size`: the fiber stack's bytes
    StaticSharedLimit,     // a launch refused: static shared memory above the block limit
    DynamicSharedOptIn,    // a launch refused: dynamic shared memory the kernel could opt in to
    WaitsForHost,          // a deadlock: every thread left polls host memory (pinned or managed) nobody wrote
    LaunchBounds,          // a launch refused: more threads a block than the kernel was compiled for
};

struct Fault {
    FaultKind kind = FaultKind::None;
    std::string message;  // what happened, without trailing newline; the front end adds its words (FaultCause)
    // Where, as data for the reports that count faults (JSON, SARIF): the
    // faulting thread and the code address of its access or wait, when known.
    bool in_thread = false;
    ThreadId who{};
    const void* pc = nullptr;
    bool freed_memory = false;  // IllegalAddress: inside an allocation already freed
    MemorySpace space = MemorySpace::Global;  // of the failing access, if one failed
    FaultCause cause = FaultCause::None;
    bool access_refused = false;  // the engine did not perform the access
    std::uint32_t size = 0;       // see FaultCause
    // The access the engine refused, when the fault is one (access_size 0:
    // none, or not known, as for a fault the hardware signalled).
    AccessKind access = AccessKind::Read;
    std::uint32_t access_size = 0;
    explicit operator bool() const { return kind != FaultKind::None; }
};

}  // namespace simt
