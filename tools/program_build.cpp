#include "tools/program_build.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "simt_build_config.h"
#include "tools/source_rewriter.h"
#include "tools/source_text.h"

extern char** environ;

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

std::uint64_t fnv1a(const std::string& text, std::uint64_t h = 1469598103934665603ull) {
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

std::string hex(std::uint64_t v) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
    return text;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw BuildFailure("cannot read " + path.string());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Whether `source` defines a function named main (in code, not comments):
// without one the linker's "undefined reference to main" needs saying plainly.
bool defines_main(const std::string& source) {
    const frontend::SourceText text(source);
    for (std::size_t i = text.text().find("main"); i != std::string::npos; i = text.text().find("main", i + 4))
        if (text.code(i) && text.is_word_at(i, "main") && text.skip_space(i + 4) < source.size() &&
            source[text.skip_space(i + 4)] == '(')
            return true;
    return false;
}

// The program's own headers (#include "..." next to it, followed
// transitively) take part in the cache key: editing one must rebuild.
std::string local_headers(const std::string& text, const fs::path& dir, std::vector<fs::path>& seen) {
    std::string contents;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const auto hash = line.find_first_not_of(" \t");
        if (hash == std::string::npos || line[hash] != '#' || line.find("include", hash) == std::string::npos) continue;
        const auto open = line.find('"'), close = line.rfind('"');
        if (open == std::string::npos || close <= open) continue;
        const fs::path header = dir / line.substr(open + 1, close - open - 1);
        std::error_code ec;
        if (!fs::is_regular_file(header, ec)) continue;
        const fs::path canonical = fs::weakly_canonical(header, ec);
        if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
        seen.push_back(canonical);
        const std::string body = read_file(header);
        contents += canonical.string() + '\0' + body + local_headers(body, header.parent_path(), seen);
    }
    return contents;
}

// A change to simt's runtime must invalidate cached programs. The libraries'
// contents, not their size and time: a rebuild within the same second (two
// builds side by side in CI) must not reuse a program linked with the old one.
std::string runtime_identity() {
    std::string id = SIMT_CONFIG_VERSION;
    for (const char* lib : {SIMT_CONFIG_RUNTIME_LIB, SIMT_CONFIG_CHECKERS_LIB, SIMT_CONFIG_EMULATOR_LIB}) {
        // FNV-1a over 8-byte words (tens of MB: a byte at a time costs ~30 ms a run).
        std::uint64_t h = 0xcbf29ce484222325ull;
        std::ifstream in(lib, std::ios::binary);
        std::vector<std::uint64_t> chunk(8192);
        while (in.read(reinterpret_cast<char*>(chunk.data()), std::streamsize(chunk.size() * 8)) || in.gcount() > 0) {
            const std::size_t words = (std::size_t(in.gcount()) + 7) / 8;
            if (std::size_t(in.gcount()) % 8 != 0) chunk[words - 1] &= ~std::uint64_t(0) >> (64 - 8 * (in.gcount() % 8));
            for (std::size_t i = 0; i < words; ++i) h = (h ^ chunk[i]) * 0x100000001b3ull;
        }
        id += ";" + std::to_string(h);
    }
    return id;
}

