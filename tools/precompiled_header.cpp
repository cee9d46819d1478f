#include "tools/precompiled_header.h"

#include <unistd.h>

#include <algorithm>
#include <utility>
#include <fstream>
#include <system_error>

#include "tools/build_cache.h"
#include "tools/child_process.h"
#include "tools/diagnostics.h"
#include "tools/install_layout.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

constexpr const char* kHeader = "simt/cuda.h";
constexpr const char* kPrecompiled = "simt/cuda.h.gch";  // where GCC looks for it, beside the header's name

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& w : words) text += w + '\0';
    return text;
}

// The made-aside directory, removed unless it was moved into place (also
// when a forwarded signal ends the build: run_child throws Interrupted).
struct Aside {
    fs::path path;
    ~Aside() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
        fs::remove(path.parent_path(), ignored);  // the headers' folder, if nothing else is in it
    }
};

// The header's size and hash, written when it was made: a truncated or
// overwritten one (a full disk, a damaged cache) is made again rather than
// failing every compile. Hashing its ~45 MB costs ~30 ms of a ~1 s compile.
constexpr const char* kStamp = "simt/cuda.h.gch.stamp";

std::string stamp_of(const fs::path& dir) {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(dir / kPrecompiled, ec);
    if (ec || size == 0) return "";
    return std::to_string(size) + " " + cache::hex(cache::hash_file(dir / kPrecompiled));
}

bool intact(const fs::path& dir) {
    std::string recorded;
    std::getline(std::ifstream(dir / kStamp), recorded);
    return !recorded.empty() && recorded == stamp_of(dir);
}

}  // namespace

std::string cuda_headers_fingerprint() {
    std::vector<std::string> entries;
    for (const std::string& root : {install_layout().include_dir, install_layout().portable_dir}) {
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            if (!it->is_regular_file(ec)) continue;
            const auto time = it->last_write_time(ec).time_since_epoch().count();
            entries.push_back(it->path().string() + ' ' + std::to_string(it->file_size(ec)) + ' ' + std::to_string(time));
        }
    }
    std::sort(entries.begin(), entries.end());  // directory order is the file system's
    return cache::hex(cache::hash_text(joined(entries)));
}

std::optional<PrecompiledHeader> precompiled_cuda_header(const std::vector<std::string>& command,
                                                         const fs::path& cache_dir) {
    // The header is compiled as the program is, less the force-include and
    // the program's own directories (GCC's check does not ask for the same
    // include path; the key then serves every program with these flags).
    std::vector<std::string> pch;
    bool forced = false;
    for (std::size_t i = 0; i < command.size(); ++i) {
        if (command[i] == "-include" && i + 1 < command.size() && command[i + 1] == kHeader) {
            forced = true;
            ++i;
        } else if ((command[i] == "-iquote" || command[i] == "-I") && i + 1 < command.size() &&
                   command[i + 1] != install_layout().include_dir && command[i + 1] != install_layout().portable_dir) {
            ++i;
        } else if (command[i] == "-x" && i + 1 < command.size()) {
            pch.insert(pch.end(), {"-x", "c++-header"});
            ++i;
        } else {
            pch.push_back(command[i]);
        }
    }
    if (!forced) return std::nullopt;
    const std::string key = cache::hex(cache::hash_text(joined(pch) + cuda_headers_fingerprint()));
    const fs::path root = cache_dir / "pch";
    const fs::path dir = root / key;
    std::error_code ec;
    // Held before it is looked at: a removal for the cache's limit or by
    // `simt cache clean` passes over it until the compile is done.
    if (std::optional<cache::Hold> hold = cache::Hold::existing(dir)) {
        if (intact(dir)) {
            cache::mark_used(dir);
            return PrecompiledHeader{dir, std::move(*hold)};
        }
        hold.reset();
        // Damaged: a compile through it would fail. Another compile holding
        // it keeps it; this one then goes without.
        if (!cache::remove_unless_held(dir, cache_dir)) return std::nullopt;
    }
    // Made aside and renamed into place, so a build beside this one sees
    // the whole header or none.
    const Aside aside{root / ("." + key + "-" + std::to_string(getpid()))};
    fs::remove_all(aside.path, ec);
    fs::create_directories(aside.path / "simt", ec);
    // Through a wrapper: GCC warns of `#pragma once` in a main file.
    std::ofstream(aside.path / "wrapper.h") << "#include <" << kHeader << ">\n";
    pch.insert(pch.end(), {(aside.path / "wrapper.h").string(), "-o", (aside.path / kPrecompiled).string()});
    std::string shown;
    for (const std::string& w : pch) shown += (shown.empty() ? "" : " ") + w;
    diagnostics::debug("precompile: " + shown);
    int status = -1;
    try {
        status = run_child(pch, ChildGroup::Own);
    } catch (const std::system_error&) {  // no compiler to start: the program's compile says so
    }
    if (status != 0) {
        diagnostics::debug(std::string(kHeader) + " did not precompile: the program's compile parses it");
        return std::nullopt;
    }
    std::ofstream(aside.path / kStamp) << stamp_of(aside.path) << "\n";
    fs::rename(aside.path, dir, ec);  // fails if another build's is in place: that one serves
    std::optional<cache::Hold> hold = cache::Hold::existing(dir);
    if (!hold || !intact(dir)) return std::nullopt;
    return PrecompiledHeader{dir, std::move(*hold)};
}

}  // namespace simt::tool
