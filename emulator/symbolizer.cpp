#include "emulator/symbolizer.h"

#include <backtrace.h>
#include <cxxabi.h>
#include <link.h>

#include <cstdlib>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace simt {
namespace {

// libbacktrace builds its tables from every loaded object, and follows a
// library's .gnu_debuglink into /usr/lib/debug: with libc6-dbg installed
// (valgrind brings it) a program spent ~95 ms inflating libc's compressed
// debug sections before its first report. simt names lines of the program
// only, so while libbacktrace builds its tables it is shown no library
// (SIMT_PROGRAM_LINK_OPTIONS wraps dl_iterate_phdr); a line in a library is
// then unknown on every machine alike, whatever debug packages it has.
// (Named simt::symbolizer_*: checkers/shared_symbols.cpp takes that for the
// runtime's own thread-local state, not a __shared__ variable.)
thread_local bool symbolizer_building_tables = false;

struct BuildingTables {
    BuildingTables() { symbolizer_building_tables = true; }
    ~BuildingTables() { symbolizer_building_tables = false; }
};

backtrace_state* state() {
    static backtrace_state* s = backtrace_create_state(nullptr, /*threaded=*/1, nullptr, nullptr);
    return s;
}

// libbacktrace's first lookup builds its tables; lookups are serialised.
// Both are never destroyed: reports are also printed from atexit handlers,
// which may run after function-local statics have been destroyed.
std::mutex& lookup_mutex() {
    static std::mutex* mutex = new std::mutex;
    return *mutex;
}

// Directories whose frames a report skips: a path starting with one, or
// containing it after a '/' when it is relative (an installed copy).
std::vector<std::string>& hidden_directories() {
    static auto* directories = new std::vector<std::string>;
    return *directories;
}
bool in_hidden_directory(const std::string& file) {
    for (const std::string& d : hidden_directories()) {
        if (d.empty()) continue;
        if (d.front() == '/' ? file.rfind(d, 0) == 0 : file.find("/" + d) != std::string::npos) return true;
    }
    return false;
}

int on_frame(void* data, std::uintptr_t, const char* file, int line, const char* function) {
    auto* out = static_cast<SourceLocation*>(data);
    if (file == nullptr) return 0;  // keep looking
    const bool is_hidden = in_hidden_directory(file);
    // libbacktrace reports the innermost inlined frame first: take the first
    // frame outside the CUDA layer, or the innermost one if all are inside.
    if (out->file.empty() || !is_hidden) {
        out->file = file;
        out->line = line;
        out->function = function != nullptr ? function : "";
        int status = 0;
        char* readable = function != nullptr ? abi::__cxa_demangle(function, nullptr, nullptr, &status) : nullptr;
        if (status == 0 && readable != nullptr) out->function = readable;
        std::free(readable);
    }
    return is_hidden ? 0 : 1;
}

void on_symbol(void* data, std::uintptr_t, const char* symbol, std::uintptr_t, std::uintptr_t) {
    if (symbol != nullptr) *static_cast<std::string*>(data) = symbol;
}

void on_error(void*, const char*, int) {}

}  // namespace

SourceLocation locate(const void* pc) {
    SourceLocation where;
    if (pc == nullptr) return where;
    std::lock_guard<std::mutex> lock(lookup_mutex());
    const BuildingTables only_the_program;
    backtrace_pcinfo(state(), reinterpret_cast<std::uintptr_t>(pc) - 1, &on_frame, &on_error,
                     &where);
    return where;
}

void hide_frames_under(std::string directory) { hidden_directories().push_back(std::move(directory)); }

std::string function_name(const void* function) {
    std::string mangled;
    {
        std::lock_guard<std::mutex> lock(lookup_mutex());
        const BuildingTables only_the_program;
        backtrace_syminfo(state(), reinterpret_cast<std::uintptr_t>(function), &on_symbol,
                          &on_error, &mangled);
    }
    if (mangled.empty()) return mangled;
    int status = 0;
    char* readable = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
    std::string result = status == 0 && readable != nullptr ? readable : mangled;
    std::free(readable);
    return result;
}

std::string describe(const void* pc) {
    SourceLocation where = locate(pc);
    if (where.file.empty()) {
        char text[32];
        std::snprintf(text, sizeof text, "%p", pc);
        return text;
    }
    std::string::size_type slash = where.file.rfind('/');
    std::string name = slash == std::string::npos ? where.file : where.file.substr(slash + 1);
    return name + ":" + std::to_string(where.line);
}

}  // namespace simt

// Linked with --wrap=dl_iterate_phdr, every call in the program comes here;
// built without it (the engine's own tests), nothing calls this.
using PhdrCallback = int (*)(dl_phdr_info*, std::size_t, void*);
extern "C" int __real_dl_iterate_phdr(PhdrCallback callback, void* data) __attribute__((weak));
extern "C" int __wrap_dl_iterate_phdr(PhdrCallback callback, void* data) {
    using Iterate = int (*)(PhdrCallback, void*);
    const Iterate real = __real_dl_iterate_phdr != nullptr ? __real_dl_iterate_phdr : dl_iterate_phdr;
    if (!simt::symbolizer_building_tables) return real(callback, data);
    // The program itself is the object with no name (libbacktrace takes
    // its load address from here).
    struct Program {
        PhdrCallback callback;
        void* data;
    } program{callback, data};
    return real(
        [](dl_phdr_info* info, std::size_t size, void* p) {
            auto* program = static_cast<Program*>(p);
            return info->dlpi_name == nullptr || *info->dlpi_name == '\0' ? program->callback(info, size, program->data) : 0;
        },
        &program);
}
