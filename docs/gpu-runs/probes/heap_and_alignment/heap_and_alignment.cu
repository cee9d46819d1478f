#include <cstring>
// What an H100 does with the reliability battery's three remaining cases and
// their neighbours (issue 40): kernel stores through host heap pointers
// (small calloc, large malloc, new[]), device-side new, an index from one
// cudaMalloc allocation into the next, and vector types read at half their
// alignment, one field, both fields, whole, and stored.
#include <cstdio>
#include <cstdlib>

__global__ void store(int *p) { p[threadIdx.x] = 42; }
__global__ void device_new(int *out) {
    int *q = new int[4];
    q[threadIdx.x % 4] = threadIdx.x;
    __syncwarp();
    out[threadIdx.x] = q[0] >= 0;
    delete[] q;
}
__global__ void into_next(int *a, long long off) { if (threadIdx.x == 0) a[off] = 7; }
__global__ void d2_x(const double *a, double *o) { o[threadIdx.x] = ((const double2 *)(a + 1))[threadIdx.x].x; }
__global__ void d2_xy(const double *a, double *o) {
    const double2 *p = (const double2 *)(a + 1);
    o[threadIdx.x] = p[threadIdx.x].x + p[threadIdx.x].y;
}
__global__ void d2_whole(const double *a, double2 *o) { o[threadIdx.x] = ((const double2 *)(a + 1))[threadIdx.x]; }
__global__ void d2_store(double *a) { ((double2 *)(a + 1))[threadIdx.x] = make_double2(1, 2); }
__global__ void f4_xyzw(const float *a, float *o) {
    const float4 *p = (const float4 *)(a + 1);
    float4 v = p[threadIdx.x];
    o[threadIdx.x] = v.x + v.y + v.z + v.w;
}
__global__ void i2_xy(const int *a, int *o) {
    const int2 *p = (const int2 *)(a + 1);
    o[threadIdx.x] = p[threadIdx.x].x + p[threadIdx.x].y;
}

static void report(const char *what) {
    cudaError_t e = cudaDeviceSynchronize();
    printf("%-24s %s\n", what, cudaGetErrorString(e));
}

int main(int argc, char **argv) {
    const char *which = argc > 1 ? argv[1] : "";
    if (!strcmp(which, "calloc")) { int *h = (int *)calloc(32, 4); store<<<1, 32>>>(h); report("calloc"); }
    if (!strcmp(which, "malloc_big")) { int *h = (int *)malloc(64 << 20); store<<<1, 32>>>(h); report("malloc 64 MiB"); }
    if (!strcmp(which, "new")) { int *h = new int[32]; store<<<1, 32>>>(h); report("new[]"); }
    if (!strcmp(which, "device_new")) {
        int *o; cudaMalloc(&o, 128); device_new<<<2, 32>>>(o); report("device new");
    }
    if (!strcmp(which, "into_next")) {
        int *a, *b; cudaMalloc(&a, 128); cudaMalloc(&b, 16 << 20); cudaMemset(b, 0, 16 << 20);
        long long off = ((char *)b - (char *)a) / 4 + 100;
        printf("distance %lld bytes\n", (long long)((char *)b - (char *)a));
        into_next<<<1, 32>>>(a, off); report("into next");
    }
    double *a, *o; cudaMalloc(&a, 4096); cudaMalloc(&o, 4096); cudaMemset(a, 0, 4096);
    if (!strcmp(which, "d2_x")) { d2_x<<<1, 32>>>(a, o); report("double2 .x"); }
    if (!strcmp(which, "d2_xy")) { d2_xy<<<1, 32>>>(a, o); report("double2 .x+.y"); }
    if (!strcmp(which, "d2_whole")) { d2_whole<<<1, 32>>>(a, (double2 *)o); report("double2 whole"); }
    if (!strcmp(which, "d2_store")) { d2_store<<<1, 32>>>(a); report("double2 store"); }
    if (!strcmp(which, "f4")) { f4_xyzw<<<1, 32>>>((float *)a, (float *)o); report("float4 at 4"); }
    if (!strcmp(which, "i2")) { i2_xy<<<1, 32>>>((int *)a, (int *)o); report("int2 .x+.y at 4"); }
    return 0;
}
