// Where simt's headers and runtime libraries are, for the programs it
// builds: beside the executable when simt is installed (`cmake --install`:
// bin/simt, include/simt-cuda, include/simt-portable, lib/simt), else in
// the build and source trees it was built from. So an installed simt can be
// moved with its prefix.
#pragma once

#include <string>

namespace simt::tool {

struct InstallLayout {
    std::string include_dir;   // cuda_runtime.h, simt/cuda.h, ...
    std::string portable_dir;  // simt/collectives.h
    std::string runtime_lib, checkers_lib, driver_lib, emulator_lib;
    std::string toolkit_dir;   // a CUDA toolkit's layout made of simt (tools/CMakeLists.txt)
};

const InstallLayout& install_layout();

}  // namespace simt::tool
