#include "tools/nvcc_flags.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>
#include <cctype>
#include <string_view>

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// What a flag does to the g++ command simt runs.
enum class Effect {
    Preprocessor,  // passed to g++ as -<g++ name><value>
    Standard,      // -std
    Optimization,  // -O
    Debug,         // -g: simt always compiles with -g (reports need lines)
    Compiler,      // -Xcompiler: values (comma-separated) go to g++ as they are
    Linker,        // -Xlinker, -l, -L
    Ignored,       // GPU-only: a note, nothing else
    DependenciesOnly,
    WriteDependencies,
    DependencyFile,
    DependencyTarget,
    CompileOnly,   // -c, -dc (device code across files needs nothing more on the CPU)
    Output,        // -o
    Language,      // -x cu|c++|c
    Accepted,      // host-side options with nothing to change on the CPU: no note
    Threads,       // nvcc's --threads: accepted by the nvcc command line only
    Keep,          // --keep
    KeepDir,       // --keep-dir
    Library,       // -lib
    Preprocess,    // -E
    Version,
    DeviceLink,    // -dlink: nvcc's device link step; nothing to link on the CPU
    Forward,       // -forward-unknown-to-host-compiler
};

struct Flag {
    std::string_view short_name;  // "-I" ("" when none)
    std::string_view long_name;   // "--include-path"
    bool takes_value;
    Effect effect;
    std::string_view gxx;         // for Preprocessor and Linker: how g++ spells it
    bool list = false;            // the value is a comma-separated list (nvcc's "path,...")
};

