// Measurements of an H100/H200's texture unit, not a test: the raw data
// primitives/src/texture_fetch.cpp was fitted to (its GPU output is
// docs/gpu-runs/2026-11-26-h200-texture-probes.txt). P1 weights and
// coordinates, P2-P4 float blends in 1-3 D, P5/P6 normalized-integer
// blends and conversions, P7 normalized coordinates at texel edges, P8
// address modes with NaN, infinities and huge coordinates, P9/P10 missing
// channels and border colours, P11/P12 the API's errors and handles.
// simt agrees on every line except handle values (P12) and 4% of signed
// 8-bit blends (P5s8); the trilinear samples (P4, 17% off until the 3-D
// weights were measured with texture_weights.cu) agree since 2026-11-27.
#include <cmath>
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

struct Coord {
    float x, y, z;
    int layer;
};
enum Shape { Fetch1D, Tex1D, Tex2D, Tex3D };

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
    }
}
template <class T>
T* run(cudaTextureObject_t t, Shape shape, const Coord* coords, int n) {
    Coord* c;
    T* out;
    CHECK(cudaMalloc(&c, n * sizeof(Coord)));
    CHECK(cudaMalloc(&out, n * sizeof(T)));
    CHECK(cudaMemcpy(c, coords, n * sizeof(Coord), cudaMemcpyHostToDevice));
    sample<T><<<(n + 127) / 128, 128>>>(t, shape, c, n, out);
    CHECK(cudaGetLastError());
    T* host = (T*)malloc(n * sizeof(T));
    CHECK(cudaMemcpy(host, out, n * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(c));
    CHECK(cudaFree(out));
    return host;
}
unsigned bits(float f) {
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}
cudaTextureObject_t tex(cudaArray_t a, int mode, int filter, int read, int norm, const float* border = nullptr) {
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc d;
    memset(&d, 0, sizeof d);
    d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = cudaTextureAddressMode(mode);
    d.filterMode = cudaTextureFilterMode(filter);
    d.readMode = cudaTextureReadMode(read);
    d.normalizedCoords = norm;
    if (border)
        for (int i = 0; i < 4; ++i) d.borderColor[i] = border[i];
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr));
    return t;
}
cudaArray_t array1d(cudaChannelFormatDesc f, const void* data, int n, int elem) {
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &f, n));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, data, n * elem, n * elem, 1, cudaMemcpyHostToDevice));
    return a;
}
unsigned long long lcg_state = 12345;
unsigned rnd() {
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(lcg_state >> 33);
}
float rnd_float() {
    // sign, exponent in [-8, 8], random mantissa
    unsigned s = rnd() & 1, e = 127 - 8 + rnd() % 17, m = rnd() & 0x7fffff;
    unsigned u = (s << 31) | (e << 23) | m;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

// Run-length print of integer-valued results: "start:value" at each change.
void rle(const char* name, const float* v, int n, float scale, int first) {
    printf("%s", name);
    float last = -12345;
    for (int i = 0; i < n; ++i)
        if (v[i] != last) {
            printf(" %d:%g", first + i, v[i] * scale);
            last = v[i];
        }
    printf("\n");
}

void weights() {
    const float zo[2] = {0, 1};
    cudaArray_t a = array1d(cudaCreateChannelDesc<float>(), zo, 2, 4);
    cudaTextureObject_t t = tex(a, 1, 1, 0, 0);
    static Coord c[70000];
    int n = 0;
    for (int k = -8; k <= 4104; ++k) c[n++] = Coord{0.5f + k / 4096.0f, 0, 0, 0};
    float* v = run<float>(t, Tex1D, c, n);
    rle("P1 weights x=0.5+k/4096:", v, n, 256, -8);
    n = 0;
    for (int k = 0; k <= 4096; ++k) c[n++] = Coord{0.5f + k / 65536.0f, 0, 0, 0};
    v = run<float>(t, Tex1D, c, n);
    rle("P1 fine x=0.5+k/65536:", v, n, 256, 0);
    n = 0;
    for (int k = 0; k <= 4096; ++k) c[n++] = Coord{1.5f - k / 65536.0f, 0, 0, 0};
    v = run<float>(t, Tex1D, c, n);
    rle("P1 fine x=1.5-k/65536:", v, n, 256, 0);
    // Other bases: N = 2048 alternating 0,1
    static float alt[2048];
    for (int i = 0; i < 2048; ++i) alt[i] = float(i & 1);
    cudaArray_t b = array1d(cudaCreateChannelDesc<float>(), alt, 2048, 4);
    cudaTextureObject_t tb = tex(b, 1, 1, 0, 0);
    for (float base : {2.5f, 100.5f, 1000.5f, 2046.5f}) {
        n = 0;
        for (int k = 0; k <= 4096; ++k) c[n++] = Coord{base + k / 4096.0f, 0, 0, 0};
        v = run<float>(tb, Tex1D, c, n);
        char name[64];
        snprintf(name, sizeof name, "P1 base %g (+k/4096):", base);
        rle(name, v, n, 256, 0);
    }
    // Normalized coordinates on the same texture (N = 2048)
    cudaTextureObject_t tn = tex(b, 1, 1, 0, 1);
    for (float base : {2.5f, 1000.5f}) {
        n = 0;
        for (int k = 0; k <= 4096; ++k) c[n++] = Coord{(base + k / 4096.0f) / 2048.0f, 0, 0, 0};
        v = run<float>(tn, Tex1D, c, n);
        char name[64];
        snprintf(name, sizeof name, "P1 normalized N=2048 base %g:", base);
        rle(name, v, n, 256, 0);
    }
    // N = 10 normalized (non-power-of-two scale)
    float alt10[10];
    for (int i = 0; i < 10; ++i) alt10[i] = float(i & 1);
    cudaArray_t c10 = array1d(cudaCreateChannelDesc<float>(), alt10, 10, 4);
    cudaTextureObject_t t10 = tex(c10, 1, 1, 0, 1);
    n = 0;
    for (int k = 0; k <= 4096; ++k) c[n++] = Coord{(2.5f + k / 4096.0f) / 10.0f, 0, 0, 0};
    v = run<float>(t10, Tex1D, c, n);
    printf("P1 normalized N=10 x=(2.5+k/4096)/10 raw:");
    for (int i = 0; i < n; i += 1) printf(" %08x", bits(v[i]));
    printf("\n");
}

void blends() {
    // Float pairs
    static float vals[1024];
    for (int i = 0; i < 1024; ++i) vals[i] = rnd_float();
    for (int i = 0; i < 16; ++i) vals[2 * i + 1] = vals[2 * i] * (1 + 1e-6f * i);  // close pairs
    cudaArray_t a = array1d(cudaCreateChannelDesc<float>(), vals, 1024, 4);
    cudaTextureObject_t t = tex(a, 1, 1, 0, 0);
    static Coord c[512];
    int ks[512];
    for (int i = 0; i < 512; ++i) {
        ks[i] = 1 + rnd() % 255;
        c[i] = Coord{2 * (i % 512) + 0.5f + ks[i] / 256.0f, 0, 0, 0};
    }
    float* v = run<float>(t, Tex1D, c, 512);
    for (int i = 0; i < 512; ++i)
        printf("P2 %08x %08x %d %08x\n", bits(vals[2 * i]), bits(vals[2 * i + 1]), ks[i], bits(v[i]));
    // 2D bilinear
    cudaArray_t b;
    const cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    CHECK(cudaMallocArray(&b, &f, 64, 64));
    static float g[64][64];
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) g[y][x] = rnd_float();
    CHECK(cudaMemcpy2DToArray(b, 0, 0, g, 256, 256, 64, cudaMemcpyHostToDevice));
    cudaTextureObject_t tb = tex(b, 1, 1, 0, 0);
    int kx[256], ky[256], xs[256], ys[256];
    for (int i = 0; i < 256; ++i) {
        xs[i] = rnd() % 63;
        ys[i] = rnd() % 63;
        kx[i] = rnd() % 257;
        ky[i] = rnd() % 257;
        c[i] = Coord{xs[i] + 0.5f + kx[i] / 256.0f, ys[i] + 0.5f + ky[i] / 256.0f, 0, 0};
    }
    v = run<float>(tb, Tex2D, c, 256);
    for (int i = 0; i < 256; ++i)
        printf("P3 %08x %08x %08x %08x %d %d %08x\n", bits(g[ys[i]][xs[i]]), bits(g[ys[i]][xs[i] + 1]),
               bits(g[ys[i] + 1][xs[i]]), bits(g[ys[i] + 1][xs[i] + 1]), kx[i], ky[i], bits(v[i]));
    // 3D trilinear
    cudaArray_t d3;
    CHECK(cudaMalloc3DArray(&d3, &f, make_cudaExtent(8, 8, 8)));
    static float h[8][8][8];
    for (int z = 0; z < 8; ++z)
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x) h[z][y][x] = rnd_float();
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, 32, 8, 8);
    p.dstArray = d3;
    p.extent = make_cudaExtent(8, 8, 8);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    cudaTextureObject_t t3 = tex(d3, 1, 1, 0, 0);
    int zs[128], kz[128];
    for (int i = 0; i < 128; ++i) {
        xs[i] = rnd() % 7;
        ys[i] = rnd() % 7;
        zs[i] = rnd() % 7;
        kx[i] = rnd() % 257;
        ky[i] = rnd() % 257;
        kz[i] = rnd() % 257;
        c[i] = Coord{xs[i] + 0.5f + kx[i] / 256.0f, ys[i] + 0.5f + ky[i] / 256.0f, zs[i] + 0.5f + kz[i] / 256.0f, 0};
    }
    v = run<float>(t3, Tex3D, c, 128);
    for (int i = 0; i < 128; ++i) {
        printf("P4");
        for (int dz = 0; dz < 2; ++dz)
            for (int dy = 0; dy < 2; ++dy)
                for (int dx = 0; dx < 2; ++dx) printf(" %08x", bits(h[zs[i] + dz][ys[i] + dy][xs[i] + dx]));
        printf(" %d %d %d %08x\n", kx[i], ky[i], kz[i], bits(v[i]));
    }
}

