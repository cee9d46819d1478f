// Shared by the benchmark workloads: CUDA error checks, the serial loop's
// attribute, and timing helpers. Each workload stays one .cu program that
// nvcc also builds; this header sits next to them.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                                          \
    do {                                                                                          \
        cudaError_t err_ = (call);                                                                \
        if (err_ != cudaSuccess) {                                                                \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));   \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

// The serial reference is the limit: a plain -O2 loop. simt compiles the whole
// file with -fsanitize=thread (its memory observation), so host functions are
// instrumented too; the reference opts out so that it runs as native code.
#if defined(__SANITIZE_THREAD__)
#define SERIAL_LOOP __attribute__((noinline, no_sanitize_thread))
#else
#define SERIAL_LOOP __attribute__((noinline))
#endif

using Clock = std::chrono::steady_clock;
inline double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}
inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}
