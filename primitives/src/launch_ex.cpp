// cudaLaunchKernelEx's attributes (simt/launch_ex.h).
#include <string>

#include "process_runtime.h"
#include "simt/cuda.h"

using simt::cuda::ProcessRuntime;

cudaError_t simt_launch_ex_attributes(const cudaLaunchConfig_t* config, bool* cooperative, const char* call) {
    const void* site = __builtin_return_address(0);
    if (config == nullptr)
        return ProcessRuntime::get().refuse_call(call, site, cudaErrorInvalidValue, "the launch configuration is a null pointer",
                      "the call has no grid, block or stream to launch with", "pass the address of a cudaLaunchConfig_t");
    if (config->numAttrs != 0 && config->attrs == nullptr)
        return ProcessRuntime::get().refuse_call(call, site, cudaErrorInvalidValue,
                      "numAttrs is " + std::to_string(config->numAttrs) + " but attrs is a null pointer",
                      "the configuration names attributes it does not give",
                      "point attrs at numAttrs cudaLaunchAttribute values, or set numAttrs to 0");
    *cooperative = false;
    for (unsigned i = 0; i < config->numAttrs; ++i) {
        const cudaLaunchAttribute& a = config->attrs[i];
        switch (a.id) {
            case cudaLaunchAttributeCooperative: *cooperative = a.val.cooperative != 0; break;
            case cudaLaunchAttributeClusterDimension: {
                const auto& d = a.val.clusterDim;
                const dim3& g = config->simt_gridDim;
                if (d.x == 0 || d.y == 0 || d.z == 0 || g.x % d.x != 0 || g.y % d.y != 0 || g.z % d.z != 0)
                    return ProcessRuntime::get().refuse_call(call, site, cudaErrorInvalidClusterSize,
                                  "a cluster of " + std::to_string(d.x) + "x" + std::to_string(d.y) + "x" +
                                      std::to_string(d.z) + " blocks for a grid of " + std::to_string(g.x) + "x" +
                                      std::to_string(g.y) + "x" + std::to_string(g.z),
                                  "each dimension of a cluster must divide the grid's (CUDA's launch attribute "
                                  "documentation); nothing was launched",
                                  "round the grid up to a multiple of the cluster shape, or pick a cluster shape "
                                  "that divides it");
                break;
            }
            default: break;  // scheduling and caching hints: nothing to do on one emulated device
        }
    }
    return cudaSuccess;
}