template <class T>
void normalized_blend(const char* name, cudaChannelFormatDesc f, int values) {
    static T vals[1024];
    for (int i = 0; i < 1024; ++i) vals[i] = T(rnd() % values);
    vals[0] = T(0);
    vals[1] = T(values - 1);
    cudaArray_t a = array1d(f, vals, 1024, sizeof(T));
    cudaTextureObject_t t = tex(a, 1, 1, 1, 0);
    static Coord c[512];
    int ks[512];
    for (int i = 0; i < 512; ++i) {
        ks[i] = rnd() % 257;
        c[i] = Coord{2 * i + 0.5f + ks[i] / 256.0f, 0, 0, 0};
    }
    float* v = run<float>(t, Tex1D, c, 512);
    for (int i = 0; i < 512; ++i)
        printf("%s %d %d %d %08x\n", name, int(vals[2 * i]), int(vals[2 * i + 1]), ks[i], bits(v[i]));
}

template <class T>
void normalized_points(const char* name, cudaChannelFormatDesc f, const T* vals, int n) {
    cudaArray_t a = array1d(f, vals, n, sizeof(T));
    cudaTextureObject_t t = tex(a, 1, 0, 1, 0);
    static Coord c[1024];
    for (int i = 0; i < n; ++i) c[i] = Coord{i + 0.5f, 0, 0, 0};
    float* v = run<float>(t, Tex1D, c, n);
    printf("%s", name);
    for (int i = 0; i < n; ++i) printf(" %d:%08x", int(vals[i]), bits(v[i]));
    printf("\n");
}

