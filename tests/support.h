// Shared by the kernel tests: engine configurations to run a test under, and
// managed buffers the host reads directly.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include "emulator/engine.h"
#include "emulator/options.h"
#include "simt/embedding.h"

namespace simt::test {

inline const char* mode_name(ScheduleMode m) {
    return m == ScheduleMode::Lockstep ? "lockstep" : "its";
}

inline EngineOptions options(ScheduleMode mode, unsigned warp_size, std::uint64_t seed = 0,
                             unsigned threads = 2) {
    return EngineOptions{}.with_mode(mode).with_warp_size(warp_size).with_seed(seed).with_threads(threads);
}

// Only the named checker, so a test sees that checker's reports alone.
inline cuda::CheckOptions only(bool race, bool shuffle, bool init, bool barrier, bool warp_sync = false) {
    cuda::CheckOptions c;
    c.race = race;
    c.shuffle = shuffle;
    c.init = init;
    c.barrier = barrier;
    c.warp_sync = warp_sync;
    return c;
}
inline cuda::CheckOptions race_only() { return only(true, false, false, false); }
inline cuda::CheckOptions init_only() { return only(false, false, true, false); }
inline cuda::CheckOptions barrier_only() { return only(false, false, false, true); }
inline cuda::CheckOptions warp_sync_only() { return only(false, false, false, false, true); }

// Unified memory the host reads and writes directly.
template <class T>
class Managed {
public:
    explicit Managed(std::size_t n, T fill = T{}) : n_(n) {
        REQUIRE(cudaMallocManaged(&p_, n * sizeof(T)) == cudaSuccess);
        for (std::size_t i = 0; i < n; ++i) p_[i] = fill;
    }
    ~Managed() { cudaFree(p_); }
    Managed(const Managed&) = delete;
    Managed& operator=(const Managed&) = delete;
    T* get() const { return p_; }
    operator T*() const { return p_; }
    T& operator[](std::size_t i) const { return p_[i]; }
    std::vector<T> vector() const { return std::vector<T>(p_, p_ + n_); }
    std::size_t size() const { return n_; }

private:
    T* p_ = nullptr;
    std::size_t n_;
};

// Launches through the engine directly, so a fault's message can be read.
template <class... A>
LaunchOutcome run_on_engine(const char* name, void (*kernel)(A...), dim3 grid, dim3 block, A... args) {
    auto body = [&] { kernel(args...); };
    KernelLaunch l;
    l.kernel_name = name;
    l.grid = Dim3{grid.x, grid.y, grid.z};
    l.block = Dim3{block.x, block.y, block.z};
    l.invoke = [](void* c) { (*static_cast<decltype(body)*>(c))(); };
    l.closure = &body;
    return Engine::process().launch(l);
}

}  // namespace simt::test

// Runs the enclosing test once per scheduling mode and warp size, each on a
// fresh device. Declares `opts`.
#define SIMT_EACH_MODE_AND_WARP_SIZE()                                                        \
    const ::simt::ScheduleMode simt_mode_ =                                                    \
        GENERATE(::simt::ScheduleMode::Independent, ::simt::ScheduleMode::Lockstep);           \
    const unsigned simt_warp_ = GENERATE(32u, 64u);                                            \
    const ::simt::EngineOptions opts = ::simt::test::options(simt_mode_, simt_warp_);          \
    CAPTURE(::simt::test::mode_name(simt_mode_), simt_warp_);                                  \
    ::simt::cuda::reset_device(opts)

#define SIMT_EACH_MODE()                                                                      \
    const ::simt::ScheduleMode simt_mode_ =                                                    \
        GENERATE(::simt::ScheduleMode::Independent, ::simt::ScheduleMode::Lockstep);           \
    const ::simt::EngineOptions opts = ::simt::test::options(simt_mode_, 32);                  \
    CAPTURE(::simt::test::mode_name(simt_mode_));                                              \
    ::simt::cuda::reset_device(opts)
