#include "tools/include_shadows.h"

#include <algorithm>

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// `file` relative to `dir` when it lies under it, else empty.
fs::path under(const fs::path& file, const fs::path& dir) {
    const fs::path relative = file.lexically_relative(dir);
    if (relative.empty() || *relative.begin() == "..") return {};
    return relative;
}

void add_once(std::vector<fs::path>& paths, const fs::path& path) {
    if (std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(path);
}

}  // namespace

std::vector<fs::path> shadowing_paths(const std::vector<fs::path>& read, const std::vector<fs::path>& search_dirs) {
    std::vector<fs::path> dirs;
    for (const fs::path& dir : search_dirs) add_once(dirs, fs::absolute(dir).lexically_normal());
    // The user's own files: those under a search directory. A quoted include
    // is looked up first beside the file that includes it, so their
    // directories are search directories too.
    const auto given_end = dirs.end();
    std::vector<fs::path> files;
    for (const fs::path& given : read) {
        const fs::path file = fs::absolute(given).lexically_normal();
        if (std::any_of(dirs.begin(), given_end,
                        [&](const fs::path& dir) { return !under(file, dir).empty(); }))
            files.push_back(file);
    }
    for (const fs::path& file : files) add_once(dirs, file.parent_path());
    // Which name the file was included by is not known (`"sub/a.h"` or,
    // from sub/, `"a.h"`): every name it has under a search directory counts.
    std::vector<fs::path> missing;
    for (const fs::path& file : files)
        for (const fs::path& base : dirs) {
            const fs::path name = under(file, base);
            if (name.empty()) continue;
            for (const fs::path& dir : dirs) {
                const fs::path candidate = (dir / name).lexically_normal();
                std::error_code ec;
                if (candidate == file || fs::exists(candidate, ec)) continue;
                add_once(missing, candidate);
            }
        }
    return missing;
}

}  // namespace simt::tool
