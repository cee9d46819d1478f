#include "tools/nvcc_driver.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "simt_build_config.h"
#include "tools/device_linkage.h"
#include "tools/diagnostics.h"
#include "tools/install_layout.h"
#include "tools/nvcc_flags.h"
#include "tools/program_build.h"
#include "tools/version.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

constexpr const char* kUsage =
    "usage: simt nvcc [nvcc options] FILE...\n"
    "Builds CUDA programs for simt's CPU backend with nvcc's command line.\n"
    "  -c, -dc              compile each .cu/.cpp to an object (-o names it when there is one input)\n"
    "  -o FILE              the object or executable (default a.out)\n"
    "  -lib                 compile the sources into a static library (-o names it; default a.a)\n"
    "  -E                   preprocess only, to -o or standard output\n"
    "  -I, -isystem, -D, -U, -include, -std=c++14|17|20, -O0..3, -g, -Xcompiler\n"
    "  -x cu|c++|c          compile every source file as CUDA, C++ or C, whatever its suffix\n"
    "  -l, -L, -Xlinker     link options (-lcudart is simt's runtime)\n"
    "  -M, -MD, -MMD, -MF, -MT   dependency files as nvcc writes them\n"
    "  --keep, --keep-dir D keep the C++ each .cu file became (NAME.simt.cpp)\n"
    "  --threads N, -ccbin  accepted (one architecture to build; simt's own host compiler)\n"
    "GPU-only options (-arch, -gencode, -rdc, -lineinfo, -G, --use_fast_math, --expt-*) are accepted and\n"
    "ignored, with a note; -w or SIMT_NVCC_QUIET=1 in the environment silences it.\n"
    "The program runs under simt's checks; SIMT_OPTIONS sets its options (docs/options.md).\n";

int fail(const std::string& message) {
    std::cerr << "simt nvcc: error: " << message << "\n";
    return 2;
}

fs::path object_for(const fs::path& source) { return fs::path(source.filename()).replace_extension(".o"); }

// nvcc's refusal of a file whose device code calls a __device__ function
// defined elsewhere, without -rdc=true or -dc (device_linkage.h): its
// message and exit status, then how to build it. 0 when there is none.
int refuse_unresolved_device_call(const fs::path& source, const fs::path& object, const CompileFlags& flags) {
    if (flags.relocatable_device_code || language_of(source, flags) != SourceLanguage::Cuda) return 0;
    const std::optional<std::string> symbol = unresolved_device_function(source, object);
    if (!symbol) return 0;
    std::cerr << "ptxas fatal   : Unresolved extern function '" << *symbol << "'\n"
              << "simt nvcc: " << source.string() << " calls a __device__ function it does not define: as with nvcc, "
              << "device code across files needs -rdc=true (or -dc)\n";
    return 255;
}

// nvcc -v's lines that build systems read, in nvcc's words, on standard
// error. CMake's identification of a CUDA compiler given alone
// (-DCMAKE_CUDA_COMPILER=..., CMakeDetermineCUDACompiler.cmake) takes the
// toolkit from TOP, requires NVVMIR_LIBRARY_DIR to end in nvvm/libdevice,
// and takes the host link from the line that holds LIBRARIES' text: here
// simt's toolkit directory, whose libcudart_static is a script linking
// simt's runtime (cmake/libcudart.ld.in), so the line is what simt's own
// link amounts to.
void print_nvcc_environment() {
    const std::string top = install_layout().toolkit_dir;
    std::cerr << "#$ _NVVM_BRANCH_=nvvm\n"
              << "#$ TOP=" << top << "\n"
              << "#$ NVVMIR_LIBRARY_DIR=" << top << "/nvvm/libdevice\n"
              << "#$ INCLUDES=\"-I" << top << "/include\"\n"
              << "#$ LIBRARIES=  \"-L" << top << "/lib64\"\n";
}

// The steps of a compile and link, as nvcc -v names them (CMake reads the
// architecture compiled for and the host link's libraries from them).
void print_nvcc_steps(const fs::path& output) {
    const std::string top = install_layout().toolkit_dir;
    std::cerr << "#$ simt: device code for -arch compute_90 is compiled with the host code, for the CPU\n"
              << "#$ " << SIMT_CONFIG_CXX << " \"-L" << top << "/lib64\" -lcudadevrt -lcudart_static -lrt -lpthread -ldl -o \""
              << output.string() << "\"\n";
}

}  // namespace

