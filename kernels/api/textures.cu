// Textures and surfaces over fixed inputs, printed so that a GPU's output and
// simt's can be diffed line by line (nvcc -arch=sm_90 builds it unchanged).
//
// CUDA arrays (1-D, 2-D, layered, 3-D) and the copies into and out of them;
// texture objects over arrays, linear and pitched memory; point and linear
// filtering (the texel coordinate x - 0.5, weights with 8 fractional bits);
// every address mode with normalized and unnormalized coordinates; border
// colours; normalized-float reads of 8- and 16-bit integers; surfaces with
// byte x-coordinates and each boundary mode. One line per case; floats as
// hex bit patterns.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                                               \
    do {                                                                                          \
        cudaError_t e_ = (call);                                                                  \
        if (e_ != cudaSuccess) {                                                                  \
            std::printf("line %d: %s returned %s\n", __LINE__, #call, cudaGetErrorName(e_));      \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

// ------------------------------------------------------------- sampling
// Where one thread samples: x, y, z (or the layer for layered shapes).
struct Coord {
    float x, y, z;
    int layer;
};
enum Shape { Fetch1D, Tex1D, Tex2D, Tex3D, Layered1D, Layered2D, Tex2DOut };

template <class T>
__global__ void sample(cudaTextureObject_t t, Shape shape, const Coord* c, int n, T* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const Coord p = c[i];
    switch (shape) {
        case Fetch1D: out[i] = tex1Dfetch<T>(t, int(p.x)); break;
        case Tex1D: out[i] = tex1D<T>(t, p.x); break;
        case Tex2D: out[i] = tex2D<T>(t, p.x, p.y); break;
        case Tex3D: out[i] = tex3D<T>(t, p.x, p.y, p.z); break;
        case Layered1D: out[i] = tex1DLayered<T>(t, p.x, p.layer); break;
        case Layered2D: out[i] = tex2DLayered<T>(t, p.x, p.y, p.layer); break;
        case Tex2DOut: tex2D(&out[i], t, p.x, p.y); break;  // the pointer-out form
    }
}

unsigned bits(float f) {
    unsigned u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}
void put(float v) { std::printf(" %08x", bits(v)); }
void put(float2 v) { std::printf(" %08x,%08x", bits(v.x), bits(v.y)); }
void put(float4 v) { std::printf(" %08x,%08x,%08x,%08x", bits(v.x), bits(v.y), bits(v.z), bits(v.w)); }
void put(int v) { std::printf(" %d", v); }
void put(unsigned v) { std::printf(" %u", v); }
void put(short2 v) { std::printf(" %d,%d", v.x, v.y); }
void put(uchar4 v) { std::printf(" %u,%u,%u,%u", v.x, v.y, v.z, v.w); }
void put(int4 v) { std::printf(" %d,%d,%d,%d", v.x, v.y, v.z, v.w); }

// Samples `t` at each coordinate and prints one line.
template <class T>
void sample_line(const char* name, cudaTextureObject_t t, Shape shape, const Coord* coords, int n) {
    Coord* c = nullptr;
    T* out = nullptr;
    CHECK(cudaMalloc(&c, n * sizeof(Coord)));
    CHECK(cudaMalloc(&out, n * sizeof(T)));
    CHECK(cudaMemcpy(c, coords, n * sizeof(Coord), cudaMemcpyHostToDevice));
    sample<T><<<(n + 63) / 64, 64>>>(t, shape, c, n, out);
    CHECK(cudaGetLastError());
    T host[256];
    CHECK(cudaMemcpy(host, out, n * sizeof(T), cudaMemcpyDeviceToHost));
    std::printf("%s", name);
    for (int i = 0; i < n; ++i) put(host[i]);
    std::printf("\n");
    CHECK(cudaFree(c));
    CHECK(cudaFree(out));
}

// Coordinates along x (y, z and the layer fixed).
int along_x(Coord* c, const float* xs, int n, float y = 0, float z = 0, int layer = 0) {
    for (int i = 0; i < n; ++i) c[i] = Coord{xs[i], y, z, layer};
    return n;
}

cudaTextureObject_t texture(const cudaResourceDesc& r, cudaTextureAddressMode mode, cudaTextureFilterMode filter,
                            cudaTextureReadMode read, int normalized, const float* border = nullptr) {
    cudaTextureDesc d;
    std::memset(&d, 0, sizeof d);
    d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = mode;
    d.filterMode = filter;
    d.readMode = read;
    d.normalizedCoords = normalized;
    if (border != nullptr)
        for (int i = 0; i < 4; ++i) d.borderColor[i] = border[i];
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr));
    return t;
}
cudaResourceDesc array_resource(cudaArray_t a) {
    cudaResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    return r;
}

void print_info(const char* name, cudaArray_t a) {
    cudaChannelFormatDesc d;
    cudaExtent e;
    unsigned flags = 0;
    CHECK(cudaArrayGetInfo(&d, &e, &flags, a));
    std::printf("%s channels %d,%d,%d,%d kind %d extent %zu,%zu,%zu flags %u\n", name, d.x, d.y, d.z, d.w, int(d.f),
                e.width, e.height, e.depth, flags);
}

// cudaMemcpyToArray is deprecated (CUDA 13 still has it) but old programs
// use it: called here once, with the warning silenced as such programs do.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
cudaError_t copy_to_array(cudaArray_t a, size_t offset, const void* src, size_t bytes) {
    return cudaMemcpyToArray(a, offset, 0, src, bytes, cudaMemcpyHostToDevice);
}
#pragma GCC diagnostic pop

// ------------------------------------------------------------ the cases
void arrays() {
    cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc u8x4 = cudaCreateChannelDesc<uchar4>();
    cudaChannelFormatDesc s16x2 = cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindSigned);
    std::printf("channel descs %d/%d %d,%d,%d,%d/%d %d,%d/%d\n", f32.x, int(f32.f), u8x4.x, u8x4.y, u8x4.z, u8x4.w,
                int(u8x4.f), s16x2.x, s16x2.y, int(s16x2.f));
    cudaArray_t a1, a2, layered, a3;
    CHECK(cudaMallocArray(&a1, &f32, 8));
    CHECK(cudaMallocArray(&a2, &u8x4, 6, 5, cudaArraySurfaceLoadStore));
    CHECK(cudaMalloc3DArray(&layered, &f32, make_cudaExtent(4, 3, 2), cudaArrayLayered));
    CHECK(cudaMalloc3DArray(&a3, &s16x2, make_cudaExtent(4, 4, 4)));
    print_info("array info 1D", a1);
    print_info("array info 2D", a2);
    print_info("array info layered", layered);
    print_info("array info 3D", a3);

    // A 2-D copy into a sub-rectangle, then the whole array back.
    unsigned char src[4][8];
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 8; ++c) src[r][c] = (unsigned char)(16 * r + c);
    unsigned char back[5][6 * 4];
    std::memset(back, 0xee, sizeof back);
    CHECK(cudaMemcpy2DToArray(a2, 0, 0, back, sizeof back[0], sizeof back[0], 5, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy2DToArray(a2, 4, 1, src, sizeof src[0], 8, 3, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy2DFromArray(back, sizeof back[0], a2, 0, 0, sizeof back[0], 5, cudaMemcpyDeviceToHost));
    std::printf("2D copy rows");
    for (int r = 0; r < 5; ++r) {
        std::printf(" ");
        for (int c = 0; c < 24; ++c) std::printf("%02x", back[r][c]);
    }
    std::printf("\n");

    // The deprecated 1-D form, and a copy out of part of the array.
    const float ones[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    const float three[3] = {-1.5f, 0.25f, 1e30f};
    CHECK(copy_to_array(a1, 0, ones, sizeof ones));
    CHECK(copy_to_array(a1, 2 * sizeof(float), three, sizeof three));
    float part[4];
    CHECK(cudaMemcpy2DFromArray(part, sizeof part, a1, sizeof(float), 0, sizeof part, 1, cudaMemcpyDeviceToHost));
    std::printf("1D copy");
    for (float v : part) put(v);
    std::printf("\n");

    // cudaMemcpy3D: host -> a box inside the 3-D array, array -> device ->
    // host for the whole array.
    short host3[4][4][4][2];
    std::memset(host3, 0, sizeof host3);
    cudaMemcpy3DParms zeros;
    std::memset(&zeros, 0, sizeof zeros);
    zeros.srcPtr = make_cudaPitchedPtr(host3, 4 * 2 * sizeof(short), 4, 4);
    zeros.dstArray = a3;
    zeros.extent = make_cudaExtent(4, 4, 4);
    zeros.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&zeros));
    short box[2][2][3][2];
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x) {
                box[z][y][x][0] = short(100 * z + 10 * y + x);
                box[z][y][x][1] = short(-1 - x);
            }
    cudaMemcpy3DParms in;
    std::memset(&in, 0, sizeof in);
    in.srcPtr = make_cudaPitchedPtr(box, 3 * 2 * sizeof(short), 3, 2);
    in.dstArray = a3;
    in.dstPos = make_cudaPos(1, 2, 1);
    in.extent = make_cudaExtent(3, 2, 2);
    in.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&in));
    void* device3 = nullptr;
    CHECK(cudaMalloc(&device3, sizeof host3));
    cudaMemcpy3DParms out;
    std::memset(&out, 0, sizeof out);
    out.srcArray = a3;
    out.dstPtr = make_cudaPitchedPtr(device3, 4 * 2 * sizeof(short), 4, 4);
    out.extent = make_cudaExtent(4, 4, 4);
    out.kind = cudaMemcpyDeviceToDevice;
    CHECK(cudaMemcpy3D(&out));
    CHECK(cudaMemcpy(host3, device3, sizeof host3, cudaMemcpyDeviceToHost));
    std::printf("3D copy");
    for (int z = 0; z < 4; ++z)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x)
                if (host3[z][y][x][0] != 0 || host3[z][y][x][1] != 0)
                    std::printf(" (%d,%d,%d)=%d,%d", x, y, z, host3[z][y][x][0], host3[z][y][x][1]);
    std::printf("\n");

    // tex3D over the same array (element type: short2 as read).
    const cudaTextureObject_t t3 = texture(array_resource(a3), cudaAddressModeClamp, cudaFilterModePoint,
                                           cudaReadModeElementType, 0);
    Coord c[8] = {{1.5f, 2.5f, 1.5f, 0}, {3.9f, 3.1f, 2.0f, 0}, {0, 0, 0, 0}, {9, 9, 9, 0}, {-1, 2.2f, 1.2f, 0}};
    sample_line<short2>("tex3D short2 point", t3, Tex3D, c, 5);
    CHECK(cudaDestroyTextureObject(t3));
    CHECK(cudaFree(device3));
    CHECK(cudaFreeArray(a1));
    CHECK(cudaFreeArray(a2));
    CHECK(cudaFreeArray(layered));
    CHECK(cudaFreeArray(a3));
}

