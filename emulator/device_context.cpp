#include "emulator/device_context.h"

#include "emulator/memory_spaces.h"
#include "emulator/worker.h"

namespace simt::device {
namespace {
Block& block() { return *Worker::current()->block; }
}  // namespace

bool in_kernel() {
    const Worker* w = Worker::current();
    return w != nullptr && w->thread != nullptr;
}

const ThreadId& thread() { return Worker::current()->thread->id; }
const LaunchInfo& launch() { return block().info(); }
unsigned warp_size() { return block().warp_size(); }
void* dynamic_shared() { return Worker::current()->dynamic_shared(); }

void observe(const volatile void* address, std::uint32_t size, AccessKind kind, bool is_volatile,
             const void* pc, bool natural) {
    Worker* w = Worker::current();
    if (w == nullptr || w->thread == nullptr) return;
    const auto a = reinterpret_cast<std::uintptr_t>(address);
    const auto space = classify(*w, a);
    if (!space) return;
    Block& b = *w->block;
    // Yield first: what checkers see next is then exactly the order in which
    // accesses take effect (an atomic runs right after this returns).
    if (*space != MemorySpace::Constant) {
        b.access_point(pc);
        b.check_bounds(*space, a, size, kind, pc, natural);
    }
    if (kind == AccessKind::Atomic && *space == MemorySpace::Global) b.order_global_atomic();
    if (!b.checkers().empty()) {
        AccessEvent event{w->thread->id, *space, kind, is_volatile, a, size, pc,
                          *space == MemorySpace::Shared ? w->shared_offset(a) : 0u};
        if (*space == MemorySpace::Global)
            b.last_allocation(event);
        for (Checker* c : b.checkers()) c->on_access(event);
    }
}

std::uint32_t barrier(const void* pc, bool predicate) { return block().barrier(pc, predicate); }

std::uint64_t warp_collective(WarpCombine combine, std::uint64_t mask, std::uint64_t value,
                              std::uint32_t arg, const void* pc, std::uint64_t* participants) {
    return block().warp_collective(combine, mask, value, arg, pc, participants);
}

void shuffle_observed(const ShuffleEvent& event) {
    for (Checker* c : block().checkers()) c->on_shuffle(event);
}

std::uint64_t converged_lanes(const void* pc) { return block().converged_lanes(pc); }

void fence(FenceScope scope, const void* pc) {
    Block& b = block();
    const FenceEvent event{b.current().id, scope, pc};
    for (Checker* c : b.checkers()) c->on_fence(event);
}

void fail(FaultKind kind, const std::string& message) { block().fail(kind, message); }

void print(const char* text, std::size_t length) { block().output().append(text, length); }

}  // namespace simt::device
