// Host code may name its own variables like CUDA's built-ins: nvcc defines
// threadIdx, blockIdx, blockDim and gridDim in device code only, so
// cuda-samples' cudaTensorCoreGemm declares `dim3 gridDim; dim3 blockDim;`
// in main() and launches with them. simt's built-ins are macros (they must be
// plain unsigned values, e.g. for printf), which would expand inside such a
// declaration. So a local variable or parameter declared with one of these
// names is renamed, with every use of it up to the end of its scope.
#pragma once

#include <string>

namespace simt::frontend {

// `source` with each such variable renamed to `simt_local_<name>`; lines stay
// where they are. Declarations at file scope, and second declarators
// (`dim3 a, gridDim;`), are not recognised.
std::string rename_shadowed_builtins(const std::string& source);

}  // namespace simt::frontend