int run_nvcc(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "-h" || a == "--help") return std::cout << kUsage, 0;
    // As nvcc, -v's environment lines come first, whatever follows (CMake
    // asks with an argument that is no file: `nvcc -v __cmake_determine_cuda`).
    if (std::find(args.begin(), args.end(), "-v") != args.end() ||
        std::find(args.begin(), args.end(), "--verbose") != args.end())
        print_nvcc_environment();
    NvccCommand command;
    try {
        command = parse_nvcc_command(args);
    } catch (const FlagError& e) {
        return fail(e.what());
    }
    diagnostics::start("simt nvcc", command.verbose);
    if (command.version) {
        // nvcc's shape, then simt's own line: CMake identifies nvcc by the
        // first line, scripts read "release X.Y" and "VX.Y.Z".
        std::cout << "nvcc: NVIDIA (R) Cuda compiler driver\n"
                  << "Cuda compilation tools, release " << SIMT_CONFIG_CUDA_VERSION << ", V" << SIMT_CONFIG_CUDA_VERSION
                  << ".0\n"
                  << simt_version() << "\n";
        return 0;
    }
    // -w and --disable-warnings (also from an options file) are g++'s -w by now.
    const char* quiet = std::getenv("SIMT_NVCC_QUIET");
    const std::vector<std::string>& host = command.flags.compiler;
    const bool silenced = (quiet != nullptr && *quiet != '\0' && std::string(quiet) != "0") ||
                          std::find(host.begin(), host.end(), "-w") != host.end();
    if (!command.flags.ignored.empty() && !silenced) {
        std::string note;
        for (const std::string& f : command.flags.ignored) note += " " + f;
        std::cerr << "simt nvcc: note: GPU-only options ignored:" << note << "\n";
    }
    std::vector<fs::path> sources, objects;
    for (const fs::path& input : command.inputs)
        (is_cuda_source(input) || is_host_source(input) ? sources : objects).push_back(input);
    if (command.inputs.empty()) return fail("no input files");
    try {
        if (command.flags.dependencies_only) {
            std::string rules;
            for (const fs::path& source : sources)
                rules += dependency_rule(source, command.flags, object_for(source).string());
            if (command.flags.dependency_file.empty()) {
                std::cout << rules;
            } else if (!(std::ofstream(command.flags.dependency_file, std::ios::binary) << rules)) {
                return fail("cannot write " + command.flags.dependency_file.string());
            }
            return 0;
        }
        if (command.preprocess_only) {
            if (sources.size() > 1 && !command.output.empty())
                return fail("-o with -E names one file, but there are " + std::to_string(sources.size()) + " sources");
            for (const fs::path& source : sources) preprocess(source, command.flags, command.output);
            return 0;
        }
        if (command.device_link) {
            // nvcc's device link (separable compilation) joins GPU code; on
            // the CPU the host link does it all, so the step's object is empty.
            if (command.output.empty()) return fail("-dlink needs -o");
            empty_object(command.output);
            return 0;
        }
        if (command.compile_only) {
            if (!objects.empty()) return fail(objects.front().string() + " is already an object: -c compiles sources");
            if (sources.size() > 1 && !command.output.empty())
                return fail("-o with -c names one object, but there are " + std::to_string(sources.size()) + " sources");
            for (const fs::path& source : sources) {
                const fs::path object = command.output.empty() ? object_for(source) : command.output;
                compile_object(source, command.flags, object);
                if (const int refused = refuse_unresolved_device_call(source, object, command.flags)) {
                    std::error_code ignored;
                    fs::remove(object, ignored);  // nvcc writes none
                    return refused;
                }
            }
            return 0;
        }
        // Compile and link (or archive): the sources' objects are temporaries.
        const fs::path output = !command.output.empty() ? command.output : command.library ? fs::path("a.a") : fs::path("a.out");
        std::vector<fs::path> inputs;
        std::vector<fs::path> temporaries;
        struct Cleanup {
            std::vector<fs::path>& files;
            ~Cleanup() {
                std::error_code ignored;
                for (const fs::path& f : files) fs::remove(f, ignored);
            }
        } cleanup{temporaries};
        for (const fs::path& input : command.inputs) {
            if (!is_cuda_source(input) && !is_host_source(input)) {
                inputs.push_back(input);
                continue;
            }
            const fs::path object = fs::path(output.string() + "-" + std::to_string(temporaries.size()) + "-" +
                                             object_for(input).string());
            temporaries.push_back(object);
            CompileFlags flags = command.flags;
            flags.write_dependencies = false;
            compile_object(input, flags, object);
            if (const int refused = refuse_unresolved_device_call(input, object, flags)) return refused;
            inputs.push_back(object);
        }
        if (command.library) {
            archive(inputs, output);
        } else {
            if (command.verbose) print_nvcc_steps(output);
            link_program(inputs, command.flags, output);
        }
        return 0;
    } catch (const BuildFailure& e) {
        return fail(e.what());
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

}  // namespace simt::tool
