// Calls real code uses that simt once lacked: __ldg and the cache-hinted
// loads and stores, the four funnel shifts, pitched memory (cudaMallocPitch,
// cudaMemcpy2D, cudaMemset2D), cudaLaunchKernel with the kernel itself, and
// stream priorities. Checks itself against the host; prints 0 wrong.
#include <cstdio>

__global__ void shifts(const unsigned* lo, const unsigned* hi, unsigned* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned a = __ldg(lo + i), b = __ldcg(hi + i), s = unsigned(i);
    __stcg(out + 4 * i + 0, __funnelshift_l(a, b, s));
    __stcs(out + 4 * i + 1, __funnelshift_lc(a, b, s));
    __stwt(out + 4 * i + 2, __funnelshift_r(a, b, s));
    out[4 * i + 3] = __funnelshift_rc(__ldcs(lo + i), __ldlu(hi + i), s);
}

__global__ void twice(float* rows, size_t pitch, int width, int height) {
    const int x = threadIdx.x, y = blockIdx.x;
    if (x >= width || y >= height) return;
    float* row = reinterpret_cast<float*>(reinterpret_cast<char*>(rows) + y * pitch);
    row[x] *= 2.0f;
}

unsigned host_shift(unsigned lo, unsigned hi, unsigned s, bool left, bool clamp) {
    const unsigned long long both = (static_cast<unsigned long long>(hi) << 32) | lo;
    const unsigned by = clamp ? (s < 32 ? s : 32) : (s & 31);
    return left ? unsigned((both << by) >> 32) : unsigned(both >> by);
}

int main() {
    int wrong = 0;
    const int n = 70;
    unsigned hlo[n], hhi[n], hout[4 * n];
    for (int i = 0; i < n; ++i) {
        hlo[i] = 0x9e3779b9u * unsigned(i + 1);
        hhi[i] = 0x7f4a7c15u ^ unsigned(i * 2654435761u);
    }
    unsigned *lo, *hi, *out;
    cudaMalloc(&lo, sizeof hlo);
    cudaMalloc(&hi, sizeof hhi);
    cudaMalloc(&out, sizeof hout);
    cudaMemcpy(lo, hlo, sizeof hlo, cudaMemcpyHostToDevice);
    cudaMemcpy(hi, hhi, sizeof hhi, cudaMemcpyHostToDevice);
    int count = n;
    void* args[] = {&lo, &hi, &out, &count};
    std::printf("cudaLaunchKernel: %s\n", cudaGetErrorString(cudaLaunchKernel(shifts, dim3(3), dim3(32), args, 0, 0)));
    cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
        const unsigned s = unsigned(i);
        wrong += hout[4 * i + 0] != host_shift(hlo[i], hhi[i], s, true, false);
        wrong += hout[4 * i + 1] != host_shift(hlo[i], hhi[i], s, true, true);
        wrong += hout[4 * i + 2] != host_shift(hlo[i], hhi[i], s, false, false);
        wrong += hout[4 * i + 3] != host_shift(hlo[i], hhi[i], s, false, true);
    }

    const int width = 100, height = 7;
    float host[height][width];
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) host[y][x] = float(y * 1000 + x);
    float* rows;
    size_t pitch = 0;
    const cudaError_t pitched = cudaMallocPitch(&rows, &pitch, width * sizeof(float), height);
    std::printf("cudaMallocPitch: %s, pitch %zu for %zu-byte rows\n", cudaGetErrorString(pitched), pitch,
                width * sizeof(float));
    cudaMemset2D(rows, pitch, 0, width * sizeof(float), height);
    std::printf("cudaMemcpy2D: %s\n", cudaGetErrorString(cudaMemcpy2D(rows, pitch, host, sizeof host[0], width * sizeof(float),
                                                                       height, cudaMemcpyHostToDevice)));
    twice<<<height, 128>>>(rows, pitch, width, height);
    float back[height][width];
    cudaMemcpy2D(back, sizeof back[0], rows, pitch, width * sizeof(float), height, cudaMemcpyDeviceToHost);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) wrong += back[y][x] != 2.0f * host[y][x];

    int least = 1, greatest = 1;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    cudaStream_t urgent;
    std::printf("priorities %d..%d: %s\n", least, greatest,
                cudaGetErrorString(cudaStreamCreateWithPriority(&urgent, cudaStreamNonBlocking, greatest)));
    cudaStreamDestroy(urgent);
    cudaFree(rows);
    cudaFree(lo);
    cudaFree(hi);
    cudaFree(out);
    std::printf("%d wrong\n", wrong);
    return 0;
}
