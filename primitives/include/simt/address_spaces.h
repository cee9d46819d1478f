// CUDA's address-space predicates and conversions (sm_20_intrinsics.h):
// which space a generic pointer points into, and the space's own address
// of it. Global, constant and local addresses are the generic ones here (one
// flat address space); a shared address is the offset in the block's shared
// window (the static __shared__ variables, then the dynamic buffer), as
// PTX's shared state space numbers it.
#pragma once

#include <cstddef>

namespace simt::cuda {
enum class AddressSpace { Global, Shared, Constant, Local, Other };
AddressSpace address_space(const void* p);
std::size_t shared_window_offset(const void* p);
void* shared_window_address(std::size_t offset);
}  // namespace simt::cuda

inline unsigned int __isGlobal(const void* p) {
    return simt::cuda::address_space(p) == simt::cuda::AddressSpace::Global;
}
inline unsigned int __isShared(const void* p) {
    return simt::cuda::address_space(p) == simt::cuda::AddressSpace::Shared;
}
inline unsigned int __isConstant(const void* p) {
    return simt::cuda::address_space(p) == simt::cuda::AddressSpace::Constant;
}
inline unsigned int __isLocal(const void* p) {
    return simt::cuda::address_space(p) == simt::cuda::AddressSpace::Local;
}
// A __grid_constant__ kernel parameter: simt passes none as such (each
// thread's parameters are its own copies, in its local memory).
inline unsigned int __isGridConstant(const void*) { return 0; }

inline std::size_t __cvta_generic_to_shared(const void* p) { return simt::cuda::shared_window_offset(p); }
inline void* __cvta_shared_to_generic(std::size_t a) { return simt::cuda::shared_window_address(a); }
inline std::size_t __cvta_generic_to_global(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_global_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
inline std::size_t __cvta_generic_to_constant(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_constant_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
inline std::size_t __cvta_generic_to_local(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_local_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
inline std::size_t __cvta_generic_to_grid_constant(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_grid_constant_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