void filtering() {
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &f32, 8));
    const float v[8] = {0.5f, 1.5f, -2.0f, 3.25f, 100.0f, 7.0f, 0.125f, 9.0f};
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v, sizeof v, sizeof v, 1, cudaMemcpyHostToDevice));
    Coord c[128];
    const float xs[] = {-1, 0, 0.25f, 0.999f, 1, 1.5f, 3.999f, 7.5f, 8, 12};
    const int nx = along_x(c, xs, 10);
    cudaTextureObject_t t = texture(array_resource(a), cudaAddressModeClamp, cudaFilterModePoint,
                                    cudaReadModeElementType, 0);
    sample_line<float>("point 1D", t, Tex1D, c, nx);
    CHECK(cudaDestroyTextureObject(t));

    // Between texels 2 and 3 (-2 and 3.25): fractions that show the weight's
    // 8 fractional bits, and how it rounds.
    t = texture(array_resource(a), cudaAddressModeClamp, cudaFilterModeLinear, cudaReadModeElementType, 0);
    const float fractions[] = {0,           1.0f / 1024, 1.0f / 512, 3.0f / 1024, 1.0f / 256, 0.1f,
                               0.25f,       1.0f / 3,    0.5f,       0.7f,        0.99f,      0.998f,
                               0.999f,      0.9999f,     0.00195f,   0.00196f,    0.5f + 1.0f / 512, 0.6f};
    const int nf = sizeof fractions / sizeof fractions[0];
    for (int i = 0; i < nf; ++i) c[i] = Coord{2.5f + fractions[i], 0, 0, 0};
    sample_line<float>("linear 1D", t, Tex1D, c, nf);
    sample_line<float>("linear 1D ends", t, Tex1D, c, along_x(c, xs, 10));
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a));

    // The weight itself over a dense sweep: texels 0 and 1.
    cudaArray_t w;
    CHECK(cudaMallocArray(&w, &f32, 2));
    const float zero_one[2] = {0, 1};
    CHECK(cudaMemcpy2DToArray(w, 0, 0, zero_one, sizeof zero_one, sizeof zero_one, 1, cudaMemcpyHostToDevice));
    t = texture(array_resource(w), cudaAddressModeClamp, cudaFilterModeLinear, cudaReadModeElementType, 0);
    for (int k = 0; k < 97; ++k) c[k] = Coord{0.5f + float(k) / 97, 0, 0, 0};
    sample_line<float>("linear 1D weights", t, Tex1D, c, 97);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(w));

    // 2-D: 5 x 4 texels, value 10 * row + column + 0.5 (row 2 negated).
    cudaArray_t a2;
    CHECK(cudaMallocArray(&a2, &f32, 5, 4));
    float grid[4][5];
    for (int r = 0; r < 4; ++r)
        for (int col = 0; col < 5; ++col) grid[r][col] = (r == 2 ? -1.0f : 1.0f) * (10.0f * r + col + 0.5f);
    CHECK(cudaMemcpy2DToArray(a2, 0, 0, grid, sizeof grid[0], sizeof grid[0], 4, cudaMemcpyHostToDevice));
    const Coord c2[] = {{0, 0, 0, 0},      {1.5f, 2.5f, 0, 0},  {4.99f, 3.99f, 0, 0}, {2.3f, 1.7f, 0, 0},
                        {-3, 1.2f, 0, 0},  {3.2f, 9, 0, 0},     {1.75f, 2.125f, 0, 0}, {0.6f, 0.6f, 0, 0},
                        {2.51f, 1.49f, 0, 0}, {4.2f, 0.3f, 0, 0}};
    t = texture(array_resource(a2), cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeElementType, 0);
    sample_line<float>("point 2D", t, Tex2D, c2, 10);
    CHECK(cudaDestroyTextureObject(t));
    t = texture(array_resource(a2), cudaAddressModeClamp, cudaFilterModeLinear, cudaReadModeElementType, 0);
    sample_line<float>("linear 2D", t, Tex2D, c2, 10);
    sample_line<float>("linear 2D pointer-out", t, Tex2DOut, c2, 10);
    CHECK(cudaDestroyTextureObject(t));
    t = texture(array_resource(a2), cudaAddressModeWrap, cudaFilterModeLinear, cudaReadModeElementType, 1);
    Coord n2[10];
    for (int i = 0; i < 10; ++i) n2[i] = Coord{c2[i].x / 5, c2[i].y / 4, 0, 0};
    sample_line<float>("linear 2D normalized wrap", t, Tex2D, n2, 10);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a2));
}

