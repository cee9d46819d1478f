#include "emulator/device_context.h"

#include "emulator/memory_spaces.h"
#include "emulator/symbolizer.h"
#include "emulator/worker.h"

namespace simt::device {
namespace {
Block& block() { return *Worker::current()->block; }
}  // namespace

void* dynamic_shared() { return Worker::current()->dynamic_shared(); }

void notify_global_declined(Worker& w, Checker* const* first, Checker* const* end, AccessKind kind,
                            std::uintptr_t a, std::uint32_t size, const void* pc) {
    AccessEvent event{w.thread->id, MemorySpace::Global, kind, false, a, size, pc, 0};
    w.block->last_allocation(event);
    (*first)->on_access(event);
    for (Checker* const* c = first + 1; c != end; ++c)
        if (!(*c)->judged_global_access(event.who, GlobalAccess{size, kind}, pc, a)) (*c)->on_access(event);
}

std::uint64_t warp_collective(WarpCombine combine, std::uint64_t mask, std::uint64_t value,
                              std::uint32_t arg, const void* pc, std::uint64_t* participants) {
    return block().warp_collective(combine, mask, value, arg, pc, participants);
}

void warp_misuse(const WarpMisuseEvent& event) { block().misuse(event); }

void shuffle_observed(const ShuffleEvent& event) {
    for (Checker* c : block().checkers()) c->on_shuffle(event);
}

std::uint64_t converged_lanes(const void* pc, std::uint64_t place, std::uint64_t order) {
    return block().converged_lanes(pc, place, order);
}

std::uint64_t call_path(const void* frame) { return block().call_path(frame); }

void before_unobserved_effect() {
    Worker* w = Worker::current();
    if (w == nullptr || w->thread == nullptr) return;
    w->block->note_lasting_effect();
    if (w->block->in_parallel_attempt()) w->block->give_up_parallel_attempt();
}

void fence(FenceScope scope, const void* pc) {
    Block& b = block();
    const FenceEvent event{b.current().id, scope, pc};
    for (Checker* c : b.checkers()) c->on_fence(event);
}

void atomic_performed(const volatile void* address, bool changed, std::uint64_t seen, const void* pc) {
    Worker* w = Worker::current();
    if (w == nullptr || w->thread == nullptr) return;
    const auto a = reinterpret_cast<std::uintptr_t>(address);
    const auto space = classify(*w, a);
    if (space && *space != MemorySpace::Constant) w->block->atomic_performed(a, changed, seen, pc);
}

void fail(FaultKind kind, const std::string& message, const void* pc) { block().fail(kind, message, pc); }

void split_barrier_init(const void* barrier, std::uint32_t expected, const void* pc) {
    Worker* w = Worker::current();
    const auto a = reinterpret_cast<std::uintptr_t>(barrier);
    const auto space = classify(*w, a);
    if (!space || *space != MemorySpace::Shared)
        block().fail(FaultKind::WarpSync,
                     "a split-phase barrier initialised at " + describe(pc) +
                         " lies outside the block's shared memory: only block-scoped barriers in __shared__ "
                         "memory are emulated (one in global memory, shared by blocks, is not)");
    block().split_barrier_init(a, expected, pc);
}

std::uint64_t split_barrier_arrive(const void* barrier, std::uint32_t count, bool drop, const void* pc) {
    return block().split_barrier_arrive(reinterpret_cast<std::uintptr_t>(barrier), count, drop, pc);
}

std::uint64_t split_barrier_phase(const void* barrier, const void* pc) {
    return block().split_barrier_phase(reinterpret_cast<std::uintptr_t>(barrier), pc);
}

void split_barrier_wait(const void* barrier, std::uint64_t phase, const void* pc) {
    block().split_barrier_wait(reinterpret_cast<std::uintptr_t>(barrier), phase, pc);
}

void print(const char* text, std::size_t length) { block().print(text, length); }

}  // namespace simt::device
