// BUG CLASS: bad __syncwarp / shuffle mask.
// Only the even lanes take the branch, but they pass the full mask, naming
// odd lanes that never reach the shuffle: the odd lanes wait at the
// __syncwarp after the branch instead. Every non-exited lane named in a mask
// must execute the same collective, so this is undefined behaviour on a GPU
// (a hang or a wrong value). Twin: bad_syncwarp_mask_fixed.cu passes the mask
// of the lanes that actually take part, from __ballot_sync.
#include <cstdio>

__global__ void pair_sums(const int* in, int* out) {
    const int lane = threadIdx.x;
    const int v = in[lane];
    if (lane % 2 == 0) {
        const int right = __shfl_down_sync(0xffffffff, v, 2);
        out[lane / 2] = v + right;
    }
    __syncwarp();
    if (lane == 0) out[16] = 1;  // the warp is done
}

int main() {
    int *in, *out;
    cudaMalloc(&in, 32 * sizeof(int));
    cudaMalloc(&out, 17 * sizeof(int));
    int host[32];
    for (int i = 0; i < 32; ++i) host[i] = i;
    cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
    pair_sums<<<1, 32>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    int sums[16] = {};  // left as is when the copy fails after a failed launch
    cudaMemcpy(sums, out, sizeof sums, cudaMemcpyDeviceToHost);
    printf("pair_sums: %s, first sums %d %d %d\n", cudaGetErrorString(e), sums[0], sums[1], sums[2]);
    cudaFree(in);
    cudaFree(out);
    return 0;
}

// Expected reports (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 1
// expect-its: error: warp-sync hazard (different collectives) in kernel pair_sums
// expect-its: bad_syncwarp_mask.cu:17
// expect-its: bad_syncwarp_mask.cu:14
// expect-its: simt: 1 hazard (1 error, 0 warnings) in 1 launch
// expect-its: simt: ERROR SUMMARY: 1 error, 0 warnings
// expect-lockstep: error: warp-sync hazard (different collectives)
// expect-lockstep: bad_syncwarp_mask.cu:17
// expect-lockstep: bad_syncwarp_mask.cu:14
// expect-lockstep: simt: ERROR SUMMARY: 1 error, 0 warnings
