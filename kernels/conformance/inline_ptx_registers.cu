// Inline PTX that reads special registers, as tuned kernels do for the lane
// id and lane masks. simt runs no PTX but reads these registers.
// (Not in the feature audit's H100 runs: simt stopped at the assembler.)
#include <cstdio>

__device__ unsigned lane_id() {
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}

__global__ void registers(unsigned* out) {
    unsigned lt, warp;
    asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%warpid;" : "=r"(warp));
    long long t0;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0));
    out[threadIdx.x] = lane_id() * 1000 + unsigned(__popc(lt)) + (t0 >= 0 ? 0u : 1u);
    out[64 + threadIdx.x] = warp;  // a hardware warp slot: not checked, it differs between GPUs
}

int main() {
    unsigned* out;
    cudaMallocManaged(&out, 128 * sizeof(unsigned));
    registers<<<1, 64>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    int wrong = 0;
    for (unsigned t = 0; t < 64; ++t) wrong += out[t] != (t % 32) * 1000 + t % 32;
    printf("inline_ptx_registers: %s, %d wrong\n", cudaGetErrorString(e), wrong);
    return wrong == 0 ? 0 : 1;
}
