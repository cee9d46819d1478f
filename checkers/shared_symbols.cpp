#include "checkers/shared_symbols.h"

#include <cxxabi.h>
#include <elf.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <vector>

namespace simt::check {
namespace {

struct TlsSymbol {
    std::uint64_t size;
    std::string name;
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
    std::ifstream in("/proc/self/exe", std::ios::binary);
    const std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (image.size() < sizeof(Elf64_Ehdr)) return symbols;
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
            symbols[sym[k].st_value] = TlsSymbol{sym[k].st_size, readable(name)};
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

}  // namespace simt::check
