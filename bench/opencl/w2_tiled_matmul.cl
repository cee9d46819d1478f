// W2 in OpenCL C 1.2: tiled matrix multiply with 16x16 local tiles
// (same algorithm as bench/workloads/w2_tiled_matmul.cu).
#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void tiled_matmul(__global const float* a, __global const float* b, __global float* c, int n) {
    __local float tile_a[TILE][TILE];
    __local float tile_b[TILE][TILE];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int row = get_group_id(1) * TILE + ty;
    const int col = get_group_id(0) * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        tile_a[ty][tx] = a[row * n + k0 + tx];
        tile_b[ty][tx] = b[(k0 + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k) acc += tile_a[ty][k] * tile_b[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}
