// CUDA arrays and the copies into and out of them (simt/cuda_arrays.h).
// The checks and their errors are what a Hopper GPU answered (an H200, CUDA 13, the
// probes in docs/gpu-runs/probes/): a copy is byte-granular, refused
// whole with cudaErrorInvalidValue when it leaves the array, and a freed
// array answers cudaErrorContextIsDestroyed.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "driver/hazard.h"
#include "emulator/global_memory.h"
#include "deferred_work.h"
#include "process_runtime.h"
#include "texture_state.h"

using simt::cuda::ProcessRuntime;

namespace {

cudaError_t done(cudaError_t e) { return ProcessRuntime::get().result(e); }
// What a call that failed returns through: reported at the program's line
// (`site`, the entry point's return address) under the call's name.
cudaError_t result(const char* call, const void* site, cudaError_t e) { return simt::cuda::api_result(e, call, site); }
simt::GlobalMemory& memory() { return ProcessRuntime::get().engine().memory(); }

// Misuse the program should hear of, reported at its line as the other
// runtime calls report theirs (an `api` error), then returned.
cudaError_t refuse(const char* call, const void* site, cudaError_t e, std::string what, std::string why,
                   std::string fix) {
    return ProcessRuntime::get().refuse_call(call, site, e, std::move(what), std::move(why), std::move(fix));
}

std::mutex arrays_mutex;
std::set<const cudaArray*>& arrays() {
    static std::set<const cudaArray*> all;
    return all;
}

// The texture size limits of an H100 (cudaDeviceProp::maxTexture*), which
// cudaMallocArray and cudaMalloc3DArray enforce.
bool within_limits(const cudaExtent& e, bool layered) {
    if (layered) return e.width <= 32768 && e.height <= 32768 && e.depth <= 2048;
    if (e.depth != 0) return e.width <= 16384 && e.height <= 16384 && e.depth <= 16384;
    if (e.height != 0) return e.width <= 131072 && e.height <= 65536;
    return e.width <= 131072;
}

cudaError_t allocate(const char* call, const void* site, cudaArray_t* array, const cudaChannelFormatDesc* desc,
                     cudaExtent extent, unsigned flags) {
    const auto turn = ProcessRuntime::get().device_turn();
    if (array == nullptr || desc == nullptr) return result(call, site, cudaErrorInvalidValue);
    simt::cuda::TexelFormat format;
    if (!simt::cuda::format_of(*desc, format)) return result(call, site, cudaErrorInvalidChannelDescriptor);
    const bool layered = (flags & cudaArrayLayered) != 0;
    // A 3-D array needs a height; a layered one at least one layer.
    if (extent.width == 0 || (extent.depth != 0 && extent.height == 0 && !layered) || (layered && extent.depth == 0))
        return result(call, site, cudaErrorInvalidValue);
    if (!within_limits(extent, layered)) return result(call, site, cudaErrorInvalidValue);
    auto* a = new cudaArray;
    a->desc = *desc;
    a->format = format;
    a->extent = extent;
    a->flags = flags;
    const std::size_t bytes = a->slice_bytes() * a->slices();
    if (bytes > ProcessRuntime::get().engine().limits().global_bytes) {
        delete a;
        return result(call, site, cudaErrorMemoryAllocation);
    }
    // Zeroed, unlike a GPU's: fetches of unwritten texels then read the
    // same values on every run.
    a->storage = std::make_shared<std::vector<unsigned char>>(bytes);
    std::lock_guard<std::mutex> lock(arrays_mutex);
    arrays().insert(a);
    *array = a;
    return done(cudaSuccess);
}

// Whether a handle can be used: CUDA's answers for null, unknown and freed.
cudaError_t check_array(const cudaArray* a) {
    if (a == nullptr || !simt::cuda::known_array(a)) return cudaErrorInvalidResourceHandle;
    return a->live ? cudaSuccess : cudaErrorContextIsDestroyed;
}

// One side of a copy: its first byte and the distance between rows and
// between slices.
struct Side {
    unsigned char* first;
    std::size_t pitch, slice;
    bool device;  // cudaMalloc'd memory: the init checker hears of writes
};

void copy_box(const Side& to, const Side& from, std::size_t width, std::size_t height, std::size_t depth) {
    for (std::size_t z = 0; z < depth; ++z)
        for (std::size_t y = 0; y < height; ++y) {
            unsigned char* d = to.first + z * to.slice + y * to.pitch;
            std::memmove(d, from.first + z * from.slice + y * from.pitch, width);
            if (to.device) {
                const simt::MemoryEvent written{simt::MemoryOp::HostWrite, simt::Allocation{},
                                                reinterpret_cast<std::uintptr_t>(d), width};
                for (simt::Checker* c : ProcessRuntime::get().engine().checkers()) c->on_memory(written);
            }
        }
}

bool is_device(const void* p) { return memory().contains(reinterpret_cast<std::uintptr_t>(p)); }

// A pointer side of `height` rows of `width` bytes over `depth` slices:
// null and device ranges past their allocation are refused as cudaMemcpy
// refuses them; "" when nothing is wrong.
std::string pointer_problem(const void* p, std::size_t pitch, std::size_t slice, std::size_t width,
                            std::size_t height, std::size_t depth) {
    if (p == nullptr) return "the pointer is null";
    if (!is_device(p)) return "";
    const std::size_t span = slice * (depth - 1) + pitch * (height - 1) + width;
    return memory().check_range(reinterpret_cast<std::uintptr_t>(p), span);
}

std::string span_text(std::size_t first, std::size_t count) {
    return "[" + std::to_string(first) + ", " + std::to_string(first + count) + ")";
}

// "bytes [0, 20), rows [0, 4) leave the array (16-byte rows, 4 rows)".
std::string outside_text(const cudaArray& a, std::size_t x, std::size_t y, std::size_t z, std::size_t width,
                         std::size_t height, std::size_t depth) {
    const bool slices = a.slices() > 1 || z != 0 || depth > 1;
    return "bytes " + span_text(x, width) + ", rows " + span_text(y, height) +
           (slices ? ", slices " + span_text(z, depth) : "") + " leave the array (" + std::to_string(a.row_bytes()) +
           "-byte rows, " + std::to_string(a.rows()) + " rows" +
           (slices ? ", " + std::to_string(a.slices()) + " slices" : "") + ")";
}

// The array side of a copy: `x` and `width` in bytes, the rest in rows and
// slices. Past the array: refused and reported, as a GPU refuses it whole.
cudaError_t array_side(const char* call, const void* site, const cudaArray* a, std::size_t x, std::size_t y,
                       std::size_t z, std::size_t width, std::size_t height, std::size_t depth, Side& side) {
    if (const cudaError_t e = check_array(a); e != cudaSuccess)
        return refuse(call, site, e,
                      a == nullptr ? std::string("the array is null") :
                      e == cudaErrorContextIsDestroyed ? "the array was freed (cudaFreeArray)" :
                                                         "the handle is no array cudaMallocArray returned",
                      "a copy needs a live array; nothing was copied",
                      "allocate the array first and free it only after its last use");
    if (x > a->row_bytes() || width > a->row_bytes() - x || y > a->rows() || height > a->rows() - y ||
        z > a->slices() || depth > a->slices() - z)
        return refuse(call, site, cudaErrorInvalidValue,
                      outside_text(*a, x, y, z, width, height, depth),
                      "a copy into or out of a CUDA array must lie inside it (offsets and widths in bytes, "
                      "heights in rows); a GPU refuses the whole call and copies nothing",
                      "check the offsets and the width in bytes (elements * sizeof(texel)) against the array's "
                      "extent (cudaArrayGetInfo)");
    side = Side{a->storage->data() + z * a->slice_bytes() + y * a->row_bytes() + x, a->row_bytes(), a->slice_bytes(),
                false};
    return cudaSuccess;
}

// Which way data may go between an array and `ptr` (as a GPU answers).
cudaError_t check_direction(bool to_array, const void* ptr, cudaMemcpyKind kind) {
    if (ptr == nullptr) return cudaErrorInvalidValue;
    const bool host_side = to_array ? kind == cudaMemcpyHostToDevice : kind == cudaMemcpyDeviceToHost;
    if (!host_side && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    if (kind == cudaMemcpyDeviceToDevice && !is_device(ptr)) return cudaErrorInvalidValue;
    return cudaSuccess;
}

// Moves rows between the array side and linear memory at `ptr`, after
// checking the linear side.
cudaError_t copy_rows(const char* call, const void* site, bool to_array, const Side& array, void* ptr,
                      std::size_t pitch, std::size_t width, std::size_t height) {
    simt::cuda::wait_for_device();
    if (width == 0 || height == 0) return done(cudaSuccess);
    if (std::string problem = pointer_problem(ptr, pitch, 0, width, height, 1); !problem.empty())
        return refuse(call, site, cudaErrorInvalidValue, "the linear memory, " + problem,
                      "device memory a copy touches must lie inside one live allocation; nothing was copied",
                      "pass a pitch and height that fit the allocation");
    const Side linear{static_cast<unsigned char*>(ptr), pitch, 0, is_device(ptr)};
    if (to_array)
        copy_box(array, linear, width, height, 1);
    else
        copy_box(linear, array, width, height, 1);
    return done(cudaSuccess);
}

cudaError_t copy_2d(const char* call, const void* site, bool to_array, const cudaArray* a, void* ptr,
                    std::size_t pitch, std::size_t x, std::size_t y, std::size_t width, std::size_t height,
                    cudaMemcpyKind kind) {
    const auto turn = ProcessRuntime::get().device_turn();
    Side array;
    if (check_array(a) != cudaSuccess) return array_side(call, site, a, 0, 0, 0, 0, 0, 0, array);
    if (const cudaError_t e = check_direction(to_array, ptr, kind); e != cudaSuccess) return result(call, site, e);
    if (pitch < width) return result(call, site, cudaErrorInvalidPitchValue);
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    if (const cudaError_t e = array_side(call, site, a, x, y, 0, width, height, 1, array); e != cudaSuccess) return e;
    return copy_rows(call, site, to_array, array, ptr, pitch, width, height);
}

// The deprecated 1-D forms: `count` bytes from (x, y) on, through as many
// of the array's packed rows as they fill.
cudaError_t copy_1d(const char* call, const void* site, bool to_array, const cudaArray* a, void* ptr, std::size_t x,
                    std::size_t y, std::size_t count, cudaMemcpyKind kind) {
    const auto turn = ProcessRuntime::get().device_turn();
    Side array;
    if (check_array(a) != cudaSuccess) return array_side(call, site, a, 0, 0, 0, 0, 0, 0, array);
    if (const cudaError_t e = check_direction(to_array, ptr, kind); e != cudaSuccess) return result(call, site, e);
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    const std::size_t total = a->slice_bytes() * a->slices();
    const std::size_t start = y * a->row_bytes() + x;
    if (x > a->row_bytes() || y > a->rows() || start > total || count > total - start)
        return refuse(call, site, cudaErrorInvalidValue,
                      std::to_string(count) + " bytes from byte " + std::to_string(x) + " of row " +
                          std::to_string(y) + " run past the " + std::to_string(total) + "-byte array",
                      "a copy into or out of a CUDA array must lie inside it; a GPU refuses the whole call and "
                      "copies nothing",
                      "copy at most the array's size less the offset");
    array = Side{a->storage->data() + start, count, 0, false};
    return copy_rows(call, site, to_array, array, ptr, count, count, 1);
}

}  // namespace

namespace simt::cuda {

bool format_of(const cudaChannelFormatDesc& d, TexelFormat& format) {
    const int widths[4] = {d.x, d.y, d.z, d.w};
    int channels = 0;
    while (channels < 4 && widths[channels] != 0) ++channels;
    for (int i = channels; i < 4; ++i)
        if (widths[i] != 0) return false;
    if (channels == 0 || channels == 3) return false;
    for (int i = 1; i < channels; ++i)
        if (widths[i] != d.x) return false;
    const bool width_ok = d.f == cudaChannelFormatKindFloat ? (d.x == 16 || d.x == 32)
                                                            : (d.x == 8 || d.x == 16 || d.x == 32);
    if (!width_ok || (d.f != cudaChannelFormatKindSigned && d.f != cudaChannelFormatKindUnsigned &&
                      d.f != cudaChannelFormatKindFloat))
        return false;
    format = TexelFormat{channels, d.x, d.f};
    return true;
}

bool known_array(const cudaArray* a) {
    std::lock_guard<std::mutex> lock(arrays_mutex);
    return arrays().count(a) != 0;
}

ResourceView array_view(const cudaArray& a) {
    ResourceView v;
    v.storage = a.storage;
    v.base = a.storage->data();
    v.format = a.format;
    v.width = a.columns();
    v.row_pitch = a.row_bytes();
    v.slice_pitch = a.slice_bytes();
    // A cubemap is six layers, one per face (texCubemap picks the face).
    v.layered = (a.flags & (cudaArrayLayered | cudaArrayCubemap)) != 0;
    v.height = a.rows();
    if (v.layered) {
        v.layers = a.slices();
        v.dims = a.extent.height == 0 ? 1 : 2;
    } else {
        v.depth = a.slices();
        v.dims = a.extent.depth != 0 ? 3 : a.extent.height != 0 ? 2 : 1;
    }
    return v;
}

}  // namespace simt::cuda

#define SIMT_SITE __builtin_return_address(0)

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, std::size_t width,
                            std::size_t height, unsigned flags) {
    if ((flags & (cudaArrayLayered | cudaArrayCubemap)) != 0) return SIMT_API_RESULT(cudaErrorInvalidValue);
    return allocate("cudaMallocArray", SIMT_SITE, array, desc, cudaExtent{width, height, 0}, flags);
}
cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned flags) {
    if ((flags & cudaArrayCubemap) != 0) {
        // Six square faces (layered cubemaps, six per layer, are not emulated).
        if ((flags & cudaArrayLayered) != 0) return SIMT_API_RESULT(cudaErrorNotSupported);
        if (extent.width != extent.height || extent.depth != 6) return SIMT_API_RESULT(cudaErrorInvalidValue);
        const cudaError_t e = allocate("cudaMalloc3DArray", SIMT_SITE, array, desc, extent, flags | cudaArrayLayered);
        if (e == cudaSuccess) (*array)->flags = flags;  // cudaArrayGetInfo says cubemap, as CUDA does
        return e;
    }
    return allocate("cudaMalloc3DArray", SIMT_SITE, array, desc, extent, flags);
}

