// W6 in OpenCL C 1.2: grid-stride axpy y = a * x + y, in place
// (same algorithm as bench/workloads/w6_axpy.cu).
__kernel void axpy(float a, __global const float* x, __global float* y, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) y[i] = a * x[i] + y[i];
}
