#include "tools/nvcc_driver.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "simt_build_config.h"
#include "tools/diagnostics.h"
#include "tools/nvcc_flags.h"
#include "tools/program_build.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

constexpr const char* kUsage =
    "usage: simt nvcc [nvcc options] FILE...\n"
    "Builds CUDA programs for simt's CPU backend with nvcc's command line.\n"
    "  -c, -dc              compile each .cu/.cpp to an object (-o names it when there is one input)\n"
    "  -o FILE              the object or executable (default a.out)\n"
    "  -I, -isystem, -D, -U, -include, -std=c++14|17|20, -O0..3, -g, -Xcompiler, -x cu\n"
    "  -l, -L, -Xlinker     link options (-lcudart is simt's runtime)\n"
    "  -M, -MD, -MMD, -MF, -MT   dependency files as nvcc writes them\n"
    "GPU-only options (-arch, -gencode, -rdc, -lineinfo, -G, --use_fast_math, --expt-*) are accepted and ignored.\n"
    "The program runs under simt's checks; SIMT_OPTIONS sets its options (docs/options.md).\n";

int fail(const std::string& message) {
    std::cerr << "simt nvcc: error: " << message << "\n";
    return 2;
}

fs::path object_for(const fs::path& source) { return fs::path(source.filename()).replace_extension(".o"); }

}  // namespace

int run_nvcc(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "-h" || a == "--help") return std::cout << kUsage, 0;
    NvccCommand command;
    try {
        command = parse_nvcc_command(args);
    } catch (const FlagError& e) {
        return fail(e.what());
    }
    diagnostics::start("simt nvcc", command.verbose);
    if (command.version) {
        std::cout << "simt nvcc " << SIMT_CONFIG_VERSION << ": nvcc's command line for simt's CPU backend\n";
        return 0;
    }
    if (!command.flags.ignored.empty()) {
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
            for (const fs::path& source : sources)
                compile_object(source, command.flags, command.output.empty() ? object_for(source) : command.output);
            return 0;
        }
        // Compile and link: the sources' objects are temporaries.
        const fs::path output = command.output.empty() ? fs::path("a.out") : command.output;
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
            inputs.push_back(object);
        }
        link_program(inputs, command.flags, output);
        return 0;
    } catch (const BuildFailure& e) {
        return fail(e.what());
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

}  // namespace simt::tool