void address_modes() {
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &f32, 4));
    const float v[4] = {10, 20, 30, 40};
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v, sizeof v, sizeof v, 1, cudaMemcpyHostToDevice));
    const char* names[] = {"wrap", "clamp", "mirror", "border"};
    Coord c[64];
    int n = 0;
    for (float x = -1.25f; x <= 2.25f; x += 0.125f) c[n++] = Coord{x, 0, 0, 0};
    Coord u[64];
    int nu = 0;
    for (float x = -5.0f; x <= 9.0f; x += 0.5f) u[nu++] = Coord{x, 0, 0, 0};
    const float border[4] = {-7.5f, 0, 0, 0};
    for (int mode = 0; mode < 4; ++mode)
        for (int filter = 0; filter < 2; ++filter) {
            char name[64];
            const cudaTextureObject_t t =
                texture(array_resource(a), cudaTextureAddressMode(mode), cudaTextureFilterMode(filter),
                        cudaReadModeElementType, 1, border);
            std::snprintf(name, sizeof name, "%s %s normalized", names[mode], filter ? "linear" : "point");
            sample_line<float>(name, t, Tex1D, c, n);
            CHECK(cudaDestroyTextureObject(t));
            // Unnormalized coordinates (wrap and mirror are for normalized
            // ones only: what does the GPU make of them?).
            const cudaTextureObject_t tu =
                texture(array_resource(a), cudaTextureAddressMode(mode), cudaTextureFilterMode(filter),
                        cudaReadModeElementType, 0, border);
            std::snprintf(name, sizeof name, "%s %s unnormalized", names[mode], filter ? "linear" : "point");
            sample_line<float>(name, tu, Tex1D, u, nu);
            CHECK(cudaDestroyTextureObject(tu));
        }
    CHECK(cudaFreeArray(a));

    // A border colour on a 4-channel float texture, point and linear.
    const cudaChannelFormatDesc f32x4 = cudaCreateChannelDesc<float4>();
    cudaArray_t b;
    CHECK(cudaMallocArray(&b, &f32x4, 2, 2));
    const float4 texels[4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {-1, -2, -3, -4}, {0.5f, 0.25f, 0.125f, 1}};
    CHECK(cudaMemcpy2DToArray(b, 0, 0, texels, 2 * sizeof(float4), 2 * sizeof(float4), 2, cudaMemcpyHostToDevice));
    const float colour[4] = {0.25f, -1.0f, 2.0f, 0.5f};
    const Coord cb[] = {{0.5f, 0.5f, 0, 0}, {-0.5f, 0.5f, 0, 0}, {2.5f, 1, 0, 0}, {0, 0, 0, 0},
                        {1.9f, 1.9f, 0, 0}, {1, -0.01f, 0, 0}, {0.75f, 2.2f, 0, 0}};
    for (int filter = 0; filter < 2; ++filter) {
        const cudaTextureObject_t t = texture(array_resource(b), cudaAddressModeBorder, cudaTextureFilterMode(filter),
                                              cudaReadModeElementType, 0, colour);
        sample_line<float4>(filter ? "border colour float4 linear" : "border colour float4 point", t, Tex2D, cb, 7);
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeArray(b));
}

