// The one interface through which the engine tells the world what simulated
// threads do. The engine only notifies; it never includes or names a checker.
// Every hook has an empty default body so a checker overrides what it needs.
// Events are value structs. They are delivered on the worker thread that runs
// the block, so a checker that keeps state across blocks must synchronise it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/geometry.h"
#include "emulator/global_memory.h"

namespace simt {

enum class MemorySpace : std::uint8_t { Shared, Global, Constant };
enum class AccessKind : std::uint8_t { Read, Write, Atomic };
enum class FenceScope : std::uint8_t { Block, Device, System };

struct ThreadId {
    Dim3 thread;
    Dim3 block;
    std::uint32_t linear = 0;   // linear thread index within the block
    std::uint32_t warp = 0;
    std::uint32_t lane = 0;
};

// "thread (x,y,z) of block (x,y,z) (warp w, lane l)": how every report names
// a simulated thread.
std::string describe(const ThreadId& id);

// ---- Scheduling events: for timeline observers (the trace recorder) ----
// Delivered only to plugins whose wants_schedule_events() is true when they
// are registered. The engine keeps those in a separate list, so a fiber
// switch costs one empty-vector test when nobody asked for them.

// Why a simulated thread handed control back to the block's scheduler.
enum class StopReason : std::uint8_t {
    Preempted,       // the policy let another thread run at a memory access
    Barrier,         // waits at the block barrier
    WarpCollective,  // waits for lanes of its warp in a collective
    Convergence,     // waits at a convergence point until its warp's lanes are placed
    Exited,          // returned from the kernel
    Faulted,         // abandoned after a fault
};

// A thread ran from its resume until here: one scheduling step.
struct ThreadStopEvent {
    ThreadId who;
    StopReason why = StopReason::Preempted;
    const void* pc = nullptr;  // the access, barrier, collective or convergence point; nullptr after exit
};

// A convergence point resolved: these lanes of one warp reached `pc`
// together. One event per group: several in a row mean the warp is split.
struct ConvergenceEvent {
    Dim3 block;
    std::uint32_t warp = 0;
    std::uint64_t lanes = 0;
    const void* pc = nullptr;
};
// ---- end of scheduling events ----

struct LaunchInfo {
    const char* kernel = "";
    Dim3 grid, block;
    std::size_t dynamic_shared = 0;
    std::uint64_t launch_index = 0;
    unsigned warp_size = 32;
    bool lockstep = false;                 // warps run in lockstep (pre-Volta / AMD)
    std::uint32_t static_shared_bytes = 0; // size of the static part of the shared window
    // The blocks run side by side, each touching global memory when it
    // likes (launch_footprint.h): a checker needing blocks in order judges
    // each block's global accesses on their own. If blocks did see each
    // other's work the attempt is abandoned (on_launch_abandoned) and the
    // launch begins again with this false.
    bool blocks_in_parallel = false;
};

struct AccessEvent {
    ThreadId who;
    MemorySpace space;
    AccessKind kind;
    bool is_volatile;
    std::uintptr_t address;
    std::uint32_t size;
    const void* pc;
    // Shared memory only: the byte offset in the block's shared window
    // (static __shared__ variables first, then the dynamic buffer), so a
    // checker can index flat shadow arrays.
    std::uint32_t shared_offset;
    // Global memory in a cudaMalloc'd allocation: which one (serial number
    // from 1, 0 for __device__ variables) and where it starts.
    std::uint64_t allocation = 0;
    std::uintptr_t allocation_base = 0;
    std::size_t allocation_size = 0;
    AllocationKind allocation_kind = AllocationKind::Device;
};

// The most common access of a checked run (Checker::on_shared_access): a
// plain load or store (not atomic, not volatile), naturally aligned, inside
// the block's shared memory. One register wide.
struct SharedAccess {
    std::uint32_t offset = 0;  // bytes into the block's shared window (AccessEvent::shared_offset)
    std::uint16_t size = 0;
    AccessKind kind = AccessKind::Read;  // Read or Write
};

// The AccessEvent of a SharedAccess, for on_access.
inline AccessEvent shared_access_event(const ThreadId& who, SharedAccess access, const void* pc,
                                       std::uintptr_t address) {
    return AccessEvent{who, MemorySpace::Shared, access.kind, false, address, access.size, pc, access.offset};
}

// A plain load or store (not atomic, not volatile) of global memory
// (Checker::judged_global_access). One register wide.
struct GlobalAccess {
    std::uint32_t size = 0;
    AccessKind kind = AccessKind::Read;  // Read or Write
};

struct BarrierEvent {
    ThreadId who;
    const void* pc;
};

// Every thread that waited at a block barrier has been released.
struct BarrierReleaseEvent {
    Dim3 block;
    std::uint32_t participants = 0;
    const void* pc = nullptr;  // where the last thread arrived
    ThreadId first;            // the first thread that arrived
    // When the threads arrived at more than one call site (a barrier that
    // threads reached in different branches): every arrival, in order;
    // else empty (all arrived at `pc`).
    std::vector<BarrierEvent> arrivals;
};

// A phase of a split-phase barrier completed: the last of the arrivals it
// expected came (at `pc`). Arrivals may be at any call sites, and a thread may
// work between its arrival and its wait, so this is not a block barrier's
// release: the race checker models an arrival as a release and the end of a
// wait as an acquire (see race_checker.h for how far).
struct SplitPhaseEvent {
    Dim3 block;
    std::uintptr_t barrier = 0;    // its address
    std::uint32_t arrivals = 0;    // the phase's expected arrivals
    std::uint64_t phase = 0;       // the phase completed, from 0
    const void* pc = nullptr;
};

struct WarpCollectiveEvent {
    ThreadId who;
    std::uint64_t mask;
    const void* pc;
};

// A warp collective completed: these lanes synchronised with each other.
struct WarpSyncEvent {
    Dim3 block;
    std::uint32_t warp = 0;
    std::uint64_t participants = 0;
    const void* pc = nullptr;
    std::uint64_t mask = 0;  // the mask the lanes passed
    // Each participating lane's call site, by lane (valid during the call),
    // in lockstep mode; nullptr otherwise. Rules on where lanes call from
    // (pre-Volta's same-call rule) are the checkers' to judge.
    const void* const* lane_sites = nullptr;
};

// Where a lane's shuffle took its value from. The CUDA layer computes the
// source lane; the engine only forwards the event.
enum class ShuffleSource : std::uint8_t {
    Taken,           // an active lane named in the mask
    OutsideSegment,  // past the warp/width segment: the caller got its own value
    NotInMask,       // a lane the caller's mask does not name: undefined value
    Inactive,        // a lane that did not take part (exited or elsewhere): undefined value
};

struct ShuffleEvent {
    ThreadId who;
    const void* pc = nullptr;
    std::uint64_t mask = 0;
    int source_lane = 0;  // the lane asked for (may be outside the warp)
    unsigned width = 32;
    ShuffleSource source = ShuffleSource::Taken;
};

// A warp collective used against CUDA's rules. The engine carries on the way
// a GPU most often does (see each kind), so one misuse does not hide the
// rest of the launch; the warp-sync checker turns these into reports.
enum class WarpMisuse : std::uint8_t {
    CallerNotInMask,   // the mask lacks the calling lane: the lane still takes part
    MixedCollectives,  // lanes of one mask wait at different kinds of collective: the launch fails
    DifferentMasks,    // lanes named in a mask wait at a collective with another mask, and the
                       // block can go no further: the launch fails
    IntraWarpSpin,     // lockstep: a lane spins until a lane of its own warp writes (hangs pre-Volta)
    TruncatedMask,     // a 32-bit result (CUDA's type) lost lanes 32-63 of a 64-lane warp
    PartialMatrixCall,    // a warp matrix function (mma.h) without all 32 lanes: `lane` is one missing
    DivergentMatrixCall,  // lanes of a warp at different calls of warp matrix functions (.aligned)
};

struct WarpMisuseEvent {
    ThreadId who;                     // the lane that found it
    WarpMisuse kind;
    std::uint64_t mask = 0;           // the mask `who` passed
    const void* pc = nullptr;         // where `who` is
    const void* other_pc = nullptr;   // where `lane` is (all but CallerNotInMask)
    std::uint32_t lane = 0;           // the other lane involved
};

struct FenceEvent {
    ThreadId who;
    FenceScope scope;
    const void* pc;
};

// Device memory changing outside kernels, reported by the CUDA layer (the
// engine runs no host code): an allocation made or freed, bytes the host
// wrote into device memory (cudaMemcpy, cudaMemset, a copy to a symbol).
enum class MemoryOp : std::uint8_t { Allocated, Freed, HostWrite };

struct MemoryEvent {
    MemoryOp op;
    Allocation allocation;          // Allocated / Freed: which one
    std::uintptr_t address = 0;     // HostWrite: the bytes written
    std::size_t bytes = 0;
};

class Checker {
public:
    virtual ~Checker() = default;