int run_command(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid;
    if (posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0)
        throw BuildFailure("cannot start the compiler " + argv[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

std::string join(const std::vector<std::string>& argv) {
    std::string s;
    for (const std::string& a : argv) s += (s.empty() ? "" : " ") + a;
    return s;
}

}  // namespace

std::string read_cuda_source(const fs::path& path) {
    std::string text = read_file(path);
    if (text.find('\0') != std::string::npos)
        throw BuildFailure(path.string() + " is not a source file (it contains NUL bytes)");
    return text;
}

std::string find_nvcc() {
    if (const char* explicit_path = std::getenv("SIMT_NVCC"); explicit_path != nullptr) return explicit_path;
    if (fs::exists("/usr/local/cuda/bin/nvcc")) return "/usr/local/cuda/bin/nvcc";
    return "nvcc";  // from PATH
}

BuildResult build_program_with_nvcc(const BuildRequest& request, const std::string& arch) {
    const fs::path source = fs::absolute(request.source);
    if (!fs::exists(source)) throw BuildFailure("no such file: " + request.source.string());
    const std::string nvcc = find_nvcc();
    const std::vector<std::string> flags = {nvcc, "-arch=" + arch, request.optimization, "-lineinfo"};
    std::vector<fs::path> seen;
    const std::string source_text = read_cuda_source(request.source);
    const std::string key = hex(fnv1a(source_text + '\0' + local_headers(source_text, source.parent_path(), seen) +
                                      '\0' + join(flags) + "\0cuda"));
    const fs::path dir = request.cache_dir / ("cuda-" + key);
    const fs::path executable = dir / source.stem();
    if (fs::exists(executable)) return {executable, true};
    fs::create_directories(dir);
    const fs::path partial = dir / (source.stem().string() + "." + std::to_string(getpid()) + ".exe");
    std::vector<std::string> command = flags;
    command.insert(command.end(), {source.string(), "-o", partial.string()});
    spdlog::debug("nvcc: {}", join(command));
    if (run_command(command) != 0)
        throw BuildFailure(request.source.string() + " did not compile with " + nvcc + " (messages above)");
    fs::rename(partial, executable);
    return {executable, false};
}

fs::path default_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
        return fs::path(xdg) / "simt";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return fs::path(home) / ".cache" / "simt";
    return fs::temp_directory_path() / "simt-cache";
}

BuildResult build_program(const BuildRequest& request) {
    const fs::path source = fs::absolute(request.source);
    if (!fs::exists(source)) throw BuildFailure("no such file: " + request.source.string());
    const std::string text = read_cuda_source(request.source);
    if (text.find_first_not_of(" \t\r\n\f\v") == std::string::npos)
        throw BuildFailure(request.source.string() + " is empty: there is no program to build");
    std::string rewritten;
    try {
        rewritten = frontend::rewrite_cuda_source(text, source.string());
    } catch (const frontend::RewriteError& e) {
        throw BuildFailure(source.string() + ":" + std::to_string(e.line) + ": error: " + e.what());
    }

    std::vector<std::string> compile = {SIMT_CONFIG_CXX, "-std=c++20", request.optimization, "-g",
                                        "-fsanitize=thread",
                                        "--param=tsan-instrument-func-entry-exit=0",
                                        "--param=tsan-distinguish-volatile=1",
                                        "-fno-builtin-printf", "-fno-builtin-puts",
                                        "-fno-builtin-putchar", "-fstack-clash-protection",
                                        "-fno-optimize-sibling-calls", "-fno-omit-frame-pointer", "-Wno-volatile",
                                        "-U_FORTIFY_SOURCE", "-I", SIMT_CONFIG_INCLUDE_DIR,
                                        "-I", SIMT_CONFIG_PORTABLE_DIR,
                                        "-I", source.parent_path().string(),
                                        "-include", "simt/cuda.h", "-x", "c++"};
    std::vector<std::string> link = {SIMT_CONFIG_CXX};
    for (const char* flag : SIMT_CONFIG_SANITIZER_FLAGS)
        if (*flag != '\0') link.push_back(flag);
    const std::vector<std::string> libs = {
        SIMT_CONFIG_RUNTIME_LIB, SIMT_CONFIG_CHECKERS_LIB, SIMT_CONFIG_EMULATOR_LIB, SIMT_CONFIG_BOOST_CONTEXT_LIB,
        SIMT_CONFIG_BACKTRACE_LIB, "-latomic", "-lpthread", "-ldl",
        "-Wl,--wrap=printf,--wrap=vprintf,--wrap=puts,--wrap=putchar,--wrap=__assert_fail,--wrap=exit,--wrap=abort"};

    std::vector<fs::path> seen;
    const std::string headers = local_headers(rewritten, source.parent_path(), seen);
    const std::string key = hex(fnv1a(rewritten + '\0' + headers + '\0' + join(compile) + '\0' + join(link) +
                                      '\0' + join(libs) + '\0' + runtime_identity()));
    const fs::path dir = request.cache_dir / key;
    const fs::path executable = dir / source.stem();
    if (fs::exists(executable)) {
        spdlog::debug("cache hit: {}", executable.string());
        return {executable, true};
    }
    fs::create_directories(dir);
    const std::string unique = std::to_string(getpid());
    const fs::path cpp = dir / (source.stem().string() + "." + unique + ".cpp");
    const fs::path object = dir / (source.stem().string() + "." + unique + ".o");
    const fs::path linked = dir / (source.stem().string() + "." + unique + ".exe");
    {
        std::ofstream out(cpp, std::ios::binary);
        out << rewritten;
    }
    compile.insert(compile.end(), {cpp.string(), "-c", "-o", object.string()});
    spdlog::debug("compile: {}", join(compile));
    if (run_command(compile) != 0) {
        fs::remove(cpp);
        throw BuildFailure(request.source.string() + " did not compile (the compiler's messages above point at its lines)");
    }
    link.insert(link.end(), {object.string(), "-o", linked.string()});
    link.insert(link.end(), libs.begin(), libs.end());
    spdlog::debug("link: {}", join(link));
    if (run_command(link) != 0) {
        fs::remove(cpp);
        fs::remove(object);
        throw BuildFailure(request.source.string() + " did not link (see the linker's messages above)" +
                           (defines_main(text) ? "" : "; it defines no main()"));
    }
    fs::remove(object);
    fs::rename(cpp, dir / (source.stem().string() + ".cpp"));
    fs::rename(linked, executable);  // atomic: a concurrent run sees all or nothing
    return {executable, false};
}

}  // namespace simt::tool
