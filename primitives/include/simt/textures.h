// Texture objects (CUDA 12's only textures: references are gone) over CUDA
// arrays, linear and pitched device memory, and the device fetches. A fetch
// is one runtime call (texture_fetch.cpp) that filters as a Hopper GPU's texture
// unit does and returns the four 32-bit registers the hardware fills; the
// typed templates below only pick those registers apart, so tex2D<float4>
// and tex2D<uchar4> read the same words a GPU's would. Enum numbers are
// CUDA's (texture_types.h, driver_types.h).
#pragma once

#include <cstdint>
#include <cstring>

#include "simt/cuda_arrays.h"
#include "simt/vector_types.h"

enum cudaResourceType {
    cudaResourceTypeArray = 0x00,
    cudaResourceTypeMipmappedArray = 0x01,
    cudaResourceTypeLinear = 0x02,
    cudaResourceTypePitch2D = 0x03,
};

// Mipmapped arrays are not emulated: the type exists for the descriptor.
struct cudaMipmappedArray;
typedef cudaMipmappedArray* cudaMipmappedArray_t;
typedef const cudaMipmappedArray* cudaMipmappedArray_const_t;

struct cudaResourceDesc {
    cudaResourceType resType;
    union {
        struct {
            cudaArray_t array;
        } array;
        struct {
            cudaMipmappedArray_t mipmap;
        } mipmap;
        struct {
            void* devPtr;
            cudaChannelFormatDesc desc;
            std::size_t sizeInBytes;
        } linear;
        struct {
            void* devPtr;
            cudaChannelFormatDesc desc;
            std::size_t width;   // elements
            std::size_t height;  // rows
            std::size_t pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned flags;
};

// Views reinterpret a resource's format; only "none" (no view) is emulated.
enum cudaResourceViewFormat {
    cudaResViewFormatNone = 0x00,
    cudaResViewFormatUnsignedChar1 = 1,
    cudaResViewFormatUnsignedChar2 = 2,
    cudaResViewFormatUnsignedChar4 = 3,
    cudaResViewFormatSignedChar1 = 4,
    cudaResViewFormatSignedChar2 = 5,
    cudaResViewFormatSignedChar4 = 6,
    cudaResViewFormatUnsignedShort1 = 7,
    cudaResViewFormatUnsignedShort2 = 8,
    cudaResViewFormatUnsignedShort4 = 9,
    cudaResViewFormatSignedShort1 = 10,
    cudaResViewFormatSignedShort2 = 11,
    cudaResViewFormatSignedShort4 = 12,
    cudaResViewFormatUnsignedInt1 = 13,
    cudaResViewFormatUnsignedInt2 = 14,
    cudaResViewFormatUnsignedInt4 = 15,
    cudaResViewFormatSignedInt1 = 16,
    cudaResViewFormatSignedInt2 = 17,
    cudaResViewFormatSignedInt4 = 18,
    cudaResViewFormatHalf1 = 19,
    cudaResViewFormatHalf2 = 20,
    cudaResViewFormatHalf4 = 21,
    cudaResViewFormatFloat1 = 22,
    cudaResViewFormatFloat2 = 23,
    cudaResViewFormatFloat4 = 24,
    cudaResViewFormatUnsignedBlockCompressed1 = 25,
    cudaResViewFormatUnsignedBlockCompressed2 = 26,
    cudaResViewFormatUnsignedBlockCompressed3 = 27,
    cudaResViewFormatUnsignedBlockCompressed4 = 28,
    cudaResViewFormatSignedBlockCompressed4 = 29,
    cudaResViewFormatUnsignedBlockCompressed5 = 30,
    cudaResViewFormatSignedBlockCompressed5 = 31,
    cudaResViewFormatUnsignedBlockCompressed6H = 32,
    cudaResViewFormatSignedBlockCompressed6H = 33,
    cudaResViewFormatUnsignedBlockCompressed7 = 34,
};
struct cudaResourceViewDesc {
    cudaResourceViewFormat format;
    std::size_t width, height, depth;
    unsigned firstMipmapLevel, lastMipmapLevel;
    unsigned firstLayer, lastLayer;
    unsigned reserved[16];
};

enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0,
    cudaAddressModeClamp = 1,
    cudaAddressModeMirror = 2,
    cudaAddressModeBorder = 3,
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };

struct cudaTextureDesc {
    cudaTextureAddressMode addressMode[3];
    cudaTextureFilterMode filterMode;
    cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned maxAnisotropy;
    cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};

typedef unsigned long long cudaTextureObject_t;

SIMT_C_API cudaError_t cudaCreateTextureObject(cudaTextureObject_t* texture, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* desc, const cudaResourceViewDesc* view);
SIMT_C_API cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texture);
SIMT_C_API cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource, cudaTextureObject_t texture);
SIMT_C_API cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* desc, cudaTextureObject_t texture);

#define SIMT_TEXTURE_INLINE inline __attribute__((always_inline))