void read_modes() {
    // uchar4 read as normalized floats, point and linear, and as elements.
    const cudaChannelFormatDesc u8x4 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &u8x4, 4));
    const uchar4 v[4] = {{0, 1, 127, 128}, {255, 254, 3, 200}, {17, 34, 51, 68}, {90, 180, 45, 255}};
    CHECK(cudaMemcpy2DToArray(a, 0, 0, v, sizeof v, sizeof v, 1, cudaMemcpyHostToDevice));
    Coord c[32];
    const float xs[] = {0.5f, 1.5f, 2.5f, 3.5f, 1.0f, 1.3f, 2.0f + 1.0f / 3, 2.9f, 3.1f, -1};
    const float colour[4] = {0.5f, 1.5f, -0.25f, 1};
    const int n = along_x(c, xs, 10);
    cudaTextureObject_t t = texture(array_resource(a), cudaAddressModeBorder, cudaFilterModePoint,
                                    cudaReadModeNormalizedFloat, 0, colour);
    sample_line<float4>("uchar4 normalized point", t, Tex1D, c, n);
    CHECK(cudaDestroyTextureObject(t));
    t = texture(array_resource(a), cudaAddressModeBorder, cudaFilterModeLinear, cudaReadModeNormalizedFloat, 0, colour);
    sample_line<float4>("uchar4 normalized linear", t, Tex1D, c, n);
    CHECK(cudaDestroyTextureObject(t));
    t = texture(array_resource(a), cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeElementType, 0);
    sample_line<uchar4>("uchar4 element point", t, Tex1D, c, n);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a));

    // short read as normalized floats in [-1, 1].
    const cudaChannelFormatDesc s16 = cudaCreateChannelDesc<short>();
    cudaArray_t s;
    CHECK(cudaMallocArray(&s, &s16, 10));
    const short sv[10] = {-32768, -32767, -16384, -1, 0, 1, 12345, 32766, 32767, 100};
    CHECK(cudaMemcpy2DToArray(s, 0, 0, sv, sizeof sv, sizeof sv, 1, cudaMemcpyHostToDevice));
    for (int i = 0; i < 10; ++i) c[i] = Coord{i + 0.5f, 0, 0, 0};
    for (int i = 0; i < 9; ++i) c[10 + i] = Coord{i + 1.0f + 0.3f, 0, 0, 0};
    t = texture(array_resource(s), cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeNormalizedFloat, 0);
    sample_line<float>("short normalized point", t, Tex1D, c, 10);
    CHECK(cudaDestroyTextureObject(t));
    t = texture(array_resource(s), cudaAddressModeClamp, cudaFilterModeLinear, cudaReadModeNormalizedFloat, 0);
    sample_line<float>("short normalized linear", t, Tex1D, c + 10, 9);
    CHECK(cudaDestroyTextureObject(t));
    t = texture(array_resource(s), cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeElementType, 0);
    sample_line<int>("short element point", t, Tex1D, c, 10);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(s));

    // Every unsigned and signed byte as a normalized float.
    const cudaChannelFormatDesc u8 = cudaCreateChannelDesc<unsigned char>();
    const cudaChannelFormatDesc s8 = cudaCreateChannelDesc<signed char>();
    unsigned char bytes[256];
    for (int i = 0; i < 256; ++i) bytes[i] = (unsigned char)i;
    Coord all[256];
    for (int i = 0; i < 256; ++i) all[i] = Coord{i + 0.5f, 0, 0, 0};
    for (int sign = 0; sign < 2; ++sign) {
        cudaArray_t b;
        CHECK(cudaMallocArray(&b, sign ? &s8 : &u8, 256));
        CHECK(cudaMemcpy2DToArray(b, 0, 0, bytes, 256, 256, 1, cudaMemcpyHostToDevice));
        t = texture(array_resource(b), cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeNormalizedFloat, 0);
        sample_line<float>(sign ? "char normalized all" : "uchar normalized all", t, Tex1D, all, 256);
        CHECK(cudaDestroyTextureObject(t));
        CHECK(cudaFreeArray(b));
    }
}