// nvcc's spellings (CUDA Compiler Driver NVCC, "NVCC Command Options").
constexpr std::array kFlags = {
    Flag{"-I", "--include-path", true, Effect::Preprocessor, "-I", true},
    Flag{"-isystem", "--system-include", true, Effect::Preprocessor, "-isystem", true},
    Flag{"-D", "--define-macro", true, Effect::Preprocessor, "-D"},
    Flag{"-U", "--undefine-macro", true, Effect::Preprocessor, "-U"},
    Flag{"-include", "--pre-include", true, Effect::Preprocessor, "-include", true},
    Flag{"-std", "--std", true, Effect::Standard, ""},
    Flag{"-O", "--optimize", true, Effect::Optimization, ""},
    Flag{"-g", "--debug", false, Effect::Debug, ""},
    Flag{"-Xcompiler", "--compiler-options", true, Effect::Compiler, "", true},
    Flag{"-Xlinker", "--linker-options", true, Effect::Linker, "-Wl,", true},
    Flag{"-l", "--library", true, Effect::Linker, "-l", true},
    Flag{"-L", "--library-path", true, Effect::Linker, "-L", true},
    Flag{"-M", "--generate-dependencies", false, Effect::DependenciesOnly, ""},
    Flag{"-MD", "--generate-dependencies-with-compile", false, Effect::WriteDependencies, ""},
    Flag{"-MMD", "--generate-nonsystem-dependencies-with-compile", false, Effect::WriteDependencies, ""},
    Flag{"-MF", "--dependency-output", true, Effect::DependencyFile, ""},
    Flag{"-MT", "--dependency-target-name", true, Effect::DependencyTarget, ""},
    Flag{"-c", "--compile", false, Effect::CompileOnly, ""},
    Flag{"-dc", "--device-c", false, Effect::CompileOnly, ""},
    Flag{"-o", "--output-file", true, Effect::Output, ""},
    Flag{"-x", "--x", true, Effect::Language, ""},
    Flag{"-V", "--version", false, Effect::Version, ""},
    Flag{"-lib", "--lib", false, Effect::Library, ""},
    Flag{"-E", "--preprocess", false, Effect::Preprocess, ""},
    Flag{"-keep", "--keep", false, Effect::Keep, ""},
    Flag{"-keep-dir", "--keep-dir", true, Effect::KeepDir, ""},
    // nvcc's parallel compile of several GPU architectures; simt builds one.
    // The command's only: `simt run --threads` is simt's worker count.
    Flag{"-t", "--threads", true, Effect::Threads, ""},
    // The host compiler: simt compiles with the one its runtime was built by
    // (the C++ ABI must match); nvcc's -ccbin picks among compatible ones.
    Flag{"-ccbin", "--compiler-bindir", true, Effect::Accepted, ""},
    Flag{"-dlink", "--device-link", false, Effect::DeviceLink, ""},
    Flag{"-shared", "--shared", false, Effect::Linker, "-shared"},
    Flag{"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler", false, Effect::Forward, ""},
    // GPU code generation and device-side options: nothing to do on the CPU.
    Flag{"-arch", "--gpu-architecture", true, Effect::Ignored, ""},
    Flag{"-code", "--gpu-code", true, Effect::Ignored, ""},
    Flag{"-gencode", "--generate-code", true, Effect::Ignored, ""},
    Flag{"-rdc", "--relocatable-device-code", true, Effect::Ignored, ""},
    Flag{"-lineinfo", "--generate-line-info", false, Effect::Ignored, ""},
    Flag{"-G", "--device-debug", false, Effect::Ignored, ""},
    Flag{"-use_fast_math", "--use_fast_math", false, Effect::Ignored, ""},
    Flag{"-ftz", "--ftz", true, Effect::Ignored, ""},
    Flag{"-prec-div", "--prec-div", true, Effect::Ignored, ""},
    Flag{"-prec-sqrt", "--prec-sqrt", true, Effect::Ignored, ""},
    Flag{"-fmad", "--fmad", true, Effect::Ignored, ""},
    Flag{"-maxrregcount", "--maxrregcount", true, Effect::Ignored, ""},
    Flag{"-Xptxas", "--ptxas-options", true, Effect::Ignored, ""},
    Flag{"-Xcudafe", "--cudafe-options", true, Effect::Ignored, ""},
    Flag{"-Xnvlink", "--nvlink-options", true, Effect::Ignored, ""},
    Flag{"-res-usage", "--resource-usage", false, Effect::Ignored, ""},
    Flag{"-expt-extended-lambda", "--expt-extended-lambda", false, Effect::Ignored, ""},
    Flag{"-extended-lambda", "--extended-lambda", false, Effect::Ignored, ""},
    Flag{"-expt-relaxed-constexpr", "--expt-relaxed-constexpr", false, Effect::Ignored, ""},
    Flag{"-cudart", "--cudart", true, Effect::Ignored, ""},
    Flag{"-cudadevrt", "--cudadevrt", true, Effect::Ignored, ""},
    Flag{"-allow-unsupported-compiler", "--allow-unsupported-compiler", false, Effect::Ignored, ""},
    Flag{"-m64", "--machine", false, Effect::Ignored, ""},
    Flag{"-split-compile", "--split-compile", true, Effect::Ignored, ""},
    Flag{"-w", "--disable-warnings", false, Effect::Compiler, "-w"},
    Flag{"-Werror", "--Werror", true, Effect::Ignored, ""},
    Flag{"-diag-suppress", "--diag-suppress", true, Effect::Ignored, ""},
    Flag{"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", false, Effect::Ignored, ""},
    Flag{"-Wno-deprecated-declarations", "--Wno-deprecated-declarations", false, Effect::Compiler, "-Wno-deprecated-declarations"},
};

std::vector<std::string> split_list(const std::string& value) {
    std::vector<std::string> items;
    std::size_t from = 0;
    for (std::size_t comma; (comma = value.find(',', from)) != std::string::npos; from = comma + 1)
        items.push_back(value.substr(from, comma - from));
    items.push_back(value.substr(from));
    items.erase(std::remove(items.begin(), items.end(), ""), items.end());
    return items;
}

