// A fault in one block while other blocks wait for it (at a grid barrier, or
// spinning on a flag it was to set): does the launch end with the fault, or
// hang? argv[1] picks the case.
#include <cassert>
#include <cstdio>
#include <cstring>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void coop_assert(int* out) {
    cg::grid_group grid = cg::this_grid();
    if (blockIdx.x == 1 && threadIdx.x == 3) assert(out[0] == 42);
    grid.sync();
    if (threadIdx.x == 0) atomicAdd(out + 1, 1);
}
__global__ void coop_oob(int* out) {
    cg::grid_group grid = cg::this_grid();
    if (blockIdx.x == 1 && threadIdx.x == 3) out[1 << 28] = 7;
    grid.sync();
    if (threadIdx.x == 0) atomicAdd(out + 1, 1);
}
// Block 0 waits for a flag block 1 sets after its check.
__global__ void spin_assert(volatile int* flag, int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        while (*flag == 0) {
        }
        out[1] = 1;
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        assert(out[0] == 42);
        *flag = 1;
    }
}
__global__ void spin_oob(volatile int* flag, int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        while (*flag == 0) {
        }
        out[1] = 1;
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        out[1 << 28] = 7;
        *flag = 1;
    }
}

int main(int argc, char** argv) {
    const char* w = argc > 1 ? argv[1] : "coop_assert";
    int* out;
    cudaMalloc(&out, 64);
    cudaMemset(out, 0, 64);
    cudaError_t launched = cudaSuccess;
    void* args[] = {&out};
    if (!strcmp(w, "coop_assert")) launched = cudaLaunchCooperativeKernel((void*)coop_assert, 4, 32, args, 0, 0);
    if (!strcmp(w, "coop_oob")) launched = cudaLaunchCooperativeKernel((void*)coop_oob, 4, 32, args, 0, 0);
    if (!strcmp(w, "spin_assert")) {
        spin_assert<<<2, 32>>>(out + 8, out);
        launched = cudaGetLastError();
    }
    if (!strcmp(w, "spin_oob")) {
        spin_oob<<<2, 32>>>(out + 8, out);
        launched = cudaGetLastError();
    }
    const cudaError_t synced = cudaDeviceSynchronize();
    std::printf("%s launch %s sync %s\n", w, cudaGetErrorName(launched), cudaGetErrorName(synced));
    return 0;
}