void conversions() {
    normalized_blend<unsigned char>("P5u8", cudaCreateChannelDesc<unsigned char>(), 256);
    normalized_blend<signed char>("P5s8", cudaCreateChannelDesc<signed char>(), 256);
    normalized_blend<unsigned short>("P5u16", cudaCreateChannelDesc<unsigned short>(), 65536);
    normalized_blend<short>("P5s16", cudaCreateChannelDesc<short>(), 65536);
    static unsigned short us[300];
    static short ss[300];
    int n = 0;
    for (int v : {0, 1, 2, 3, 4, 5, 127, 128, 255, 256, 257, 1000, 32767, 32768, 65533, 65534, 65535}) us[n++] = v;
    while (n < 300) us[n++] = rnd() & 0xffff;
    normalized_points("P6u16", cudaCreateChannelDesc<unsigned short>(), us, 300);
    n = 0;
    for (int v : {-32768, -32767, -32766, -2, -1, 0, 1, 2, 3, 127, 128, 255, 256, 16383, 16384, 32766, 32767})
        ss[n++] = v;
    while (n < 300) ss[n++] = short(rnd() & 0xffff);
    normalized_points("P6s16", cudaCreateChannelDesc<short>(), ss, 300);
    // uchar 2D bilinear normalized
    cudaArray_t b;
    const cudaChannelFormatDesc f = cudaCreateChannelDesc<unsigned char>();
    CHECK(cudaMallocArray(&b, &f, 64, 64));
    static unsigned char g[64][64];
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) g[y][x] = rnd() & 255;
    CHECK(cudaMemcpy2DToArray(b, 0, 0, g, 64, 64, 64, cudaMemcpyHostToDevice));
    cudaTextureObject_t tb = tex(b, 1, 1, 1, 0);
    static Coord c[256];
    int kx[256], ky[256], xs[256], ys[256];
    for (int i = 0; i < 256; ++i) {
        xs[i] = rnd() % 63;
        ys[i] = rnd() % 63;
        kx[i] = rnd() % 257;
        ky[i] = rnd() % 257;
        c[i] = Coord{xs[i] + 0.5f + kx[i] / 256.0f, ys[i] + 0.5f + ky[i] / 256.0f, 0, 0};
    }
    float* v = run<float>(tb, Tex2D, c, 256);
    for (int i = 0; i < 256; ++i)
        printf("P5u8x2D %d %d %d %d %d %d %08x\n", g[ys[i]][xs[i]], g[ys[i]][xs[i] + 1], g[ys[i] + 1][xs[i]],
               g[ys[i] + 1][xs[i] + 1], kx[i], ky[i], bits(v[i]));
}

