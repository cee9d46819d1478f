#include "tools/program_build.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

#include "simt_build_config.h"
#include "tools/build_cache.h"
#include "tools/cache_stats.h"
#include "tools/child_process.h"
#include "tools/diagnostics.h"
#include "tools/include_shadows.h"
#include "tools/install_layout.h"
#include "tools/precompiled_header.h"
#include "tools/rewritten_headers.h"
#include "tools/source_rewriter.h"
#include "tools/source_text.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

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
// transitively) take part in nvcc's cache key: editing one must rebuild.
// (The CPU build keys on the compiler's depfile instead: every file read.)
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
    const InstallLayout& layout = install_layout();
    for (const std::string& lib : {layout.runtime_lib, layout.checkers_lib, layout.driver_lib, layout.emulator_lib})
        id += ";" + std::to_string(cache::hash_file(lib));
    return id;
}

int run_command(const std::vector<std::string>& argv) {
    int status = 0;
    try {
        status = run_child(argv, ChildGroup::Own);
    } catch (const std::system_error& e) {
        throw BuildFailure("cannot start the compiler " + argv[0] + ": " + e.code().message());
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// Where the search path set outside the command line sends an #include.
std::string include_environment() {
    std::string text;
    for (const char* name : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"}) {
        const char* value = std::getenv(name);
        text += std::string(name) + "=" + (value != nullptr ? value : "") + '\0';
    }
    return text;
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
    if (request.sources.empty()) throw BuildFailure("no source file to build");
    const std::string nvcc = find_nvcc();
    std::vector<std::string> flags = {nvcc, "-arch=" + arch, request.flags.optimization, "-lineinfo",
                                      "-std=" + request.flags.standard};
    flags.insert(flags.end(), request.flags.preprocessor.begin(), request.flags.preprocessor.end());
    std::string identity;
    std::vector<std::string> inputs;
    for (const fs::path& given : request.sources) {
        const fs::path source = fs::absolute(given);
        if (!fs::exists(source)) throw BuildFailure("no such file: " + given.string());
        std::vector<fs::path> seen;
        const std::string text = read_file(source);
        identity += text + '\0' + local_headers(text, source.parent_path(), seen) + '\0';
        inputs.push_back(source.string());
    }
    const std::string key = cache::hex(cache::hash_text(identity + join(flags) + "\0cuda"));
    const fs::path slot = request.cache_dir / ("cuda-" + key);
    const std::string name = fs::path(request.sources.front()).stem().string();
    cache::Hold hold(slot);
    // nvcc compiles and links in one step: the entry holds only its link.
    std::optional<fs::path> entry = cache::find_entry(slot);
    if (entry)
        if (const auto hit = cache::find_executable(*entry, key, name)) {
            cache::mark_used(slot);
            cache::count(request.cache_dir, cache::Counter::hit);
            return {*hit, true, std::move(hold)};
        }
    if (!entry) entry = cache::PendingBuild(slot).publish({});
    cache::PendingLink pending(*entry, key);
    std::vector<std::string> command = flags;
    command.insert(command.end(), inputs.begin(), inputs.end());
    command.insert(command.end(), request.flags.linker.begin(), request.flags.linker.end());
    command.insert(command.end(), {"-o", (pending.dir() / name).string()});
    diagnostics::debug("nvcc: " + join(command));
    if (run_command(command) != 0)
        throw BuildFailure(request.sources.front().string() + " did not compile with " + nvcc + " (messages above)");
    const fs::path executable = pending.publish(name);
    cache::mark_used(slot);
    cache::trim(request.cache_dir, request.cache_limit, slot);
    return {executable, false, std::move(hold)};
}

std::string unusable_cache_dir(const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return ec.message();
    if (!fs::is_directory(dir, ec)) return "it is not a directory";
    // Writable, as the builds and the counters need it.
    const fs::path probe = dir / (".probe-" + std::to_string(getpid()));
    if (!std::ofstream(probe)) return "it cannot be written to";
    fs::remove(probe, ec);
    return "";
}

fs::path default_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
        return fs::path(xdg) / "simt";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return fs::path(home) / ".cache" / "simt";
    return fs::temp_directory_path() / "simt-cache";
}

namespace {

// What the rewritten CUDA is compiled with, in every build of it (the same
// list reaches the CMake function: SIMT_KERNEL_COMPILE_FLAGS).
constexpr const char* kKernelFlags[] = SIMT_CONFIG_KERNEL_FLAGS;

// How simt compiles a translation unit; the user's flags after simt's own
// include directories, so simt's cuda_runtime.h wins over a CUDA toolkit's.
// As nvcc: __CUDACC__ and __CUDA_ARCH__ only for a CUDA file, a .c file as C.
std::vector<std::string> compile_command(const CompileFlags& flags, const fs::path& source_dir, SourceLanguage language) {
    std::vector<std::string> command = {SIMT_CONFIG_CXX};
    if (language != SourceLanguage::C) command.push_back("-std=" + flags.standard);
    command.insert(command.end(), {flags.optimization, "-g"});
    for (const std::string_view flag : kKernelFlags) {
        if (language != SourceLanguage::Cuda && (flag.rfind("-D__CUDACC__", 0) == 0 || flag.rfind("-D__CUDA_ARCH", 0) == 0))
            continue;
        if (language == SourceLanguage::C && flag == "-Wno-volatile") continue;  // a C++ warning
        command.emplace_back(flag);
    }
    command.insert(command.end(), {"-I", install_layout().include_dir, "-I", install_layout().portable_dir,
                                   "-iquote", source_dir.string()});
    command.insert(command.end(), flags.preprocessor.begin(), flags.preprocessor.end());
    command.insert(command.end(), {"-I", source_dir.string()});
    command.insert(command.end(), flags.compiler.begin(), flags.compiler.end());
    if (language == SourceLanguage::Cuda) command.insert(command.end(), {"-include", "simt/cuda.h"});
    command.insert(command.end(), {"-x", language == SourceLanguage::C ? "c" : "c++"});
    return command;
}

// A program simt builds exits with a failing status when simt reported an
// error, even run on its own (primitives/src/process_runtime.cpp).
constexpr const char* kStandaloneMarker = "-Wl,--defsym=simt_exit_status_on_error=1";

// simt's runtime, after the program's own libraries (they may call CUDA).
std::vector<std::string> runtime_libraries(const CompileFlags& flags) {
    std::vector<std::string> libs;
    for (const std::string& flag : flags.linker)
        if (flag != "-lcudart" && flag != "-lcudart_static" && flag != "-lcudadevrt") libs.push_back(flag);
    libs.insert(libs.end(), {
        // A group: the emulator's own calls to abort() and exit() go to the
        // runtime's wrappers, defined in an archive listed before it.
        "-Wl,--start-group", install_layout().runtime_lib, install_layout().checkers_lib, install_layout().driver_lib,
        install_layout().emulator_lib,
        "-Wl,--end-group", SIMT_CONFIG_BOOST_CONTEXT_LIB,
        SIMT_CONFIG_BACKTRACE_LIB, "-latomic", "-lpthread", "-ldl", kStandaloneMarker});
    for (const char* option : SIMT_CONFIG_PROGRAM_LINK_OPTIONS) libs.push_back(option);
    return libs;
}

// How simt links `inputs` (objects, archives) into `output`.
std::vector<std::string> link_command(const std::vector<std::string>& inputs, const fs::path& output,
                                      const CompileFlags& flags) {
    std::vector<std::string> link = {SIMT_CONFIG_CXX};
    static const bool lld = *SIMT_CONFIG_LLD != '\0' && fs::exists(SIMT_CONFIG_LLD);
    if (lld) link.push_back("-fuse-ld=lld");
    for (const char* flag : SIMT_CONFIG_SANITIZER_FLAGS)
        if (*flag != '\0') link.push_back(flag);
    // The toolkit's libcudart (CMake's CUDA::cudart names it by path) is the
    // runtime linked below, as a linker script for gcc's links: with the
    // --wrap options below its redirections would make printf call itself.
    for (const std::string& input : inputs) {
        const std::string name = fs::path(input).filename().string();
        if (name != "libcudart.so" && name != "libcudart.a" && name != "libcudart_static.a") link.push_back(input);
    }
    link.insert(link.end(), {"-o", output.string()});
    const std::vector<std::string> libs = runtime_libraries(flags);
    link.insert(link.end(), libs.begin(), libs.end());
    return link;
}

// The directories the user's headers are found in (-I, -isystem).
std::vector<fs::path> user_include_dirs(const CompileFlags& flags) {
    std::vector<fs::path> dirs;
    for (std::size_t i = 0; i < flags.preprocessor.size(); ++i) {
        const std::string& f = flags.preprocessor[i];
        if (f == "-isystem" && i + 1 < flags.preprocessor.size()) dirs.push_back(flags.preprocessor[++i]);
        else if (f.rfind("-I", 0) == 0 && f.size() > 2) dirs.push_back(f.substr(2));
        else if (f == "-include") ++i;
    }
    return dirs;
}

// One translation unit: `source` into `object`, the rewritten text and
// header copies in `work`. Returns the user files it read (with -MD into
// `depfile`, the compiler's view) for a rewritten header, its original.
// With `pch_cache`, simt/cuda.h comes precompiled from there (precompiled_header.h).
// With `preprocess_only`, the preprocessed text goes to `object` (stdout
// when empty) and nothing is compiled (nvcc's -E).
std::vector<fs::path> compile_unit(const fs::path& source, const CompileFlags& flags, const fs::path& object,
                                   const fs::path& work, const fs::path& depfile,
                                   const fs::path* pch_cache = nullptr, bool preprocess_only = false) {
    const SourceLanguage language = language_of(source, flags);
    const bool cuda = language == SourceLanguage::Cuda;
    const std::string text = read_cuda_source(source);
    std::vector<std::string> command = compile_command(flags, source.parent_path(), language);
    std::optional<PrecompiledHeader> pch;
    if (cuda && pch_cache != nullptr) pch = precompiled_cuda_header(command, *pch_cache);
    if (pch) command.insert(command.begin() + 1, {"-I", pch->dir.string()});
    std::vector<fs::path> originals;
    fs::path input = source;
    if (cuda) {
        std::vector<fs::path> dirs = user_include_dirs(flags);
        dirs.push_back(source.parent_path());
        RewrittenSource rewritten = rewrite_with_headers(text, source, dirs, work / "headers");
        input = work / (source.stem().string() + ".cpp");
        std::ofstream(input, std::ios::binary) << rewritten.text;
        originals = std::move(rewritten.header_originals);
        if (flags.keep) {
            // nvcc's --keep keeps its intermediate files; simt's is the C++ the file became.
            const fs::path kept = (flags.keep_dir.empty() ? fs::path(".") : flags.keep_dir) / (source.stem().string() + ".simt.cpp");
            std::error_code ec;
            fs::copy_file(input, kept, fs::copy_options::overwrite_existing, ec);
            if (ec) throw BuildFailure("--keep cannot write " + kept.string() + ": " + ec.message());
        }
    }
    if (preprocess_only) {
        command.insert(command.end(), {input.string(), "-E"});
        if (!object.empty()) command.insert(command.end(), {"-o", object.string()});
        diagnostics::debug("preprocess: " + join(command));
        if (run_command(command) != 0)
            throw BuildFailure(source.string() + " did not preprocess (the compiler's messages above point at its lines)");
        return {};
    }
    command.insert(command.end(), {input.string(), "-c", "-o", object.string(), "-MD", "-MF", depfile.string(),
                                   "-MT", "simt-target"});
    diagnostics::debug("compile: " + join(command));
    if (run_command(command) != 0)
        throw BuildFailure(source.string() + " did not compile (the compiler's messages above point at its lines)");
    std::vector<fs::path> read = cache::read_depfile(depfile, work);
    read.insert(read.end(), originals.begin(), originals.end());
    return read;
}

// A make rule as nvcc writes one ("target : dep \" lines), spaces escaped.
std::string make_rule(const std::string& target, const fs::path& source, const std::vector<fs::path>& read) {
    const auto escaped = [](const std::string& name) {
        std::string out;
        for (const char c : name) {
            if (c == ' ' || c == '#') out += '\\';
            if (c == '$') out += '$';
            out += c;
        }
        return out;
    };
    std::string rule = escaped(target) + " : " + escaped(source.string());
    for (const fs::path& f : read)
        if (f != fs::absolute(source).lexically_normal()) rule += " \\\n    " + escaped(f.string());
    return rule + "\n";
}

// A directory for one driver step's temporaries, removed with them.
struct WorkDir {
    fs::path path;
    WorkDir() {
        static int count = 0;
        path = fs::temp_directory_path() / ("simt-nvcc-" + std::to_string(getpid()) + "-" + std::to_string(count++));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~WorkDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    WorkDir(const WorkDir&) = delete;
    WorkDir& operator=(const WorkDir&) = delete;
};

// The objects of an entry, in link order: each source's where its compile
// put it, other inputs (objects, archives) as given.
std::vector<std::string> entry_objects(const fs::path& entry, const std::vector<fs::path>& sources) {
    std::vector<std::string> objects;
    for (std::size_t i = 0; i < sources.size(); ++i)
        objects.push_back(is_cuda_source(sources[i]) || is_host_source(sources[i])
                              ? (entry / std::to_string(i) / (sources[i].stem().string() + ".o")).string()
                              : sources[i].string());
    return objects;
}

// Compiles every source into a new entry of `slot`; returns the entry.
fs::path compile_entry(const BuildRequest& request, const std::vector<fs::path>& sources, const fs::path& slot) {
    cache::PendingBuild pending(slot);  // removed, with all in it, unless published
    std::vector<fs::path> dependencies;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const fs::path& source = sources[i];
        if (!is_cuda_source(source) && !is_host_source(source)) {
            dependencies.push_back(source);
            continue;
        }
        const fs::path work = pending.dir() / std::to_string(i);
        fs::create_directories(work);
        const fs::path object = work / (source.stem().string() + ".o");
        const std::vector<fs::path> read = compile_unit(source, request.flags, object, work, work / "deps.d", &request.cache_dir);
        dependencies.insert(dependencies.end(), read.begin(), read.end());
        // The header copies served only the compile (debug info names the originals).
        fs::remove_all(work / "headers");
    }
    // A header created later where g++ would find it first must miss too.
    std::vector<fs::path> search_dirs = user_include_dirs(request.flags);
    for (const char* name : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"})
        if (const char* value = std::getenv(name); value != nullptr)
            for (std::string_view rest = value; !rest.empty();) {
                const std::size_t colon = std::min(rest.find(':'), rest.size());
                if (colon > 0) search_dirs.emplace_back(rest.substr(0, colon));
                rest.remove_prefix(std::min(colon + 1, rest.size()));
            }
    for (const fs::path& source : sources) search_dirs.push_back(source.parent_path());
    const std::vector<fs::path> shadows = shadowing_paths(dependencies, search_dirs);
    dependencies.insert(dependencies.end(), shadows.begin(), shadows.end());
    return pending.publish(dependencies);
}

}  // namespace

BuildResult build_program(const BuildRequest& request) {
    if (request.sources.empty()) throw BuildFailure("no source file to build");
    std::vector<fs::path> sources;
    std::string identity;  // what the slot is keyed on: every input's rewritten text or content
    for (const fs::path& given : request.sources) {
        const fs::path source = fs::absolute(given).lexically_normal();
        if (!fs::exists(source)) throw BuildFailure("no such file: " + given.string());
        sources.push_back(source);
        if (!is_cuda_source(source) && !is_host_source(source)) {
            identity += source.string() + '\0' + std::to_string(cache::hash_file(source)) + '\0';
            continue;
        }
        const std::string text = read_cuda_source(source);
        if (request.sources.size() == 1 && text.find_first_not_of(" \t\r\n\f\v") == std::string::npos)
            throw BuildFailure(given.string() + " is empty: there is no program to build");
        identity += (language_of(source, request.flags) != SourceLanguage::Cuda ? source.extension().string() + '\0' + text
                                                                                 : rewrite_source(text, source)) + '\0';
    }
    // The headers are not in the slot's key: the entry inside it is chosen by
    // every file the last compile read (build_cache.h). simt's runtime is in
    // the link's key only: a new runtime relinks, it does not recompile.
    const std::string key = cache::hex(cache::hash_text(
        identity + join(compile_command(request.flags, sources.front().parent_path(), SourceLanguage::Cuda)) + '\0' +
        include_environment() + '\0' + cuda_headers_fingerprint()));
    const std::string link_key =
        cache::hex(cache::hash_text(join(link_command({}, "", request.flags)) + '\0' + runtime_identity()));
    const fs::path slot = request.cache_dir / key;
    const std::string name = sources.front().stem().string();
    cache::Hold hold(slot);  // until the program has run: no other simt removes it
    std::optional<fs::path> entry = cache::find_entry(slot);
    if (entry)
        if (const auto hit = cache::find_executable(*entry, link_key, name)) {
            diagnostics::debug("cache hit: " + hit->string());
            cache::mark_used(slot);
            cache::count(request.cache_dir, cache::Counter::hit);
            return {*hit, true, std::move(hold)};
        }
    if (entry)
        if (const std::string why = cache::entry_damage(*entry); !why.empty()) {
            diagnostics::warn("the cache entry " + entry->string() + " is damaged (" + why + "): rebuilding it");
            fs::remove_all(*entry);
            entry.reset();
        }
    if (!entry) {
        entry = compile_entry(request, sources, slot);
        cache::count(request.cache_dir, cache::Counter::compile);
    } else {
        diagnostics::debug("relinking the objects of " + entry->string());
        cache::count(request.cache_dir, cache::Counter::relink);
    }
    cache::PendingLink pending(*entry, link_key);  // removed, with all in it, unless published
    const std::vector<std::string> command = link_command(entry_objects(*entry, sources), pending.dir() / name, request.flags);
    diagnostics::debug("link: " + join(command));
    if (run_command(command) != 0) {
        bool has_main = false;
        for (const fs::path& source : sources)
            has_main = has_main || ((is_cuda_source(source) || is_host_source(source)) && defines_main(read_file(source)));
        throw BuildFailure(request.sources.front().string() + " did not link (see the linker's messages above)" +
                           (has_main ? "" : "; it defines no main()"));
    }
    const fs::path executable = pending.publish(name);
    cache::mark_used(slot);
    cache::trim(request.cache_dir, request.cache_limit, slot);
    return {executable, false, std::move(hold)};
}

void compile_object(const fs::path& given, const CompileFlags& flags, const fs::path& object) {
    const fs::path source = fs::absolute(given).lexically_normal();
    if (!fs::exists(source)) throw BuildFailure("no such file: " + given.string());
    const WorkDir work;
    const std::vector<fs::path> read = compile_unit(source, flags, object, work.path, work.path / "deps.d");
    if (!flags.write_dependencies) return;
    fs::path depfile = flags.dependency_file;
    if (depfile.empty()) depfile = fs::path(object).replace_extension(".d");
    std::ofstream out(depfile, std::ios::binary);
    out << make_rule(flags.dependency_target.empty() ? object.string() : flags.dependency_target, given, read);
    if (!out) throw BuildFailure("cannot write the dependency file " + depfile.string());
}

void preprocess(const fs::path& given, const CompileFlags& flags, const fs::path& output) {
    const fs::path source = fs::absolute(given).lexically_normal();
    if (!fs::exists(source)) throw BuildFailure("no such file: " + given.string());
    const WorkDir work;
    compile_unit(source, flags, output, work.path, work.path / "deps.d", nullptr, true);
}

void archive(const std::vector<fs::path>& objects, const fs::path& output) {
    std::error_code ignored;
    fs::remove(output, ignored);  // ar adds to an archive that exists; nvcc -lib writes a new one
    std::vector<std::string> command = {"ar", "rcs", output.string()};
    for (const fs::path& object : objects) command.push_back(object.string());
    diagnostics::debug("archive: " + join(command));
    if (run_command(command) != 0) throw BuildFailure("cannot write the library " + output.string() + " (ar's messages above)");
}

void empty_object(const fs::path& object) {
    const WorkDir work;
    const fs::path source = work.path / "empty.cpp";
    std::ofstream(source) << "// nvcc's device link step, on the CPU\n";
    const std::vector<std::string> command = {SIMT_CONFIG_CXX, "-c", source.string(), "-o", object.string()};
    if (run_command(command) != 0) throw BuildFailure("cannot write " + object.string());
}

std::string dependency_rule(const fs::path& given, const CompileFlags& flags, const std::string& target) {
    const fs::path source = fs::absolute(given).lexically_normal();
    if (!fs::exists(source)) throw BuildFailure("no such file: " + given.string());
    const WorkDir work;
    const std::vector<fs::path> read = compile_unit(source, flags, work.path / "unused.o", work.path, work.path / "deps.d");
    return make_rule(target, given, read);
}

void link_program(const std::vector<fs::path>& inputs, const CompileFlags& flags, const fs::path& output) {
    const std::vector<std::string> command =
        link_command(std::vector<std::string>(inputs.begin(), inputs.end()), output, flags);
    diagnostics::debug("link: " + join(command));
    if (run_command(command) != 0) throw BuildFailure(output.string() + " did not link (see the linker's messages above)");
}

}  // namespace simt::tool
