// What `kernel<<<grid, block, shared, stream>>>(args)` becomes: the source
// rewriter turns it into
//   ::simt::cuda::launch_config("kernel", grid, block, shared, stream)
//       .run([&](auto&&... a) { kernel(a...); }, args);
// Arguments are evaluated once, on the host, and live until the launch
// returns (launches are synchronous); every simulated thread then calls the
// kernel, whose by-value parameters copy them as CUDA copies kernel
// parameters, with the same implicit conversions.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "simt/runtime_api.h"

namespace simt::cuda {

using KernelInvoke = void (*)(void* closure);

// Runs a launch on the engine; reports faults; records the sticky error.
void launch_kernel(const char* name, dim3 grid, dim3 block, std::size_t shared,
                   KernelInvoke invoke, void* closure);

class launch_config {
public:
    launch_config(const char* name, dim3 grid, dim3 block, std::size_t shared = 0,
                  cudaStream_t = 0)
        : name_(name), grid_(grid), block_(block), shared_(shared) {}

    template <class Body, class... Args>
    void run(Body&& body, Args&&... args) const {
        using Stored = std::tuple<Args&&...>;
        struct Closure {
            std::remove_reference_t<Body>* body;
            Stored* arguments;
        };
        Stored arguments(std::forward<Args>(args)...);
        Closure closure{&body, &arguments};
        launch_kernel(name_, grid_, block_, shared_,
                      [](void* p) {
                          auto* c = static_cast<Closure*>(p);
                          std::apply(*c->body, *c->arguments);
                      },
                      &closure);
    }

private:
    const char* name_;
    dim3 grid_, block_;
    std::size_t shared_;
};

}  // namespace simt::cuda
