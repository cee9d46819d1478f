// Registered host memory, pointer attributes, memory information, the
// default memory pool and managed-memory hints (simt/host_memory.h).
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>

#include "emulator/global_memory.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::Allocation;
using simt::AllocationKind;
using simt::cuda::ProcessRuntime;

namespace {

simt::GlobalMemory& memory() { return ProcessRuntime::get().engine().memory(); }

// The flags each registered range was registered with, by its base; the
// ranges themselves are the engine's (GlobalMemory::register_host), which a
// device reset drops: a base the engine no longer has is not registered.
std::mutex flags_mutex;
std::map<std::uintptr_t, unsigned>& registered_flags() {
    static std::map<std::uintptr_t, unsigned> flags;
    return flags;
}
// The registered range holding `a`, if any.
std::optional<Allocation> registered_range(const void* p) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    std::optional<Allocation> r = memory().find_registered(a);
    if (r && a - r->base >= r->size) return std::nullopt;  // only near it
    return r;
}

// A device allocation holding the address, if any.
std::optional<Allocation> allocation_at(const void* p) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    if (!memory().contains(a)) return std::nullopt;
    std::optional<Allocation> found = memory().find(a);
    if (found && a - found->base >= found->size) return std::nullopt;  // freed or past the end
    return found;
}

}  // namespace

// The one pool: its attributes are kept and read back; nothing is cached,
// so the reserved and used figures are what is allocated.
struct CUmemPoolHandle_st {
    unsigned long long release_threshold = 0;
    int follow_events = 1, opportunistic = 1, internal_dependencies = 1;
    unsigned long long used_high = 0;
};

namespace {
CUmemPoolHandle_st default_pool;
}  // namespace

