// FIXED TWIN of bad_syncwarp_mask.cu: the mask names exactly the lanes that
// take the branch, computed with __ballot_sync before it.
#include <cstdio>

__global__ void pair_sums(const int* in, int* out) {
    const int lane = threadIdx.x;
    const int v = in[lane];
    const unsigned evens = __ballot_sync(0xffffffff, lane % 2 == 0);
    if (lane % 2 == 0) {
        const int right = __shfl_down_sync(evens, v, 2);
        out[lane / 2] = lane + 2 < 32 ? v + right : v;  // lane 30 has no right neighbour
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

// Expected run: clean in both modes (checked by tests/check_expectations.py; the syntax: kernels/README.md).
// expect-status: 0
// expect-stdout: pair_sums: no error, first sums 2 6 10
// expect-not: hazard
// expect: simt: ERROR SUMMARY: 0 errors, 0 warnings