void coordinates() {
    for (int N : {3, 7, 10, 100, 1000}) {
        static float idx[1000];
        for (int i = 0; i < N; ++i) idx[i] = float(i);
        cudaArray_t a = array1d(cudaCreateChannelDesc<float>(), idx, N, 4);
        cudaTextureObject_t t = tex(a, 1, 0, 0, 1);
        static Coord c[3100];
        int n = 0;
        for (int i = 0; i <= N; ++i) {
            float x = float(i) / float(N);
            c[n++] = Coord{nextafterf(x, -1), 0, 0, 0};
            c[n++] = Coord{x, 0, 0, 0};
            c[n++] = Coord{nextafterf(x, 2), 0, 0, 0};
        }
        float* v = run<float>(t, Tex1D, c, n);
        printf("P7 point normalized N=%d (x-ulp, x, x+ulp for x=i/N):", N);
        for (int i = 0; i < n; ++i) printf(" %g", v[i]);
        printf("\n");
        // unnormalized near integers: i - ulp
        n = 0;
        for (int i = 0; i <= N; ++i) {
            c[n++] = Coord{nextafterf(float(i), -1), 0, 0, 0};
            c[n++] = Coord{float(i), 0, 0, 0};
        }
        v = run<float>(tex(a, 1, 0, 0, 0), Tex1D, c, n);
        printf("P7 point unnormalized N=%d (i-ulp, i):", N);
        for (int i = 0; i < n; ++i) printf(" %g", v[i]);
        printf("\n");
    }
}

void odd_coordinates() {
    float five[5] = {1, 2, 3, 4, 5};
    cudaArray_t a = array1d(cudaCreateChannelDesc<float>(), five, 5, 4);
    const float border[4] = {-9, 0, 0, 0};
    Coord c[16];
    const float xs[] = {NAN, INFINITY, -INFINITY, 1000.3f, -1000.3f, 3.7e6f, 1e10f, -1e10f, 0.9999999f, -0.0f, 1.0f};
    for (int i = 0; i < 11; ++i) c[i] = Coord{xs[i], 0, 0, 0};
    for (int norm = 0; norm < 2; ++norm)
        for (int mode = 0; mode < 4; ++mode)
            for (int filter = 0; filter < 2; ++filter) {
                float* v = run<float>(tex(a, mode, filter, 0, norm, border), Tex1D, c, 11);
                printf("P8 norm %d mode %d filter %d:", norm, mode, filter);
                for (int i = 0; i < 11; ++i) printf(" %08x", bits(v[i]));
                printf("\n");
            }
}