    // ---- Scheduling hooks (see "Scheduling events" above) ----
    // Asked once, when the plugin is registered on an engine.
    virtual bool wants_schedule_events() const { return false; }
    virtual void on_thread_resume(const ThreadId&) {}
    virtual void on_thread_stop(const ThreadStopEvent&) {}
    virtual void on_convergence(const ConvergenceEvent&) {}
    // ---- end of scheduling hooks ----

    // True for a checker whose findings on global memory depend on the order
    // in which blocks running side by side touch it (the race checker's
    // cross-block shadow). Blocks then touch global memory one at a time, in
    // block order, so reports are the same for any number of workers.
    virtual bool needs_blocks_in_order() const { return false; }
    // False for a checker with no use for on_access: the engine then skips
    // it on every memory access (asked once, at registration).
    virtual bool wants_access_events() const { return true; }
    // False for a checker that wants access events but not those of shared
    // memory (another plugin judges them for it): skipped there.
    virtual bool wants_shared_access_events() const { return true; }
    // False for a checker with no use for the events every thread sends at
    // every barrier and warp collective and at its exit (on_barrier_arrive,
    // on_warp_collective, on_thread_exit): the engine then skips it there
    // (asked once, at registration).
    virtual bool wants_thread_events() const { return true; }
    virtual void on_launch_begin(const LaunchInfo&) {}
    virtual void on_launch_end(const LaunchInfo&) {}
    // Everything seen since on_launch_begin is void (the blocks of a
    // parallel attempt saw each other's work): forget it, the launch begins
    // again. Global memory is as it was before the attempt.
    virtual void on_launch_abandoned(const LaunchInfo&) {}
    virtual void on_block_begin(const LaunchInfo&, Dim3 /*block*/) {}
    virtual void on_block_end(const LaunchInfo&, Dim3 /*block*/) {}
    virtual void on_access(const AccessEvent&) {}
    // The most common access of a checked run, told without an AccessEvent
    // (built, it costs a tenth of a checked shared read). The default builds
    // the event for on_access; a checker overrides it to judge its common
    // case without one.
    virtual void on_shared_access(const ThreadId& who, SharedAccess access, const void* pc, std::uintptr_t address);
    // Asked first of a plain access of global memory, the next most common:
    // true when the checker judged it without an AccessEvent (its common
    // case), false (the default) to have it as on_access, with the event.
    virtual bool judged_global_access(const ThreadId& who, GlobalAccess access, const void* pc, std::uintptr_t address);
    virtual void on_barrier_arrive(const BarrierEvent&) {}
    virtual void on_barrier_release(const BarrierReleaseEvent&) {}
    virtual void on_split_phase(const SplitPhaseEvent&) {}
    virtual void on_warp_collective(const WarpCollectiveEvent&) {}
    virtual void on_warp_sync(const WarpSyncEvent&) {}
    virtual void on_shuffle(const ShuffleEvent&) {}
    virtual void on_warp_misuse(const WarpMisuseEvent&) {}
    virtual void on_fence(const FenceEvent&) {}
    virtual void on_thread_exit(const ThreadId&) {}
    // Between launches, on the host thread.
    virtual void on_memory(const MemoryEvent&) {}
};

}  // namespace simt
