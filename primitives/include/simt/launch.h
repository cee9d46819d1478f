// What `kernel<<<grid, block, shared, stream>>>(args)` becomes: the source
// rewriter turns it into
//   ::simt::cuda::launch_config("kernel", grid, block, shared, stream)
//       .run([&](auto&&... a) __attribute__((no_sanitize_thread)) { kernel(a...); }, args);
// Arguments are evaluated once, on the host, and live until the launch
// returns (launches run before they return, unless put off: see
// defer_work); every simulated thread then calls the kernel, whose by-value
// parameters copy them as CUDA copies kernel parameters, with the same
// implicit conversions.
#pragma once

#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "simt/runtime_api.h"

namespace simt::cuda {

using KernelInvoke = void (*)(void* closure);

// Runs a launch on the engine; reports faults; records the sticky error.
// The child grids kernels launched meanwhile run after it (see below).
// `deferrable`: the caller can launch it again later with copies of its
// arguments; true when the launch was put off for that (see defer_work).
bool launch_kernel(const char* name, dim3 grid, dim3 block, std::size_t shared,
                   KernelInvoke invoke, void* closure, bool deferrable = false);

// A launch may start any time after the host made it. One whose threads can
// only wait for the host to write memory they poll (pinned or managed host
// memory: a latch the host sets after queueing more work) is put off rather
// than reported as a deadlock: it and every later stream-ordered call
// (launches, async copies and sets, host functions, event records, graph
// launches) wait in one queue, in the order made, until the host
// synchronises or touches device memory (a synchronous copy, a free, a
// query, the program's end), which does them all. A launch done then that
// still waits is a deadlock, reported at that call.
bool work_deferred();  // work waits (false while it is being done)
void defer_work(std::function<cudaError_t()> work);
void finish_deferred_work();

// Dynamic parallelism: a launch from device code is queued and runs once
// its parent grid has finished, before the parent's launch returns to the
// host, children in the order of the threads that launched them (block,
// thread, launch). CUDA lets a child run at any time after its launch and,
// since CUDA 12, a parent cannot wait for its children, so no program can
// tell this order from a GPU's.
bool in_device_code();
void queue_device_launch(std::function<void()> launch);

// Stream capture (simt/graphs.h): while `stream` is being captured into a
// graph, work enqueued on it becomes a node that runs when the graph does.
bool capturing(cudaStream_t stream);
bool capture_launch(cudaStream_t stream, std::function<cudaError_t()> launch);

class launch_config {
public:
    launch_config(const char* name, dim3 grid, dim3 block, std::size_t shared = 0,
                  cudaStream_t stream = 0)
        : name_(name), grid_(grid), block_(block), shared_(shared), stream_(stream) {}

    template <class Body, class... Args>
    void run(Body&& body, Args&&... args) const {
        // The body's return type is the kernel call's (the rewriter writes
        // it so): arguments that do not fit the kernel's parameters end here,
        // at the launch's line, not deep in std::apply.
        static_assert(std::is_invocable_v<std::remove_reference_t<Body>&, Args&...>,
                      "simt: this launch passes arguments that do not match the kernel's parameters (too few, "
                      "too many, or of types that do not convert); compare the <<<>>> call with the kernel's declaration");
        if constexpr (std::is_invocable_v<std::remove_reference_t<Body>&, Args&...>) run_checked(body, std::forward<Args>(args)...);
    }

private:
    template <class Body, class... Args>
    void run_checked(Body& body, Args&&... args) const {
        if constexpr ((std::is_copy_constructible_v<std::decay_t<Args>> && ...)) {
            if (stream_ != nullptr && capturing(stream_)) {
                // The arguments are copied, as a graph's kernel node keeps them.
                launch_config later = *this;
                later.stream_ = nullptr;
                capture_launch(stream_, [later, body = std::decay_t<Body>(body),
                                         copied = std::tuple<std::decay_t<Args>...>(args...)]() mutable {
                    std::apply([&](auto&... a) { later.run(body, a...); }, copied);
                    return cudaPeekAtLastError();
                });
                return;
            }
            if (in_device_code()) {
                // The arguments are copied, as CUDA copies a child's parameters.
                queue_device_launch([config = *this, body = std::decay_t<Body>(body),
                                     copied = std::tuple<std::decay_t<Args>...>(args...)]() mutable {
                    std::apply([&](auto&... a) { config.run(body, a...); }, copied);
                });
                return;
            }
            if (work_deferred()) {
                defer_launch(body, args...);  // behind the launch that waits for the host
                return;
            }
        } else {
            finish_deferred_work();  // arguments that cannot be copied: the launch cannot wait
        }
        LaunchClosure<std::remove_reference_t<Body>, Args...> closure{
            &body, {const_cast<void*>(static_cast<const volatile void*>(&args))..., nullptr}};
        constexpr bool copyable = (std::is_copy_constructible_v<std::decay_t<Args>> && ...);
        const bool deferred =
            launch_kernel(name_, grid_, block_, shared_,
                          &call_body<std::remove_reference_t<Body>, Args...>, &closure, copyable);
        if constexpr (copyable)
            if (deferred) defer_launch(body, args...);
    }

