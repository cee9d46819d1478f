// A kernel that waits for the host: it spins until the host sets a latch in
// pinned memory, which the host does only after queueing more work behind it
// on the same stream (NVIDIA's UnifiedMemoryPerf sample does this to push all
// its work before any starts). Valid CUDA: a launch may start any time after
// it is made, so the GPU runs the spinner, sees the latch, then the rest.
//   (no argument)  the host sets the latch before synchronising: prints the results
//   never          it never does: on a GPU the stream never finishes (simt reports a deadlock)
#include <cstdio>
#include <cstring>

__global__ void wait_for_host(volatile unsigned* latch) {
    while (latch[0] < 1) {
    }
}

__global__ void scale(const int* in, int* out, int n, int factor) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * factor;
}

int main(int argc, char** argv) {
    const bool never = argc > 1 && std::strcmp(argv[1], "never") == 0;
    const int n = 256;
    unsigned* latch = nullptr;
    int *host_in = nullptr, *host_out = nullptr, *in = nullptr, *out = nullptr;
    cudaMallocHost(&latch, sizeof(unsigned));
    cudaMallocHost(&host_in, n * sizeof(int));
    cudaMallocHost(&host_out, n * sizeof(int));
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    for (int i = 0; i < n; ++i) host_in[i] = i;
    std::memset(host_out, 0, n * sizeof(int));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    *latch = 0;
    wait_for_host<<<1, 1, 0, stream>>>(latch);
    cudaEventRecord(start, stream);
    cudaMemcpyAsync(in, host_in, n * sizeof(int), cudaMemcpyHostToDevice, stream);
    scale<<<(n + 127) / 128, 128, 0, stream>>>(in, out, n, 3);
    cudaMemcpyAsync(host_out, out, n * sizeof(int), cudaMemcpyDeviceToHost, stream);
    cudaEventRecord(stop, stream);
    // Nothing queued behind the spinner has run yet.
    std::printf("before the latch: out[5] = %d\n", host_out[5]);
    if (!never) *latch = 1;
    const cudaError_t synced = cudaStreamSynchronize(stream);
    std::printf("synchronised: %s\n", cudaGetErrorString(synced));
    float ms = -1;
    const cudaError_t timed = cudaEventElapsedTime(&ms, start, stop);
    std::printf("events: %s, elapsed %s\n", cudaGetErrorString(timed), ms >= 0 ? "measured" : "none");
    int wrong = 0;
    for (int i = 0; i < n; ++i) wrong += host_out[i] != 3 * i;
    std::printf("out[5] = %d, %d of %d wrong\n", host_out[5], wrong, n);
    cudaStreamDestroy(stream);
    cudaFree(in);
    cudaFree(out);
    cudaFreeHost(latch);
    cudaFreeHost(host_in);
    cudaFreeHost(host_out);
    return wrong == 0 ? 0 : 1;
}
