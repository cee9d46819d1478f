// Texture and array calls a GPU refuses: each is reported at its line
// (the names the H200 returned: docs/gpu-runs/2026-11-26-h200-texture-errors.txt).
#include <cstdio>

int main() {
    cudaChannelFormatDesc f = cudaCreateChannelDesc<int>();
    cudaArray_t a = nullptr;
    // cudaMallocArray takes no layered flag (cudaMalloc3DArray does).
    cudaError_t e = cudaMallocArray(&a, &f, 4, 4, cudaArrayLayered);
    std::printf("layered cudaMallocArray %s\n", cudaGetErrorName(e));
    cudaMallocArray(&a, &f, 4, 4);
    cudaResourceDesc r = {};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc d = {};
    d.filterMode = cudaFilterModeLinear;  // of integers, read as integers
    cudaTextureObject_t t = 0;
    e = cudaCreateTextureObject(&t, &r, &d, nullptr);
    std::printf("linear filtering of ints %s\n", cudaGetErrorName(e));
    e = cudaGetChannelDesc(nullptr, a);
    std::printf("channel desc into null %s\n", cudaGetErrorName(e));
    e = cudaMemcpy3D(nullptr);
    std::printf("cudaMemcpy3D(nullptr) %s\n", cudaGetErrorName(e));
    std::printf("last error %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaFreeArray(a);
    return 0;
}