void layered() {
    // 3 layers of 3 x 2 floats, value 100 * layer + 10 * row + column.
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMalloc3DArray(&a, &f32, make_cudaExtent(3, 2, 3), cudaArrayLayered));
    float v[3][2][3];
    for (int l = 0; l < 3; ++l)
        for (int r = 0; r < 2; ++r)
            for (int col = 0; col < 3; ++col) v[l][r][col] = 100.0f * l + 10.0f * r + col;
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v, 3 * sizeof(float), 3, 2);
    p.dstArray = a;
    p.extent = make_cudaExtent(3, 2, 3);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    const Coord c[] = {{0.5f, 0.5f, 0, 0}, {2.5f, 1.5f, 0, 1}, {1.5f, 0.5f, 0, 2}, {1.2f, 0.9f, 0, 1},
                       {0.5f, 0.5f, 0, -1}, {0.5f, 0.5f, 0, 3}, {2.9f, 1.1f, 0, 2}, {5, 5, 0, 0}};
    for (int filter = 0; filter < 2; ++filter) {
        const cudaTextureObject_t t = texture(array_resource(a), cudaAddressModeClamp, cudaTextureFilterMode(filter),
                                              cudaReadModeElementType, 0);
        sample_line<float>(filter ? "layered 2D linear" : "layered 2D point", t, Layered2D, c, 8);
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeArray(a));

    // 1-D layered: 2 layers of 4.
    cudaArray_t b;
    CHECK(cudaMalloc3DArray(&b, &f32, make_cudaExtent(4, 0, 2), cudaArrayLayered));
    const float w[2][4] = {{1, 2, 3, 4}, {-1, -2, -3, -4}};
    cudaMemcpy3DParms q;
    std::memset(&q, 0, sizeof q);
    q.srcPtr = make_cudaPitchedPtr((void*)w, 4 * sizeof(float), 4, 1);
    q.dstArray = b;
    q.extent = make_cudaExtent(4, 1, 2);
    q.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&q));
    print_info("array info layered 1D", b);
    const Coord d[] = {{0.5f, 0, 0, 0}, {1.75f, 0, 0, 1}, {3.5f, 0, 0, 1}, {2.2f, 0, 0, 0}};
    const cudaTextureObject_t t = texture(array_resource(b), cudaAddressModeClamp, cudaFilterModeLinear,
                                          cudaReadModeElementType, 0);
    sample_line<float>("layered 1D linear", t, Layered1D, d, 4);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(b));
}

