// What an H100 gives for integer division and remainder by zero and for
// INT_MIN / -1, in 32 and 64 bits, signed and unsigned (simt: all ones for
// x / 0, x for x % 0; written 2026-12-07, not yet run on a GPU).
#include <cstdio>
#include <climits>
__global__ void k(const int* z, const long long* zl, long long* o) {
    int zero = z[0], minus = z[1];
    long long zero64 = zl[0], minus64 = zl[1];
    int a[4] = {100, -100, 0, INT_MIN};
    for (int i = 0; i < 4; ++i) {
        o[i * 4 + 0] = a[i] / zero;
        o[i * 4 + 1] = a[i] % zero;
        o[i * 4 + 2] = (long long)((unsigned)a[i] / (unsigned)zero);
        o[i * 4 + 3] = (long long)((unsigned)a[i] % (unsigned)zero);
    }
    o[16] = INT_MIN / minus; o[17] = INT_MIN % minus;
    long long b[3] = {100, -100, LLONG_MIN};
    for (int i = 0; i < 3; ++i) {
        o[18 + i * 4 + 0] = b[i] / zero64;
        o[18 + i * 4 + 1] = b[i] % zero64;
        o[18 + i * 4 + 2] = (long long)((unsigned long long)b[i] / (unsigned long long)zero64);
        o[18 + i * 4 + 3] = (long long)((unsigned long long)b[i] % (unsigned long long)zero64);
    }
    o[30] = LLONG_MIN / minus64; o[31] = LLONG_MIN % minus64;
}
int main() {
    int* z; long long *zl, *o;
    cudaMallocManaged(&z, 8); cudaMallocManaged(&zl, 16); cudaMallocManaged(&o, 32 * 8);
    z[0] = 0; z[1] = -1; zl[0] = 0; zl[1] = -1;
    k<<<1, 1>>>(z, zl, o);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    for (int i = 0; i < 32; ++i) printf("o[%d] = %lld (%#llx)\n", i, o[i], (unsigned long long)o[i]);
}
