// Every way a correct program waits for a launch before its host code reads
// or writes managed or pinned memory the kernel used: none of them is a race
// (the host-and-kernel rules must stay silent). Prints one line.
#include <cstdio>

#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

__global__ void fill(int* o, int v) { o[threadIdx.x] = v + int(threadIdx.x); }
__global__ void signal(int* data, volatile int* flag) {
    data[threadIdx.x] = 7;
    __threadfence_system();
    __syncthreads();
    if (threadIdx.x == 0) *flag = 1;
}
__global__ void count(int* counter) { atomicAdd(counter, 1); }

int sum(const int* p, int n) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += p[i];
    return s;
}

void CUDART_CB read_in_stream(void* data) { *static_cast<int*>(data) += sum(static_cast<int*>(data) + 1, 31); }

int main() {
    int *m, *pinned, *flag, *counter;
    cudaMallocManaged(&m, 64 * sizeof(int));
    cudaMallocHost(&pinned, 64 * sizeof(int));
    cudaMallocManaged(&flag, sizeof(int));
    cudaMallocManaged(&counter, sizeof(int));
    int total = 0;

    fill<<<1, 32>>>(m, 1);
    cudaDeviceSynchronize();
    total += sum(m, 32);

    cudaStream_t s;
    cudaStreamCreate(&s);
    fill<<<1, 32, 0, s>>>(m, 2);
    cudaStreamSynchronize(s);
    total += sum(m, 32);

    cudaEvent_t done;
    cudaEventCreate(&done);
    fill<<<1, 32, 0, s>>>(pinned, 3);
    cudaEventRecord(done, s);
    cudaEventSynchronize(done);
    total += sum(pinned, 32);

    fill<<<1, 32>>>(m, 4);
    while (cudaStreamQuery(0) == cudaErrorNotReady) {
    }
    total += sum(m, 32);

    fill<<<1, 32>>>(m, 5);
    int copy[32];
    cudaMemcpy(copy, m, sizeof copy, cudaMemcpyDefault);
    total += sum(m, 32) - sum(copy, 32);

    // Launches one after another, then one wait for all of them.
    fill<<<1, 32>>>(m, 6);
    fill<<<1, 32>>>(m + 32, 7);
    cudaDeviceSynchronize();
    total += sum(m, 64);

    // A host function runs after the stream's work before it.
    fill<<<1, 32, 0, s>>>(m, 8);
    cudaLaunchHostFunc(s, read_in_stream, m);
    cudaStreamSynchronize(s);
    total += m[0];

    // A flag the kernel sets after a system fence, polled by the host.
    *flag = 0;
    signal<<<1, 32>>>(pinned, flag);
    while (*static_cast<volatile int*>(flag) == 0) {
    }
    total += sum(pinned, 32);
    cudaDeviceSynchronize();

    // An atomic counter polled with an atomic load.
    *counter = 0;
    count<<<1, 32>>>(counter);
    while (__atomic_load_n(counter, __ATOMIC_ACQUIRE) != 32) {
    }
    total += *counter;

    // Thrust's device algorithms are stream-ordered after the launch.
    fill<<<1, 32>>>(m, 9);
    total += thrust::reduce(thrust::device, m, m + 32);
    cudaDeviceSynchronize();

    // The host writes what the next launch reads, before launching it.
    for (int i = 0; i < 32; ++i) m[i] = i;
    fill<<<1, 32>>>(m + 32, 10);
    cudaDeviceSynchronize();
    total += sum(m, 64);

    printf("total %d\n", total);
    cudaFree(m);
    cudaFreeHost(pinned);
    cudaFree(flag);
    cudaFree(counter);
    return 0;
}
