// nvcc's command-line flags, as simt understands them: the ones that shape
// how host C++ is compiled and linked are translated for g++, the GPU-only
// ones are accepted and ignored with a note, anything else is an error.
// Shared by `simt nvcc` (the whole command line) and `simt run` (the flags
// among its own options).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace simt::tool {

// How a source file is compiled: nvcc compiles .cu as CUDA, hands .c to the
// host compiler as C and the other host suffixes as C++; -x overrides it.
enum class SourceLanguage { Cuda, Cxx, C };

struct CompileFlags {
    std::vector<std::string> preprocessor;  // -I, -isystem, -D, -U, -include, in order, as g++ spells them
    std::string standard = "c++17";         // nvcc's default dialect
    std::string optimization = "-O2";       // simt's default: nvcc optimises host code with -O3, device code always
    std::vector<std::string> compiler;      // -Xcompiler values and flags g++ takes as they are (-fPIC, -pthread)
    std::vector<std::string> linker;        // -l, -L, -Xlinker values, -shared
    std::vector<std::string> ignored;       // GPU-only flags, for the one-line note
    bool forward_unknown = false;           // -forward-unknown-to-host-compiler: unknown options go to g++
    std::optional<SourceLanguage> language; // -x cu|c++|c: every source file in that language
    bool relocatable_device_code = false;   // -rdc=true or -dc: device code may call across files
    bool keep = false;                      // --keep: the rewritten C++ of each .cu is kept
    std::filesystem::path keep_dir;         // --keep-dir: where (default: the current directory)
    // Dependency output as nvcc writes it (-M, -MD, -MMD, -MF, -MT).
    bool dependencies_only = false;         // -M: print the dependencies, compile nothing
    bool write_dependencies = false;        // -MD / -MMD
    std::filesystem::path dependency_file;  // -MF
    std::string dependency_target;          // -MT
};

// What an nvcc command asks for, beyond the flags.
struct NvccCommand {
    CompileFlags flags;
    std::vector<std::filesystem::path> inputs;  // .cu, .cpp/.cc/.cxx/.c, .o, .a, .so
    std::filesystem::path output;               // -o
    bool compile_only = false;                  // -c, -dc
    bool library = false;                       // -lib: the objects into a static library
    bool preprocess_only = false;               // -E: the preprocessed source, to -o or stdout
    bool version = false;                       // --version
    bool device_link = false;                   // -dlink
    bool verbose = false;                       // -v: the commands simt runs, on stderr
};

// Thrown for a flag simt does not know or one that lacks its value; the
// message names it.
struct FlagError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Consumes the flag at args[i] (and its value) into `flags` and returns true,
// moving i past it; returns false, i unchanged, when args[i] is not an nvcc
// compile or link flag. Throws FlagError for a known flag without its value
// or with a value simt cannot honour (-std=c++11).
bool take_compile_flag(const std::vector<std::string>& args, std::size_t& i, CompileFlags& flags);

// Words as a shell splits them (an options file's text).
std::vector<std::string> split_options(const std::string& text);

// A whole nvcc command line (without the program name); `--options-file F`,
// `-optf F` and `@F` are replaced by the options in F (CMake writes them).
NvccCommand parse_nvcc_command(const std::vector<std::string>& args);

// Whether nvcc would treat the file as CUDA source, by its suffix.
bool is_cuda_source(const std::filesystem::path& file);
// The language `source` is compiled in: -x's, else its suffix's.
SourceLanguage language_of(const std::filesystem::path& source, const CompileFlags& flags);
bool is_host_source(const std::filesystem::path& file);
// A host source nvcc hands to the host compiler as C (.c): it is compiled as
// C, not C++ (K&R definitions, a function that flows off its end).
bool is_c_source(const std::filesystem::path& file);

}  // namespace simt::tool
