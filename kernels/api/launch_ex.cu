// cudaLaunchKernelEx and cudaLaunchKernelExC: a launch from a configuration
// (grid, block, dynamic shared memory, stream) and its attributes: a plain
// launch whose arguments are converted to the kernel's parameter types, a
// cooperative one whose grid meets at this_grid().sync(), a cluster shape
// that divides the grid, one that does not (refused), and hints that change
// nothing (priority, programmatic serialization).
#include <cstdio>

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void scale(float* out, float factor, long long n) {
    extern __shared__ float staged[];
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    staged[threadIdx.x] = float(i);
    __syncthreads();
    if (i < n) out[i] = staged[threadIdx.x] * factor;
}

__global__ void two_phases(int* data, int* sums) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    data[i] = int(i);
    cg::this_grid().sync();
    if (i == 0) {
        int total = 0;
        for (unsigned j = 0; j < gridDim.x * blockDim.x; ++j) total += data[j];
        *sums = total;
    }
}

int main() {
    float* out;
    int *data, *sums;
    cudaMallocManaged(&out, 256 * sizeof(float));
    cudaMallocManaged(&data, 256 * sizeof(int));
    cudaMallocManaged(&sums, sizeof(int));

    cudaLaunchAttribute hints[2];
    hints[0].id = cudaLaunchAttributePriority;
    hints[0].val.priority = 0;
    hints[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    hints[1].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(4);
    config.blockDim = dim3(64);
    config.dynamicSmemBytes = 64 * sizeof(float);
    config.attrs = hints;
    config.numAttrs = 2;
    // 2 and 256 are an int and an int: converted to float and long long.
    cudaError_t plain = cudaLaunchKernelEx(&config, scale, out, 2, 256);
    cudaDeviceSynchronize();
    printf("plain: %s, out[255] = %g\n", cudaGetErrorString(plain), out[255]);

    cudaLaunchAttribute cooperative;
    cooperative.id = cudaLaunchAttributeCooperative;
    cooperative.val.cooperative = 1;
    config.attrs = &cooperative;
    config.numAttrs = 1;
    config.dynamicSmemBytes = 0;
    cudaError_t grid = cudaLaunchKernelEx(&config, two_phases, data, sums);
    cudaDeviceSynchronize();
    printf("cooperative: %s, sum %d\n", cudaGetErrorString(grid), *sums);

    cudaLaunchAttribute cluster;
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = 2;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    config.attrs = &cluster;
    config.dynamicSmemBytes = 64 * sizeof(float);
    float factor = 3.0f;
    long long n = 256;
    void* args[] = {&out, &factor, &n};
    cudaError_t clustered = cudaLaunchKernelExC(&config, reinterpret_cast<const void*>(scale), args);
    cudaDeviceSynchronize();
    printf("cluster of 2: %s, out[255] = %g\n", cudaGetErrorString(clustered), out[255]);

    cluster.val.clusterDim.x = 3;  // does not divide a grid of 4
    cudaError_t refused = cudaLaunchKernelEx(&config, scale, out, 4.0f, 256LL);
    cudaError_t last = cudaGetLastError();
    cudaDeviceSynchronize();
    printf("cluster of 3: %s (last error %s), out[255] = %g\n", cudaGetErrorName(refused), cudaGetErrorName(last),
           out[255]);
    cudaFree(out);
    cudaFree(data);
    cudaFree(sums);
    return 0;
}
