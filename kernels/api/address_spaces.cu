// Which memory a pointer points into (__isGlobal, __isShared, __isConstant,
// __isLocal), a shared address and back (__cvta_generic_to_shared), and
// sm_70/sm_90 atomics: a 16-bit compare-and-swap taking turns, and vector
// float adds from every thread.
#include <cstdio>

__constant__ int table[4] = {1, 2, 3, 4};
__device__ int counter;

__global__ void spaces(const int* global, unsigned* flags, int* round_trip) {
    __shared__ int tile[32];
    extern __shared__ float dynamic[];
    int local = int(threadIdx.x);
    tile[threadIdx.x] = local;
    dynamic[threadIdx.x] = 0.5f;
    __syncthreads();
    if (threadIdx.x != 0) return;
    const void* pointers[] = {global, &counter, tile, dynamic, table, &local};
    for (int i = 0; i < 6; ++i)
        flags[i] = __isGlobal(pointers[i]) | __isShared(pointers[i]) << 1 | __isConstant(pointers[i]) << 2 |
                   __isLocal(pointers[i]) << 3;
    const size_t at = __cvta_generic_to_shared(&tile[5]);
    round_trip[0] = *static_cast<int*>(__cvta_shared_to_generic(at));
    round_trip[1] = __cvta_generic_to_shared(&tile[6]) - at == sizeof(int);
    round_trip[2] = static_cast<float*>(__cvta_shared_to_generic(__cvta_generic_to_shared(dynamic))) == dynamic;
}

__global__ void atomics(unsigned short* turn, int* order, float2* sum2, float4* sum4) {
    // Each thread waits for its turn with a 16-bit compare-and-swap.
    const unsigned short me = static_cast<unsigned short>(threadIdx.x);
    while (atomicCAS(turn, me, static_cast<unsigned short>(me + 1)) != me) {
    }
    order[threadIdx.x] = int(me);
    atomicAdd(sum2, make_float2(1.0f, 0.5f));
    atomicAdd(sum4, make_float4(1.0f, 2.0f, 0.25f, -1.0f));
}

int main() {
    int *global, *round_trip, *order;
    unsigned* flags;
    unsigned short* turn;
    float2* sum2;
    float4* sum4;
    cudaMalloc(&global, 4);
    cudaMallocManaged(&flags, 6 * sizeof(unsigned));
    cudaMallocManaged(&round_trip, 3 * sizeof(int));
    cudaMallocManaged(&turn, sizeof(unsigned short));
    cudaMallocManaged(&order, 64 * sizeof(int));
    cudaMallocManaged(&sum2, sizeof(float2));
    cudaMallocManaged(&sum4, sizeof(float4));
    spaces<<<1, 32, 32 * sizeof(float)>>>(global, flags, round_trip);
    *turn = 0;
    *sum2 = make_float2(0, 0);
    *sum4 = make_float4(0, 0, 0, 0);
    cudaDeviceSynchronize();  // the first launch before the host writes
    atomics<<<1, 64>>>(turn, order, sum2, sum4);
    cudaDeviceSynchronize();
    printf("spaces (1 global, 2 shared, 4 constant, 8 local): %u %u %u %u %u %u\n", flags[0], flags[1], flags[2],
           flags[3], flags[4], flags[5]);
    printf("shared round trip: tile[5] = %d, next int %d bytes on, dynamic back %d\n", round_trip[0],
           round_trip[1] * 4, round_trip[2]);
    int in_order = 0;
    for (int i = 0; i < 64; ++i) in_order += order[i] == i;
    printf("16-bit CAS turns: %d of 64 in order, turn %u; float2 (%g,%g) float4 (%g,%g,%g,%g)\n", in_order,
           unsigned(*turn), sum2->x, sum2->y, sum4->x, sum4->y, sum4->z, sum4->w);
    return 0;
}
