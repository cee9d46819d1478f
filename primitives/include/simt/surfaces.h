// Surface objects: unfiltered loads and stores of a CUDA array's elements,
// with x in bytes as in CUDA (element i of a float surface is at x = 4 * i).
// Each access is one runtime call (texture_fetch.cpp) that applies the
// boundary mode as a Hopper GPU does: an x that is not a multiple of the access
// size fails the launch (cudaErrorMisalignedAddress) in every mode; outside
// the array, trap fails it (cudaErrorIllegalAddress), zero reads 0 and drops
// the store, clamp moves to the nearest element. Numbers are CUDA's
// (surface_types.h).
#pragma once

#include "simt/textures.h"

enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,
    cudaBoundaryModeClamp = 1,
    cudaBoundaryModeTrap = 2,
};
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };

typedef unsigned long long cudaSurfaceObject_t;

SIMT_C_API cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* surface, const cudaResourceDesc* resource);
SIMT_C_API cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surface);
SIMT_C_API cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* resource, cudaSurfaceObject_t surface);

namespace simt::cuda {
enum class SurfaceShape : int { Surf1D, Surf2D, Surf3D, Layered1D, Layered2D };
// Copies `size` bytes between `value` and the element at (x bytes, y, z or
// layer). Out of line: its return address is the access's place in the
// kernel, for reports.
void surface_access(cudaSurfaceObject_t surface, SurfaceShape shape, int x, int y, int z, void* value,
                    unsigned size, bool store, cudaSurfaceBoundaryMode mode);

template <class T>
SIMT_TEXTURE_INLINE T surface_load(cudaSurfaceObject_t s, SurfaceShape shape, int x, int y, int z,
                                   cudaSurfaceBoundaryMode mode) {
    T value;
    surface_access(s, shape, x, y, z, &value, sizeof value, false, mode);
    return value;
}
template <class T>
SIMT_TEXTURE_INLINE void surface_store(T value, cudaSurfaceObject_t s, SurfaceShape shape, int x, int y, int z,
                                       cudaSurfaceBoundaryMode mode) {
    surface_access(s, shape, x, y, z, &value, sizeof value, true, mode);
}
}  // namespace simt::cuda

// Each shape: a write, a read returning T, a read through a pointer.
#define SIMT_SURFACE_SHAPE(name, shape, params, args)                                                           \
    template <class T>                                                                                          \
    SIMT_TEXTURE_INLINE void name##write(T value, cudaSurfaceObject_t s, SIMT_UNPAREN params,                   \
                                         cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                 \
        simt::cuda::surface_store(value, s, simt::cuda::SurfaceShape::shape, SIMT_UNPAREN args, mode);         \
    }                                                                                                           \
    template <class T>                                                                                          \
    SIMT_TEXTURE_INLINE T name##read(cudaSurfaceObject_t s, SIMT_UNPAREN params,                                \
                                     cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                     \
        return simt::cuda::surface_load<T>(s, simt::cuda::SurfaceShape::shape, SIMT_UNPAREN args, mode);       \
    }                                                                                                           \
    template <class T>                                                                                          \
    SIMT_TEXTURE_INLINE void name##read(T* out, cudaSurfaceObject_t s, SIMT_UNPAREN params,                     \
                                        cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                  \
        *out = simt::cuda::surface_load<T>(s, simt::cuda::SurfaceShape::shape, SIMT_UNPAREN args, mode);       \
    }
#define SIMT_UNPAREN(...) __VA_ARGS__
SIMT_SURFACE_SHAPE(surf1D, Surf1D, (int x), (x, 0, 0))
SIMT_SURFACE_SHAPE(surf2D, Surf2D, (int x, int y), (x, y, 0))
SIMT_SURFACE_SHAPE(surf3D, Surf3D, (int x, int y, int z), (x, y, z))
SIMT_SURFACE_SHAPE(surf1DLayered, Layered1D, (int x, int layer), (x, 0, layer))
SIMT_SURFACE_SHAPE(surf2DLayered, Layered2D, (int x, int y, int layer), (x, y, layer))
#undef SIMT_UNPAREN
#undef SIMT_SURFACE_SHAPE