cudaError_t cudaFreeArray(cudaArray_t array) {
    const auto turn = ProcessRuntime::get().device_turn();
    if (array == nullptr) return done(cudaSuccess);
    if (const cudaError_t e = check_array(array); e != cudaSuccess)
        return refuse("cudaFreeArray", SIMT_SITE, e,
                      e == cudaErrorContextIsDestroyed ? "the array was already freed" : "the handle is no array",
                      "only an array cudaMallocArray or cudaMalloc3DArray returned, not yet freed, can be freed",
                      "free each array once, and set the handle to nullptr after freeing");
    array->live = false;
    array->storage.reset();  // a texture object over it keeps its own reference
    return done(cudaSuccess);
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned* flags, cudaArray_t array) {
    if (const cudaError_t e = check_array(array); e != cudaSuccess) return SIMT_API_RESULT(e);
    if (desc != nullptr) *desc = array->desc;
    if (extent != nullptr) *extent = array->extent;
    if (flags != nullptr) *flags = array->flags;
    return SIMT_API_RESULT(cudaSuccess);
}
cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
    if (const cudaError_t e = check_array(array); e != cudaSuccess) return SIMT_API_RESULT(e);
    if (desc == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    *desc = array->desc;
    return SIMT_API_RESULT(cudaSuccess);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind) {
    return copy_2d("cudaMemcpy2DToArray", SIMT_SITE, true, dst, const_cast<void*>(src), spitch, wOffset, hOffset,
                   width, height, kind);
}
cudaError_t cudaMemcpy2DFromArray(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t wOffset,
                                  std::size_t hOffset, std::size_t width, std::size_t height, cudaMemcpyKind kind) {
    return copy_2d("cudaMemcpy2DFromArray", SIMT_SITE, false, src, dst, dpitch, wOffset, hOffset, width, height,
                   kind);
}
// Work is done when the call returns (as for every simt stream).
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                     std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind,
                                     cudaStream_t) {
    return copy_2d("cudaMemcpy2DToArrayAsync", SIMT_SITE, true, dst, const_cast<void*>(src), spitch, wOffset,
                   hOffset, width, height, kind);
}
cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t wOffset,
                                       std::size_t hOffset, std::size_t width, std::size_t height,
                                       cudaMemcpyKind kind, cudaStream_t) {
    return copy_2d("cudaMemcpy2DFromArrayAsync", SIMT_SITE, false, src, dst, dpitch, wOffset, hOffset, width,
                   height, kind);
}
cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                              std::size_t count, cudaMemcpyKind kind) {
    return copy_1d("cudaMemcpyToArray", SIMT_SITE, true, dst, const_cast<void*>(src), wOffset, hOffset, count,
                   kind);
}
cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, std::size_t wOffset, std::size_t hOffset,
                                std::size_t count, cudaMemcpyKind kind) {
    return copy_1d("cudaMemcpyFromArray", SIMT_SITE, false, src, dst, wOffset, hOffset, count, kind);
}
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                   std::size_t count, cudaMemcpyKind kind, cudaStream_t) {
    return copy_1d("cudaMemcpyToArrayAsync", SIMT_SITE, true, dst, const_cast<void*>(src), wOffset, hOffset,
                   count, kind);
}
cudaError_t cudaMemcpyFromArrayAsync(void* dst, cudaArray_const_t src, std::size_t wOffset, std::size_t hOffset,
                                     std::size_t count, cudaMemcpyKind kind, cudaStream_t) {
    return copy_1d("cudaMemcpyFromArrayAsync", SIMT_SITE, false, src, dst, wOffset, hOffset, count, kind);
}

