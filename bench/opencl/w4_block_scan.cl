// W4 in OpenCL C 1.2: double-buffered Hillis-Steele inclusive scan of each
// 256-element work-group (same algorithm as bench/workloads/w4_block_scan.cu).
#define BLOCK 256

__kernel __attribute__((reqd_work_group_size(BLOCK, 1, 1)))
void block_scan(__global const float* in, __global float* out) {
    __local float buf[2][BLOCK];
    const int t = get_local_id(0), i = get_group_id(0) * BLOCK + t;
    int src = 0;
    buf[src][t] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int offset = 1; offset < BLOCK; offset <<= 1) {
        const int dst = 1 - src;
        buf[dst][t] = t >= offset ? buf[src][t] + buf[src][t - offset] : buf[src][t];
        barrier(CLK_LOCAL_MEM_FENCE);
        src = dst;
    }
    out[i] = buf[src][t];
}
