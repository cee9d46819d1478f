// libcu++'s atomics (cuda/atomic, cuda/std/atomic): cuda::atomic and
// cuda::atomic_ref at each scope, every read-modify-write, compare-and-swap
// loops, fences, and a flag one block waits on until a later block sets it.
// Prints only what does not depend on the order the threads ran in.
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cstdio>

constexpr int kBlocks = 4;
constexpr int kThreads = 128;

struct Totals {
    unsigned long long count;
    int sum, min, max;
    unsigned bits_or, bits_and, bits_xor;
    long long exchanged;
    float float_sum;
    double double_sum;
    int cas_product;
    unsigned shared_histogram[8];
    int decrements;
};

__device__ cuda::atomic<unsigned long long, cuda::thread_scope_device> device_count;

__global__ void read_modify_write(Totals* t, int* slot) {
    const int id = int(blockIdx.x * blockDim.x + threadIdx.x);
    device_count.fetch_add(1, cuda::memory_order_relaxed);
    cuda::atomic_ref<int, cuda::thread_scope_device> sum(t->sum);
    sum += id;
    cuda::atomic_ref<int, cuda::thread_scope_device>(t->min).fetch_min(id * 7 % 501 - 250);
    cuda::atomic_ref<int, cuda::thread_scope_device>(t->max).fetch_max(id * 13 % 997);
    cuda::atomic_ref<unsigned, cuda::thread_scope_system>(t->bits_or).fetch_or(1u << (id % 32));
    cuda::atomic_ref<unsigned, cuda::thread_scope_system>(t->bits_and).fetch_and(~(1u << (id % 31)));
    cuda::std::atomic_ref<unsigned>(t->bits_xor).fetch_xor(unsigned(id) * 2654435761u);
    // Each thread swaps its id into one slot: the old values it gets back plus
    // what is left there add up to every id plus the slot's first value.
    const int old = cuda::atomic_ref<int, cuda::thread_scope_device>(*slot).exchange(id);
    cuda::atomic_ref<long long, cuda::thread_scope_device>(t->exchanged).fetch_add(old);
    cuda::atomic_ref<float, cuda::thread_scope_device>(t->float_sum).fetch_add(float(id % 10));
    cuda::atomic_ref<double, cuda::thread_scope_device>(t->double_sum).fetch_sub(double(id % 3) * 0.5);
    // A product by compare-and-swap (kept small: only some threads take part).
    if (id % 64 == 0) {
        cuda::atomic_ref<int, cuda::thread_scope_device> product(t->cas_product);
        int expected = product.load(cuda::memory_order_relaxed);
        while (!product.compare_exchange_weak(expected, expected * 3, cuda::memory_order_acq_rel,
                                              cuda::memory_order_relaxed)) {
        }
    }
    // A block's histogram in shared memory, block-scoped, added to the total.
    __shared__ unsigned histogram[8];
    if (threadIdx.x < 8) histogram[threadIdx.x] = 0;
    __syncthreads();
    cuda::atomic_ref<unsigned, cuda::thread_scope_block>(histogram[id % 8]).fetch_add(1u, cuda::memory_order_relaxed);
    __syncthreads();
    if (threadIdx.x < 8)
        cuda::atomic_ref<unsigned, cuda::thread_scope_device>(t->shared_histogram[threadIdx.x]) += histogram[threadIdx.x];
    __shared__ cuda::atomic<int, cuda::thread_scope_block> countdown;
    if (threadIdx.x == 0) countdown.store(1000, cuda::memory_order_relaxed);
    __syncthreads();
    --countdown;
    countdown.fetch_sub(2);
    __syncthreads();
    if (threadIdx.x == 0) cuda::atomic_ref<int, cuda::thread_scope_device>(t->decrements) += 1000 - countdown.load();
}

// Block 0 waits for data that the last block publishes: a release store at
// device scope, an acquire load (then wait()) on the other side.
__global__ void publish(int* data, cuda::atomic<int, cuda::thread_scope_device>* flag, int* seen) {
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        data[0] = 42;
        data[1] = 4242;
        flag->store(1, cuda::memory_order_release);
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        while (flag->load(cuda::memory_order_acquire) == 0) {
        }
        seen[0] = data[0] + data[1];
    }
}

__global__ void second_flag(cuda::atomic<int, cuda::thread_scope_device>* flag, int* data, int* seen) {
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        data[2] = 7;
        cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
        flag->store(2, cuda::memory_order_relaxed);
        flag->notify_all();
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        flag->wait(1, cuda::memory_order_acquire);
        seen[1] = data[2] * flag->load();
    }
}

int main() {
    Totals* t;
    int* slot;
    cudaMalloc(&t, sizeof(Totals));
    cudaMalloc(&slot, sizeof(int));
    Totals init = {};
    init.min = 1 << 30;
    init.max = -(1 << 30);
    init.bits_and = 0xffffffffu;
    init.cas_product = 1;
    cudaMemcpy(t, &init, sizeof init, cudaMemcpyHostToDevice);
    const int first = 1000000;
    cudaMemcpy(slot, &first, sizeof first, cudaMemcpyHostToDevice);
    read_modify_write<<<kBlocks, kThreads>>>(t, slot);
    Totals r;
    int left;
    unsigned long long count;
    cudaMemcpy(&r, t, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(&left, slot, sizeof left, cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&count, device_count, sizeof count);
    const long long ids = (long long)(kBlocks * kThreads) * (kBlocks * kThreads - 1) / 2;
    std::printf("count %llu sum %d min %d max %d\n", count, r.sum, r.min, r.max);
    std::printf("or %08x and %08x xor %08x\n", r.bits_or, r.bits_and, r.bits_xor);
    std::printf("exchange balanced %s\n", r.exchanged + left == ids + first ? "yes" : "no");
    std::printf("float sum %.1f double sum %.1f product %d\n", r.float_sum, r.double_sum, r.cas_product);
    std::printf("histogram");
    for (unsigned h : r.shared_histogram) std::printf(" %u", h);
    std::printf("\ndecrements %d\n", r.decrements);

    int* data;
    int* seen;
    cuda::atomic<int, cuda::thread_scope_device>* flag;
    cudaMalloc(&data, 4 * sizeof(int));
    cudaMalloc(&seen, 2 * sizeof(int));
    cudaMalloc(&flag, sizeof *flag);
    cudaMemset(flag, 0, sizeof *flag);
    cudaMemset(data, 0, 4 * sizeof(int));
    publish<<<3, 32>>>(data, flag, seen);
    second_flag<<<2, 32>>>(flag, data, seen);
    int s[2];
    cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost);
    std::printf("published %d then %d\n", s[0], s[1]);
    std::printf("done %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
