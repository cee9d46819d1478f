// CUDA features simt does not emulate yet: each name exists so that a
// program using it gets one clear message at its line instead of g++'s
// "not declared in this scope". The functions are templates whose body
// fails only when called.
#pragma once

namespace simt::cuda::detail {
template <class...>
inline constexpr bool unsupported = false;
}  // namespace simt::cuda::detail

struct simt_array;
typedef simt_array* cudaArray_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

#define SIMT_UNSUPPORTED(name, what)                                                                       \
    template <class... A>                                                                                  \
    cudaError_t name(A...) {                                                                               \
        static_assert(::simt::cuda::detail::unsupported<A...>, "simt does not support " what " yet (" #name \
                                                               "): see README, What works");              \
        return cudaErrorUnknown;                                                                           \
    }
SIMT_UNSUPPORTED(cudaCreateTextureObject, "textures")
SIMT_UNSUPPORTED(cudaDestroyTextureObject, "textures")
SIMT_UNSUPPORTED(cudaCreateSurfaceObject, "surfaces")
SIMT_UNSUPPORTED(cudaMallocArray, "CUDA arrays (textures)")
SIMT_UNSUPPORTED(cudaMemcpyToArray, "CUDA arrays (textures)")
SIMT_UNSUPPORTED(cudaMemcpy2DToArray, "CUDA arrays (textures)")
SIMT_UNSUPPORTED(cudaFreeArray, "CUDA arrays (textures)")
#undef SIMT_UNSUPPORTED

// Texture fetches: the device side of the same.
template <class T, class... A>
T tex1Dfetch(A...) {
    static_assert(::simt::cuda::detail::unsupported<A...>, "simt does not support textures yet (tex1Dfetch): read "
                                                           "the buffer through a pointer (__ldg) instead");
    return T{};
}
template <class T, class... A>
T tex2D(A...) {
    static_assert(::simt::cuda::detail::unsupported<A...>, "simt does not support textures yet (tex2D)");
    return T{};
}
template <class T, class... A>
T tex3D(A...) {
    static_assert(::simt::cuda::detail::unsupported<A...>, "simt does not support textures yet (tex3D)");
    return T{};
}

// Texture references (the pre-CUDA-12 API): declaring one says so.
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
template <class T, int Dim = 1, cudaTextureReadMode Mode = cudaReadModeElementType>
struct texture {
    static_assert(::simt::cuda::detail::unsupported<T>,
                  "simt does not support textures yet (texture<>): read the buffer through a pointer (__ldg) instead");
};
