// W5 in OpenCL C 1.2: 256-bin histogram, local atomics then one global atomic
// per bin and work-group (same algorithm as bench/workloads/w5_histogram.cu).
#define BINS 256

__kernel __attribute__((reqd_work_group_size(BINS, 1, 1)))
void histogram(__global const uint* in, int n, __global uint* bins) {
    __local uint local_bins[BINS];
    const int t = get_local_id(0);
    local_bins[t] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&local_bins[in[i] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&bins[t], local_bins[t]);
}
