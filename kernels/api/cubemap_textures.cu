// Cubemap textures: a cudaArrayCubemap array of six 8x8 float faces read
// with texCubemap along directions towards each face, with point and linear
// filtering, normalized coordinates. Prints the fetched values.
#include <cstdio>

constexpr int kWidth = 8;
constexpr int kDirections = 14;

__constant__ float directions[kDirections][3] = {
    {1.0f, 0.1f, -0.3f},  {-1.0f, 0.2f, 0.4f},   {0.3f, 1.0f, -0.2f},  {-0.1f, -1.0f, 0.6f}, {0.2f, 0.3f, 1.0f},
    {0.5f, -0.4f, -1.0f}, {2.0f, 0.5f, 0.25f},   {0.9f, 0.1f, 0.0f},   {0.0f, -3.0f, 1.0f},  {0.45f, 0.2f, -0.9f},
    {0.0f, 0.0f, 1.0f},   {-0.6f, 0.7f, -0.1f},  {0.8f, -0.8f, 0.79f}, {-0.33f, 0.21f, 0.99f}};

__global__ void fetch(cudaTextureObject_t point, cudaTextureObject_t linear, float* out) {
    const int i = threadIdx.x;
    if (i >= kDirections) return;
    out[2 * i] = texCubemap<float>(point, directions[i][0], directions[i][1], directions[i][2]);
    out[2 * i + 1] = texCubemap<float>(linear, directions[i][0], directions[i][1], directions[i][2]);
}

// Texel centres of every face, through a direction built from them (as
// cuda-samples' simpleCubemapTexture does), linear filtering.
__global__ void centres(cudaTextureObject_t linear, float* out) {
    const int x = threadIdx.x, y = threadIdx.y;
    const float c = 2.0f * (x + 0.5f) / kWidth - 1, r = 2.0f * (y + 0.5f) / kWidth - 1;
    for (int face = 0; face < 6; ++face) {
        float cx = 0, cy = 0, cz = 0;
        if (face == 0) cx = 1, cy = -r, cz = -c;
        if (face == 1) cx = -1, cy = -r, cz = c;
        if (face == 2) cx = c, cy = 1, cz = r;
        if (face == 3) cx = c, cy = -1, cz = -r;
        if (face == 4) cx = c, cy = -r, cz = 1;
        if (face == 5) cx = -c, cy = -r, cz = -1;
        out[face * kWidth * kWidth + y * kWidth + x] = texCubemap<float>(linear, cx, cy, cz);
    }
}

int main() {
    float faces[6][kWidth][kWidth];
    for (int f = 0; f < 6; ++f)
        for (int y = 0; y < kWidth; ++y)
            for (int x = 0; x < kWidth; ++x) faces[f][y][x] = f * 100 + y * 10 + x;
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t array = nullptr;
    std::printf("cubemap array: %s\n",
                cudaGetErrorName(cudaMalloc3DArray(&array, &desc, make_cudaExtent(kWidth, kWidth, 6), cudaArrayCubemap)));
    cudaExtent extent;
    unsigned flags = 0;
    cudaArrayGetInfo(nullptr, &extent, &flags, array);
    std::printf("extent %zu %zu %zu, flags %u\n", extent.width, extent.height, extent.depth, flags);
    cudaArray_t bad = nullptr;
    std::printf("non-square cubemap: %s\n",
                cudaGetErrorName(cudaMalloc3DArray(&bad, &desc, make_cudaExtent(kWidth, 4, 6), cudaArrayCubemap)));
    cudaGetLastError();
    cudaMemcpy3DParms copy = {};
    copy.srcPtr = make_cudaPitchedPtr(faces, kWidth * sizeof(float), kWidth, kWidth);
    copy.dstArray = array;
    copy.extent = make_cudaExtent(kWidth, kWidth, 6);
    copy.kind = cudaMemcpyHostToDevice;
    std::printf("copy: %s\n", cudaGetErrorName(cudaMemcpy3D(&copy)));
    cudaResourceDesc resource = {};
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaTextureDesc tex = {};
    tex.normalizedCoords = 1;
    tex.filterMode = cudaFilterModePoint;
    tex.addressMode[0] = tex.addressMode[1] = tex.addressMode[2] = cudaAddressModeClamp;
    cudaTextureObject_t point = 0, linear = 0;
    cudaCreateTextureObject(&point, &resource, &tex, nullptr);
    tex.filterMode = cudaFilterModeLinear;
    cudaCreateTextureObject(&linear, &resource, &tex, nullptr);
    float* out = nullptr;
    cudaMallocManaged(&out, 6 * kWidth * kWidth * sizeof(float));
    fetch<<<1, 32>>>(point, linear, out);
    std::printf("fetch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int i = 0; i < kDirections; ++i) std::printf("direction %d: point %g linear %.6f\n", i, out[2 * i], out[2 * i + 1]);
    centres<<<1, dim3(kWidth, kWidth)>>>(linear, out);
    std::printf("centres: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int wrong = 0;
    for (int f = 0; f < 6; ++f)
        for (int y = 0; y < kWidth; ++y)
            for (int x = 0; x < kWidth; ++x) wrong += out[f * kWidth * kWidth + y * kWidth + x] != faces[f][y][x];
    std::printf("texel centres: %d wrong\n", wrong);
    cudaDestroyTextureObject(point);
    cudaDestroyTextureObject(linear);
    cudaFreeArray(array);
    cudaFree(out);
    std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
