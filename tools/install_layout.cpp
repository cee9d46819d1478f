#include "tools/install_layout.h"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "simt_build_config.h"

namespace simt::tool {
namespace fs = std::filesystem;

const InstallLayout& install_layout() {
    static const InstallLayout layout = [] {
        std::error_code ec;
        // The real executable, whatever name (simt-nvcc, a toolkit's nvcc) ran it.
        const fs::path self = fs::read_symlink("/proc/self/exe", ec);
        const fs::path prefix = self.parent_path().parent_path();
        const fs::path lib = prefix / "lib" / "simt";
        if (!ec && fs::exists(lib / "libsimt_runtime.a", ec) && fs::exists(prefix / "include" / "simt-cuda", ec))
            return InstallLayout{(prefix / "include" / "simt-cuda").string(), (prefix / "include" / "simt-portable").string(),
                                 (lib / "libsimt_runtime.a").string(), (lib / "libsimt_checkers.a").string(), (lib / "libsimt_driver.a").string(),
                                 (lib / "libsimt_emulator.a").string(), (prefix / "share" / "simt" / "toolkit").string()};
        return InstallLayout{SIMT_CONFIG_INCLUDE_DIR, SIMT_CONFIG_PORTABLE_DIR, SIMT_CONFIG_RUNTIME_LIB,
                             SIMT_CONFIG_CHECKERS_LIB, SIMT_CONFIG_DRIVER_LIB, SIMT_CONFIG_EMULATOR_LIB,
                             SIMT_CONFIG_TOOLKIT_DIR};
    }();
    return layout;
}

}  // namespace simt::tool