void channels() {
    Coord c[2] = {{0.5f, 0, 0, 0}, {-3, 0, 0, 0}};
    const float border[4] = {1.5f, -2.0f, 3.0f, 0.25f};
    {
        float v[2] = {7.5f, 8};
        cudaArray_t a = array1d(cudaCreateChannelDesc<float>(), v, 2, 4);
        float4* r = run<float4>(tex(a, 3, 0, 0, 0, border), Tex1D, c, 2);
        printf("P9 float1 as float4: %g %g %g %g | border %g %g %g %g\n", r[0].x, r[0].y, r[0].z, r[0].w, r[1].x,
               r[1].y, r[1].z, r[1].w);
    }
    {
        float2 v[2] = {{7.5f, 8}, {1, 2}};
        cudaArray_t a = array1d(cudaCreateChannelDesc<float2>(), v, 2, 8);
        float4* r = run<float4>(tex(a, 3, 0, 0, 0, border), Tex1D, c, 2);
        printf("P9 float2 as float4: %g %g %g %g | border %g %g %g %g\n", r[0].x, r[0].y, r[0].z, r[0].w, r[1].x,
               r[1].y, r[1].z, r[1].w);
    }
    {
        unsigned char v[2] = {51, 102};
        cudaArray_t a = array1d(cudaCreateChannelDesc<unsigned char>(), v, 2, 1);
        float4* r = run<float4>(tex(a, 3, 0, 1, 0, border), Tex1D, c, 2);
        printf("P9 uchar1 normalized as float4: %08x %08x %08x %08x | border %08x %08x %08x %08x\n", bits(r[0].x),
               bits(r[0].y), bits(r[0].z), bits(r[0].w), bits(r[1].x), bits(r[1].y), bits(r[1].z), bits(r[1].w));
        uchar4* e = run<uchar4>(tex(a, 3, 0, 0, 0, border), Tex1D, c, 2);
        printf("P9 uchar1 element as uchar4: %d %d %d %d | border %d %d %d %d\n", e[0].x, e[0].y, e[0].z, e[0].w,
               e[1].x, e[1].y, e[1].z, e[1].w);
    }
    {
        int v[2] = {-5, 6};
        cudaArray_t a = array1d(cudaCreateChannelDesc<int>(), v, 2, 4);
        int4* r = run<int4>(tex(a, 3, 0, 0, 0, border), Tex1D, c, 2);
        printf("P9 int1 as int4: %d %d %d %d | border %08x %08x %08x %08x\n", r[0].x, r[0].y, r[0].z, r[0].w, r[1].x,
               r[1].y, r[1].z, r[1].w);
    }
    {
        uchar4 v[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
        cudaArray_t a = array1d(cudaCreateChannelDesc<uchar4>(), v, 2, 4);
        uchar4* e = run<uchar4>(tex(a, 3, 0, 0, 0, border), Tex1D, c, 2);
        printf("P10 uchar4 element border: %d %d %d %d\n", e[1].x, e[1].y, e[1].z, e[1].w);
        float4* r = run<float4>(tex(a, 3, 0, 1, 0, border), Tex1D, c, 2);
        printf("P10 uchar4 normalized border: %08x %08x %08x %08x\n", bits(r[1].x), bits(r[1].y), bits(r[1].z),
               bits(r[1].w));
        Coord m[3] = {{-0.3f, 0, 0, 0}, {0.2f, 0, 0, 0}, {2.1f, 0, 0, 0}};
        r = run<float4>(tex(a, 3, 1, 1, 0, border), Tex1D, m, 3);
        printf("P10 uchar4 normalized linear border:");
        for (int i = 0; i < 3; ++i) printf(" %08x,%08x,%08x,%08x", bits(r[i].x), bits(r[i].y), bits(r[i].z), bits(r[i].w));
        printf("\n");
    }
    {
        short v[2] = {-5, 6};
        cudaArray_t a = array1d(cudaCreateChannelDesc<short>(), v, 2, 2);
        float* r = run<float>(tex(a, 3, 0, 1, 0, border), Tex1D, c, 2);
        printf("P10 short normalized border: %08x\n", bits(r[1]));
        int* e = run<int>(tex(a, 3, 0, 0, 0, border), Tex1D, c, 2);
        printf("P10 short element border (as int): %08x\n", e[1]);
        const float b2[4] = {-1.5f, 0, 0, 0};
        e = run<int>(tex(a, 3, 0, 0, 0, b2), Tex1D, c, 2);
        printf("P10 short element border -1.5 (as int): %08x\n", e[1]);
        const float b3[4] = {70000.0f, 0, 0, 0};
        e = run<int>(tex(a, 3, 0, 0, 0, b3), Tex1D, c, 2);
        printf("P10 short element border 70000 (as int): %08x\n", e[1]);
    }
}

#define TRY(name, call)                                                                  \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        printf("P11 %s -> %s (last %s)\n", name, cudaGetErrorName(e_), cudaGetErrorName(cudaGetLastError())); \
    } while (0)

