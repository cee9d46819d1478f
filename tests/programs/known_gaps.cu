// What simt does not catch yet, one case per argument (README, "What simt
// does not catch yet"): each runs with no report. The test that runs this
// pins the documented behaviour, so a fix shows up as a failing test and
// the README is updated with it.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void store(int *p) { p[threadIdx.x] = int(threadIdx.x); }

__global__ void store_far(int *a, long long index) {
    if (threadIdx.x == 0) a[index] = 7;
}

__global__ void sum_fields(const double *a, double *out) {
    // 8-byte aligned, not 16: a double2 load here is misaligned on a GPU.
    const double2 *p = reinterpret_cast<const double2 *>(a + 1);
    out[threadIdx.x] = p[threadIdx.x].x + p[threadIdx.x].y;
}

int main(int argc, char **argv) {
    const char *which = argc > 1 ? argv[1] : "";
    if (std::strcmp(which, "host-heap") == 0) {
        int *host = static_cast<int *>(std::calloc(32, sizeof(int)));
        store<<<1, 32>>>(host);
        std::printf("%s, host[31] = %d\n", cudaGetErrorName(cudaDeviceSynchronize()), host[31]);
        std::free(host);
    } else if (std::strcmp(which, "neighbour") == 0) {
        int *a = nullptr, *b = nullptr;
        cudaMalloc(&a, 128);
        cudaMalloc(&b, 128);
        cudaMemset(b, 0, 128);
        store_far<<<1, 32>>>(a, b - a);  // a's index that is b[0]
        int b0 = 0;
        cudaMemcpy(&b0, b, sizeof b0, cudaMemcpyDeviceToHost);
        std::printf("%s, b[0] = %d\n", cudaGetErrorName(cudaDeviceSynchronize()), b0);
    } else if (std::strcmp(which, "split-vector") == 0) {
        double *a = nullptr, *out = nullptr;
        cudaMalloc(&a, 66 * sizeof(double));
        cudaMalloc(&out, 32 * sizeof(double));
        cudaMemset(a, 0, 66 * sizeof(double));
        sum_fields<<<1, 32>>>(a, out);
        std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    } else {
        std::printf("usage: known_gaps host-heap|neighbour|split-vector\n");
        return 2;
    }
    return 0;
}
