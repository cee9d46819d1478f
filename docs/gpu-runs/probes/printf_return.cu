// What device printf returns, for formats with 0, 1, 3 arguments, a * width
// and %% (simt: 0 1 3 4 1; written 2026-12-07, not yet run on a GPU).
#include <cstdio>
__global__ void k(int* r) {
    r[0] = printf("plain\n");
    r[1] = printf("%d\n", 7);
    r[2] = printf("%d %s %f\n", 1, "two", 3.0);
    r[3] = printf("%*d|%.*f\n", 5, 42, 2, 1.5);
    r[4] = printf("100%% %c\n", 'x');
}
int main() {
    int* r; cudaMallocManaged(&r, 5 * sizeof(int));
    k<<<1, 1>>>(r); cudaDeviceSynchronize();
    printf("returns: %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4]);
}
