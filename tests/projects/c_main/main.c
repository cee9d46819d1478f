/* A C program around CUDA kernels, as older benchmarks are written: C host
   code includes cuda_runtime_api.h, times with events, calls deprecated
   CUDA 12 names, and is linked by gcc with -lcudart. */
#include <cuda_runtime_api.h>
#include <stdio.h>

int scale_on_device(int* values, int n, int factor); /* kernels.cu */
int twice(); /* knr.c, declared without a prototype as K&R code is */
int positive_or_garbage(int x);

int main(void) {
    int values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    cudaEvent_t start, stop;
    float ms = -1.0f;
    dim3 grid = {1, 1, 1};
    if (cudaSetDevice(0) != cudaSuccess) return 1;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, 0);
    if (scale_on_device(values, 8, 3) != 0) return 2;
    cudaEventRecord(stop, 0);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    cudaThreadSynchronize();
    printf("values %d %d %d %d %d %d %d %d\n", values[0], values[1], values[2], values[3], values[4], values[5],
           values[6], values[7]);
    printf("grid.x %u timed %d twice %d positive %d\n", grid.x, ms >= 0.0f, twice(21), positive_or_garbage(5));
    printf("%s: %s\n", cudaGetErrorName(cudaErrorInvalidValue), cudaGetErrorString(cudaErrorInvalidValue));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaThreadExit();
    return 0;
}
