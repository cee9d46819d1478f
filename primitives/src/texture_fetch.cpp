// The device side of texture and surface objects: one call per fetch or
// surface access, computing what a Hopper (sm_90) texture unit computes. Measured
// on an H200 (kernels/api/textures.cu and docs/gpu-runs/probes/):
//  * coordinates: normalized ones are held with 21 fractional bits
//    (truncated) before scaling by the size; NaN reads as 0;
//  * point sampling takes texel floor(u); linear filtering the texel
//    coordinate u - 0.5, rounded to 8 fractional bits (halves up): texel
//    floor and a 9-bit weight; corner weights are whole 1/256ths (corner_weights);
//  * a 1-D texture is a 2-D one of height 1 sampled at y = 0, so linear
//    filtering with a border blends half of the border colour in;
//  * wrap and mirror work on texel indices; for unnormalized coordinates
//    they clamp (texture_objects.cpp);
//  * 8- and 16-bit integers read as normalized floats are filtered as 16-bit
//    fixed point (8-bit values widened: v * 257, v * 32767 / 127), rounded
//    to an integer n, and returned as n / 65535 (n / 32767, at least -1);
//  * the border colour is converted to the texel format first (integers
//    read as elements take the colour's float bits);
//  * a layer index past the last (or negative) reads the last layer;
//  * float texels are blended in fixed point: cut to 28 bits below the
//    largest one of their z slice, summed exactly, rounded ties-away
//    (bit-exact on every probed 1-D, 2-D and 3-D sample).
// Reads of linear and pitched cudaMalloc memory are observed by the
// checkers as global reads at the fetch's line; array texels are not.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "emulator/device_context.h"
#include "emulator/engine.h"
#include "emulator/fault_signals.h"
#include "emulator/symbolizer.h"
#include "texture_state.h"

namespace device = simt::device;
using simt::cuda::ResourceView;
using simt::cuda::TexelFormat;
using simt::cuda::TexelWords;
using simt::cuda::TextureObject;
using simt::cuda::TextureShape;

