// Runtime calls a program can get wrong, one per line of output: what each
// returns, and that a refused copy or fill wrote nothing. An H100 refuses
// every one of these with an error code and leaves the memory as it was;
// compute-sanitizer prints each failing call.
#include <cstdint>
#include <cstdio>

#define SHOW(call) std::printf("%-44s %s\n", #call, cudaGetErrorName(call))

int main() {
    int *a = nullptr, *b = nullptr, *c = nullptr;
    int host[64] = {};
    SHOW(cudaMalloc(&a, 128));
    SHOW(cudaMalloc(&b, 128));
    SHOW(cudaMemset(b, 0, 128));
    SHOW(cudaMemset(a, 0x77, 1 << 20));                        // past a, into b
    SHOW(cudaMemcpy(a, host, 256, cudaMemcpyHostToDevice));      // past a
    SHOW(cudaMemcpy(host, a + 16, 128, cudaMemcpyDeviceToHost)); // source runs past a
    SHOW(cudaMemcpy(a, host, SIZE_MAX, cudaMemcpyHostToDevice)); // a negative count
    int check[32] = {1};
    SHOW(cudaMemcpy(check, b, 128, cudaMemcpyDeviceToHost));
    std::printf("b[0] after the refused calls: %d\n", check[0]);
    SHOW(cudaFree(b));
    SHOW(cudaMemcpy(b, host, 128, cudaMemcpyHostToDevice));      // freed
    SHOW(cudaFree(b));                                           // twice
    SHOW(cudaFree(a + 1));                                       // not the start
    SHOW(cudaFree(host));                                        // host memory
    SHOW(cudaMalloc(&c, SIZE_MAX));
    SHOW(cudaMalloc(&c, std::size_t(-1) * sizeof(int)));
    SHOW(cudaGetLastError());
    SHOW(cudaFree(a));
    return 0;
}
