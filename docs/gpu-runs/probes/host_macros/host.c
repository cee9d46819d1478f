/* Which compiler macros nvcc defines for a .c file it hands to the host C
   compiler (simt: __NVCC__ and __CUDACC_VER_*__ yes, __CUDACC__ and
   __CUDA_ARCH__ no), and whether K&R C compiles (it is C, not C++). */
#include <stdio.h>
int knr(x) int x; { return x + 1; }
void report_c(void) {
#ifdef __CUDACC__
    printf("c: __CUDACC__ defined\n");
#endif
#ifdef __CUDA_ARCH__
    printf("c: __CUDA_ARCH__ defined\n");
#endif
#ifdef __NVCC__
    printf("c: __NVCC__ defined\n");
#endif
#ifdef __CUDACC_VER_MAJOR__
    printf("c: __CUDACC_VER_MAJOR__ defined\n");
#endif
#ifdef __cplusplus
    printf("c: __cplusplus defined\n");
#endif
    printf("c: knr %d\n", knr(1));
}
