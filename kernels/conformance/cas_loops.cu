// Compare-and-swap loops seeded by a plain load, the CUDA programming guide's
// way to build atomics the hardware lacks: atomicAdd for double on global
// memory and a float maximum on shared memory. The seeding load may read a
// stale value; the loop retries until the swap succeeds.
// H100 (feature audit, sm_90): the guide's loop gives sum=128 for <<<2,64>>>.
#include <cstdio>

__device__ double guide_atomic_add(double* address, double val) {
    unsigned long long* a = (unsigned long long*)address;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void sum(double* total) { guide_atomic_add(total, 1.0); }

__global__ void block_max(const float* in, float* out) {
    __shared__ float best;
    if (threadIdx.x == 0) best = -1.0f;
    __syncthreads();
    int* bits = (int*)&best;
    int old = *bits, assumed;
    do {
        assumed = old;
        old = atomicCAS(bits, assumed, __float_as_int(fmaxf(in[threadIdx.x], __int_as_float(assumed))));
    } while (assumed != old);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = best;
}

int main() {
    double* total;
    cudaMallocManaged(&total, sizeof(double));
    *total = 0;
    sum<<<2, 64>>>(total);
    cudaError_t e = cudaDeviceSynchronize();
    int wrong = *total != 128.0;
    printf("sum: %s, %g\n", cudaGetErrorString(e), *total);

    float *in, *out;
    cudaMallocManaged(&in, 256 * sizeof(float));
    cudaMallocManaged(&out, 2 * sizeof(float));
    for (int i = 0; i < 256; ++i) in[i] = float((i * 37) % 101);
    block_max<<<2, 128>>>(in, out);
    e = cudaDeviceSynchronize();
    wrong += out[0] != 100.0f || out[1] != 100.0f;
    printf("block_max: %s, %g %g\n", cudaGetErrorString(e), out[0], out[1]);
    printf("cas_loops: %d wrong\n", wrong);
    return wrong == 0 ? 0 : 1;
}
