// nvcc without -rdc=true (or -dc) compiles each file's device code whole:
// a __device__ function a file calls but does not define stops ptxas, also
// with -c ("ptxas fatal   : Unresolved extern function '_Z6helperi'"). On
// the CPU the host link would resolve it, so simt-nvcc checks it itself.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace simt::tool {

// The mangled name of a __device__ function (not __host__ __device__) that
// `source` declares without defining and its compiled `object` calls, if
// there is one.
std::optional<std::string> unresolved_device_function(const std::filesystem::path& source,
                                                      const std::filesystem::path& object);

}  // namespace simt::tool
