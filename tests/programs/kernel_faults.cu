// Kernels that fault in ways a CPU traps on: each is a launch fault with the kernel, thread and line (a division
// by zero, on which a GPU does not trap, a warning), and the program goes on (argv[1] picks the case).
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void null_write(int* out) { int* p = nullptr; if (threadIdx.x == 3) p[0] = 1; out[threadIdx.x] = 1; }
__global__ void host_write(int* h) { h[threadIdx.x] = 42; }
__global__ void divide(int* out, int z) { out[threadIdx.x] = 100 / (z + (int)threadIdx.x - 3); }
__global__ void quit(int* out) { if (threadIdx.x == 5) exit(3); out[threadIdx.x] = 1; }
__global__ void stop(int* out) { if (threadIdx.x == 5) abort(); out[threadIdx.x] = 1; }
__global__ void shared_far(int* out, int off) {
    __shared__ int s[32];
    s[threadIdx.x] = 1;
    if (threadIdx.x == 0) s[off] = 7;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
// Six allocations in one kernel (more than one look-up slot each) and a
// store past the last one's end, whose 22 bytes are not a multiple of 16.
__global__ void past_tail(int* a, const int* b, const int* c, const int* d, const int* e, char* odd) {
    const int t = threadIdx.x;
    a[t] = b[t] + c[t] + d[t] + e[t];
    if (t < 6) reinterpret_cast<int*>(odd)[t] = a[t];  // t = 5: bytes 20..23 of 22
}

int main(int argc, char** argv) {
    const char* what = argc > 1 ? argv[1] : "null";
    std::printf("before the launch\n");
    int* d;
    cudaMalloc(&d, 32 * sizeof(int));
    if (!std::strcmp(what, "null")) null_write<<<1, 32>>>(d);
    if (!std::strcmp(what, "host")) { int* h = (int*)calloc(32, 4); host_write<<<1, 32>>>(h); cudaDeviceSynchronize(); std::printf("h[0]=%d\n", h[0]); }
    if (!std::strcmp(what, "div")) divide<<<1, 32>>>(d, 0);
    if (!std::strcmp(what, "exit")) quit<<<1, 32>>>(d);
    if (!std::strcmp(what, "abort")) stop<<<1, 32>>>(d);
    if (!std::strcmp(what, "shared")) shared_far<<<1, 32>>>(d, atoi(argv[2]));
    if (!std::strcmp(what, "tail")) {
        int* in[5];
        for (int*& p : in) { cudaMalloc(&p, 32 * sizeof(int)); cudaMemset(p, 0, 32 * sizeof(int)); }
        char* odd;
        cudaMalloc(&odd, 22);
        past_tail<<<1, 32>>>(in[0], in[1], in[2], in[3], in[4], odd);
    }
    int on_stack[32] = {};
    if (!std::strcmp(what, "stack")) { host_write<<<1, 32>>>(on_stack); cudaDeviceSynchronize(); std::printf("on_stack[0]=%d\n", on_stack[0]); }
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("after: %s\n", cudaGetErrorString(e));
    return 0;
}