cudaError_t cudaHostRegister(void* ptr, std::size_t bytes, unsigned flags) {
    constexpr unsigned kKnown = cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory |
                                cudaHostRegisterReadOnly;
    if (ptr == nullptr || bytes == 0 || (flags & ~kKnown) != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    // Device memory is already the device's: CUDA refuses it.
    if (memory().contains(reinterpret_cast<std::uintptr_t>(ptr))) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const auto a = reinterpret_cast<std::uintptr_t>(ptr);
    if (!memory().register_host(a, bytes, __builtin_return_address(0)))  // it overlaps a registered range
        return SIMT_API_RESULT(cudaErrorHostMemoryAlreadyRegistered);
    std::lock_guard<std::mutex> lock(flags_mutex);
    registered_flags()[a] = flags;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaHostUnregister(void* ptr) {
    if (!memory().unregister_host(reinterpret_cast<std::uintptr_t>(ptr)))
        return SIMT_API_RESULT(cudaErrorHostMemoryNotRegistered);
    std::lock_guard<std::mutex> lock(flags_mutex);
    registered_flags().erase(reinterpret_cast<std::uintptr_t>(ptr));
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned flags) {
    if (device == nullptr || flags != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const std::optional<Allocation> a = allocation_at(host);
    bool mapped = a && a->kind != AllocationKind::Device;
    if (!a) mapped = registered_range(host).has_value();
    if (!mapped) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *device = host;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaHostGetFlags(unsigned* flags, void* host) {
    if (flags == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const std::optional<Allocation> a = allocation_at(host);
    if (a && a->kind == AllocationKind::PinnedHost) {
        *flags = cudaHostAllocMapped;  // every pinned allocation is mapped
        return SIMT_API_RESULT(cudaSuccess);
    }
    const std::optional<Allocation> r = registered_range(host);
    if (!r) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(flags_mutex);
    *flags = registered_flags()[r->base] | cudaHostAllocMapped;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
    if (attributes == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    void* p = const_cast<void*>(ptr);
    *attributes = cudaPointerAttributes{cudaMemoryTypeUnregistered, cudaInvalidDeviceId, nullptr, nullptr};
    if (const std::optional<Allocation> a = allocation_at(ptr)) {
        attributes->device = 0;
        attributes->devicePointer = p;
        switch (a->kind) {
            case AllocationKind::Device: attributes->type = cudaMemoryTypeDevice; break;
            case AllocationKind::Managed: attributes->type = cudaMemoryTypeManaged; attributes->hostPointer = p; break;
            case AllocationKind::PinnedHost:
            case AllocationKind::RegisteredHost: attributes->type = cudaMemoryTypeHost; attributes->hostPointer = p; break;
        }
        return SIMT_API_RESULT(cudaSuccess);
    }
    if (registered_range(ptr))
        *attributes = cudaPointerAttributes{cudaMemoryTypeHost, 0, p, p};
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaMemGetInfo(std::size_t* free, std::size_t* total) {
    if (free == nullptr || total == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *total = ProcessRuntime::get().engine().limits().global_bytes;
    const std::size_t used = memory().live_bytes();
    *free = used < *total ? *total - used : 0;
    return SIMT_API_RESULT(cudaSuccess);
}

namespace {
cudaError_t pool_of(cudaMemPool_t* pool, int device) {
    if (pool == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    *pool = &default_pool;
    return cudaSuccess;
}
}  // namespace

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) { return SIMT_API_RESULT(pool_of(pool, device)); }
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device) { return SIMT_API_RESULT(pool_of(pool, device)); }

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value) {
    if (pool != &default_pool || value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    CUmemPoolHandle_st& s = *pool;
    switch (attribute) {
        case cudaMemPoolReuseFollowEventDependencies: s.follow_events = *static_cast<int*>(value); break;
        case cudaMemPoolReuseAllowOpportunistic: s.opportunistic = *static_cast<int*>(value); break;
        case cudaMemPoolReuseAllowInternalDependencies: s.internal_dependencies = *static_cast<int*>(value); break;
        case cudaMemPoolAttrReleaseThreshold: s.release_threshold = *static_cast<unsigned long long*>(value); break;
        case cudaMemPoolAttrReservedMemHigh:
        case cudaMemPoolAttrUsedMemHigh:
            // Only a reset to zero is allowed, as in CUDA.
            if (*static_cast<unsigned long long*>(value) != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
            pool->used_high = memory().live_bytes();
            break;
        default: return SIMT_API_RESULT(cudaErrorInvalidValue);
    }
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value) {
    if (pool != &default_pool || value == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    const CUmemPoolHandle_st& s = *pool;
    const unsigned long long used = memory().live_bytes();
    if (used > pool->used_high) pool->used_high = used;
    switch (attribute) {
        case cudaMemPoolReuseFollowEventDependencies: *static_cast<int*>(value) = s.follow_events; break;
        case cudaMemPoolReuseAllowOpportunistic: *static_cast<int*>(value) = s.opportunistic; break;
        case cudaMemPoolReuseAllowInternalDependencies: *static_cast<int*>(value) = s.internal_dependencies; break;
        case cudaMemPoolAttrReleaseThreshold: *static_cast<unsigned long long*>(value) = s.release_threshold; break;
        case cudaMemPoolAttrReservedMemCurrent:
        case cudaMemPoolAttrUsedMemCurrent: *static_cast<unsigned long long*>(value) = used; break;
        case cudaMemPoolAttrReservedMemHigh:
        case cudaMemPoolAttrUsedMemHigh: *static_cast<unsigned long long*>(value) = pool->used_high; break;
        default: return SIMT_API_RESULT(cudaErrorInvalidValue);
    }
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t) {
    return SIMT_API_RESULT(pool == &default_pool ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t simt_malloc_from_pool_at(void** ptr, std::size_t bytes, cudaMemPool_t pool, const void* site) {
    if (pool != &default_pool) return ::simt::cuda::api_result(cudaErrorInvalidValue, "cudaMallocFromPoolAsync", site);
    return simt_malloc_at(ptr, bytes, 3, site);
}

namespace {
// Hints and prefetches name managed memory: [ptr, ptr + bytes) inside one
// cudaMallocManaged allocation, as CUDA requires.
cudaError_t check_managed(const void* ptr, std::size_t bytes, int device) {
    if (device != 0 && device != cudaCpuDeviceId) return cudaErrorInvalidDevice;
    const std::optional<Allocation> a = allocation_at(ptr);
    if (!a || a->kind != AllocationKind::Managed) return cudaErrorInvalidValue;
    if (bytes > a->size - (reinterpret_cast<std::uintptr_t>(ptr) - a->base)) return cudaErrorInvalidValue;
    return cudaSuccess;
}
cudaError_t check_advice(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice, int device) {
    if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy) return cudaErrorInvalidValue;
    // Read-mostly ignores the device argument.
    const bool any_device = advice == cudaMemAdviseSetReadMostly || advice == cudaMemAdviseUnsetReadMostly;
    return check_managed(ptr, bytes, any_device ? 0 : device);
}
// A location as the device number the older forms take.
int device_of(cudaMemLocation location) {
    switch (location.type) {
        case cudaMemLocationTypeDevice: return location.id;
        case cudaMemLocationTypeHost:
        case cudaMemLocationTypeHostNuma:
        case cudaMemLocationTypeHostNumaCurrent: return cudaCpuDeviceId;
        default: return cudaInvalidDeviceId;
    }
}
}  // namespace

cudaError_t cudaMemPrefetchAsync(const void* ptr, std::size_t bytes, int device, cudaStream_t) {
    return SIMT_API_RESULT(check_managed(ptr, bytes, device));
}
cudaError_t cudaMemAdvise(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice, int device) {
    return SIMT_API_RESULT(check_advice(ptr, bytes, advice, device));
}
cudaError_t cudaMemPrefetchAsync(const void* ptr, std::size_t bytes, cudaMemLocation location, unsigned flags,
                                 cudaStream_t) {
    return SIMT_API_RESULT(flags != 0 ? cudaErrorInvalidValue : check_managed(ptr, bytes, device_of(location)));
}
cudaError_t cudaMemAdvise(const void* ptr, std::size_t bytes, cudaMemoryAdvise advice, cudaMemLocation location) {
    return SIMT_API_RESULT(check_advice(ptr, bytes, advice, device_of(location)));
}
cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void* ptr, std::size_t bytes, unsigned flags) {
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    return SIMT_API_RESULT(check_managed(ptr, bytes, 0));
}
