// What simt observes that g++ alone would hide, one case per argument:
// device-side memcpy/memset (a race, an overrun, an uninitialised source)
// and __device__ arrays indexed past their end, each next to its correct
// twin; and 64 threads storing the same value, which racecheck does not
// report (docs/gpu-validation.md has what compute-sanitizer said of each).
#include <cstdio>
#include <cstring>

// Each thread copies its 3-int row in and reads its neighbour's.
__global__ void copy_rows(const int *in, int *out, bool barrier) {
    __shared__ int rows[64][3];
    memcpy(rows[threadIdx.x], in + 3 * threadIdx.x, sizeof rows[0]);
    if (barrier) __syncthreads();
    out[threadIdx.x] = rows[(threadIdx.x + 1) % 64][2];
}

// Thread 0 clears n ints.
__global__ void clear(int *data, int n) {
    if (threadIdx.x == 0) memset(data, 0, n * sizeof(int));
}

// Thread 0 copies n ints.
__global__ void copy(int *dst, const int *src, int n) {
    if (threadIdx.x == 0) memcpy(dst, src, n * sizeof(int));
}

__device__ int table[16];
__device__ int after_table[16];

__global__ void fill_table(int last) {
    for (int i = int(threadIdx.x); i <= last; i += int(blockDim.x)) table[i] = i + 1;
}

__global__ void read_after(int *out) { out[threadIdx.x] = after_table[threadIdx.x]; }

// Every thread stores 1 into one shared word.
__global__ void same_value(int *out) {
    __shared__ int flag;
    flag = 1;
    __syncthreads();
    out[threadIdx.x] = flag;
}

static int sum(const int *device, int n) {
    int host[256] = {};
    cudaMemcpy(host, device, n * sizeof(int), cudaMemcpyDeviceToHost);
    int s = 0;
    for (int i = 0; i < n; ++i) s += host[i];
    return s;
}

int main(int argc, char **argv) {
    const char *which = argc > 1 ? argv[1] : "";
    int *a = nullptr, *b = nullptr;
    cudaMalloc(&a, 256 * sizeof(int));
    cudaMalloc(&b, 256 * sizeof(int));
    int ones[256];
    for (int &v : ones) v = 1;
    if (std::strcmp(which, "memcpy-race") == 0 || std::strcmp(which, "memcpy-race-fixed") == 0) {
        cudaMemcpy(a, ones, sizeof ones, cudaMemcpyHostToDevice);
        copy_rows<<<1, 64>>>(a, b, which[11] == '-');
        std::printf("%s, sum %d\n", cudaGetErrorName(cudaDeviceSynchronize()), sum(b, 64));
    } else if (std::strcmp(which, "memset-oob") == 0 || std::strcmp(which, "memset-fixed") == 0) {
        clear<<<1, 32>>>(a, which[7] == 'o' ? 256 + 64 : 256);
        std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    } else if (std::strcmp(which, "memcpy-uninit") == 0 || std::strcmp(which, "memcpy-uninit-fixed") == 0) {
        if (which[13] == '-') cudaMemcpy(a, ones, sizeof ones, cudaMemcpyHostToDevice);
        else cudaMemcpy(a, ones, 128 * sizeof(int), cudaMemcpyHostToDevice);  // half of a
        copy<<<1, 32>>>(b, a, 256);
        std::printf("%s, sum %d\n", cudaGetErrorName(cudaDeviceSynchronize()), sum(b, 128));
    } else if (std::strcmp(which, "device-array-oob") == 0 || std::strcmp(which, "device-array-fixed") == 0) {
        const int zeros[16] = {};
        cudaMemcpyToSymbol(after_table, zeros, sizeof zeros);
        fill_table<<<1, 8>>>(which[13] == 'o' ? 19 : 15);
        const cudaError_t e = cudaDeviceSynchronize();
        read_after<<<1, 16>>>(b);
        std::printf("%s, after_table sum %d\n", cudaGetErrorName(e), sum(b, 16));
    } else if (std::strcmp(which, "same-value") == 0) {
        same_value<<<1, 64>>>(b);
        std::printf("%s, sum %d\n", cudaGetErrorName(cudaDeviceSynchronize()), sum(b, 64));
    } else {
        std::printf("usage: device_memory_checks memcpy-race[-fixed]|memset-oob|memset-fixed|memcpy-uninit[-fixed]|"
                    "device-array-oob|device-array-fixed|same-value\n");
        return 2;
    }
    cudaFree(a);
    cudaFree(b);
    return 0;
}
