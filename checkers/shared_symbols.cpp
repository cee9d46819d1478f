#include "checkers/shared_symbols.h"

#include <cxxabi.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>
#include <map>
#include <mutex>
#include <vector>

#include "primitives/include/simt/shared_array.h"

extern "C" char __start_simt_global_space[] __attribute__((weak));

namespace simt::check {
namespace {

struct TlsSymbol {
    std::uint64_t size;  // the variable's own bytes (without a guard zone)
    std::string name;
    bool guarded = false;  // laid out by the source rewriter with a guard after it
};

// simt's own thread-local state shares the executable's TLS block with the
// __shared__ variables; it is never a kernel's to touch. The runtime's
// thread-locals are these (the portable headers' __shared__ variables live in
// other simt namespaces, so they count as the program's). A __shared__
// variable has no initialiser, so it lives in .tbss (a host thread_local with
// an initialiser, in .tdata, is not taken for one). Zeroing runtime state at
// a block's start would break every launch, so a name missing here shows.
bool is_runtime_state(const std::string& name) {
    for (const char* prefix :
         {"simt::check::", "simt::Worker::", "simt::Block::", "simt::prepare_fault_signals", "simt::scheduler_", "simt::symbolizer_",
          "simt::cuda::", "guard variable for ", "std::", "spdlog::", "fmt::", "CLI::", "__",
          "TLS init function", "TLS wrapper function"})
        if (name.rfind(prefix, 0) == 0) return true;
    return false;
}

// "tree_sum(float const*, float*)::s" -> "tree_sum::s"
std::string readable(const char* mangled) {
    int status = 0;
    char* d = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
    std::string s = status == 0 && d != nullptr ? d : mangled;
    std::free(d);
    for (std::string::size_type a; (a = s.find("(anonymous namespace)::")) != std::string::npos;) s.erase(a, 23);
    std::string out;
    int depth = 0;
    for (char c : s) {
        if (c == '(') ++depth;
        if (depth == 0) out += c;
        if (c == ')') --depth;
    }
    return out;
}

// Calls `visit(symbol, name, section)` for each symbol of the executable's
// symbol table. Mapped, not read: only the symbol and string tables are
// touched (the executable is mostly debug information).
template <class Visit>
void for_each_symbol(Visit visit) {
    const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (fstat(fd, &st) != 0 || std::size_t(st.st_size) < sizeof(Elf64_Ehdr)) {
        close(fd);
        return;
    }
    void* mapped = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) return;
    struct Unmap {
        void* p;
        std::size_t n;
        ~Unmap() { munmap(p, n); }
    } unmap{mapped, std::size_t(st.st_size)};
    const std::string_view image(static_cast<const char*>(mapped), std::size_t(st.st_size));
    const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(image.data());
    if (eh->e_shoff == 0 || eh->e_shoff + eh->e_shnum * sizeof(Elf64_Shdr) > image.size()) return;
    const auto* sh = reinterpret_cast<const Elf64_Shdr*>(image.data() + eh->e_shoff);
    const char* section_names =
        eh->e_shstrndx < eh->e_shnum ? image.data() + sh[eh->e_shstrndx].sh_offset : nullptr;
    for (unsigned i = 0; i < eh->e_shnum; ++i) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) continue;
        const Elf64_Shdr& strtab = sh[sh[i].sh_link];
        const auto* sym = reinterpret_cast<const Elf64_Sym*>(image.data() + sh[i].sh_offset);
        const std::size_t count = sh[i].sh_size / sizeof(Elf64_Sym);
        for (std::size_t k = 0; k < count; ++k) {
            if (sym[k].st_shndx >= eh->e_shnum) continue;
            const Elf64_Shdr& section = sh[sym[k].st_shndx];
            const char* section_name = section_names != nullptr ? section_names + section.sh_name : "";
            visit(sym[k], image.data() + strtab.sh_offset + sym[k].st_name, section, section_name);
        }
    }
}

std::map<std::uint64_t, TlsSymbol> load_tls_symbols() {
    std::map<std::uint64_t, TlsSymbol> symbols;
    for_each_symbol([&](const Elf64_Sym& sym, const char* name, const Elf64_Shdr& section, const char*) {
        if (ELF64_ST_TYPE(sym.st_info) != STT_TLS || sym.st_size == 0) return;
        if (section.sh_type != SHT_NOBITS) return;
        TlsSymbol symbol{sym.st_size, readable(name)};
        if (is_runtime_state(symbol.name)) return;
        // "k::simt_shared_tile" holds k's tile and its guard zone.
        const std::string::size_type last = symbol.name.rfind("::");
        const std::string::size_type at = last == std::string::npos ? 0 : last + 2;
        if (symbol.name.compare(at, 12, "simt_shared_") == 0 && symbol.size > kSharedGuardBytes) {
            symbol.name.erase(at, 12);
            symbol.size -= kSharedGuardBytes;
            symbol.guarded = true;
        }
        symbols[sym.st_value] = symbol;
    });
    return symbols;
}

const std::map<std::uint64_t, TlsSymbol>& tls_symbols() {
    static const std::map<std::uint64_t, TlsSymbol> symbols = load_tls_symbols();
    return symbols;
}

}  // namespace

std::string describe_shared(std::uint32_t offset, std::uint32_t static_bytes, std::uint32_t size) {
    if (offset >= static_bytes)
        return "extern __shared__ memory, byte offset " + std::to_string(offset - static_bytes);
    const auto& symbols = tls_symbols();
    auto it = symbols.upper_bound(offset);
    if (it != symbols.begin()) {
        --it;
        const std::uint64_t within = offset - it->first;
        if (within < it->second.size) {
            std::string s = "__shared__ " + it->second.name;
            if (size != 0 && it->second.size > size && within % size == 0)
                s += "[" + std::to_string(within / size) + "]";
            return s + " (byte offset " + std::to_string(within) + " of " + std::to_string(it->second.size) + ")";
        }
    }
    return "static shared memory, byte offset " + std::to_string(offset);
}

std::vector<SharedVariable> static_shared_variables() {
    std::vector<SharedVariable> variables;
    for (const auto& [offset, symbol] : tls_symbols())
        variables.push_back(SharedVariable{std::uint32_t(offset), std::uint32_t(symbol.size), symbol.name});
    return variables;
}

std::vector<DeviceVariable> device_variables() {
    std::vector<DeviceVariable> variables;
    if (__start_simt_global_space == nullptr) return variables;
    for_each_symbol([&](const Elf64_Sym& sym, const char* name, const Elf64_Shdr& section, const char* section_name) {
        if (ELF64_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_size == 0) return;
        if (std::string_view(section_name) != "simt_global_space") return;
        const std::string readable_name = readable(name);
        if (readable_name.find("simt_device_guard_") != std::string::npos) return;
        variables.push_back(DeviceVariable{
            reinterpret_cast<std::uintptr_t>(__start_simt_global_space) + (sym.st_value - section.sh_addr),
            sym.st_size, readable_name});
    });
    return variables;
}

}  // namespace simt::check
