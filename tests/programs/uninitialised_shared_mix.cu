// Reads of shared bytes no thread of the block wrote: whole words, single
// bytes and 8-byte reads spanning a written and an unwritten word, after
// stores and before atomics write the rest. The init checker alone and the
// race checker judging them in its own pass (both on) report the same.
#include <cstdio>
__global__ void mix(int* out) {
    __shared__ int words[64];
    __shared__ char bytes[64];
    const int t = threadIdx.x;
    if (t % 2 == 0) words[t] = t;           // odd words never written
    if (t < 32) bytes[t] = char(t);          // bytes 32-63 never written
    __syncthreads();
    int v = words[t];                        // odd threads read unwritten words
    v += bytes[t];                           // threads 32-63 read unwritten bytes
    const long long pair = reinterpret_cast<const long long*>(words)[t / 2];  // one granule of each pair unwritten
    __syncthreads();
    atomicAdd(&words[(t + 1) % 64], 1);      // an atomic writes every word
    __syncthreads();
    v += words[t] + int(pair);               // all written now
    out[t] = v;
}
int main() {
    int* out;
    cudaMalloc(&out, 64 * sizeof(int));
    mix<<<2, 64>>>(out);
    std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
