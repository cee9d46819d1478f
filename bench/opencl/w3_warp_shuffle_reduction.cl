// W3 in OpenCL C 1.2. Oclgrind 21.10 is an OpenCL 1.2 device without
// cl_khr_subgroups (get_sub_group_size is an undefined external there), so the
// warp shuffles of bench/workloads/w3_warp_shuffle_reduction.cu become a
// local-memory reduction with the same shape: each 32-work-item "warp" sums
// its 32 values with offsets 16 .. 1 (a barrier per step, where CUDA needs
// none), lane 0 keeps the warp's sum, and the first 8 work-items sum the 8
// warp sums with offsets 4 .. 1.
#define BLOCK 256
#define WARP 32
#define WARPS (BLOCK / WARP)

__kernel __attribute__((reqd_work_group_size(BLOCK, 1, 1)))
void shuffle_reduce(__global const float* in, __global float* out) {
    __local float s[BLOCK];
    __local float warp_sums[WARPS];
    const uint t = get_local_id(0), lane = t % WARP, warp = t / WARP;
    s[t] = in[get_group_id(0) * BLOCK + t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = WARP / 2; offset > 0; offset >>= 1) {
        const float v = lane < offset ? s[t] + s[t + offset] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane < offset) s[t] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lane == 0) warp_sums[warp] = s[t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = WARPS / 2; offset > 0; offset >>= 1) {
        const float v = t < offset ? warp_sums[t] + warp_sums[t + offset] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t < offset) warp_sums[t] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0) out[get_group_id(0)] = warp_sums[0];
}