void errors() {
    cudaArray_t fa, ia, ua, u4, surf;
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>(), i = cudaCreateChannelDesc<int>(),
                          u = cudaCreateChannelDesc<unsigned char>(), q = cudaCreateChannelDesc<uchar4>();
    CHECK(cudaMallocArray(&fa, &f, 8, 8));
    CHECK(cudaMallocArray(&ia, &i, 8, 8));
    CHECK(cudaMallocArray(&ua, &u, 8, 8));
    CHECK(cudaMallocArray(&u4, &q, 8));
    CHECK(cudaMallocArray(&surf, &f, 8, 8, cudaArraySurfaceLoadStore));
    auto res = [](cudaArray_t a) {
        cudaResourceDesc r;
        memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeArray;
        r.res.array.array = a;
        return r;
    };
    auto desc = [](int filter, int read, int norm) {
        cudaTextureDesc d;
        memset(&d, 0, sizeof d);
        d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = cudaAddressModeClamp;
        d.filterMode = cudaTextureFilterMode(filter);
        d.readMode = cudaTextureReadMode(read);
        d.normalizedCoords = norm;
        return d;
    };
    cudaTextureObject_t t = 0;
    cudaResourceDesc r;
    cudaTextureDesc d;
    r = res(fa); d = desc(1, 0, 0); TRY("float linear element", cudaCreateTextureObject(&t, &r, &d, nullptr));
    printf("P12 first texture handle %llu\n", t);
    r = res(ia); d = desc(1, 0, 0); TRY("int linear element", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(ua); d = desc(1, 0, 0); TRY("uchar linear element", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(ua); d = desc(1, 1, 0); TRY("uchar linear normalized", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(fa); d = desc(0, 1, 0); TRY("float point normalizedFloat", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(ia); d = desc(0, 1, 0); TRY("int point normalizedFloat", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(fa); d = desc(0, 0, 0); d.addressMode[0] = cudaTextureAddressMode(7);
    TRY("address mode 7", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(fa); d = desc(5, 0, 0); TRY("filter mode 5", cudaCreateTextureObject(&t, &r, &d, nullptr));
    d = desc(0, 0, 0); TRY("null resource", cudaCreateTextureObject(&t, nullptr, &d, nullptr));
    r = res(fa); TRY("null texture desc", cudaCreateTextureObject(&t, &r, nullptr, nullptr));
    r = res(fa); d = desc(0, 0, 0); TRY("null handle", cudaCreateTextureObject(nullptr, &r, &d, nullptr));
    r = res(nullptr); d = desc(0, 0, 0); TRY("null array", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(fa); r.flags = 1; TRY("flags 1", cudaCreateTextureObject(&t, &r, &d, nullptr));
    r = res(fa); r.resType = cudaResourceTypeMipmappedArray; TRY("mipmapped type with array", cudaCreateTextureObject(&t, &r, &d, nullptr));

    char* mem = nullptr;
    CHECK(cudaMalloc(&mem, 4096));
    CHECK(cudaMemset(mem, 0, 4096));
    cudaResourceDesc lr;
    memset(&lr, 0, sizeof lr);
    lr.resType = cudaResourceTypeLinear;
    lr.res.linear.devPtr = mem;
    lr.res.linear.desc = f;
    lr.res.linear.sizeInBytes = 1024;
    d = desc(0, 0, 0); TRY("linear ok", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    printf("P12 next texture handle %llu\n", t);
    d = desc(1, 0, 0); TRY("linear with linear filter", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    d = desc(0, 0, 1); TRY("linear with normalized coords", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    d = desc(0, 0, 0);
    lr.res.linear.devPtr = mem + 4; TRY("linear misaligned 4", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.devPtr = mem + 256; TRY("linear offset 256", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.devPtr = mem + 512; TRY("linear offset 512", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.devPtr = mem; lr.res.linear.sizeInBytes = 1022; TRY("linear size 1022", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.sizeInBytes = 8192; TRY("linear size past allocation", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.sizeInBytes = 0; TRY("linear size 0", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.sizeInBytes = 1024; lr.res.linear.desc = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    TRY("linear 3 channels", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.desc = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindUnsigned);
    TRY("linear mixed widths", cudaCreateTextureObject(&t, &lr, &d, nullptr));
    lr.res.linear.desc = f;
    int host_buffer[64];
    lr.res.linear.devPtr = host_buffer; TRY("linear host pointer", cudaCreateTextureObject(&t, &lr, &d, nullptr));

    cudaResourceDesc pr;
    memset(&pr, 0, sizeof pr);
    pr.resType = cudaResourceTypePitch2D;
    pr.res.pitch2D.devPtr = mem;
    pr.res.pitch2D.desc = f;
    pr.res.pitch2D.width = 4;
    pr.res.pitch2D.height = 4;
    pr.res.pitch2D.pitchInBytes = 64;
    TRY("pitch2D pitch 64", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.pitchInBytes = 32; TRY("pitch2D pitch 32", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.pitchInBytes = 16; TRY("pitch2D pitch 16", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.pitchInBytes = 48; TRY("pitch2D pitch 48", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.pitchInBytes = 20; TRY("pitch2D pitch 20", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.pitchInBytes = 64; pr.res.pitch2D.width = 17; TRY("pitch2D width past pitch", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.width = 4; pr.res.pitch2D.devPtr = mem + 32; TRY("pitch2D offset 32", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.devPtr = mem + 128; TRY("pitch2D offset 128", cudaCreateTextureObject(&t, &pr, &d, nullptr));
    pr.res.pitch2D.devPtr = mem; pr.res.pitch2D.height = 1000; TRY("pitch2D past allocation", cudaCreateTextureObject(&t, &pr, &d, nullptr));

    cudaSurfaceObject_t s = 0;
    r = res(surf); TRY("surface ok", cudaCreateSurfaceObject(&s, &r));
    printf("P12 surface handle %llu\n", s);
    cudaSurfaceObject_t s2 = 0;
    TRY("surface ok again", cudaCreateSurfaceObject(&s2, &r));
    printf("P12 surface handle 2 %llu\n", s2);
    r = res(fa); TRY("surface without flag", cudaCreateSurfaceObject(&s, &r));
    TRY("surface linear", cudaCreateSurfaceObject(&s, &lr));
    TRY("surface null", cudaCreateSurfaceObject(&s, nullptr));
    TRY("destroy surface", cudaDestroySurfaceObject(s2));
    TRY("destroy surface again", cudaDestroySurfaceObject(s2));
    TRY("destroy surface 0", cudaDestroySurfaceObject(0));

    cudaTextureObject_t t1 = 0, t2 = 0, t3 = 0;
    r = res(fa); d = desc(0, 0, 0);
    CHECK(cudaCreateTextureObject(&t1, &r, &d, nullptr));
    CHECK(cudaCreateTextureObject(&t2, &r, &d, nullptr));
    TRY("destroy t1", cudaDestroyTextureObject(t1));
    CHECK(cudaCreateTextureObject(&t3, &r, &d, nullptr));
    printf("P12 handles t1 %llu t2 %llu t3 (after destroying t1) %llu\n", t1, t2, t3);
    TRY("destroy t1 again", cudaDestroyTextureObject(t1));
    TRY("destroy 0", cudaDestroyTextureObject(0));
    TRY("destroy 12345", cudaDestroyTextureObject(12345));
    cudaResourceDesc back;
    TRY("get resource desc", cudaGetTextureObjectResourceDesc(&back, t2));
    printf("P12 back resType %d array same %d\n", int(back.resType), back.res.array.array == fa);

    // arrays
    cudaArray_t x;
    cudaChannelFormatDesc bad = cudaCreateChannelDesc(24, 0, 0, 0, cudaChannelFormatKindFloat);
    TRY("malloc array 24-bit float", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
    TRY("malloc array 8-bit float", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
    TRY("malloc array 16-bit float", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    TRY("malloc array 3 channels", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindFloat);
    TRY("malloc array 0 bits", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindUnsigned);
    TRY("malloc array mixed", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindNone);
    TRY("malloc array kind none", cudaMallocArray(&x, &bad, 8));
    bad = cudaCreateChannelDesc(64, 0, 0, 0, cudaChannelFormatKindUnsigned);
    TRY("malloc array 64-bit", cudaMallocArray(&x, &bad, 8));
    TRY("malloc array width 0", cudaMallocArray(&x, &f, 0));
    TRY("malloc array width 0 height 4", cudaMallocArray(&x, &f, 0, 4));
    TRY("malloc array null desc", cudaMallocArray(&x, nullptr, 8));
    TRY("malloc array null out", cudaMallocArray(nullptr, &f, 8));
    TRY("malloc array width 1<<20", cudaMallocArray(&x, &f, 1 << 20));
    TRY("malloc array width 1<<17 x 2", cudaMallocArray(&x, &f, 1 << 17, 2));
    TRY("malloc 3D layered depth 0", cudaMalloc3DArray(&x, &f, make_cudaExtent(4, 4, 0), cudaArrayLayered));
    TRY("malloc 3D width 0", cudaMalloc3DArray(&x, &f, make_cudaExtent(0, 4, 4)));
    TRY("malloc 3D height 0 depth 4", cudaMalloc3DArray(&x, &f, make_cudaExtent(4, 0, 4)));
    TRY("malloc 3D flags 0x100", cudaMalloc3DArray(&x, &f, make_cudaExtent(4, 4, 4), 0x100));
    TRY("malloc array flags layered", cudaMallocArray(&x, &f, 4, 4, cudaArrayLayered));
    cudaArray_t freed;
    CHECK(cudaMallocArray(&freed, &f, 4));
    TRY("free array", cudaFreeArray(freed));
    TRY("free array again", cudaFreeArray(freed));
    TRY("free array null", cudaFreeArray(nullptr));
    cudaChannelFormatDesc gd;
    cudaExtent ge;
    unsigned gf;
    TRY("array info null outputs", cudaArrayGetInfo(nullptr, nullptr, nullptr, fa));
    TRY("array info null array", cudaArrayGetInfo(&gd, &ge, &gf, nullptr));
    TRY("get channel desc", cudaGetChannelDesc(&gd, u4));
    printf("P12 channel desc %d %d %d %d %d\n", gd.x, gd.y, gd.z, gd.w, int(gd.f));

    static char host[8 * 64];
    TRY("2D to array ok", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 32, 8, cudaMemcpyHostToDevice));
    TRY("2D to array past right", cudaMemcpy2DToArray(fa, 4, 0, host, 32, 32, 8, cudaMemcpyHostToDevice));
    TRY("2D to array past bottom", cudaMemcpy2DToArray(fa, 0, 1, host, 32, 32, 8, cudaMemcpyHostToDevice));
    TRY("2D to array width 3 bytes", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 3, 8, cudaMemcpyHostToDevice));
    TRY("2D to array offset 2 bytes", cudaMemcpy2DToArray(fa, 2, 0, host, 32, 4, 8, cudaMemcpyHostToDevice));
    TRY("2D to array spitch < width", cudaMemcpy2DToArray(fa, 0, 0, host, 16, 32, 8, cudaMemcpyHostToDevice));
    TRY("2D to array width 0", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 0, 8, cudaMemcpyHostToDevice));
    TRY("2D to array height 0", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 32, 0, cudaMemcpyHostToDevice));
    TRY("2D to array null", cudaMemcpy2DToArray(nullptr, 0, 0, host, 32, 32, 8, cudaMemcpyHostToDevice));
    TRY("2D to array freed", cudaMemcpy2DToArray(freed, 0, 0, host, 16, 16, 1, cudaMemcpyHostToDevice));
    TRY("2D to array null src", cudaMemcpy2DToArray(fa, 0, 0, nullptr, 32, 32, 8, cudaMemcpyHostToDevice));
    TRY("2D to array kind D2H", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 32, 8, cudaMemcpyDeviceToHost));
    TRY("2D to array kind D2D from host", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 32, 8, cudaMemcpyDeviceToDevice));
    TRY("2D to array kind default", cudaMemcpy2DToArray(fa, 0, 0, host, 32, 32, 8, cudaMemcpyDefault));
    TRY("2D to array from device past", cudaMemcpy2DToArray(fa, 0, 0, mem + 4000, 32, 32, 8, cudaMemcpyDeviceToDevice));
    TRY("2D from array past right", cudaMemcpy2DFromArray(host, 64, fa, 8, 0, 32, 8, cudaMemcpyDeviceToHost));
    TRY("2D from array past bottom", cudaMemcpy2DFromArray(host, 64, fa, 0, 4, 32, 5, cudaMemcpyDeviceToHost));
    TRY("2D to 1D array height 2", cudaMemcpy2DToArray(u4, 0, 0, host, 32, 32, 2, cudaMemcpyHostToDevice));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    TRY("to array ok", cudaMemcpyToArray(fa, 0, 0, host, 256, cudaMemcpyHostToDevice));
    TRY("to array wraps rows", cudaMemcpyToArray(fa, 16, 0, host, 64, cudaMemcpyHostToDevice));
    TRY("to array past end", cudaMemcpyToArray(fa, 0, 0, host, 257, cudaMemcpyHostToDevice));
    TRY("to array past end row 7", cudaMemcpyToArray(fa, 0, 7, host, 64, cudaMemcpyHostToDevice));
    TRY("from array ok", cudaMemcpyFromArray(host, fa, 4, 1, 100, cudaMemcpyDeviceToHost));
#pragma GCC diagnostic pop
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(host, 32, 8, 8);
    p.dstArray = fa;
    p.extent = make_cudaExtent(8, 8, 1);
    p.kind = cudaMemcpyHostToDevice;
    TRY("3D ok", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(8, 8, 2); TRY("3D depth 2 into 2D array", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(8, 8, 0); TRY("3D depth 0", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(9, 8, 1); TRY("3D past width", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(8, 8, 1); p.srcArray = u4; TRY("3D both src", cudaMemcpy3D(&p));
    p.srcArray = nullptr; p.srcPtr.pitch = 16; TRY("3D src pitch < width", cudaMemcpy3D(&p));
    p.srcPtr.pitch = 32; p.dstPos = make_cudaPos(1, 0, 0); TRY("3D dstPos 1 past", cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(4, 4, 1); p.dstPos = make_cudaPos(3, 0, 0); TRY("3D dstPos 3 (elements?) w4", cudaMemcpy3D(&p));
    p.dstPos = make_cudaPos(5, 0, 0); TRY("3D dstPos 5 w4", cudaMemcpy3D(&p));
    p.dstPos = make_cudaPos(0, 0, 0); p.kind = cudaMemcpyDefault; TRY("3D default", cudaMemcpy3D(&p));
    p.srcPtr = make_cudaPitchedPtr(mem, 32, 8, 8); p.kind = cudaMemcpyDeviceToDevice; TRY("3D from device", cudaMemcpy3D(&p));
    p.srcPtr = make_cudaPitchedPtr(mem, 512, 8, 8); p.extent = make_cudaExtent(8, 8, 1); TRY("3D from device past", cudaMemcpy3D(&p));
    TRY("3D null", cudaMemcpy3D(nullptr));
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(host, 64, 64, 1);
    p.dstPtr = make_cudaPitchedPtr(mem, 64, 64, 1);
    p.extent = make_cudaExtent(64, 4, 1);
    p.kind = cudaMemcpyHostToDevice;
    TRY("3D pitched to pitched", cudaMemcpy3D(&p));
    printf("P13 device status %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

int main() {
    weights();
    blends();
    conversions();
    coordinates();
    odd_coordinates();
    channels();
    errors();
    printf("done %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}
