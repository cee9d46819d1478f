// What cudaGetErrorName and cudaGetErrorString return for every number from
// 0 to 1000 and 10000 that names a CUDA error (and for two that do not):
// simt's table is primitives/include/simt/error_codes.h.
#include <cstdio>
#include <cstring>

int main() {
    for (int e = 0; e <= 10001; ++e) {
        if (e > 1000 && e < 10000) continue;
        const char* name = cudaGetErrorName(static_cast<cudaError_t>(e));
        const char* text = cudaGetErrorString(static_cast<cudaError_t>(e));
        if (std::strcmp(text, "unrecognized error code") == 0 && e != 1000 && e != 10001) continue;
        std::printf("%d\t%s\t%s\n", e, name, text);
    }
    return 0;
}
