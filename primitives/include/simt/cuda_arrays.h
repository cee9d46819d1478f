// CUDA arrays: typed 1-D, 2-D, 3-D and layered storage that texture and
// surface objects read (simt/textures.h, simt/surfaces.h), and the copies
// into and out of them. An array is opaque in CUDA; simt keeps its texels in
// host memory, rows packed, so copies and fetches are plain byte moves. The
// numbers (kinds, flags) are CUDA's own, from driver_types.h.
#pragma once

#include <cstddef>

#include "simt/runtime_api.h"

enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0,
    cudaChannelFormatKindUnsigned = 1,
    cudaChannelFormatKindFloat = 2,
    cudaChannelFormatKindNone = 3,
    cudaChannelFormatKindNV12 = 4,
    cudaChannelFormatKindUnsignedNormalized8X1 = 5,
    cudaChannelFormatKindUnsignedNormalized8X2 = 6,
    cudaChannelFormatKindUnsignedNormalized8X4 = 7,
    cudaChannelFormatKindUnsignedNormalized16X1 = 8,
    cudaChannelFormatKindUnsignedNormalized16X2 = 9,
    cudaChannelFormatKindUnsignedNormalized16X4 = 10,
    cudaChannelFormatKindSignedNormalized8X1 = 11,
    cudaChannelFormatKindSignedNormalized8X2 = 12,
    cudaChannelFormatKindSignedNormalized8X4 = 13,
    cudaChannelFormatKindSignedNormalized16X1 = 14,
    cudaChannelFormatKindSignedNormalized16X2 = 15,
    cudaChannelFormatKindSignedNormalized16X4 = 16,
    cudaChannelFormatKindUnsignedBlockCompressed1 = 17,
    cudaChannelFormatKindUnsignedBlockCompressed1SRGB = 18,
    cudaChannelFormatKindUnsignedBlockCompressed2 = 19,
    cudaChannelFormatKindUnsignedBlockCompressed2SRGB = 20,
    cudaChannelFormatKindUnsignedBlockCompressed3 = 21,
    cudaChannelFormatKindUnsignedBlockCompressed3SRGB = 22,
    cudaChannelFormatKindUnsignedBlockCompressed4 = 23,
    cudaChannelFormatKindSignedBlockCompressed4 = 24,
    cudaChannelFormatKindUnsignedBlockCompressed5 = 25,
    cudaChannelFormatKindSignedBlockCompressed5 = 26,
    cudaChannelFormatKindUnsignedBlockCompressed6H = 27,
    cudaChannelFormatKindSignedBlockCompressed6H = 28,
    cudaChannelFormatKindUnsignedBlockCompressed7 = 29,
    cudaChannelFormatKindUnsignedBlockCompressed7SRGB = 30,
};

// Bits per channel, x to w (0: no such channel), and their kind.
struct cudaChannelFormatDesc {
    int x, y, z, w;
    cudaChannelFormatKind f;
};

struct cudaArray;
typedef cudaArray* cudaArray_t;
typedef const cudaArray* cudaArray_const_t;

// Sizes are in elements for arrays, in bytes for linear memory's width.
struct cudaExtent {
    std::size_t width, height, depth;
};
struct cudaPos {
    std::size_t x, y, z;
};
struct cudaPitchedPtr {
    void* ptr;
    std::size_t pitch;  // bytes from one row to the next
    std::size_t xsize;  // the logical width in elements
    std::size_t ysize;  // rows per slice
};
inline cudaExtent make_cudaExtent(std::size_t w, std::size_t h, std::size_t d) { return cudaExtent{w, h, d}; }
inline cudaPos make_cudaPos(std::size_t x, std::size_t y, std::size_t z) { return cudaPos{x, y, z}; }
inline cudaPitchedPtr make_cudaPitchedPtr(void* p, std::size_t pitch, std::size_t xsize, std::size_t ysize) {
    return cudaPitchedPtr{p, pitch, xsize, ysize};
}

// One side of a 3-D copy is an array (at srcPos/dstPos, in elements) or a
// pitched pointer, never both.
struct cudaMemcpy3DParms {
    cudaArray_t srcArray;
    cudaPos srcPos;
    cudaPitchedPtr srcPtr;
    cudaArray_t dstArray;
    cudaPos dstPos;
    cudaPitchedPtr dstPtr;
    cudaExtent extent;
    cudaMemcpyKind kind;
};

