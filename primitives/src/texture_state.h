// What the runtime keeps of CUDA arrays and of texture and surface objects,
// shared by cuda_arrays.cpp (arrays, copies), texture_objects.cpp
// (creation, validation) and texture_fetch.cpp (the device side).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "simt/cuda.h"

namespace simt::cuda {

// A texel format: 1, 2 or 4 channels of one width and kind (what CUDA
// accepts; 3 channels or mixed widths are invalid descriptors).
struct TexelFormat {
    int channels = 0;
    int bits = 0;  // per channel: 8, 16 or 32
    cudaChannelFormatKind kind = cudaChannelFormatKindNone;
    std::size_t bytes() const { return std::size_t(channels) * std::size_t(bits) / 8; }
    bool is_float() const { return kind == cudaChannelFormatKindFloat; }
};
// The format a descriptor names, or false when CUDA refuses it
// (cudaErrorInvalidChannelDescriptor): widths 8/16/32 (float: 16/32).
bool format_of(const cudaChannelFormatDesc& desc, TexelFormat& format);

// A resource as fetches and surface accesses see it: `base` points at
// texel (0, 0) of layer or slice 0; sizes are at least 1 in each dimension.
struct ResourceView {
    const unsigned char* base = nullptr;
    std::shared_ptr<std::vector<unsigned char>> storage;  // keeps an array's texels alive
    TexelFormat format;
    std::size_t width = 1, height = 1, depth = 1, layers = 1;
    std::size_t row_pitch = 0, slice_pitch = 0;
    int dims = 1;          // 1, 2 or 3 (layered: of each layer)
    bool layered = false;
    bool linear = false;   // cudaResourceTypeLinear: read by tex1Dfetch only
    bool device_memory = false;  // linear or pitched cudaMalloc memory: reads are observed
};

// A texture or surface object (CUDA gives both one handle space).
struct TextureObject {
    bool surface = false;
    bool live = true;
    ResourceView view;
    cudaResourceDesc resource{};
    cudaTextureDesc desc{};  // textures: with wrap and mirror made clamp for unnormalized coordinates
    cudaTextureDesc asked{};  // as the program gave it (cudaGetTextureObjectTextureDesc)
};

// The object a handle names, or null (0, never created). Destroyed objects
// stay in the table, marked not live. Handles count from 1 and are not reused.
const TextureObject* find_object(unsigned long long handle);

}  // namespace simt::cuda

// The array behind a cudaArray_t. Freed arrays stay allocated, their
// storage released, so a second cudaFreeArray or a copy into a freed
// array can answer as CUDA does (cudaErrorContextIsDestroyed).
struct cudaArray {
    cudaChannelFormatDesc desc{};
    simt::cuda::TexelFormat format;
    cudaExtent extent{};  // as CUDA reports it: 0 for dimensions the array lacks
    unsigned flags = 0;
    bool live = true;
    std::shared_ptr<std::vector<unsigned char>> storage;  // zeroed when allocated

    std::size_t columns() const { return extent.width; }
    std::size_t rows() const { return extent.height == 0 ? 1 : extent.height; }
    std::size_t slices() const { return extent.depth == 0 ? 1 : extent.depth; }
    std::size_t row_bytes() const { return extent.width * format.bytes(); }
    std::size_t slice_bytes() const { return row_bytes() * rows(); }
};

namespace simt::cuda {
// Whether `a` is an array cudaMallocArray or cudaMalloc3DArray returned
// (live or freed).
bool known_array(const cudaArray* a);
// The array as a resource view (dimensions from its extent and flags).
ResourceView array_view(const cudaArray& a);
}  // namespace simt::cuda