namespace {

// cudaMemcpy3D: each side an array (positions and widths in elements) or a
// pitched pointer (widths in bytes when both sides are pointers).
cudaError_t copy_3d(const cudaMemcpy3DParms* p, const void* site) {
    constexpr const char* call = "cudaMemcpy3D";
    if (p == nullptr) return result(call, site, cudaErrorInvalidValue);
    simt::cuda::wait_for_device();
    const auto turn = ProcessRuntime::get().device_turn();
    const bool src_array = p->srcArray != nullptr, dst_array = p->dstArray != nullptr;
    if (src_array == (p->srcPtr.ptr != nullptr) || dst_array == (p->dstPtr.ptr != nullptr))
        return result(call, site, cudaErrorInvalidValue);
    if (p->kind < cudaMemcpyHostToHost || p->kind > cudaMemcpyDefault) return result(call, site, cudaErrorInvalidMemcpyDirection);
    for (const cudaArray* a : {p->srcArray, p->dstArray})
        if (a != nullptr && check_array(a) != cudaSuccess) {
            Side unused;
            return array_side(call, site, a, 0, 0, 0, 0, 0, 0, unused);
        }
    const cudaExtent& e = p->extent;
    if (e.width == 0 || e.height == 0 || e.depth == 0) return done(cudaSuccess);
    if (ProcessRuntime::get().sticky() != cudaSuccess) return done(cudaSuccess);
    const std::size_t element = src_array ? p->srcArray->format.bytes() : dst_array ? p->dstArray->format.bytes() : 1;
    const std::size_t width = e.width * element;
    Side sides[2];
    for (int i = 0; i < 2; ++i) {
        const bool src = i == 0;
        const cudaArray* a = src ? p->srcArray : p->dstArray;
        const cudaPos& pos = src ? p->srcPos : p->dstPos;
        const cudaPitchedPtr& ptr = src ? p->srcPtr : p->dstPtr;
        if (a != nullptr) {
            if (a->format.bytes() != element) return result(call, site, cudaErrorInvalidValue);
            if (const cudaError_t err =
                    array_side(call, site, a, pos.x * element, pos.y, pos.z, width, e.height, e.depth, sides[i]);
                err != cudaSuccess)
                return err;
            continue;
        }
        if (ptr.pitch < width || ptr.ysize < e.height) return result(call, site, cudaErrorInvalidValue);
        if (p->kind == cudaMemcpyDeviceToDevice && !is_device(ptr.ptr)) return result(call, site, cudaErrorInvalidValue);
        auto* first = static_cast<unsigned char*>(ptr.ptr) + pos.z * ptr.pitch * ptr.ysize + pos.y * ptr.pitch + pos.x;
        const std::size_t slice = ptr.pitch * ptr.ysize;
        if (std::string problem = pointer_problem(first, ptr.pitch, slice, width, e.height, e.depth); !problem.empty())
            return refuse(call, site, cudaErrorInvalidValue,
                          std::string(src ? "the source, " : "the destination, ") + problem,
                          "device memory a copy touches must lie inside one live allocation; nothing was copied",
                          "check the pitched pointer's pitch and ysize and the extent against the allocation");
        sides[i] = Side{first, ptr.pitch, slice, is_device(first)};
    }
    copy_box(sides[1], sides[0], width, e.height, e.depth);
    return done(cudaSuccess);
}

}  // namespace

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) { return copy_3d(p, SIMT_SITE); }
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t) { return copy_3d(p, SIMT_SITE); }

cudaError_t cudaMalloc3D(cudaPitchedPtr* ptr, cudaExtent extent) {
    if (ptr == nullptr) return SIMT_API_RESULT(cudaErrorInvalidValue);
    std::size_t pitch = 0;
    void* p = nullptr;
    const cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, extent.height * extent.depth);
    if (e == cudaSuccess) *ptr = cudaPitchedPtr{p, pitch, extent.width, extent.height};
    return e;
}
