// Address-space predicates and conversions (simt/address_spaces.h), from the
// engine's classification of an address (emulator/memory_spaces.h).
#include "simt/address_spaces.h"

#include <cstdint>

#include "emulator/block.h"
#include "emulator/global_memory.h"
#include "emulator/memory_spaces.h"
#include "emulator/worker.h"

namespace simt::cuda {

AddressSpace address_space(const void* p) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    const Worker* w = Worker::current();
    if (w == nullptr || w->thread == nullptr)  // host code: no block, no thread
        return GlobalMemory::active_contains(a) ? AddressSpace::Global : AddressSpace::Other;
    if (const std::optional<MemorySpace> space = classify(*w, a)) {
        switch (*space) {
            case MemorySpace::Shared: return AddressSpace::Shared;
            case MemorySpace::Global: return AddressSpace::Global;
            case MemorySpace::Constant: return AddressSpace::Constant;
        }
    }
    if (w->block->on_running_stack(a)) return AddressSpace::Local;
    if (w->block->near_registered_host(a)) return AddressSpace::Global;  // registered host memory
    return AddressSpace::Other;
}

std::size_t shared_window_offset(const void* p) {
    const Worker* w = Worker::current();
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    if (w == nullptr || !(w->in_static_shared(a) || w->in_dynamic_shared(a))) return a;  // not shared: as PTX, undefined
    return w->shared_offset(a);
}

void* shared_window_address(std::size_t offset) {
    const Worker* w = Worker::current();
    if (w == nullptr || offset >= w->shared_window_size()) return reinterpret_cast<void*>(offset);
    return reinterpret_cast<void*>(w->shared_window_address(std::uint32_t(offset)));
}

}  // namespace simt::cuda