void three_d() {
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMalloc3DArray(&a, &f32, make_cudaExtent(3, 3, 3)));
    float v[3][3][3];
    for (int z = 0; z < 3; ++z)
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 3; ++x) v[z][y][x] = float((x * 7 + y * 5 + z * 11) % 13) - 4.5f;
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v, 3 * sizeof(float), 3, 3);
    p.dstArray = a;
    p.extent = make_cudaExtent(3, 3, 3);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    const Coord c[] = {{0.5f, 0.5f, 0.5f, 0}, {1.7f, 1.2f, 2.9f, 0}, {1.3f, 2.6f, 1.1f, 0},
                       {0.9f, 0.1f, 2.4f, 0}, {2.2f, 1.8f, 0.7f, 0}, {-1, 4, 1.5f, 0}};
    for (int filter = 0; filter < 2; ++filter) {
        const cudaTextureObject_t t = texture(array_resource(a), cudaAddressModeClamp, cudaTextureFilterMode(filter),
                                              cudaReadModeElementType, 0);
        sample_line<float>(filter ? "3D linear" : "3D point", t, Tex3D, c, 6);
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeArray(a));
}

void linear_memory() {
    // tex1Dfetch over cudaMalloc'd floats: integer indices, 0 outside.
    float* f = nullptr;
    CHECK(cudaMalloc(&f, 16 * sizeof(float)));
    float host[16];
    for (int i = 0; i < 16; ++i) host[i] = i * 1.5f - 3;
    CHECK(cudaMemcpy(f, host, sizeof host, cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = f;
    r.res.linear.desc = cudaCreateChannelDesc<float>();
    r.res.linear.sizeInBytes = sizeof host;
    cudaTextureObject_t t = texture(r, cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeElementType, 0);
    const float is[] = {0, 1, 5, 15, 16, -1, 100, 7};
    Coord c[8];
    sample_line<float>("tex1Dfetch float", t, Fetch1D, c, along_x(c, is, 8));
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFree(f));

    // uchar4 in linear memory, read as normalized floats.
    uchar4* u = nullptr;
    CHECK(cudaMalloc(&u, 4 * sizeof(uchar4)));
    const uchar4 uv[4] = {{0, 64, 128, 255}, {1, 2, 3, 4}, {250, 251, 252, 253}, {9, 99, 199, 0}};
    CHECK(cudaMemcpy(u, uv, sizeof uv, cudaMemcpyHostToDevice));
    r.res.linear.devPtr = u;
    r.res.linear.desc = cudaCreateChannelDesc<uchar4>();
    r.res.linear.sizeInBytes = sizeof uv;
    t = texture(r, cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeNormalizedFloat, 0);
    const float us[] = {0, 1, 2, 3, 4};
    sample_line<float4>("tex1Dfetch uchar4 normalized", t, Fetch1D, c, along_x(c, us, 5));
    CHECK(cudaDestroyTextureObject(t));
    t = texture(r, cudaAddressModeClamp, cudaFilterModePoint, cudaReadModeElementType, 0);
    sample_line<uchar4>("tex1Dfetch uchar4 element", t, Fetch1D, c, along_x(c, us, 5));
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFree(u));

    // A 2-D texture over pitched memory.
    float* p = nullptr;
    size_t pitch = 0;
    CHECK(cudaMallocPitch(&p, &pitch, 5 * sizeof(float), 3));
    float rows[3][5];
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 5; ++x) rows[y][x] = float(x * x) - float(y * 3) + 0.5f;
    CHECK(cudaMemcpy2D(p, pitch, rows, sizeof rows[0], sizeof rows[0], 3, cudaMemcpyHostToDevice));
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = p;
    r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r.res.pitch2D.width = 5;
    r.res.pitch2D.height = 3;
    r.res.pitch2D.pitchInBytes = pitch;
    t = texture(r, cudaAddressModeClamp, cudaFilterModeLinear, cudaReadModeElementType, 0);
    const Coord c2[] = {{0.5f, 0.5f, 0, 0}, {2.2f, 1.7f, 0, 0}, {4.9f, 2.9f, 0, 0}, {-2, 1.1f, 0, 0}, {3.3f, 0.4f, 0, 0}};
    sample_line<float>("pitch2D linear", t, Tex2D, c2, 5);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFree(p));
}

