// A racy launch (its races reported as found), then a kernel that never ends:
// the watchdog stops the program, and the report file and the summary still
// hold everything (the battery's watchdog_drops_report).
#include <cstdio>

__global__ void racy(int* c) {
    __shared__ int s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    s += 1;
    __syncthreads();
    if (threadIdx.x == 0) c[0] = s;
}

__global__ void spin(unsigned* o) {
    unsigned x = threadIdx.x;
    for (unsigned long long i = 0;; ++i) {
        x = x * 1664525u + 1013904223u;
        if ((i & 0xffff) == 0) o[threadIdx.x] = x;
    }
}

int main() {
    int* c;
    unsigned* o;
    cudaMalloc(&c, 4);
    cudaMalloc(&o, 256);
    racy<<<1, 64>>>(c);
    cudaDeviceSynchronize();
    std::printf("starting long kernel\n");
    spin<<<2, 32>>>(o);
    std::printf("sync=%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
