// Kernels by address, with a launcher that knows their parameter types
// (registered by the rewriter after each kernel's body: tools/kernel_registration.h),
// for the launches that pass only `void*`.
#include <map>
#include <mutex>
#include <string>

#include "emulator/symbolizer.h"
#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

namespace {
std::mutex registry_mutex;
// Filled by static initialisers before main: constructed on first use.
struct Erased {
    simt::cuda::ErasedLaunch launch;
    simt::cuda::ErasedBind bind;
};
std::map<const void*, Erased>& registry() {
    static std::map<const void*, Erased> kernels;
    return kernels;
}
}  // namespace

bool simt::cuda::register_erased_kernel(const void* kernel, ErasedLaunch launch, ErasedBind bind) {
    std::lock_guard<std::mutex> lock(registry_mutex);
    registry().emplace(kernel, Erased{launch, bind});
    return true;
}

namespace {
// By base name, as launches name kernels (kernel_launch.cpp). A bound that
// is not a positive number (a macro's odd value) is none.
std::map<std::string, std::uint64_t>& launch_bounds() {
    static std::map<std::string, std::uint64_t> bounds;
    return bounds;
}
}  // namespace

bool simt::cuda::register_launch_bound(const char* kernel, long long max_threads) {
    if (max_threads <= 0) return false;
    std::lock_guard<std::mutex> lock(registry_mutex);
    launch_bounds()[kernel_base_name(kernel)] = std::uint64_t(max_threads);
    return true;
}

std::uint64_t simt::cuda::launch_bound(const std::string& kernel) {
    std::lock_guard<std::mutex> lock(registry_mutex);
    const auto found = launch_bounds().find(kernel);
    return found == launch_bounds().end() ? 0 : found->second;
}

simt::cuda::ErasedBind simt::cuda::erased_binder(const void* kernel) {
    std::lock_guard<std::mutex> lock(registry_mutex);
    const auto found = registry().find(kernel);
    return found == registry().end() ? nullptr : found->second.bind;
}

// Reached through an inline wrapper: the return address is the program's line.
cudaError_t simt_launch_by_address(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared,
                                   cudaStream_t stream, const char* call) {
    const void* site = __builtin_return_address(0);
    simt::cuda::ErasedLaunch launch = nullptr;
    {
        std::lock_guard<std::mutex> lock(registry_mutex);
        const auto found = registry().find(kernel);
        if (found != registry().end()) launch = found->second.launch;
    }
    if (launch != nullptr) return launch(kernel, grid, block, args, shared, stream);
    const std::string name = kernel == nullptr ? "" : simt::function_name(kernel);
    return ProcessRuntime::get().refuse_call(
        call, site, cudaErrorInvalidDeviceFunction,
        kernel == nullptr ? "the kernel is a null pointer"
                          : "the parameter types of " + (name.empty() ? std::string("this function") : name) +
                                " are not known (a template kernel's instance, or not a kernel)",
        "a launch through (void*)kernel passes only the kernel's address; simt reads the arguments with the "
        "parameter types it records for each non-template __global__ function it compiles",
        "launch a template kernel with <<<...>>>, or pass the kernel itself (cudaLaunchKernel(kernel<T>, ...), "
        "whose type carries its parameters)");
}
