// What `simt --version` and `simt nvcc --version` say simt is.
#pragma once

#include <string>

#include "simt_build_config.h"
#include "simt_commit.h"

namespace simt::tool {

// "simt 0.1.0 (commit 1a2b3c4d5e6f, built with GNU 12.2.0)".
inline std::string simt_version() {
    return std::string("simt ") + SIMT_CONFIG_VERSION + " (commit " + SIMT_CONFIG_COMMIT + ", built with " +
           SIMT_CONFIG_COMPILER + ")";
}

}  // namespace simt::tool