namespace {

constexpr int kNormalizedBits = 21;

std::string where(const void* pc) {
    if (!device::in_kernel()) return simt::describe(pc);
    return "kernel " + std::string(device::launch().kernel) + ", " + simt::describe(device::thread()) + " at " +
           simt::describe(pc);
}

// Fails the running launch; host code cannot fetch (nvcc rejects it), so
// there the process stops.
[[noreturn]] void stop(simt::FaultKind kind, const std::string& message) {
    if (device::in_kernel()) device::fail(kind, message);
    simt::flush_program_output();
    std::fprintf(stderr, "simt: error: %s (outside a kernel)\n", message.c_str());
    std::abort();
}

// A zero, destroyed or unknown handle, or one of the other kind: a GPU reads
// zeros or stale texels, or faults for a handle it never gave out; simt
// stops the launch, as it does for any access to memory not (or no longer)
// allocated.
const TextureObject& object_or_fail(unsigned long long handle, bool surface, const char* call, const void* pc) {
    const TextureObject* o = simt::cuda::find_object(handle);
    if (o != nullptr && o->live && o->surface == surface) return *o;
    const char* kind = surface ? "surface" : "texture";
    std::string why = o == nullptr ? (handle == 0 ? std::string("0, which no create call returns")
                                                  : std::to_string(handle) + ", which was never created")
                      : !o->live ? std::to_string(handle) + ", which was destroyed"
                                 : std::to_string(handle) + ", which is a " + (surface ? "texture" : "surface") +
                                       " object";
    stop(simt::FaultKind::IllegalAddress,
         std::string(call) + " on " + kind + " object " + why + ", in " + where(pc) +
             " (create the object before the launch and destroy it after the last one that uses it)");
}

// One texel's channels as numbers: integers exactly, floats as floats.
struct Texel {
    double v[4] = {0, 0, 0, 0};
};

float half_to_float(std::uint16_t bits) {
    _Float16 h;
    std::memcpy(&h, &bits, 2);
    return static_cast<float>(h);
}

Texel decode(const TexelFormat& f, const unsigned char* p) {
    Texel t;
    const bool sign = f.kind == cudaChannelFormatKindSigned;
    for (int c = 0; c < f.channels; ++c) {
        const unsigned char* q = p + c * f.bits / 8;
        if (f.bits == 8) {
            t.v[c] = sign ? double(static_cast<signed char>(*q)) : double(*q);
        } else if (f.bits == 16) {
            std::uint16_t u;
            std::memcpy(&u, q, 2);
            t.v[c] = f.is_float() ? double(half_to_float(u)) : sign ? double(std::int16_t(u)) : double(u);
        } else {
            std::uint32_t u;
            std::memcpy(&u, q, 4);
            float x;
            std::memcpy(&x, &u, 4);
            t.v[c] = f.is_float() ? double(x) : sign ? double(std::int32_t(u)) : double(u);
        }
    }
    return t;
}

// The border colour as a texel of the format: floats as given (half floats
// rounded), integers read as elements the low bits of the colour's float
// bits, integers read as normalized floats the colour quantized.
Texel border_texel(const TexelFormat& f, const cudaTextureDesc& d) {
    Texel t;
    const bool sign = f.kind == cudaChannelFormatKindSigned;
    for (int c = 0; c < f.channels; ++c) {
        const float b = d.borderColor[c];
        if (f.is_float()) {
            t.v[c] = f.bits == 16 ? double(static_cast<float>(static_cast<_Float16>(b))) : double(b);
        } else if (d.readMode == cudaReadModeElementType) {
            std::uint32_t u;
            std::memcpy(&u, &b, 4);
            const std::uint64_t low = f.bits == 32 ? u : u & ((1u << f.bits) - 1);
            const std::int64_t half = std::int64_t(1) << (f.bits - 1);
            t.v[c] = sign && std::int64_t(low) >= half ? double(std::int64_t(low) - 2 * half) : double(low);
        } else {
            const double top = sign ? (f.bits == 8 ? 127 : 32767) : (f.bits == 8 ? 255 : 65535);
            // Halves round down (0.5 is 127 of 255), other fractions to nearest.
            const double x = std::isnan(b) ? 0.0 : std::clamp(double(b), sign ? -1.0 : 0.0, 1.0);
            t.v[c] = double(std::int64_t(std::ceil(x * top - 0.5)));  // never -0
        }
    }
    return t;
}

// Where along one axis: normalized coordinates are reduced (wrap, mirror),
// held in fixed point and scaled by the size.
double texel_coordinate(float x, std::size_t n, bool normalized, cudaTextureAddressMode mode) {
    double u = std::isnan(x) ? 0.0 : double(x);
    if (normalized) {
        if (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror) {
            if (!std::isfinite(u)) u = 0;
            const double period = mode == cudaAddressModeWrap ? 1.0 : 2.0;
            u -= period * std::floor(u / period);
        }
        if (std::isfinite(u)) u = std::ldexp(std::floor(std::ldexp(u, kNormalizedBits)), -kNormalizedBits);
        u *= double(n);
    }
    constexpr double kFar = 1099511627776.0;  // 2^40: far outside any texture, and exact
    return std::clamp(u, -kFar, kFar);
}

// Texel index i after the address mode; -1 for the border.
long long address(long long i, long long n, cudaTextureAddressMode mode) {
    switch (mode) {
        case cudaAddressModeWrap: return (i % n + n) % n;
        case cudaAddressModeMirror: {
            const long long r = (i % (2 * n) + 2 * n) % (2 * n);
            return r < n ? r : 2 * n - 1 - r;
        }
        case cudaAddressModeBorder: return i < 0 || i >= n ? -1 : i;
        default: return std::clamp(i, 0LL, n - 1);
    }
}

struct Sampler {
    const TextureObject& object;
    const void* pc;
    long long layer = 0;

    const ResourceView& view() const { return object.view; }

