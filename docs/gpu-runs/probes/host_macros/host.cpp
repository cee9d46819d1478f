// The same question for a .cpp file.
#include <cstdio>
void report_cpp() {
#ifdef __CUDACC__
    std::printf("cpp: __CUDACC__ defined\n");
#endif
#ifdef __CUDA_ARCH__
    std::printf("cpp: __CUDA_ARCH__ defined\n");
#endif
#ifdef __NVCC__
    std::printf("cpp: __NVCC__ defined\n");
#endif
#ifdef __CUDACC_VER_MAJOR__
    std::printf("cpp: __CUDACC_VER_MAJOR__ defined\n");
#endif
}
