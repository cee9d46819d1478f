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

namespace simt::check {
namespace {

struct TlsSymbol {
    std::uint64_t size;  // the variable's own bytes (without a guard zone)
    std::string name;
    bool guarded = false;  // laid out by the source rewriter with a guard after it
};

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

std::map<std::uint64_t, TlsSymbol> load_tls_symbols() {
    std::map<std::uint64_t, TlsSymbol> symbols;
    // Mapped, not read: only the symbol and string tables are touched (the
    // executable is mostly debug information).
    const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return symbols;
    struct stat st {};
    if (fstat(fd, &st) != 0 || std::size_t(st.st_size) < sizeof(Elf64_Ehdr)) {
        close(fd);
        return symbols;
    }
    void* mapped = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) return symbols;
    struct Unmap {
        void* p;
        std::size_t n;
        ~Unmap() { munmap(p, n); }
    } unmap{mapped, std::size_t(st.st_size)};
    const std::string_view image(static_cast<const char*>(mapped), std::size_t(st.st_size));
    const auto* eh = reinterpret_cast<const Elf64_Ehdr*>(image.data());
    if (eh->e_shoff == 0 || eh->e_shoff + eh->e_shnum * sizeof(Elf64_Shdr) > image.size()) return symbols;
    const auto* sh = reinterpret_cast<const Elf64_Shdr*>(image.data() + eh->e_shoff);
    for (unsigned i = 0; i < eh->e_shnum; ++i) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) continue;
        const Elf64_Shdr& strtab = sh[sh[i].sh_link];
        const auto* sym = reinterpret_cast<const Elf64_Sym*>(image.data() + sh[i].sh_offset);
        const std::size_t count = sh[i].sh_size / sizeof(Elf64_Sym);
        for (std::size_t k = 0; k < count; ++k) {
            if (ELF64_ST_TYPE(sym[k].st_info) != STT_TLS || sym[k].st_size == 0) continue;
            const char* name = image.data() + strtab.sh_offset + sym[k].st_name;
            TlsSymbol symbol{sym[k].st_size, readable(name)};
            // "k::simt_shared_tile" holds k's tile and its guard zone.
            const std::string::size_type last = symbol.name.rfind("::");
            const std::string::size_type at = last == std::string::npos ? 0 : last + 2;
            if (symbol.name.compare(at, 12, "simt_shared_") == 0 && symbol.size > kSharedGuardBytes) {
                symbol.name.erase(at, 12);
                symbol.size -= kSharedGuardBytes;
                symbol.guarded = true;
            }
            symbols[sym[k].st_value] = symbol;
        }
    }
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

std::vector<GuardedArray> guarded_shared_arrays() {
    std::vector<GuardedArray> arrays;
    for (const auto& [offset, symbol] : tls_symbols())
        if (symbol.guarded)
            arrays.push_back(GuardedArray{std::uint32_t(offset), std::uint32_t(symbol.size),
                                          std::uint32_t(kSharedGuardBytes), symbol.name});
    return arrays;
}

}  // namespace simt::check