__global__ void surface_write(cudaSurfaceObject_t s, int w, int h) {
    const int x = threadIdx.x, y = threadIdx.y;
    if (x < w && y < h) surf2Dwrite(float(y * 100 + x) + 0.25f, s, x * int(sizeof(float)), y);
}
// Reads at byte x-coordinates: in range, out of range with zero and clamp.
__global__ void surface_read(cudaSurfaceObject_t s, const int2* at, int n, float* zero, float* clamp) {
    const int i = threadIdx.x;
    if (i >= n) return;
    zero[i] = surf2Dread<float>(s, at[i].x, at[i].y, cudaBoundaryModeZero);
    surf2Dread(&clamp[i], s, at[i].x, at[i].y, cudaBoundaryModeClamp);
}
// A surface write is not seen by reads of the same launch (the programming
// guide leaves that undefined), so each write and its reads are two launches.
__global__ void surface_1d_write(cudaSurfaceObject_t s) {
    const int i = threadIdx.x;
    surf1Dwrite(make_uchar4(i, 2 * i, 255 - i, 7), s, i * 4);
}
__global__ void surface_1d_read(cudaSurfaceObject_t s, uchar4* out) {
    const int i = threadIdx.x;
    out[i] = surf1Dread<uchar4>(s, ((i + 1) % 4) * 4);
}
__global__ void surface_3d_write(cudaSurfaceObject_t s) {
    const int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    surf3Dwrite(x + 10 * y + 100 * z, s, x * 4, y, z);
}
__global__ void surface_3d_read(cudaSurfaceObject_t s, int* out) {
    const int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    out[(z * 2 + y) * 2 + x] = surf3Dread<int>(s, (1 - x) * 4, y, z, cudaBoundaryModeTrap);
}

