// Probes of two texture-filtering rules simt does not yet match bit for bit
// (docs/gpu-runs/probes/texture_probes.cu, P4 and P5s8):
//  W3: trilinear weights, read one corner at a time: a 4x4x4 float array that
//      is 0 except texel (1,1,1) = 1, sampled so that texel is each of the 8
//      corners in turn; the result is that corner's weight.
//  S8: signed 8-bit normalized-float linear filtering: [v, v] (the widened
//      value), [0, v] and [v, 0] for every k, and random pairs.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

__global__ void sample3(cudaTextureObject_t t, const float4* c, int n, float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}
__global__ void sample1(cudaTextureObject_t t, const float* x, int n, float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1D<float>(t, x[i]);
}
unsigned bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
unsigned long long lcg = 99991;
unsigned rnd() { lcg = lcg * 6364136223846793005ull + 1442695040888963407ull; return unsigned(lcg >> 33); }

cudaTextureObject_t make_tex(cudaArray_t a, cudaTextureReadMode read) {
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc d; memset(&d, 0, sizeof d);
    d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = cudaAddressModeClamp;
    d.filterMode = cudaFilterModeLinear; d.readMode = read; d.normalizedCoords = 0;
    cudaTextureObject_t t; CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr)); return t;
}

template <class C, class T>
T* run(void (*k)(cudaTextureObject_t, const C*, int, T*), cudaTextureObject_t t, const C* coords, int n) {
    C* c; T* out;
    CHECK(cudaMalloc(&c, n * sizeof(C))); CHECK(cudaMalloc(&out, n * sizeof(T)));
    CHECK(cudaMemcpy(c, coords, n * sizeof(C), cudaMemcpyHostToDevice));
    k<<<(n + 127) / 128, 128>>>(t, c, n, out);
    CHECK(cudaGetLastError());
    T* h = (T*)malloc(n * sizeof(T));
    CHECK(cudaMemcpy(h, out, n * sizeof(T), cudaMemcpyDeviceToHost));
    cudaFree(c); cudaFree(out); return h;
}

void trilinear() {
    static float h[4][4][4];
    h[1][1][1] = 1.0f;
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaArray_t a; CHECK(cudaMalloc3DArray(&a, &f, make_cudaExtent(4, 4, 4)));
    cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, 16, 4, 4); p.dstArray = a; p.extent = make_cudaExtent(4, 4, 4);
    p.kind = cudaMemcpyHostToDevice; CHECK(cudaMemcpy3D(&p));
    cudaTextureObject_t t = make_tex(a, cudaReadModeElementType);
    // the step-16 grid, then random triples
    const int grid = 17 * 17 * 17, randoms = 12000, n = grid + randoms;
    static int ks[n][3];
    for (int i = 0; i < grid; ++i) { ks[i][0] = (i % 17) * 16; ks[i][1] = (i / 17 % 17) * 16; ks[i][2] = (i / 289) * 16; }
    for (int i = grid; i < n; ++i) for (int a2 = 0; a2 < 3; ++a2) ks[i][a2] = rnd() % 257;
    static float4 c[n * 8];
    for (int i = 0; i < n; ++i)
        for (int corner = 0; corner < 8; ++corner) {
            // the one-hot texel (1,1,1) is corner (dx,dy,dz) of a sample whose lower texel is (1-dx,1-dy,1-dz)
            const int dx = corner & 1, dy = corner >> 1 & 1, dz = corner >> 2;
            c[i * 8 + corner] = make_float4(1 - dx + 0.5f + ks[i][0] / 256.0f, 1 - dy + 0.5f + ks[i][1] / 256.0f,
                                            1 - dz + 0.5f + ks[i][2] / 256.0f, 0);
        }
    float* v = run(sample3, t, c, n * 8);
    for (int i = 0; i < n; ++i) {
        printf("W3 %d %d %d", ks[i][0], ks[i][1], ks[i][2]);
        for (int corner = 0; corner < 8; ++corner) printf(" %08x", bits(v[i * 8 + corner]));
        printf("\n");
    }
}

void signed8() {
    cudaChannelFormatDesc f = cudaCreateChannelDesc<signed char>();
    cudaArray_t a; CHECK(cudaMallocArray(&a, &f, 512));
    static signed char vals[512];
    // pairs: [v, v] at 0..255, then [0, v] for v = -128..127 at 256..511 (element 2j, 2j+1)
    cudaTextureObject_t t = make_tex(a, cudaReadModeNormalizedFloat);
    static float xs[257];
    for (int v = -128; v < 128; ++v) {
        vals[0] = vals[1] = (signed char)v;  // equal pair
        vals[2] = 0; vals[3] = (signed char)v;  // [0, v]
        vals[4] = (signed char)v; vals[5] = 0;  // [v, 0]
        CHECK(cudaMemcpy2DToArray(a, 0, 0, vals, 512, 512, 1, cudaMemcpyHostToDevice));
        for (int pair = 0; pair < 3; ++pair) {
            for (int k = 0; k <= 256; ++k) xs[k] = 2 * pair + 0.5f + k / 256.0f;
            float* r = run(sample1, t, xs, 257);
            printf("S8 %d %d", pair, v);
            for (int k = 0; k <= 256; ++k) printf(" %08x", bits(r[k]));
            printf("\n");
            free(r);
        }
    }
    // random pairs
    const int n = 4096;
    static float x[n];
    static int ks[n];
    for (int i = 0; i < 512; ++i) vals[i] = (signed char)(rnd() % 256);
    CHECK(cudaMemcpy2DToArray(a, 0, 0, vals, 512, 512, 1, cudaMemcpyHostToDevice));
    for (int i = 0; i < n; ++i) { ks[i] = rnd() % 257; x[i] = 2 * (i % 256) + 0.5f + ks[i] / 256.0f; }
    float* r = run(sample1, t, x, n);
    for (int i = 0; i < n; ++i) printf("R8 %d %d %d %08x\n", vals[2 * (i % 256)], vals[2 * (i % 256) + 1], ks[i], bits(r[i]));
}

int main() {
    trilinear();
    signed8();
    return 0;
}
