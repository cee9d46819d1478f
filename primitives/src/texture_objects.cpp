// Texture and surface objects: creation, destruction and the handle table
// the device side reads (simt/textures.h, simt/surfaces.h). The checks and
// their errors are what a Hopper GPU answered (an H200, CUDA 13): linear filtering of an
// integer read as elements is cudaErrorInvalidFilterSetting, a normalized
// read of float or 32-bit data cudaErrorInvalidNormSetting, linear memory
// not 512-byte aligned and pitches not a multiple of 32 cudaErrorInvalidValue;
// destroying anything, even a destroyed or unknown handle, succeeds.
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "emulator/global_memory.h"
#include "process_runtime.h"
#include "texture_state.h"

using simt::cuda::ProcessRuntime;
using simt::cuda::ResourceView;
using simt::cuda::TextureObject;

namespace {


// The textureAlignment and texturePitchAlignment an H100 reports.
constexpr std::size_t kTextureAlignment = 512;
constexpr std::size_t kPitchAlignment = 32;

// Handle h names objects()[h - 1]. Objects are only added and marked
// destroyed, on the host under the device turn, never during a launch:
// fetches read the table without a lock.
std::vector<std::unique_ptr<TextureObject>>& objects() {
    static std::vector<std::unique_ptr<TextureObject>> table;
    return table;
}

bool is_device(const void* p) {
    return ProcessRuntime::get().engine().memory().contains(reinterpret_cast<std::uintptr_t>(p));
}

// Linear memory a texture may read: a live allocation, at a multiple of the
// texture alignment from its start (an H100's allocations are themselves
// 512-byte aligned; simt's only 256, as cudaMalloc promises).
bool texture_aligned(const void* p) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    if (!is_device(p)) return false;
    const std::optional<simt::Allocation> found = ProcessRuntime::get().engine().memory().find(a);
    return found && a - found->base < found->size && (a - found->base) % kTextureAlignment == 0;
}

// The view of a resource, or the error CUDA gives for it.
cudaError_t view_of(const cudaResourceDesc& r, ResourceView& v) {
    switch (r.resType) {
        case cudaResourceTypeArray: {
            const cudaArray* a = r.res.array.array;
            if (a == nullptr || !simt::cuda::known_array(a)) return cudaErrorInvalidResourceHandle;
            if (!a->live) return cudaErrorContextIsDestroyed;
            v = simt::cuda::array_view(*a);
            return cudaSuccess;
        }
        case cudaResourceTypeLinear: {
            const auto& l = r.res.linear;
            if (!simt::cuda::format_of(l.desc, v.format)) return cudaErrorInvalidChannelDescriptor;
            if (!texture_aligned(l.devPtr))
                return cudaErrorInvalidValue;
            v.base = static_cast<const unsigned char*>(l.devPtr);
            v.width = l.sizeInBytes / v.format.bytes();
            v.row_pitch = l.sizeInBytes;
            v.linear = v.device_memory = true;
            return cudaSuccess;
        }
        case cudaResourceTypePitch2D: {
            const auto& p = r.res.pitch2D;
            if (!simt::cuda::format_of(p.desc, v.format)) return cudaErrorInvalidChannelDescriptor;
            if (!texture_aligned(p.devPtr) ||
                p.pitchInBytes % kPitchAlignment != 0 || p.width == 0 || p.height == 0)
                return cudaErrorInvalidValue;
            v.base = static_cast<const unsigned char*>(p.devPtr);
            v.width = p.width;
            v.height = p.height;
            v.row_pitch = p.pitchInBytes;
            v.slice_pitch = p.pitchInBytes * p.height;
            v.dims = 2;
            v.device_memory = true;
            return cudaSuccess;
        }
        default: return cudaErrorInvalidValue;  // mipmapped arrays are not emulated
    }
}

unsigned long long add(std::unique_ptr<TextureObject> object) {
    objects().push_back(std::move(object));
    return objects().size();
}

}  // namespace