void surfaces() {
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &f32, 4, 3, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s = 0;
    cudaResourceDesc r = array_resource(a);
    CHECK(cudaCreateSurfaceObject(&s, &r));
    surface_write<<<1, dim3(4, 3)>>>(s, 4, 3);
    CHECK(cudaGetLastError());
    float back[3][4];
    CHECK(cudaMemcpy2DFromArray(back, sizeof back[0], a, 0, 0, sizeof back[0], 3, cudaMemcpyDeviceToHost));
    std::printf("surface 2D written");
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 4; ++x) put(back[y][x]);
    std::printf("\n");
    const int2 at[] = {{0, 0}, {4, 1}, {12, 2}, {16, 0}, {-4, 1}, {8, 3}, {8, -1}, {100, 100}, {-100, -100}};
    int2* d_at = nullptr;
    float *zero = nullptr, *clamp = nullptr;
    CHECK(cudaMalloc(&d_at, sizeof at));
    CHECK(cudaMalloc(&zero, 9 * sizeof(float)));
    CHECK(cudaMalloc(&clamp, 9 * sizeof(float)));
    CHECK(cudaMemcpy(d_at, at, sizeof at, cudaMemcpyHostToDevice));
    surface_read<<<1, 9>>>(s, d_at, 9, zero, clamp);
    CHECK(cudaGetLastError());
    float hz[9], hc[9];
    CHECK(cudaMemcpy(hz, zero, sizeof hz, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hc, clamp, sizeof hc, cudaMemcpyDeviceToHost));
    std::printf("surface 2D read zero");
    for (float v : hz) put(v);
    std::printf("\nsurface 2D read clamp");
    for (float v : hc) put(v);
    std::printf("\n");
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFree(d_at));
    CHECK(cudaFree(zero));
    CHECK(cudaFree(clamp));

    // The surface's writes seen by a texture over the same array.
    const cudaTextureObject_t t = texture(r, cudaAddressModeClamp, cudaFilterModeLinear, cudaReadModeElementType, 0);
    const Coord c[] = {{1.0f, 1.0f, 0, 0}, {2.5f, 2.5f, 0, 0}, {3.3f, 0.8f, 0, 0}};
    sample_line<float>("surface then texture", t, Tex2D, c, 3);
    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaFreeArray(a));

    const cudaChannelFormatDesc u8x4 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t b;
    CHECK(cudaMallocArray(&b, &u8x4, 4, 0, cudaArraySurfaceLoadStore));
    r = array_resource(b);
    CHECK(cudaCreateSurfaceObject(&s, &r));
    uchar4* out = nullptr;
    CHECK(cudaMalloc(&out, 4 * sizeof(uchar4)));
    surface_1d_write<<<1, 4>>>(s);
    surface_1d_read<<<1, 4>>>(s, out);
    CHECK(cudaGetLastError());
    uchar4 h1[4];
    CHECK(cudaMemcpy(h1, out, sizeof h1, cudaMemcpyDeviceToHost));
    std::printf("surface 1D");
    for (uchar4 v : h1) put(v);
    std::printf("\n");
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFree(out));
    CHECK(cudaFreeArray(b));

    const cudaChannelFormatDesc i32 = cudaCreateChannelDesc<int>();
    cudaArray_t c3;
    CHECK(cudaMalloc3DArray(&c3, &i32, make_cudaExtent(2, 2, 2), cudaArraySurfaceLoadStore));
    r = array_resource(c3);
    CHECK(cudaCreateSurfaceObject(&s, &r));
    int* o3 = nullptr;
    CHECK(cudaMalloc(&o3, 8 * sizeof(int)));
    surface_3d_write<<<1, dim3(2, 2, 2)>>>(s);
    surface_3d_read<<<1, dim3(2, 2, 2)>>>(s, o3);
    CHECK(cudaGetLastError());
    int h3[8];
    CHECK(cudaMemcpy(h3, o3, sizeof h3, cudaMemcpyDeviceToHost));
    std::printf("surface 3D");
    for (int v : h3) put(v);
    std::printf("\n");
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFree(o3));
    CHECK(cudaFreeArray(c3));
}

int main() {
    arrays();
    filtering();
    address_modes();
    read_modes();
    layered();
    three_d();
    linear_memory();
    surfaces();
    CHECK(cudaDeviceSynchronize());
    std::printf("errors: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
