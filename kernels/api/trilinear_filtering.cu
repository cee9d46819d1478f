// 3-D linear filtering (tex3D) as the hardware computes it, printed so that
// a GPU's output and simt's can be diffed line by line (nvcc -arch=sm_90
// builds it unchanged).
//
// Corner weights: a 4x4x4 float array that is 0 except texel (1,1,1) = 1,
// sampled so that this texel is each of the 8 corners in turn; each result
// is that corner's weight (whole 1/256ths), printed as an integer. Blends: an
// 8x8x8 array of random floats over many exponents, sampled between texels;
// results as hex bit patterns.
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

__global__ void sample(cudaTextureObject_t t, const float4* at, int n, float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex3D<float>(t, at[i].x, at[i].y, at[i].z);
}

unsigned long long state = 2026;
unsigned next_random() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(state >> 33);
}
unsigned bits(float f) {
    unsigned u;
    std::memcpy(&u, &f, 4);
    return u;
}

// A float x 8 x 8 x 8 (or 4 x 4 x 4) array holding `values`, linearly filtered.
cudaTextureObject_t texture_of(const float* values, int side) {
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMalloc3DArray(&a, &f, make_cudaExtent(side, side, side)));
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(const_cast<float*>(values), side * sizeof(float), side, side);
    p.dstArray = a;
    p.extent = make_cudaExtent(side, side, side);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    cudaResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc d;
    std::memset(&d, 0, sizeof d);
    d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = cudaAddressModeClamp;
    d.filterMode = cudaFilterModeLinear;
    d.readMode = cudaReadModeElementType;
    cudaTextureObject_t t = 0;
    CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr));
    return t;
}

float* fetch(cudaTextureObject_t t, const float4* at, int n) {
    float4* device_at;
    float* out;
    CHECK(cudaMalloc(&device_at, n * sizeof(float4)));
    CHECK(cudaMalloc(&out, n * sizeof(float)));
    CHECK(cudaMemcpy(device_at, at, n * sizeof(float4), cudaMemcpyHostToDevice));
    sample<<<(n + 127) / 128, 128>>>(t, device_at, n, out);
    CHECK(cudaGetLastError());
    float* host = static_cast<float*>(std::malloc(n * sizeof(float)));
    CHECK(cudaMemcpy(host, out, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(device_at));
    CHECK(cudaFree(out));
    return host;
}

void corner_weights() {
    static float one_hot[4][4][4];
    one_hot[1][1][1] = 1.0f;
    const cudaTextureObject_t t = texture_of(&one_hot[0][0][0], 4);
    // Halves and near-halves of every axis, then random weights.
    const int fixed[][3] = {{128, 16, 16}, {64, 32, 16}, {96, 67, 156}, {128, 8, 241}, {17, 112, 114},
                            {22, 160, 210}, {128, 128, 128}, {1, 255, 1}, {255, 1, 255}, {0, 0, 0}};
    const int fixed_count = sizeof fixed / sizeof fixed[0], count = fixed_count + 240;
    static int k[count][3];
    for (int i = 0; i < count; ++i)
        for (int a = 0; a < 3; ++a) k[i][a] = i < fixed_count ? fixed[i][a] : int(next_random() % 256);
    static float4 at[count * 8];
    for (int i = 0; i < count; ++i)
        for (int corner = 0; corner < 8; ++corner) {
            // texel (1,1,1) is corner (dx,dy,dz) of a sample whose lower texel is (1-dx,1-dy,1-dz)
            const int dx = corner & 1, dy = (corner >> 1) & 1, dz = corner >> 2;
            at[i * 8 + corner] = make_float4(1.5f - dx + k[i][0] / 256.0f, 1.5f - dy + k[i][1] / 256.0f,
                                             1.5f - dz + k[i][2] / 256.0f, 0);
        }
    const float* w = fetch(t, at, count * 8);
    for (int i = 0; i < count; ++i) {
        std::printf("weights %3d %3d %3d:", k[i][0], k[i][1], k[i][2]);
        for (int corner = 0; corner < 8; ++corner) std::printf(" %3d", int(w[i * 8 + corner] * 256));
        std::printf("\n");
    }
}

void blends() {
    static float values[8][8][8];
    for (int z = 0; z < 8; ++z)
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x) {
                // sign, exponent in [-8, 8], random mantissa
                const unsigned u = (next_random() & 1) << 31 | (127 - 8 + next_random() % 17) << 23 |
                                   (next_random() & 0x7fffff);
                std::memcpy(&values[z][y][x], &u, 4);
            }
    const cudaTextureObject_t t = texture_of(&values[0][0][0], 8);
    const int count = 256;
    static float4 at[count];
    for (int i = 0; i < count; ++i)
        at[i] = make_float4(0.5f + (next_random() % 1793) / 256.0f, 0.5f + (next_random() % 1793) / 256.0f,
                            0.5f + (next_random() % 1793) / 256.0f, 0);
    const float* v = fetch(t, at, count);
    for (int i = 0; i < count; ++i)
        std::printf("blend %.8f %.8f %.8f: %08x\n", at[i].x, at[i].y, at[i].z, bits(v[i]));
}

int main() {
    corner_weights();
    blends();
    return 0;
}
