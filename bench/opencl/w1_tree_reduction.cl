// W1 in OpenCL C 1.2: shared-memory tree reduction of 256-element work-groups
// (same algorithm as bench/workloads/w1_tree_reduction.cu).
#define BLOCK 256

__kernel __attribute__((reqd_work_group_size(BLOCK, 1, 1)))
void tree_reduce(__global const float* in, __global float* out) {
    __local float s[BLOCK];
    const uint t = get_local_id(0);
    s[t] = in[get_group_id(0) * BLOCK + t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0) out[get_group_id(0)] = s[0];
}