// How args[i] names a flag: "-I", "-Idir", "-I=dir", "--include-path dir" or
// "--include-path=dir". Returns the flag and sets `value` (and how many
// arguments it took) or nullptr.
const Flag* match(const std::vector<std::string>& args, std::size_t i, std::string& value, std::size_t& taken) {
    const std::string& arg = args[i];
    const Flag* best = nullptr;
    std::size_t best_length = 0;
    bool attached = false;
    for (const Flag& f : kFlags) {
        for (const std::string_view name : {f.short_name, f.long_name}) {
            if (name.empty() || arg.compare(0, name.size(), name) != 0) continue;
            const bool exact = arg.size() == name.size();
            const bool with_equals = !exact && arg[name.size()] == '=';
            // A value glued on ("-Idir", "-O3") only for one-letter short names.
            const bool glued = !exact && !with_equals && f.takes_value && name.size() == 2 && name == f.short_name;
            if (!exact && !(f.takes_value && (with_equals || glued))) continue;
            if (name.size() <= best_length) continue;
            best = &f;
            best_length = name.size();
            attached = !exact;
            value = exact ? "" : arg.substr(name.size() + (with_equals ? 1 : 0));
        }
    }
    if (best == nullptr) return nullptr;
    taken = 1;
    if (best->takes_value && !attached) {
        // -O alone is -O3 in g++, but nvcc's -O takes a level: "-O 2" only when a digit follows.
        if (best->effect == Effect::Optimization &&
            (i + 1 >= args.size() || args[i + 1].size() != 1 || !std::isdigit(static_cast<unsigned char>(args[i + 1][0])))) {
            value = "3";
            return best;
        }
        if (i + 1 >= args.size()) throw FlagError(arg + " needs a value");
        value = args[i + 1];
        taken = 2;
    }
    return best;
}

}  // namespace

bool take_compile_flag(const std::vector<std::string>& args, std::size_t& i, CompileFlags& flags) {
    std::string value;
    std::size_t taken = 0;
    const Flag* f = match(args, i, value, taken);
    if (f == nullptr) return false;
    switch (f->effect) {
        case Effect::Preprocessor:
            for (const std::string& item : f->list ? split_list(value) : std::vector<std::string>{value}) {
                if (f->gxx == "-isystem" || f->gxx == "-include") {
                    flags.preprocessor.insert(flags.preprocessor.end(), {std::string(f->gxx), item});
                } else {
                    flags.preprocessor.push_back(std::string(f->gxx) + item);
                }
            }
            break;
        case Effect::Standard: {
            static const std::array known = {"c++17", "c++20", "gnu++17", "gnu++20", "c++14", "gnu++14"};
            if (std::find(known.begin(), known.end(), value) == known.end())
                throw FlagError("-std=" + value + " is not supported: simt compiles C++14, C++17 or C++20");
            // simt's runtime headers need C++17: C++14 code compiles as C++17.
            flags.standard = value.find("14") != std::string::npos ? (value[0] == 'g' ? "gnu++17" : "c++17") : value;
            break;
        }
        case Effect::Optimization:
            if (value.size() != 1 || std::string_view("0123s").find(value[0]) == std::string_view::npos)
                throw FlagError("-O" + value + " is not an optimisation level (0, 1, 2, 3)");
            flags.optimization = "-O" + value;
            break;
        case Effect::Debug:
            break;
        case Effect::Compiler:
            if (f->gxx.empty()) {
                for (const std::string& item : split_list(value)) flags.compiler.push_back(item);
            } else {
                flags.compiler.emplace_back(f->gxx);
            }
            break;
        case Effect::Linker:
            if (!f->takes_value) {
                flags.linker.emplace_back(f->gxx);
                break;
            }
            for (const std::string& item : split_list(value)) flags.linker.push_back(std::string(f->gxx) + item);
            break;
        case Effect::Forward:
            flags.forward_unknown = true;
            break;
        case Effect::Ignored:
            flags.ignored.push_back(args[i] + (taken == 2 ? " " + args[i + 1] : ""));
            // Nothing to generate, but it decides what a file may leave undefined.
            if (f->long_name == "--relocatable-device-code") flags.relocatable_device_code = value == "true";
            break;
        case Effect::DependenciesOnly:
            flags.dependencies_only = true;
            break;
        case Effect::WriteDependencies:
            flags.write_dependencies = true;
            break;
        case Effect::DependencyFile:
            flags.dependency_file = value;
            break;
        case Effect::DependencyTarget:
            flags.dependency_target = value;
            break;
        case Effect::Language:
            // nvcc: "Value 'foo' is not defined for option 'x'".
            if (value == "cu") flags.language = SourceLanguage::Cuda;
            else if (value == "c++" || value == "cpp") flags.language = SourceLanguage::Cxx;
            else if (value == "c") flags.language = SourceLanguage::C;
            else throw FlagError("value '" + value + "' is not defined for option 'x' (cu, c++ or c)");
            break;
        case Effect::Accepted:
            break;
        case Effect::Keep:
            flags.keep = true;
            break;
        case Effect::KeepDir:
            flags.keep_dir = value;
            break;
        case Effect::CompileOnly:
        case Effect::Output:
        case Effect::Version:
        case Effect::DeviceLink:
        case Effect::Library:
        case Effect::Preprocess:
        case Effect::Threads:
            return false;  // the command's, not the compiler's (parse_nvcc_command)
    }
    i += taken;
    return true;
}

