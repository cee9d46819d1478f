// Device-side cudaMalloc and cudaFree around child launches (cuda-samples'
// cdpBezierTessellation does this): each thread of several blocks sizes its
// line, allocates its vertices from device code if it has none yet, and
// launches a child grid over them; a second kernel frees them from device
// code. The allocation and the pointer it stores are effects a launch cannot
// take back, so a launch whose blocks ran side by side must not run them
// twice (simt once read the pointer its first try had stored, with the
// count undone: a zero-sized child grid).
// nvcc needs relocatable device code: nvcc -arch=sm_90 -rdc=true.
#include <cstdio>

struct Line {
    float* vertices;
    int count;
};

__global__ void positions(Line* lines, int line) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < lines[line].count) lines[line].vertices[i] = line + i * 0.5f;
}

__global__ void tessellate(Line* lines, int n) {
    const int line = blockIdx.x * blockDim.x + threadIdx.x;
    if (line >= n) return;
    const int count = 4 + line % 29;
    if (lines[line].vertices == nullptr) {
        lines[line].count = count;
        cudaMalloc(reinterpret_cast<void**>(&lines[line].vertices), count * sizeof(float));
    }
    positions<<<(lines[line].count + 31) / 32, 32>>>(lines, line);
}

__global__ void sum_and_free(Line* lines, int n, float* sums) {
    const int line = blockIdx.x * blockDim.x + threadIdx.x;
    if (line >= n) return;
    float s = 0;
    for (int i = 0; i < lines[line].count; ++i) s += lines[line].vertices[i];
    sums[line] = s;
    cudaFree(lines[line].vertices);
}

int main() {
    const int n = 256, threads = 64;
    Line* lines;
    float* sums;
    cudaMalloc(&lines, n * sizeof(Line));
    cudaMemset(lines, 0, n * sizeof(Line));
    cudaMallocManaged(&sums, n * sizeof(float));
    tessellate<<<n / threads, threads>>>(lines, n);
    const cudaError_t built = cudaDeviceSynchronize();
    sum_and_free<<<n / threads, threads>>>(lines, n, sums);
    const cudaError_t freed = cudaDeviceSynchronize();
    int wrong = 0;
    for (int line = 0; line < n; ++line) {
        const int count = 4 + line % 29;
        wrong += sums[line] != count * float(line) + 0.25f * count * (count - 1);
    }
    printf("device_side_allocation: %s, %s, sums[7] %.1f, %d wrong\n", cudaGetErrorString(built),
           cudaGetErrorString(freed), sums[7], wrong);
    return wrong == 0 ? 0 : 1;
}
