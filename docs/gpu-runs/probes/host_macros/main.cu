// nvcc main.cu host.cpp host.c -o host_macros: spaces inside the chevrons and
// a literal 0 for a pointer parameter, as nvcc takes them.
#include <cstdio>
extern "C" void report_c(void);
void report_cpp();
__global__ void k(int* out, const int* maybe) { *out = maybe == 0 ? 7 : *maybe; }
int main() {
    report_c();
    report_cpp();
    int* d;
    int h = 0;
    cudaMalloc(&d, sizeof(int));
    k << < 1, 1 >> > (d, 0);
    cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    std::printf("cu: launch %d %s\n", h, cudaGetErrorString(cudaGetLastError()));
    return 0;
}
