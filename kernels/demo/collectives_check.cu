// Every portable collective (simt/collectives.h) checked against a host
// reference, in plain CUDA: the same file builds with nvcc for a GPU and with
// simt for the CPU (either warp size), and must print "all ... passed" on
// both. Types int, unsigned, long long, float, double; 1-D blocks of 32, 200
// (a partial last warp) and 1024 threads and a 16x12 2-D block.
#include <cstdio>
#include <vector>

#include "simt/collectives.h"

// What each thread writes: one slot per collective.
enum Slot {
    WarpSum, WarpMax, WarpMin, WarpBroadcast, WarpInclusive, WarpExclusive,
    ShuffleUp, ShuffleDown, ShuffleXor, ShuffleIdx,
    BlockSum, BlockMax, BlockMin, BlockBroadcast, BlockInclusive, BlockExclusive,
    Slots
};

template <class T>
__global__ void collectives(const T* in, T* out, unsigned src_thread) {
    const unsigned t = simt::detail::linear_thread_index();
    const T v = in[t];
    T* mine = out + std::size_t(t) * Slots;
    mine[WarpSum] = simt::warp::sum(v);
    mine[WarpMax] = simt::warp::max(v);
    mine[WarpMin] = simt::warp::min(v);
    mine[WarpBroadcast] = simt::warp::broadcast(v);
    mine[WarpInclusive] = simt::warp::prefix_sum(v);
    mine[WarpExclusive] = simt::warp::prefix_sum<true>(v);
    mine[ShuffleUp] = simt::warp::shuffle_up(v, 1u);
    // In a partial warp the last active lane would read a lane that does not
    // exist (undefined on a GPU): only full warps shuffle down and across.
    const unsigned first = t / unsigned(warpSize) * unsigned(warpSize);
    const bool full_warp = first + unsigned(warpSize) <= simt::detail::threads_in_block();
    mine[ShuffleDown] = full_warp ? simt::warp::shuffle_down(v, 1u) : v;
    mine[ShuffleXor] = full_warp ? simt::warp::shuffle_xor(v, 1u) : v;
    mine[ShuffleIdx] = simt::warp::shuffle_idx(v, 0);
    mine[BlockSum] = simt::block::sum(v);
    mine[BlockMax] = simt::block::max(v);
    mine[BlockMin] = simt::block::min(v);
    mine[BlockBroadcast] = simt::block::broadcast(v, src_thread);
    mine[BlockInclusive] = simt::block::prefix_sum(v);
    mine[BlockExclusive] = simt::block::prefix_sum<true>(v);
}

// The host's answer for every thread and slot.
template <class T>
std::vector<T> reference(const std::vector<T>& in, unsigned threads, unsigned warp, unsigned src_thread) {
    std::vector<T> want(std::size_t(threads) * Slots);
    T block_sum = 0, block_max = in[0], block_min = in[0], running = 0;
    for (unsigned t = 0; t < threads; ++t) {
        block_sum += in[t];
        block_max = in[t] > block_max ? in[t] : block_max;
        block_min = in[t] < block_min ? in[t] : block_min;
    }
    for (unsigned t = 0; t < threads; ++t) {
        const unsigned first = t / warp * warp;
        const unsigned last = first + warp < threads ? first + warp : threads;  // a partial last warp
        const unsigned lane = t - first, lanes = last - first;
        T sum = 0, before = 0, hi = in[first], lo = in[first];
        for (unsigned k = first; k < last; ++k) {
            sum += in[k];
            if (k < t) before += in[k];
            hi = in[k] > hi ? in[k] : hi;
            lo = in[k] < lo ? in[k] : lo;
        }
        T* w = &want[std::size_t(t) * Slots];
        w[WarpSum] = sum;
        w[WarpMax] = hi;
        w[WarpMin] = lo;
        w[WarpBroadcast] = in[first];
        w[WarpInclusive] = before + in[t];
        w[WarpExclusive] = before;
        // Past the edge of the warp a shuffle returns the caller's own value;
        // partial warps do not shuffle down or across (see the kernel).
        const bool full_warp = lanes == warp;
        w[ShuffleUp] = lane >= 1 ? in[t - 1] : in[t];
        w[ShuffleDown] = full_warp && lane + 1 < lanes ? in[t + 1] : in[t];
        w[ShuffleXor] = full_warp ? in[first + (lane ^ 1u)] : in[t];
        w[ShuffleIdx] = in[first];
        w[BlockSum] = block_sum;
        w[BlockMax] = block_max;
        w[BlockMin] = block_min;
        w[BlockBroadcast] = in[src_thread];
        w[BlockExclusive] = running;
        running += in[t];
        w[BlockInclusive] = running;
    }
    return want;
}

// Runs one type on one block shape; returns the number of wrong values.
template <class T>
int check(const char* type, dim3 block, unsigned warp) {
    const unsigned threads = block.x * block.y * block.z;
    const unsigned src_thread = threads / 3;
    std::vector<T> in(threads);
    // Small integers: sums are exact in every type, in any order.
    for (unsigned t = 0; t < threads; ++t) in[t] = T(int((t * 37u + 11u) % 23u) - 7);
    T *d_in = nullptr, *d_out = nullptr;
    cudaMalloc(&d_in, threads * sizeof(T));
    cudaMalloc(&d_out, std::size_t(threads) * Slots * sizeof(T));
    cudaMemcpy(d_in, in.data(), threads * sizeof(T), cudaMemcpyHostToDevice);
    collectives<T><<<1, block>>>(d_in, d_out, src_thread);
    const cudaError_t e = cudaDeviceSynchronize();
    std::vector<T> got(std::size_t(threads) * Slots);
    cudaMemcpy(got.data(), d_out, got.size() * sizeof(T), cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);
    if (e != cudaSuccess) {
        printf("%s %ux%u: %s\n", type, block.x, block.y, cudaGetErrorString(e));
        return 1;
    }
    const std::vector<T> want = reference(in, threads, warp, src_thread);
    int wrong = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i] == want[i]) continue;
        if (wrong++ == 0)
            printf("%s %ux%u: thread %u slot %u: got %g, want %g\n", type, block.x, block.y, unsigned(i / Slots),
                   unsigned(i % Slots), double(got[i]), double(want[i]));
    }
    return wrong;
}

int main() {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    const unsigned warp = unsigned(prop.warpSize);
    const dim3 shapes[] = {dim3(32), dim3(200), dim3(1024), dim3(16, 12)};
    int checks = 0, wrong = 0;
    for (const dim3& b : shapes) {
        wrong += check<int>("int", b, warp);
        wrong += check<unsigned>("unsigned", b, warp);
        wrong += check<long long>("long long", b, warp);
        wrong += check<float>("float", b, warp);
        wrong += check<double>("double", b, warp);
        checks += 5 * int(b.x * b.y) * Slots;
    }
    if (wrong == 0)
        printf("collectives: all %d checks passed (warp size %u)\n", checks, warp);
    else
        printf("collectives: %d of %d checks wrong\n", wrong, checks);
    return wrong == 0 ? 0 : 1;
}