    // The texel at (x, y, z) texel indices before addressing.
    Texel texel(long long x, long long y, long long z) const {
        const ResourceView& v = view();
        const long long size[3] = {(long long)v.width, (long long)v.height, (long long)v.depth};
        long long at[3] = {x, y, z};
        for (int a = 0; a < 3; ++a) {
            at[a] = address(at[a], size[a], object.desc.addressMode[a]);
            if (at[a] < 0) return border_texel(v.format, object.desc);
        }
        const std::size_t slice = v.layered ? std::size_t(layer) : std::size_t(at[2]);
        const unsigned char* p =
            v.base + slice * v.slice_pitch + std::size_t(at[1]) * v.row_pitch + std::size_t(at[0]) * v.format.bytes();
        if (v.device_memory) device::observe(p, std::uint32_t(v.format.bytes()), simt::AccessKind::Read, false, pc, false);
        return decode(v.format, p);
    }
};

// A point sample's channels as the registers hold them.
TexelWords point_words(const TexelFormat& f, cudaTextureReadMode read, const Texel& t) {
    TexelWords w{};
    for (int c = 0; c < f.channels; ++c) {
        const double v = t.v[c];
        if (f.is_float() || read == cudaReadModeNormalizedFloat) {
            float r = float(v);
            if (read == cudaReadModeNormalizedFloat) {
                const bool sign = f.kind == cudaChannelFormatKindSigned;
                const float top = sign ? (f.bits == 8 ? 127.0f : 32767.0f) : (f.bits == 8 ? 255.0f : 65535.0f);
                r = std::max(float(v) / top, -1.0f);
            }
            std::memcpy(&w.word[c], &r, 4);
        } else {
            w.word[c] = std::uint32_t(std::int64_t(v));
        }
    }
    return w;
}

long long floor_div(long long a, long long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }


// x * 2^scale as a float, ties away from zero (|x| below 2^126).
float round_half_away(__int128 x, int scale) {
    if (x == 0) return 0.0f;
    unsigned __int128 m = x < 0 ? -(unsigned __int128)x : (unsigned __int128)x;
    int bits = 0;
    for (unsigned __int128 t = m; t != 0; t >>= 1) ++bits;
    if (bits > 24) {
        const int shift = bits - 24;
        const unsigned __int128 rest = m & (((unsigned __int128)1 << shift) - 1);
        m = (m >> shift) + (rest >= ((unsigned __int128)1 << (shift - 1)) ? 1 : 0);
        scale += shift;
    }
    const float r = float(std::ldexp(double((unsigned long long)m), scale));
    return x < 0 ? -r : r;
}

// Float texels blend in fixed point, one z slice at a time (a 1-D or 2-D
// sample is one slice): each texel cut (toward zero) to 28 bits below the
// exponent of its slice's largest, the slice summed exactly with the
// weights; the slices' sums added exactly, then rounded ties-away. Bit-exact
// on every probed sample (docs/gpu-runs/2026-11-27-h200-texture-weights.txt.gz:
// a single grid for all 8 texels of a 3-D sample matched 110 of 128).
float float_blend(const Texel* texels, const int* weights, const int* slices, int n, int c) {
    int top[2] = {INT_MIN, INT_MIN};
    for (int i = 0; i < n; ++i) {
        const double t = texels[i].v[c];
        if (!std::isfinite(t)) {  // NaN and infinities: plain arithmetic
            long double sum = 0;
            for (int j = 0; j < n; ++j) sum += (long double)weights[j] * texels[j].v[c];
            return float(sum / 256);
        }
        if (t != 0) top[slices[i]] = std::max(top[slices[i]], std::ilogb(t) + 1);
    }
    long long sum[2] = {0, 0};
    int grid[2] = {0, 0};  // texel i of slice z is n_i * 2^grid[z]
    for (int z = 0; z < 2; ++z) grid[z] = top[z] == INT_MIN ? INT_MAX : top[z] - 28;
    for (int i = 0; i < n; ++i) {
        const int z = slices[i];
        if (grid[z] != INT_MAX) sum[z] += weights[i] * (long long)std::trunc(std::ldexp(texels[i].v[c], -grid[z]));
    }
    if (grid[0] == INT_MAX && grid[1] == INT_MAX) return 0.0f;
    // On the finer grid; a slice more than 80 binary places coarser than the
    // other is kept at 80 (what is lost is far below a float's last place).
    const int fine = std::min(grid[0], grid[1]);
    __int128 total = 0;
    for (int z = 0; z < 2; ++z)
        if (grid[z] != INT_MAX) total += (__int128)sum[z] << std::min(grid[z] - fine, 80);
    return round_half_away(total, fine - 8);
}

// Texels, their weights (in 1/256) and z slices as linear filtering blends them.
TexelWords blend(const TexelFormat& f, const Texel* texels, const int* weights, const int* slices, int n) {
    TexelWords w{};
    for (int c = 0; c < f.channels; ++c) {
        float r;
        if (f.is_float()) {
            r = float_blend(texels, weights, slices, n, c);
        } else {
            // 16-bit fixed point: 8-bit values widened, an integer result.
            long long sum = 0;
            const bool sign = f.kind == cudaChannelFormatKindSigned;
            const long long widen = sign ? 1 : (f.bits == 8 ? 257 : 1);
            for (int i = 0; i < n; ++i) sum += weights[i] * (long long)texels[i].v[c] * widen;
            long long q;
            if (sign && f.bits == 8)  // v * 32767 / 127, then rounded
                q = floor_div(2 * sum * 32767 + 127 * 256, 2 * 127 * 256);
            else
                q = floor_div(sum + 128, 256);
            r = sign ? std::max(float(q) / 32767.0f, -1.0f) : float(q) / 65535.0f;
        }
        std::memcpy(&w.word[c], &r, 4);
    }
    return w;
}

// One axis of a linear sample: the lower texel and the weight of the upper.
struct Tap {
    long long i;
    int k;
};
Tap linear_tap(double u) {
    const long long t = (long long)std::floor(u * 256 - 127.5);
    return Tap{floor_div(t, 256), int(t - floor_div(t, 256) * 256)};
}

// The weights of a linear sample's corners, in 1/256, from each axis's
// weight of its upper texel (kz 0 for a 2-D sample: one slice). Each z
// slice holds 256 - kz or kz; within it, x's upper column its share rounded
// (halves up), the lower the rest; each column's upper y its share, rounded
// halves up in the upper column and halves down in the lower, so that a
// 2-D sample's upper-upper corner is kx * ky rounded and the rest sum to
// 256. Measured corner by corner on an H200 (16,913 (kx, ky, kz), every
// weight: docs/gpu-runs/2026-11-27-h200-texture-weights.txt.gz).
// w[dx + 2 * dy + 4 * dz].
void corner_weights(int kx, int ky, int kz, int w[8]) {
    for (int dz = 0; dz < 2; ++dz) {
        const int slice = dz != 0 ? kz : 256 - kz;
        const int upper_x = (kx * slice + 128) >> 8;
        for (int dx = 0; dx < 2; ++dx) {
            const int column = dx != 0 ? upper_x : slice - upper_x;
            const int upper_y = (column * ky + (dx != 0 ? 128 : 127)) >> 8;
            w[dx + 4 * dz] = column - upper_y;
            w[dx + 2 + 4 * dz] = upper_y;
        }
    }
}

const char* fetch_name(TextureShape s) {
    switch (s) {
        case TextureShape::Fetch1D: return "tex1Dfetch";
        case TextureShape::Tex1D: return "tex1D";
        case TextureShape::Tex2D: return "tex2D";
        case TextureShape::Tex3D: return "tex3D";
        case TextureShape::Layered1D: return "tex1DLayered";
        case TextureShape::Cubemap: return "texCubemap";
        default: return "tex2DLayered";
    }
}

TexelWords sample(const Sampler& s, float x, float y, float z) {
    const ResourceView& v = s.view();
    const cudaTextureDesc& d = s.object.desc;
    // A 1-D texture is 2-D, height 1, sampled at y = 0.
    const int dims = v.dims == 1 ? 2 : v.dims;
    if (v.dims == 1) y = 0;
    const float at[3] = {x, y, z};
    const std::size_t size[3] = {v.width, v.height, v.depth};
    double u[3] = {0, 0, 0};
    for (int a = 0; a < dims; ++a) u[a] = texel_coordinate(at[a], size[a], d.normalizedCoords != 0, d.addressMode[a]);
    if (d.filterMode == cudaFilterModePoint)
        return point_words(v.format, d.readMode,
                           s.texel((long long)std::floor(u[0]), (long long)std::floor(u[1]), (long long)std::floor(u[2])));
    const Tap t[3] = {linear_tap(u[0]), linear_tap(u[1]), dims == 3 ? linear_tap(u[2]) : Tap{0, 0}};
    int corner_weight[8];
    corner_weights(t[0].k, t[1].k, t[2].k, corner_weight);
    Texel texels[8];
    int weights[8], slices[8];
    int n = 0;
    for (int corner = 0; corner < (dims == 3 ? 8 : 4); ++corner) {
        const int dx = corner & 1, dy = (corner >> 1) & 1, dz = corner >> 2;
        if (corner_weight[corner] == 0) continue;
        texels[n] = s.texel(t[0].i + dx, t[1].i + dy, dims == 3 ? t[2].i + dz : 0);
        weights[n] = corner_weight[corner];
        slices[n++] = dz;
    }
    return blend(v.format, texels, weights, slices, n);
}

// CUDA's cubemap rule (programming guide, "Cubemap Textures"): the
// component of largest magnitude m picks the face; the other two, divided
// by m, give the face coordinates (s, t) in [-1, 1], mapped to [0, 1]. An H200
// picks y over x when they tie (docs/gpu-runs/2026-11-26-h200-cubemap-textures.txt,
// direction 12); other ties are unsettled.
TexelWords sample_cubemap(const TextureObject& o, const void* pc, float x, float y, float z) {
    const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
    int face;
    float s, t, m;
    if (ax > ay && ax >= az) {
        face = x >= 0 ? 0 : 1, m = ax, s = x >= 0 ? -z : z, t = -y;
    } else if (ay >= az) {
        face = y >= 0 ? 2 : 3, m = ay, s = x, t = y >= 0 ? z : -z;
    } else {
        face = z >= 0 ? 4 : 5, m = az, s = z >= 0 ? x : -x, t = -y;
    }
    float u = (s / m + 1) * 0.5f, v = (t / m + 1) * 0.5f;
    if (!o.desc.normalizedCoords) {  // a face's texel coordinates
        u *= float(o.view.width);
        v *= float(o.view.height);
    }
    Sampler face_sampler{o, pc, (long long)std::min<std::size_t>(std::size_t(face), o.view.layers - 1)};
    return sample(face_sampler, u, v, 0);
}

}  // namespace