    // What every simulated thread of a launch calls: the body with the
    // host's arguments. Their reads are the kernel's parameters being
    // passed, not accesses of device memory, so neither this nor the
    // rewriter's body (which carries the same attribute) is instrumented:
    // instrumented, each thread paid a slow observation per argument read.
    template <class Body, class... Args>
    struct LaunchClosure {
        Body* body;
        void* arguments[sizeof...(Args) + 1];  // +1: none is an empty array
    };
    template <class Body, class... Args>
    __attribute__((no_sanitize_thread)) static void call_body(void* p) {
        call_body_with<Body, Args...>(p, std::index_sequence_for<Args...>{});
    }
    template <class Body, class... Args, std::size_t... I>
    __attribute__((no_sanitize_thread, always_inline)) static void call_body_with(void* p, std::index_sequence<I...>) {
        auto* c = static_cast<LaunchClosure<Body, Args...>*>(p);
        (*c->body)(*static_cast<std::remove_reference_t<Args>*>(c->arguments[I])...);
    }

    // The launch again later, with its arguments copied now (as a graph's
    // kernel node keeps them).
    template <class Body, class... Args>
    void defer_launch(Body& body, Args&&... args) const {
        defer_work([later = *this, body = std::decay_t<Body>(body),
                    copied = std::tuple<std::decay_t<Args>...>(args...)]() mutable {
            std::apply([&](auto&... a) { later.run(body, a...); }, copied);
            return cudaPeekAtLastError();
        });
    }

    const char* name_;
    dim3 grid_, block_;
    std::size_t shared_;
    cudaStream_t stream_;
};

// Kernels known only by their address (cudaLaunchKernel((void*)k, ...), a
// graph's kernel node): the rewriter registers each non-template kernel
// after its body (tools/kernel_registration.h) with a launcher that reads
// `args` with its parameter types, and a binder that copies them for later.
using ErasedLaunch = cudaError_t (*)(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared,
                                     cudaStream_t stream);
using ErasedBind = std::function<cudaError_t()> (*)(const void* kernel, dim3 grid, dim3 block, std::size_t shared,
                                                    void** args);
bool register_erased_kernel(const void* kernel, ErasedLaunch launch, ErasedBind bind);
// nullptr when the kernel was not registered.
ErasedBind erased_binder(const void* kernel);
// A kernel's __launch_bounds__ (its maximum threads a block), registered
// beside it by the rewriter under the kernel's name as written.
bool register_launch_bound(const char* kernel, long long max_threads);

// The kernel's name for reports, from its address (interned).
const char* kernel_name_of(const void* kernel);

}  // namespace simt::cuda

