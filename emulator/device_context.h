// What code running inside a simulated thread may ask of the engine. This is
// the emulator's whole surface towards the CUDA layer: identity, the memory
// observation entry, and the few collective operations every CUDA primitive
// is built from (block barrier, warp collective, convergence, fence).
#pragma once

#include <cstdint>
#include <string>

#include "emulator/block.h"
#include "emulator/checker.h"
#include "emulator/fault.h"
#include "emulator/global_memory.h"
#include "emulator/memory_spaces.h"
#include "emulator/worker.h"

namespace simt::device {

// True inside a simulated thread, false on host threads. Inline: the CUDA
// built-in variables (threadIdx, blockDim, ...) ask on every use.
inline bool in_kernel() {
    const Worker* w = Worker::current();
    return w != nullptr && w->thread != nullptr;
}
inline const ThreadId& thread() { return Worker::current()->thread->id; }
inline const LaunchInfo& launch() { return Worker::current()->block->info(); }
inline unsigned warp_size() { return Worker::current()->block->warp_size(); }
inline std::uint64_t advance_clock(std::uint64_t cycles) { return Worker::current()->block->advance_clock(cycles); }
void* dynamic_shared();

// Reports a memory access made by kernel code (and is a scheduling point).
// Accesses outside shared, global and constant memory are ignored.
// `natural`: a plain load/store of a power-of-two size, which a GPU faults on
// unless the address is a multiple of the size (ranges and accesses the
// compiler knows to be unaligned, such as packed fields, are not).
// Inline: it runs for every access of kernel code.
// `shared_offset`: a shared access's offset in the window (Worker::
// shared_offset; the caller has it from its bounds test), 0 otherwise.
inline void notify_access(Worker& w, MemorySpace space, AccessKind kind, bool is_volatile, std::uintptr_t a,
                          std::uint32_t size, const void* pc, std::uint32_t shared_offset) {
    Block& b = *w.block;
    AccessEvent event{w.thread->id, space, kind, is_volatile, a, size, pc, shared_offset};
    if (space == MemorySpace::Global) b.last_allocation(event);
    const std::vector<Checker*>& observers =
        space == MemorySpace::Shared ? b.shared_access_observers() : b.access_observers();
    for (Checker* c : observers) c->on_access(event);
}
// The observers from `first` on of a plain global access the first of
// which declined it (Checker::judged_global_access): the event, built once.
void notify_global_declined(Worker& w, Checker* const* first, Checker* const* end, AccessKind kind,
                            std::uintptr_t a, std::uint32_t size, const void* pc);
// A global access: a plain one is offered to each observer without an
// event first (Checker::judged_global_access); the event is built for the
// first that declines.
inline void notify_global_access(Worker& w, AccessKind kind, bool is_volatile, std::uintptr_t a, std::uint32_t size,
                                 const void* pc) {
    if (kind == AccessKind::Atomic || is_volatile) return notify_access(w, MemorySpace::Global, kind, is_volatile, a, size, pc, 0);
    const ThreadId& who = w.thread->id;
    const GlobalAccess access{size, kind};
    const std::vector<Checker*>& observers = w.block->access_observers();
    Checker* const* c = observers.data();
    Checker* const* const end = c + observers.size();
    while (c != end && (*c)->judged_global_access(who, access, pc, a)) ++c;
    if (c != end) notify_global_declined(w, c, end, kind, a, size, pc);
}
// An access to device memory (the global arena or the __device__
// variables), once classified: its scheduling point (first: what checkers
// see next is then exactly the order in which accesses take effect, and an
// atomic runs right after this returns), its bounds, its turn in block order
// or its note in the block's footprint, the checkers' event. Inline: the
// entry points take it for every aligned plain access of the arena.
[[gnu::always_inline]] inline void observe_global(Worker& w, Block& b, std::uintptr_t a, std::uint32_t size,
                                                  AccessKind kind, bool is_volatile, const void* pc, bool natural) {
    b.access_point(pc, kind, a);
    b.check_bounds(MemorySpace::Global, a, size, kind, pc, natural);
    if (kind != AccessKind::Read) b.note_lasting_effect();
    if (kind == AccessKind::Atomic || b.global_in_block_order()) b.order_global_access();
    if (b.in_parallel_attempt()) b.note_global_access(a, size, kind);
    if (!b.access_observers().empty()) notify_global_access(w, kind, is_volatile, a, size, pc);
}

inline void observe(const volatile void* address, std::uint32_t size, AccessKind kind, bool is_volatile,
                    const void* pc, bool natural = true) {
    Worker* w = Worker::current();
    const auto a = reinterpret_cast<std::uintptr_t>(address);
    if (w == nullptr || w->thread == nullptr) {  // host code
        if (kind != AccessKind::Read) GlobalMemory::host_store(a, size);
        GlobalMemory::host_access(a, size, kind != AccessKind::Read, is_volatile || kind == AccessKind::Atomic, pc);
        return;
    }
    const auto space = classify(*w, a);
    if (!space) {
        if (w->block->near_registered_host(a)) [[unlikely]] {
            // Host pages the footprint cannot save and restore: block order.
            if (w->block->in_parallel_attempt()) w->block->give_up_parallel_attempt();
            if (kind != AccessKind::Read) w->block->note_lasting_effect();
            observe_global(*w, *w->block, a, size, kind, is_volatile, pc, natural);
            return;
        }
        if (w->near_static_shared(a)) w->block->check_near_shared(a, size, kind, pc);
        else if (w->below_shared(a)) w->block->check_below_shared(a, size, kind, pc);
        if (kind != AccessKind::Read && !w->block->on_running_stack(a)) {
            // (A registered range of the stack took the global path above.)
            if (w->block->on_host_stack(a)) w->block->refuse_host_store(a, size, pc);
            // Host memory (registered, or a device malloc's heap): blocks side
            // by side could not undo the store, so they run in block order.
            w->block->note_lasting_effect();
            if (w->block->in_parallel_attempt()) w->block->give_up_parallel_attempt();
        }
        return;
    }
    Block& b = *w->block;
    if (*space == MemorySpace::Global) {
        observe_global(*w, b, a, size, kind, is_volatile, pc, natural);
        return;
    }
    if (*space == MemorySpace::Constant && kind != AccessKind::Read) b.refuse_constant_store(a, size, pc);
    // Yield first, as observe_global does.
    if (*space != MemorySpace::Constant) {
        b.access_point(pc, kind, a);
        const bool aligned = !natural || (a & (size - 1)) == 0;
        const bool static_shared_ok = aligned && w->in_static_shared(a) &&
                                      b.inside_shared_variables(w->shared_offset(a), size);
        if (!static_shared_ok) b.check_bounds(*space, a, size, kind, pc, natural);
    }
    if (!b.access_observers().empty())
        notify_access(*w, *space, kind, is_volatile, a, size, pc, *space == MemorySpace::Shared ? w->shared_offset(a) : 0u);
}

inline std::uint32_t barrier(const void* pc, bool predicate) { return Worker::current()->block->barrier(pc, predicate); }
std::uint64_t warp_collective(WarpCombine combine, std::uint64_t mask, std::uint64_t value,
                              std::uint32_t arg, const void* pc, std::uint64_t* participants = nullptr);
// Tells the checkers of a warp collective used against CUDA's rules.
void warp_misuse(const WarpMisuseEvent& event);
// Tells the checkers where a shuffle took its value from.
void shuffle_observed(const ShuffleEvent& event);
std::uint64_t converged_lanes(const void* pc, std::uint64_t place, std::uint64_t order);
// The running thread's path of calls above `frame` (see Block::call_path).
std::uint64_t call_path(const void* frame);
void fence(FenceScope scope, const void* pc);
// A store the engine cannot observe (a surface write) or a side effect it
// cannot undo (a launch from the device) is about to happen. Inside blocks
// running side by side under the checkers this does not return: the attempt
// is void, the calling block stops before the effect, and the launch runs
// again in block order, where the call returns and the effect happens.
void before_unobserved_effect();
// Split-phase barriers (see Block::split_barrier_init): only in the block's
// shared memory, as the engine keeps one block's barriers.
void split_barrier_init(const void* barrier, std::uint32_t expected, const void* pc);
std::uint64_t split_barrier_arrive(const void* barrier, std::uint32_t count, bool drop, const void* pc);
void split_barrier_wait(const void* barrier, std::uint64_t phase, const void* pc);
std::uint64_t split_barrier_phase(const void* barrier, const void* pc);
// After an atomic was performed: whether it changed memory (spin detection).
void atomic_performed(const volatile void* address, bool changed, std::uint64_t seen, const void* pc);
[[noreturn]] void fail(FaultKind kind, const std::string& message, const void* pc = nullptr);
// Appends device printf output to the running block's buffer.
void print(const char* text, std::size_t length);

}  // namespace simt::device
