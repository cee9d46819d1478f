// A store at a negative index of a static or an extern __shared__ array:
// `shared_negative_sweep static|dynamic BYTES` stores BYTES before it. It
// must be refused and reported, never performed (the array is read back:
// g++ deletes stores to a __shared__ array nobody reads).
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void before_static(int bytes, char* out) {
    __shared__ char row[64];
    row[threadIdx.x] = 1;
    if (threadIdx.x == 0) row[-bytes] = 7;
    __syncthreads();
    out[threadIdx.x] = row[threadIdx.x];
}
__global__ void before_dynamic(int bytes, char* out) {
    extern __shared__ char buffer[];
    buffer[threadIdx.x] = 1;
    if (threadIdx.x == 0) buffer[-bytes] = 7;
    __syncthreads();
    out[threadIdx.x] = buffer[threadIdx.x];
}

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    const int bytes = std::atoi(argv[2]);
    char* out = nullptr;
    cudaMalloc(&out, 64);
    if (std::strcmp(argv[1], "dynamic") == 0) before_dynamic<<<1, 32, 64>>>(bytes, out);
    else before_static<<<1, 32>>>(bytes, out);
    printf("%s %d: %s\n", argv[1], bytes, cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
