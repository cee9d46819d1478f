// Engine micro-benchmarks for the closing figures of the engine issue:
// fiber switch cost, launch overhead, and a 256-thread tree reduction of
// 2^20 floats in each mode against a serial loop. Timings use std::chrono,
// median of several runs; nothing here is asserted.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "emulator/fiber.h"
#include "simt/embedding.h"

namespace {

using Clock = std::chrono::steady_clock;

double median_seconds(int runs, const std::function<void()>& body) {
    std::vector<double> t;
    for (int r = 0; r < runs; ++r) {
        const auto start = Clock::now();
        body();
        t.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// ---- fiber switch ----
struct PingPong {
    simt::Fiber fiber;
    long rounds = 0;
};
simt::Fiber* ping_pong_body(void* p) {
    auto* pp = static_cast<PingPong*>(p);
    for (long i = 0; i < pp->rounds; ++i) pp->fiber.suspend();
    return nullptr;
}

double fiber_switch_ns() {
    simt::StackPool pool(simt::StackConfig{});
    PingPong pp;
    pp.rounds = 2000000;
    const double s = median_seconds(5, [&] {
        pp.fiber.prepare(pool.acquire(), &ping_pong_body, &pp);
        for (long i = 0; i <= pp.rounds; ++i) pp.fiber.resume();
        pool.release(pp.fiber.stack());
    });
    return s / double(2 * pp.rounds) * 1e9;  // two switches per round
}

// Two fibers handing control to each other directly (Fiber::switch_to), the
// path a thread takes at a barrier or collective when another is ready: the
// switch and the return into the other fiber's same call site.
struct Pair {
    simt::Fiber fibers[2];
    long rounds = 0;
};
struct PairSide {
    Pair* pair;
    int me;
};
simt::Fiber* pair_body(void* p) {
    const auto* side = static_cast<const PairSide*>(p);
    simt::Fiber* f = side->pair->fibers;
    const int me = side->me;
    for (long i = 0; i < side->pair->rounds; ++i) f[me].switch_to(f[1 - me]);
    if (me == 0) f[0].switch_to(f[1]);  // lets fiber 1 end; its end returns to the scheduler
    return nullptr;
}

double fiber_to_fiber_ns() {
    simt::StackPool pool(simt::StackConfig{});
    Pair pair;
    pair.rounds = 2000000;
    PairSide sides[2] = {{&pair, 0}, {&pair, 1}};
    const double s = median_seconds(5, [&] {
        for (int i = 0; i < 2; ++i) pair.fibers[i].prepare(pool.acquire(), &pair_body, &sides[i]);
        pair.fibers[0].resume();  // runs both until fiber 1 ends
        for (simt::Fiber& f : pair.fibers) pool.release(f.stack());
    });
    return s / double(2 * pair.rounds) * 1e9;
}

// ---- launch overhead ----
__global__ void empty_kernel() {}
__global__ void one_barrier() { __syncthreads(); }

// ---- a thread's cost by its barriers ----
// What a simulated thread costs with no barrier (it starts and ends on the
// stack the one before it left), with one (it needs its own stack, waits,
// and is resumed by another thread's switch), and with each barrier more:
// at the call site it waited at before, or at another one (the resumed
// thread returns where the return-stack buffer, filled by the thread that
// switched to it, does not predict).
__global__ void barriers_in_loop(int n) {
    for (int i = 0; i < n; ++i) __syncthreads();
}
__global__ void two_barrier_sites(int) {
    __syncthreads();
    __syncthreads();
}

// ---- reduction ----
__global__ void tree_reduce(const float* in, float* out) {
    __shared__ float s[256];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (unsigned stride = 128; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

// Native code: the serial limit must not pay for the instrumentation kernels get.
__attribute__((noinline, no_sanitize("thread"))) void serial_block_sums(const float* in, float* out, int blocks) {
    for (int b = 0; b < blocks; ++b) {
        float s = 0;
        for (int i = 0; i < 256; ++i) s += in[b * 256 + i];
        out[b] = s;
    }
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
    const int runs = quick ? 1 : 5;
    std::printf("| measurement | value |\n|---|---|\n");
    std::printf("| fiber switch, scheduler <-> fiber (resume/suspend, one direction) | %.1f ns |\n", fiber_switch_ns());
    std::printf("| fiber switch, fiber -> fiber (switch_to, as at a barrier) | %.1f ns |\n", fiber_to_fiber_ns());

    simt::cuda::reset_device(simt::EngineOptions{}.with_threads(1));
    const int launches = quick ? 200 : 2000;
    const double empty = median_seconds(runs, [&] {
        for (int i = 0; i < launches; ++i) empty_kernel<<<1, 1>>>();
        cudaDeviceSynchronize();
    });
    std::printf("| launch overhead, empty kernel <<<1,1>>> | %.1f us |\n", empty / launches * 1e6);
    const double block = median_seconds(runs, [&] {
        for (int i = 0; i < launches; ++i) one_barrier<<<1, 256>>>();
        cudaDeviceSynchronize();
    });
    std::printf("| launch of <<<1,256>>> with one __syncthreads | %.1f us |\n", block / launches * 1e6);

    struct ThreadCost {
        const char* what;
        void (*kernel)(int);
        int barriers;
    };
    const std::vector<ThreadCost> costs = {{"no barrier", barriers_in_loop, 0},
                                           {"one barrier", barriers_in_loop, 1},
                                           {"two barriers at one call site (a loop)", barriers_in_loop, 2},
                                           {"two barriers at two call sites", two_barrier_sites, 2},
                                           {"nine barriers at one call site", barriers_in_loop, 9}};
    simt::cuda::CheckOptions no_checks;
    no_checks.race = no_checks.shuffle = no_checks.init = no_checks.barrier = false;
    simt::cuda::reset_device(simt::EngineOptions{}.with_threads(1), no_checks);
    const int cost_blocks = quick ? 64 : 1024;
    barriers_in_loop<<<1, 256>>>(1);  // the worker's stacks made (mmap) before anything is timed
    cudaDeviceSynchronize();
    for (const ThreadCost& c : costs) {
        void (*kernel)(int) = c.kernel;
        const double t = median_seconds(runs, [&] {
            kernel<<<cost_blocks, 256>>>(c.barriers);
            cudaDeviceSynchronize();
        });
        std::printf("| a thread's cost, <<<%d,256>>>, its, --threads 1, checks none: %s | %.1f ns |\n", cost_blocks,
                    c.what, t / (cost_blocks * 256.0) * 1e9);
    }

    const int n = 1 << 20, blocks = n / 256;
    std::vector<float> host(n);
    for (int i = 0; i < n; ++i) host[i] = float(i % 17);
    std::vector<float> serial_out(blocks);
    const double serial = median_seconds(std::max(runs, 5), [&] { serial_block_sums(host.data(), serial_out.data(), blocks); });
    std::printf("| serial loop, 2^20 floats in 256-element block sums | %.3f ms |\n", serial * 1e3);

    struct Config {
        const char* name;
        simt::ScheduleMode mode;
        unsigned threads;
        bool race;
    };
    const std::vector<Config> configs = {
        {"its", simt::ScheduleMode::Independent, 1, false},     {"its", simt::ScheduleMode::Independent, 0, false},
        {"lockstep", simt::ScheduleMode::Lockstep, 1, false},   {"lockstep", simt::ScheduleMode::Lockstep, 0, false},
        {"its", simt::ScheduleMode::Independent, 1, true},      {"its", simt::ScheduleMode::Independent, 0, true},
        {"lockstep", simt::ScheduleMode::Lockstep, 1, true},    {"lockstep", simt::ScheduleMode::Lockstep, 0, true}};
    for (const Config& c : configs) {
        simt::cuda::CheckOptions checks;  // all checkers on by default
        if (!c.race) checks.race = checks.shuffle = checks.init = checks.barrier = false;
        simt::cuda::reset_device(simt::EngineOptions{}.with_mode(c.mode).with_threads(c.threads), checks);
        float *in, *out;
        cudaMalloc(&in, n * sizeof(float));
        cudaMalloc(&out, blocks * sizeof(float));
        cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        const double t = median_seconds(runs, [&] {
            tree_reduce<<<blocks, 256>>>(in, out);
            cudaDeviceSynchronize();
        });
        std::vector<float> got(blocks);
        cudaMemcpy(got.data(), out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
        const bool ok = got == serial_out;
        std::printf("| tree reduction 2^20 floats, 4096 x 256 threads, %s, --threads %s, checks %s | %.1f ms (%.0fx serial)%s |\n",
                    c.name, c.threads == 0 ? "default" : "1", c.race ? "all" : "none", t * 1e3, t / serial,
                    ok ? "" : " WRONG RESULT");
        cudaFree(in);
        cudaFree(out);
    }
    return 0;
}