namespace simt::cuda {

TexelWords texture_fetch(cudaTextureObject_t texture, TextureShape shape, float x, float y, float z, int layer) {
    const void* pc = __builtin_return_address(0);
    const TextureObject& o = object_or_fail(texture, false, fetch_name(shape), pc);
    // The layer is unsigned to the hardware: -1 is past the last, and taken
    // as the last.
    Sampler s{o, pc, (long long)std::min<std::size_t>(unsigned(layer), o.view.layers - 1)};
    const ResourceView& v = o.view;
    if (shape == TextureShape::Fetch1D || v.linear) {
        // Element x, unfiltered; linear memory reads 0 outside its size.
        const long long i = (long long)x;
        if (v.linear && (i < 0 || i >= (long long)v.width)) return TexelWords{};
        return point_words(v.format, o.desc.readMode, s.texel(i, 0, 0));
    }
    if (shape == TextureShape::Cubemap) return sample_cubemap(o, pc, x, y, z);
    return sample(s, x, y, z);
}

void surface_access(cudaSurfaceObject_t surface, SurfaceShape shape, int x, int y, int z, void* value, unsigned size,
                    bool store, cudaSurfaceBoundaryMode mode) {
    const void* pc = __builtin_return_address(0);
    static constexpr const char* names[2][5] = {
        {"surf1Dread", "surf2Dread", "surf3Dread", "surf1DLayeredread", "surf2DLayeredread"},
        {"surf1Dwrite", "surf2Dwrite", "surf3Dwrite", "surf1DLayeredwrite", "surf2DLayeredwrite"}};
    const char* call = names[store][int(shape)];
    const ResourceView& v = object_or_fail(surface, true, call, pc).view;
    if (x % int(size) != 0)
        stop(simt::FaultKind::MisalignedAddress,
             std::string(call) + " at byte x = " + std::to_string(x) + ", not a multiple of the " +
                 std::to_string(size) + "-byte access, in " + where(pc) +
                 " (surface x-coordinates are in bytes: element i is at i * sizeof(element))");
    const long long row = (long long)(v.width * v.format.bytes());
    const long long depth = (long long)(v.layered ? v.layers : v.depth);
    long long at[3] = {x, y, z};
    const long long high[3] = {row - (long long)size, (long long)v.height - 1, depth - 1};
    bool outside = false;
    for (int a = 0; a < 3; ++a) outside = outside || at[a] < 0 || at[a] > high[a];
    if (outside) {
        if (mode == cudaBoundaryModeTrap)
            stop(simt::FaultKind::IllegalAddress,
                 std::string(call) + " at (byte " + std::to_string(x) + ", " + std::to_string(y) + ", " +
                     std::to_string(z) + ") outside the " + std::to_string(row) + "-byte x " +
                     std::to_string(v.height) + " x " + std::to_string(depth) + " surface, in " + where(pc) +
                     " (cudaBoundaryModeTrap, the default; cudaBoundaryModeZero or Clamp would not stop)");
        if (mode == cudaBoundaryModeZero) {
            if (!store) std::memset(value, 0, size);
            return;
        }
        for (int a = 0; a < 3; ++a) at[a] = std::clamp(at[a], 0LL, std::max(high[a], 0LL));
    }
    auto* p = const_cast<unsigned char*>(v.base) + std::size_t(at[2]) * v.slice_pitch + std::size_t(at[1]) * v.row_pitch +
              std::size_t(at[0]);
    if (store) {
        // Array memory is not observed, so blocks side by side under the
        // checkers could not undo the store: they run again in block order.
        simt::device::before_unobserved_effect();
        std::memcpy(p, value, size);
    } else {
        std::memcpy(value, p, size);
    }
}

}  // namespace simt::cuda
