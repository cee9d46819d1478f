// Texture and surface misuse on a GPU, one case per process (a kernel
// fault is sticky): ./texture_misuse CASE. Not a test: what an H200 does
// (docs/gpu-runs/2026-11-26-h200-texture-misuse.txt) next to what simt does.
// They agree except where simt is stricter: a zero, destroyed or foreign
// handle (GPU: zeros or stale texels, no error) and a fetch from freed
// memory (GPU: zeros) fail the launch.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fetch(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex2D<float>(t, 0.5f + threadIdx.x, 0.5f); }
__global__ void fetch1(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }
__global__ void write(cudaSurfaceObject_t s, int x, int y, int mode, float* out) {
    surf2Dwrite(1.5f, s, x, y, cudaSurfaceBoundaryMode(mode));
    out[0] = 3;
}
__global__ void read(cudaSurfaceObject_t s, int x, int y, int mode, float* out) {
    out[0] = surf2Dread<float>(s, x, y, cudaSurfaceBoundaryMode(mode));
}

int main(int argc, char** argv) {
    const char* c = argc > 1 ? argv[1] : "";
    float* out;
    cudaMalloc(&out, 64 * sizeof(float));
    cudaMemset(out, 0xff, 64 * sizeof(float));
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    cudaMallocArray(&a, &f, 4, 4, cudaArraySurfaceLoadStore);
    float init[16];
    for (int i = 0; i < 16; ++i) init[i] = float(i) + 0.5f;
    cudaMemcpy2DToArray(a, 0, 0, init, 16, 16, 4, cudaMemcpyHostToDevice);
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc d;
    memset(&d, 0, sizeof d);
    cudaTextureObject_t t = 0;
    cudaSurfaceObject_t s = 0;
    cudaCreateSurfaceObject(&s, &r);
    if (!strcmp(c, "zero")) {
        fetch<<<1, 4>>>(0, out);
    } else if (!strcmp(c, "destroyed")) {
        cudaCreateTextureObject(&t, &r, &d, nullptr);
        cudaDestroyTextureObject(t);
        fetch<<<1, 4>>>(t, out);
    } else if (!strcmp(c, "garbage")) {
        fetch<<<1, 4>>>(0x12345, out);
    } else if (!strcmp(c, "surface-as-texture")) {
        fetch<<<1, 4>>>(s, out);
    } else if (!strcmp(c, "fetch-freed-memory")) {
        float* m;
        cudaMalloc(&m, 1024);
        cudaMemset(m, 0, 1024);
        cudaResourceDesc lr;
        memset(&lr, 0, sizeof lr);
        lr.resType = cudaResourceTypeLinear;
        lr.res.linear.devPtr = m;
        lr.res.linear.desc = f;
        lr.res.linear.sizeInBytes = 1024;
        cudaCreateTextureObject(&t, &lr, &d, nullptr);
        cudaFree(m);
        fetch1<<<1, 4>>>(t, out);
    } else if (!strcmp(c, "trap")) {
        write<<<1, 1>>>(s, 16, 0, cudaBoundaryModeTrap, out);
    } else if (!strcmp(c, "trap-read")) {
        read<<<1, 1>>>(s, 0, 4, cudaBoundaryModeTrap, out);
    } else if (!strcmp(c, "zero-write")) {
        write<<<1, 1>>>(s, 16, 0, cudaBoundaryModeZero, out);
    } else if (!strcmp(c, "clamp-write")) {
        write<<<1, 1>>>(s, 100, -3, cudaBoundaryModeClamp, out);
    } else if (!strcmp(c, "misaligned-write")) {
        write<<<1, 1>>>(s, 2, 0, cudaBoundaryModeZero, out);
    } else if (!strcmp(c, "misaligned-read")) {
        read<<<1, 1>>>(s, 6, 1, cudaBoundaryModeClamp, out);
    } else if (!strcmp(c, "misaligned-read-trap")) {
        read<<<1, 1>>>(s, 6, 1, cudaBoundaryModeTrap, out);
    } else if (!strcmp(c, "surface-zero")) {
        read<<<1, 1>>>(0, 0, 0, cudaBoundaryModeTrap, out);
    } else if (!strcmp(c, "copy-past")) {
        float big[5][5] = {};
        cudaError_t e = cudaMemcpy2DToArray(a, 0, 0, big, sizeof big[0], sizeof big[0], 4, cudaMemcpyHostToDevice);
        printf("copy past the right: %s\n", cudaGetErrorName(e));
        e = cudaMemcpy2DToArray(a, 0, 1, big, 16, 16, 4, cudaMemcpyHostToDevice);
        printf("copy past the bottom: %s\n", cudaGetErrorName(e));
        printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
        read<<<1, 1>>>(s, 4, 0, cudaBoundaryModeTrap, out);
    }
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    float h[4] = {0, 0, 0, 0};
    cudaError_t copy = cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s: launch %s sync %s copy %s out %08x %08x %08x %08x\n", c, cudaGetErrorName(launch),
           cudaGetErrorName(sync), cudaGetErrorName(copy), *(unsigned*)&h[0], *(unsigned*)&h[1], *(unsigned*)&h[2],
           *(unsigned*)&h[3]);
    float back[16];
    cudaError_t b = cudaMemcpy2DFromArray(back, 16, a, 0, 0, 16, 4, cudaMemcpyDeviceToHost);
    printf("%s: array back %s:", c, cudaGetErrorName(b));
    for (float v : back) printf(" %g", v);
    printf("\n");
    return 0;
}
