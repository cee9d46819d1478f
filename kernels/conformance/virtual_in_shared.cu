// An object with virtual functions built by one thread in __shared__ memory
// with placement new, then used by every thread after a barrier (as
// cuda-samples' newdelete does). Valid CUDA: the constructor's store of the
// vtable pointer initialises those bytes, so there is no uninitialised read
// and no race. Each thread adds its value through the virtual call.
#include <cstdio>
#include <new>

struct Op {
    __device__ virtual int apply(int x) const = 0;
};
struct AddTen : Op {
    __device__ int apply(int x) const override { return x + 10; }
};

__global__ void use_shared_object(int *out) {
    __shared__ __align__(16) unsigned char storage[sizeof(AddTen)];
    if (threadIdx.x == 0) new (storage) AddTen();
    __syncthreads();
    const Op *op = reinterpret_cast<const Op *>(storage);
    out[threadIdx.x] = op->apply(int(threadIdx.x));
}

int main() {
    int *out = nullptr;
    cudaMalloc(&out, 64 * sizeof(int));
    use_shared_object<<<1, 64>>>(out);
    int host[64];
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    int sum = 0;
    for (int v : host) sum += v;
    std::printf("sum %d (%s)\n", sum, cudaGetErrorString(cudaDeviceSynchronize()));
    cudaFree(out);
    return 0;
}
