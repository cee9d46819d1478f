// Every block reads the whole of `table`, so each of its words is touched by
// threads of several blocks (the race checker keeps a full record for each),
// and the first thread of every block writes `last`: a race across blocks.
// Run with a small --race-memory, the checker runs out of room for the
// table's records (a warning) and still reports the race.
#include <cstdio>

__global__ void sum_table(const int* table, int n, int* out, int* last) {
    int s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s += table[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
    if (threadIdx.x == 0) *last = blockIdx.x;
}

int main() {
    const int n = 1 << 16, blocks = 4, threads = 128;
    int *table, *out, *last;
    cudaMalloc(&table, n * sizeof(int));
    cudaMemset(table, 0, n * sizeof(int));
    cudaMallocManaged(&out, blocks * threads * sizeof(int));
    cudaMallocManaged(&last, sizeof(int));
    sum_table<<<blocks, threads>>>(table, n, out, last);
    cudaDeviceSynchronize();
    std::printf("out[0] %d\n", out[0]);
    return 0;
}