bool is_cuda_source(const fs::path& file) { return file.extension() == ".cu"; }

bool is_c_source(const fs::path& file) { return file.extension() == ".c"; }

SourceLanguage language_of(const fs::path& source, const CompileFlags& flags) {
    if (flags.language) return *flags.language;
    return is_c_source(source) ? SourceLanguage::C : is_host_source(source) ? SourceLanguage::Cxx : SourceLanguage::Cuda;
}

bool is_host_source(const fs::path& file) {
    const std::string e = file.extension().string();
    return e == ".cpp" || e == ".cc" || e == ".cxx" || e == ".c" || e == ".C";
}

static std::vector<std::string> expand_response_files(const std::vector<std::string>& given, int depth) {
    std::vector<std::string> args;
    for (std::size_t i = 0; i < given.size(); ++i) {
        fs::path file;
        if (given[i] == "--options-file" || given[i] == "-optf") {
            if (i + 1 >= given.size()) throw FlagError(given[i] + " needs a value");
            file = given[++i];
        } else if (given[i].rfind("--options-file=", 0) == 0) {
            file = given[i].substr(15);
        } else if (given[i].size() > 1 && given[i][0] == '@') {
            file = given[i].substr(1);
        } else {
            args.push_back(given[i]);
            continue;
        }
        if (depth > 8) throw FlagError("options files nest too deep (" + file.string() + ")");
        std::ifstream in(file, std::ios::binary);
        if (!in) throw FlagError("cannot read the options file " + file.string());
        std::ostringstream text;
        text << in.rdbuf();
        const std::vector<std::string> inner = expand_response_files(split_options(text.str()), depth + 1);
        args.insert(args.end(), inner.begin(), inner.end());
    }
    return args;
}

// Words as a shell splits them: blanks separate, quotes group, `\` escapes.
std::vector<std::string> split_options(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote != 0) {
            if (c == quote) quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < text.size()) word += text[++i];
            else word += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            in_word = true;
        } else if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
            in_word = true;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (in_word) words.push_back(word);
    return words;
}

NvccCommand parse_nvcc_command(const std::vector<std::string>& given) {
    NvccCommand command;
    const std::vector<std::string> args = expand_response_files(given, 0);
    for (std::size_t i = 0; i < args.size();) {
        if (take_compile_flag(args, i, command.flags)) continue;
        std::string value;
        std::size_t taken = 0;
        if (const Flag* f = match(args, i, value, taken)) {
            if (f->effect == Effect::CompileOnly) command.compile_only = true;
            if (f->long_name == "--device-c") command.flags.relocatable_device_code = true;
            else if (f->effect == Effect::Output) command.output = value;
            else if (f->effect == Effect::Version) command.version = true;
            else if (f->effect == Effect::DeviceLink) command.device_link = true;
            else if (f->effect == Effect::Library) command.library = true;
            else if (f->effect == Effect::Preprocess) command.preprocess_only = true;
            i += taken;
            continue;
        }
        const std::string& arg = args[i];
        if (arg == "-v" || arg == "--verbose") {  // not among the compile flags: `simt run -v` is simt's own
            command.verbose = true;
            ++i;
            continue;
        }
        if (!arg.empty() && arg[0] == '-' && command.flags.forward_unknown) {
            // nvcc passes what it does not know to the host compiler (CMake asks for this).
            command.flags.compiler.push_back(arg);
            command.flags.linker.push_back(arg);
            ++i;
            continue;
        }
        if (!arg.empty() && arg[0] == '-')
            throw FlagError("unknown option " + arg + " (simt nvcc takes nvcc's compile and link options; "
                            "see `simt nvcc --help`)");
        const fs::path file = arg;
        const std::string e = file.extension().string();
        if (!is_cuda_source(file) && !is_host_source(file) && e != ".o" && e != ".a" && e != ".so")
            throw FlagError(arg + " is not a file simt nvcc takes (.cu, .cpp, .cc, .cxx, .c, .o, .a, .so)");
        command.inputs.push_back(file);
        ++i;
    }
    return command;
}

}  // namespace simt::tool
