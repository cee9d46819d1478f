// Atomics on shared and global memory, every operation and type, against
// host references. Many threads hit few addresses so interleavings matter.
#include "support.h"

#include <algorithm>

namespace {

__global__ void integer_atomics(int* g, unsigned* u, unsigned long long* ull, long long* ll) {
    __shared__ int s[4];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 4) s[t] = t == 1 ? 1000000 : 0;
    __syncthreads();
    atomicAdd(&s[0], 2);
    atomicMin(&s[1], i);
    atomicMax(&s[2], i);
    atomicSub(&s[3], 1);
    __syncthreads();
    if (t == 0) {
        atomicAdd(&g[0], s[0]);
        atomicMin(&g[1], s[1]);
        atomicMax(&g[2], s[2]);
        atomicAdd(&g[3], s[3]);
    }
    atomicAnd(&u[0], ~(1u << (i % 32)));
    atomicOr(&u[1], 1u << (i % 32));
    atomicXor(&u[2], 1u << (i % 32));
    atomicInc(&u[3], 9u);
    atomicDec(&u[4], 9u);
    atomicAdd(&ull[0], 1ull << 33);
    atomicMax(&ll[0], -(long long)i);
    atomicMin(&ll[1], -(long long)i);
}

__global__ void float_atomics(float* f, double* d) {
    atomicAdd(&f[0], 0.5f);
    atomicAdd(&d[0], 0.25);
    atomicMax(&f[1], float(threadIdx.x));
    atomicMin(&f[2], -float(threadIdx.x));
}

__global__ void cas_lock_counter(int* lock, int* counter) {
    // One thread per warp takes a spin lock built from atomicCAS/atomicExch.
    if (threadIdx.x % warpSize != 0) return;
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    *counter += 1;
    __threadfence();
    atomicExch(lock, 0);
}

__global__ void unique_tickets(unsigned* next, unsigned* tickets) {
    tickets[blockIdx.x * blockDim.x + threadIdx.x] = atomicAdd_block(next, 1u) + 0 * atomicAdd_system(next, 0u);
}

}  // namespace

TEST_CASE("integer atomics on shared and global memory give the serial result") {
    SIMT_EACH_MODE();
    const int blocks = 4, threads = 64, n = blocks * threads;
    simt::test::Managed<int> g(4);
    g[0] = 0;
    g[1] = 1 << 30;
    g[2] = -1;
    g[3] = 0;
    simt::test::Managed<unsigned> u(5);
    u[0] = ~0u;
    u[1] = 0;
    u[2] = 0;
    u[3] = 0;
    u[4] = 0;
    simt::test::Managed<unsigned long long> ull(1, 0);
    simt::test::Managed<long long> ll(2);
    ll[0] = -(1ll << 40);
    ll[1] = 0;
    integer_atomics<<<blocks, threads>>>(g, u, ull, ll);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(g[0] == 2 * n);
    CHECK(g[1] == 0);
    CHECK(g[2] == n - 1);
    CHECK(g[3] == -n);
    CHECK(u[0] == 0u);
    CHECK(u[1] == ~0u);
    CHECK(u[2] == 0u);  // each bit flipped n/32 = 8 times
    unsigned inc = 0, dec = 0;
    for (int k = 0; k < n; ++k) {
        inc = inc >= 9 ? 0 : inc + 1;
        dec = (dec == 0 || dec > 9) ? 9 : dec - 1;
    }
    CHECK(u[3] == inc);
    CHECK(u[4] == dec);
    CHECK(ull[0] == (unsigned long long)n << 33);
    CHECK(ll[0] == 0);
    CHECK(ll[1] == -(long long)(n - 1));
}

TEST_CASE("float and double atomicAdd, float atomicMin/Max") {
    SIMT_EACH_MODE();
    simt::test::Managed<float> f(3, 0.0f);
    simt::test::Managed<double> d(1, 0.0);
    float_atomics<<<8, 128>>>(f, d);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(f[0] == 512.0f);  // exact: halves up to 2^9
    CHECK(d[0] == 256.0);
    CHECK(f[1] == 127.0f);
    CHECK(f[2] == -127.0f);
}

TEST_CASE("a spin lock from atomicCAS and atomicExch protects a counter across warps and blocks") {
    SIMT_EACH_MODE_AND_WARP_SIZE();
    simt::test::Managed<int> lock(1, 0), counter(1, 0);
    cas_lock_counter<<<4, 256>>>(lock, counter);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(counter[0] == 4 * 256 / int(opts.warp_size));
}

TEST_CASE("scoped atomics (_block, _system) are atomics too: every ticket is handed out once") {
    SIMT_EACH_MODE();
    simt::test::Managed<unsigned> next(1, 0), tickets(512);
    unique_tickets<<<2, 256>>>(next, tickets);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<unsigned> t = tickets.vector();
    std::sort(t.begin(), t.end());
    for (unsigned i = 0; i < 512; ++i) REQUIRE(t[i] == i);
}
