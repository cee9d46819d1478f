// One block, two warps: each lane votes, the warp's lanes learn the ballot
// and the warp sum through shuffles, and lane 0 of each warp reports.
#include <cstdio>

__global__ void vote(const int* values) {
    const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    const int v = values[threadIdx.x];
    const unsigned odd = __ballot_sync(0xffffffff, v % 2 == 1);
    int sum = v;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffff, sum, offset);
    const int first = __shfl_sync(0xffffffff, v, 0);
    if (lane == 0) printf("warp %d: odd lanes 0x%08x, sum %d, lane 0 holds %d\n", warp, odd, sum, first);
}

int main() {
    int* values;
    cudaMallocManaged(&values, 64 * sizeof(int));
    for (int i = 0; i < 64; ++i) values[i] = i * 3;
    vote<<<1, 64>>>(values);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    cudaFree(values);
    return e == cudaSuccess ? 0 : 1;
}
