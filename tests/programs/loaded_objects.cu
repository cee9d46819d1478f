// A program that walks its loaded objects itself (dl_iterate_phdr, which
// simt wraps for its symbolizer) before and after simt prints a report:
// it still sees every library, and the report still names its line.
#include <link.h>

#include <cstdio>

__global__ void racy(int* out) { out[0] = threadIdx.x; }

static int count(dl_phdr_info*, size_t, void* data) {
    ++*static_cast<int*>(data);
    return 0;
}

int main() {
    int before = 0, after = 0;
    dl_iterate_phdr(count, &before);
    int* out = nullptr;
    cudaMallocManaged(&out, sizeof(int));
    racy<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    dl_iterate_phdr(count, &after);
    std::printf("%s\n", before > 2 && after == before ? "every object" : "objects missing");
    cudaFree(out);
    return 0;
}