namespace simt::cuda {
const TextureObject* find_object(unsigned long long handle) {
    if (handle == 0 || handle > objects().size()) return nullptr;
    return objects()[handle - 1].get();
}
}  // namespace simt::cuda

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* texture, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* desc, const cudaResourceViewDesc* view) {
    const auto turn = ProcessRuntime::get().device_turn();
    if (texture == nullptr || resource == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if (desc == nullptr) return SIMT_API_RESULT(cudaErrorInvalidResourceHandle);
    if (view != nullptr && view->format != cudaResViewFormatNone) return SIMT_API_RESULT(cudaErrorNotSupported);
    for (const cudaTextureAddressMode m : desc->addressMode)
        if (m < cudaAddressModeWrap || m > cudaAddressModeBorder) return SIMT_API_RESULT(cudaErrorInvalidValue);
    if ((desc->filterMode != cudaFilterModePoint && desc->filterMode != cudaFilterModeLinear) ||
        (desc->readMode != cudaReadModeElementType && desc->readMode != cudaReadModeNormalizedFloat))
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    auto object = std::make_unique<TextureObject>();
    if (const cudaError_t e = view_of(*resource, object->view); e != cudaSuccess) return SIMT_API_RESULT(e);
    const simt::cuda::TexelFormat& f = object->view.format;
    if (desc->readMode == cudaReadModeNormalizedFloat && (f.is_float() || f.bits == 32))
        return SIMT_API_RESULT(cudaErrorInvalidNormSetting);
    if (desc->filterMode == cudaFilterModeLinear && desc->readMode == cudaReadModeElementType && !f.is_float())
        return SIMT_API_RESULT(cudaErrorInvalidFilterSetting);
    object->resource = *resource;
    object->asked = *desc;
    object->desc = *desc;
    // Wrap and mirror exist for normalized coordinates only; with
    // unnormalized ones a Hopper GPU clamps.
    if (!desc->normalizedCoords)
        for (cudaTextureAddressMode& m : object->desc.addressMode)
            if (m == cudaAddressModeWrap || m == cudaAddressModeMirror) m = cudaAddressModeClamp;
    *texture = add(std::move(object));
    return SIMT_API_RESULT(cudaSuccess);
}

namespace {
// Shared by the texture and surface entry points, each of which reports
// under its own name.
cudaError_t destroy(cudaTextureObject_t texture) {
    const auto turn = ProcessRuntime::get().device_turn();
    if (texture != 0 && texture <= objects().size()) objects()[texture - 1]->live = false;
    return cudaSuccess;
}
cudaError_t resource_of(cudaResourceDesc* resource, cudaTextureObject_t texture) {
    const TextureObject* t = simt::cuda::find_object(texture);
    if (resource == nullptr || t == nullptr || !t->live) return cudaErrorInvalidValue;
    *resource = t->resource;
    return cudaSuccess;
}
}  // namespace

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texture) { return SIMT_API_RESULT(destroy(texture)); }
cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource, cudaTextureObject_t texture) {
    return SIMT_API_RESULT(resource_of(resource, texture));
}
cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* desc, cudaTextureObject_t texture) {
    const TextureObject* t = simt::cuda::find_object(texture);
    if (desc == nullptr || t == nullptr || !t->live || t->surface) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *desc = t->asked;
    return SIMT_API_RESULT(cudaSuccess);
}

// A surface needs an array; a Hopper GPU does not insist on the array's
// cudaArraySurfaceLoadStore flag, so neither does simt.
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* surface, const cudaResourceDesc* resource) {
    const auto turn = ProcessRuntime::get().device_turn();
    if (surface == nullptr || resource == nullptr || resource->resType != cudaResourceTypeArray)
        return SIMT_API_RESULT(cudaErrorInvalidValue);
    auto object = std::make_unique<TextureObject>();
    if (const cudaError_t e = view_of(*resource, object->view); e != cudaSuccess) return SIMT_API_RESULT(e);
    object->surface = true;
    object->resource = *resource;
    *surface = add(std::move(object));
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surface) { return SIMT_API_RESULT(destroy(surface)); }
cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* resource, cudaSurfaceObject_t surface) {
    return SIMT_API_RESULT(resource_of(resource, surface));
}