#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08

inline cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
    return cudaChannelFormatDesc{x, y, z, w, f};
}
// The descriptor of a texel type, as channel_descriptor.h gives it; types
// without one get kind None, which cudaMallocArray refuses.
template <class T>
cudaChannelFormatDesc cudaCreateChannelDesc() {
    return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#define SIMT_CHANNEL_DESC(T, N, kind)                                                              \
    template <>                                                                                    \
    inline cudaChannelFormatDesc cudaCreateChannelDesc<T>() {                                      \
        constexpr int e = int(sizeof(T) / (N) * 8);                                                \
        return cudaCreateChannelDesc(e, (N) > 1 ? e : 0, (N) > 2 ? e : 0, (N) > 3 ? e : 0, kind); \
    }
#define SIMT_CHANNEL_DESCS(S, V, kind) \
    SIMT_CHANNEL_DESC(S, 1, kind)      \
    SIMT_CHANNEL_DESC(V##1, 1, kind) SIMT_CHANNEL_DESC(V##2, 2, kind) SIMT_CHANNEL_DESC(V##4, 4, kind)
SIMT_CHANNEL_DESC(char, 1, char(-1) < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESCS(signed char, char, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESCS(unsigned char, uchar, cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESCS(short, short, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESCS(unsigned short, ushort, cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESCS(int, int, cudaChannelFormatKindSigned)
SIMT_CHANNEL_DESCS(unsigned int, uint, cudaChannelFormatKindUnsigned)
SIMT_CHANNEL_DESCS(float, float, cudaChannelFormatKindFloat)
#undef SIMT_CHANNEL_DESCS
#undef SIMT_CHANNEL_DESC

// `height` 0 makes a 1-D array; a 3-D extent with depth 0 a 2-D one (with
// height 0 too, a 1-D one); cudaArrayLayered makes depth the layer count.
SIMT_C_API cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, std::size_t width,
                            std::size_t height = 0, unsigned flags = 0);
SIMT_C_API cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned flags = 0);
SIMT_C_API cudaError_t cudaFreeArray(cudaArray_t array);
SIMT_C_API cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned* flags, cudaArray_t array);
SIMT_C_API cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array);

// Offsets and widths in bytes, heights in rows, as in CUDA.
SIMT_C_API cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind);
SIMT_C_API cudaError_t cudaMemcpy2DFromArray(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t wOffset,
                                  std::size_t hOffset, std::size_t width, std::size_t height, cudaMemcpyKind kind);
SIMT_C_API cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                     std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
SIMT_C_API cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t wOffset,
                                       std::size_t hOffset, std::size_t width, std::size_t height,
                                       cudaMemcpyKind kind, cudaStream_t stream = 0);
// The 1-D forms copy `count` bytes from (wOffset, hOffset) on, through as
// many rows as they fill. Deprecated in CUDA, as here.
[[deprecated]] cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                             const void* src, std::size_t count, cudaMemcpyKind kind);
[[deprecated]] cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, std::size_t wOffset,
                                               std::size_t hOffset, std::size_t count, cudaMemcpyKind kind);
[[deprecated]] cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset,
                                                  const void* src, std::size_t count, cudaMemcpyKind kind,
                                                  cudaStream_t stream = 0);
[[deprecated]] cudaError_t cudaMemcpyFromArrayAsync(void* dst, cudaArray_const_t src, std::size_t wOffset,
                                                    std::size_t hOffset, std::size_t count, cudaMemcpyKind kind,
                                                    cudaStream_t stream = 0);
// Between arrays and pitched memory (host or device) in either direction,
// or between two pitched pointers.
SIMT_C_API cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p);
// Linear memory filled slice by slice (its pitch and ysize from the pointer).
SIMT_C_API cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent);
SIMT_C_API cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent,
                                         cudaStream_t stream SIMT_DEFAULT(0));
SIMT_C_API cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream = 0);
// Pitched device memory for a 3-D extent (width in bytes), as cudaMallocPitch.
SIMT_C_API cudaError_t cudaMalloc3D(cudaPitchedPtr* ptr, cudaExtent extent);