// cudaLaunchKernel with the kernel itself: its parameter types say how to
// read `args`. (void*)kernel has lost them: simt cannot launch it.
template <class... Params>
cudaError_t cudaLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                             std::size_t shared = 0, cudaStream_t stream = 0) {
    if (kernel == nullptr || (sizeof...(Params) != 0 && args == nullptr)) return cudaErrorInvalidValue;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ::simt::cuda::launch_config(::simt::cuda::kernel_name_of(reinterpret_cast<const void*>(kernel)), grid, block,
                                    shared, stream)
            .run([&](auto&&... a) __attribute__((no_sanitize_thread)) -> decltype(kernel(a...)) { return kernel(a...); },
                 *static_cast<std::remove_reference_t<Params>*>(args[I])...);
    }(std::index_sequence_for<Params...>{});
    return cudaPeekAtLastError();
}
// A launch whose blocks are all resident at once, so they may meet at
// this_grid().sync() (simt/grid_sync.h).
cudaError_t simt_begin_cooperative_launch(dim3 grid, dim3 block, std::size_t shared);
void simt_end_cooperative_launch();
template <class... Params>
__attribute__((always_inline)) inline cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                                        std::size_t shared = 0, cudaStream_t stream = 0) {
    if (const cudaError_t e = simt_begin_cooperative_launch(grid, block, shared); e != cudaSuccess) return e;
    const cudaError_t e = cudaLaunchKernel(kernel, grid, block, args, shared, stream);
    simt_end_cooperative_launch();
    return e;
}
namespace simt::cuda {
template <class... P>
cudaError_t launch_erased(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared,
                          cudaStream_t stream) {
    return cudaLaunchKernel(reinterpret_cast<void (*)(P...)>(const_cast<void*>(kernel)), grid, block, args, shared,
                            stream);
}
template <class... P, std::size_t... I>
std::tuple<std::decay_t<P>...> copy_arguments(void** args, std::index_sequence<I...>) {
    return std::tuple<std::decay_t<P>...>(*static_cast<std::decay_t<P>*>(args[I])...);
}
template <class... P>
std::function<cudaError_t()> bind_erased(const void* kernel, dim3 grid, dim3 block, std::size_t shared,
                                         void** args) {
    auto typed = reinterpret_cast<void (*)(P...)>(const_cast<void*>(kernel));
    return [typed, grid, block, shared,
            copied = copy_arguments<P...>(args, std::index_sequence_for<P...>{})]() mutable {
        return std::apply(
            [&](auto&... a) {
                void* pointers[] = {static_cast<void*>(&a)..., nullptr};
                return cudaLaunchKernel(typed, grid, block, pointers, shared, 0);
            },
            copied);
    };
}
template <class... P>
bool register_kernel(void (*kernel)(P...)) {
    return register_erased_kernel(reinterpret_cast<const void*>(kernel), &launch_erased<P...>, &bind_erased<P...>);
}
}  // namespace simt::cuda

// A launch by address: the registered launcher reads `args`; an unknown
// kernel (a template's instance) is cudaErrorInvalidDeviceFunction, reported
// at the caller's line. `call` names the CUDA call for the report.
cudaError_t simt_launch_by_address(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared,
                                   cudaStream_t stream, const char* call);
__attribute__((always_inline)) inline cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block,
                                                                   void** args, std::size_t shared = 0,
                                                                   cudaStream_t stream = 0) {
    return simt_launch_by_address(kernel, grid, block, args, shared, stream, "cudaLaunchKernel");
}
__attribute__((always_inline)) inline cudaError_t cudaLaunchCooperativeKernel(const void* kernel, dim3 grid,
                                                                              dim3 block, void** args,
                                                                              std::size_t shared = 0,
                                                                              cudaStream_t stream = 0) {
    if (const cudaError_t e = simt_begin_cooperative_launch(grid, block, shared); e != cudaSuccess) return e;
    const cudaError_t e = simt_launch_by_address(kernel, grid, block, args, shared, stream, "cudaLaunchCooperativeKernel");
    simt_end_cooperative_launch();
    return e;
}