namespace simt::cuda {

// What a fetch returns: one 32-bit register per channel, x to w, as the
// texture unit fills them (float bits, or the integer sign- or
// zero-extended); channels the format lacks read 0.
struct TexelWords {
    std::uint32_t word[4];
};
enum class TextureShape : int { Fetch1D, Tex1D, Tex2D, Tex3D, Layered1D, Layered2D, Cubemap };
// Out of line: its return address is the fetch's place in the kernel, for
// reports (the templates below are always inlined).
TexelWords texture_fetch(cudaTextureObject_t texture, TextureShape shape, float x, float y, float z, int layer);

// The types a fetch may return (CUDA's __nv_itex_trait): each channel's type
// and how many channels.
template <class T>
struct texel_type;
#define SIMT_TEXEL_TYPE(T, C, N)            \
    template <>                             \
    struct texel_type<T> {                  \
        using channel = C;                  \
        static constexpr int channels = N;  \
    };
#define SIMT_TEXEL_TYPES(S, V)                                                             \
    SIMT_TEXEL_TYPE(S, S, 1)                                                               \
    SIMT_TEXEL_TYPE(V##1, S, 1) SIMT_TEXEL_TYPE(V##2, S, 2) SIMT_TEXEL_TYPE(V##4, S, 4)
SIMT_TEXEL_TYPE(char, char, 1)
SIMT_TEXEL_TYPES(signed char, char)
SIMT_TEXEL_TYPES(unsigned char, uchar)
SIMT_TEXEL_TYPES(short, short)
SIMT_TEXEL_TYPES(unsigned short, ushort)
SIMT_TEXEL_TYPES(int, int)
SIMT_TEXEL_TYPES(unsigned int, uint)
SIMT_TEXEL_TYPES(float, float)
#undef SIMT_TEXEL_TYPES
#undef SIMT_TEXEL_TYPE

// The registers as T: a float channel takes the bits, an integer channel
// the low bits (what the instruction's destination type keeps).
template <class T>
SIMT_TEXTURE_INLINE T texel_as(const TexelWords& w) {
    using C = typename texel_type<T>::channel;
    C parts[texel_type<T>::channels];
    for (int i = 0; i < texel_type<T>::channels; ++i) {
        if constexpr (sizeof(C) == 4)
            std::memcpy(&parts[i], &w.word[i], 4);
        else
            parts[i] = static_cast<C>(w.word[i]);
    }
    T out;
    static_assert(sizeof out == sizeof parts, "a texel type is its channels, packed");
    std::memcpy(&out, parts, sizeof out);
    return out;
}

template <class T>
SIMT_TEXTURE_INLINE T fetch_as(cudaTextureObject_t t, TextureShape shape, float x, float y, float z, int layer) {
    return texel_as<T>(texture_fetch(t, shape, x, y, z, layer));
}

}  // namespace simt::cuda

// tex1Dfetch reads element x of linear memory (0 outside it); the others
// sample at float coordinates with the object's filter and address modes.
template <class T>
SIMT_TEXTURE_INLINE T tex1Dfetch(cudaTextureObject_t t, int x) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Fetch1D, float(x), 0, 0, 0);
}
template <class T>
SIMT_TEXTURE_INLINE T tex1D(cudaTextureObject_t t, float x) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Tex1D, x, 0, 0, 0);
}
template <class T>
SIMT_TEXTURE_INLINE T tex2D(cudaTextureObject_t t, float x, float y) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Tex2D, x, y, 0, 0);
}
template <class T>
SIMT_TEXTURE_INLINE T tex3D(cudaTextureObject_t t, float x, float y, float z) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Tex3D, x, y, z, 0);
}
template <class T>
SIMT_TEXTURE_INLINE T tex1DLayered(cudaTextureObject_t t, float x, int layer) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Layered1D, x, 0, 0, layer);
}
template <class T>
SIMT_TEXTURE_INLINE T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Layered2D, x, y, 0, layer);
}
// A direction from the cube's centre: the face its largest component
// points at, sampled where the direction crosses it.
template <class T>
SIMT_TEXTURE_INLINE T texCubemap(cudaTextureObject_t t, float x, float y, float z) {
    return simt::cuda::fetch_as<T>(t, simt::cuda::TextureShape::Cubemap, x, y, z, 0);
}

// The pointer-out forms (texture_indirect_functions.h): T is deduced.
template <class T>
SIMT_TEXTURE_INLINE void tex1Dfetch(T* out, cudaTextureObject_t t, int x) {
    *out = tex1Dfetch<T>(t, x);
}
template <class T>
SIMT_TEXTURE_INLINE void tex1D(T* out, cudaTextureObject_t t, float x) {
    *out = tex1D<T>(t, x);
}
template <class T>
SIMT_TEXTURE_INLINE void tex2D(T* out, cudaTextureObject_t t, float x, float y) {
    *out = tex2D<T>(t, x, y);
}
template <class T>
SIMT_TEXTURE_INLINE void tex3D(T* out, cudaTextureObject_t t, float x, float y, float z) {
    *out = tex3D<T>(t, x, y, z);
}
template <class T>
SIMT_TEXTURE_INLINE void tex1DLayered(T* out, cudaTextureObject_t t, float x, int layer) {
    *out = tex1DLayered<T>(t, x, layer);
}
template <class T>
SIMT_TEXTURE_INLINE void tex2DLayered(T* out, cudaTextureObject_t t, float x, float y, int layer) {
    *out = tex2DLayered<T>(t, x, y, layer);
}
template <class T>
SIMT_TEXTURE_INLINE void texCubemap(T* out, cudaTextureObject_t t, float x, float y, float z) {
    *out = texCubemap<T>(t, x, y, z);
}
