/* Valid C that is not C++: a K&R definition, and a function that flows off
   its end on a path its callers never take (C++ makes that undefined and g++
   -O2 drops the path, falling into whatever follows). */
int twice(x)
int x;
{
    return 2 * x;
}

int positive_or_garbage(int x) {
    if (x > 0) return x;
}

/* nvcc hands a .c file to the host compiler: no CUDA compiler macros. */
#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#error "a .c file is compiled as host C, without __CUDACC__ or __CUDA_ARCH__"
#endif
