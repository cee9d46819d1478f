#include "tools/device_linkage.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// The text with comments and string literals blanked, so that a pattern
// finds only code.
std::string code_only(const std::string& text) {
    std::string out = text;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out.compare(i, 2, "//") == 0) {
            while (i < out.size() && out[i] != '\n') out[i++] = ' ';
        } else if (out.compare(i, 2, "/*") == 0) {
            const std::size_t end = out.find("*/", i + 2);
            const std::size_t stop = end == std::string::npos ? out.size() : end + 2;
            for (; i < stop; ++i)
                if (out[i] != '\n') out[i] = ' ';
            --i;
        } else if (out[i] == '"') {
            for (++i; i < out.size() && out[i] != '"' && out[i] != '\n'; ++i) {
                if (out[i] == '\\' && i + 1 < out.size()) out[i++] = ' ';
                out[i] = ' ';
            }
        }
    }
    return out;
}

// The names of the __device__ functions the file declares with no body: a
// statement holding __device__ (not __host__) that ends at `;` right after
// the parameter list, `[extern] __device__ int helper(int);`.
std::set<std::string> declared_device_functions(const std::string& code) {
    std::set<std::string> names;
    for (std::size_t at = code.find("__device__"); at != std::string::npos; at = code.find("__device__", at + 1)) {
        const std::size_t begin = code.find_last_of(";{}", at) == std::string::npos ? 0 : code.find_last_of(";{}", at) + 1;
        const std::size_t end = code.find_first_of(";{}", at);
        if (end == std::string::npos || code[end] != ';') continue;  // a definition, or nothing
        const std::string statement = code.substr(begin, end - begin);
        if (statement.find("__host__") != std::string::npos || statement.find('=') != std::string::npos) continue;
        const std::size_t close = statement.find_last_not_of(" \t\r\n");
        if (close == std::string::npos || statement[close] != ')') continue;  // a variable
        const std::size_t open = statement.find('(', at - begin);
        if (open == std::string::npos) continue;
        std::size_t name_end = statement.find_last_not_of(" \t\r\n", open - 1) + 1, name_begin = name_end;
        while (name_begin > 0 && (std::isalnum(static_cast<unsigned char>(statement[name_begin - 1])) || statement[name_begin - 1] == '_'))
            --name_begin;
        if (name_begin < name_end) names.insert(statement.substr(name_begin, name_end - name_begin));
    }
    return names;
}

// "ns::helper<int>(int)" -> "helper".
std::string simple_name(const std::string& demangled) {
    std::string name = demangled.substr(0, demangled.find('('));
    if (const std::size_t angle = name.find('<'); angle != std::string::npos) name.erase(angle);
    if (const std::size_t colons = name.rfind("::"); colons != std::string::npos) name.erase(0, colons + 2);
    if (const std::size_t space = name.rfind(' '); space != std::string::npos) name.erase(0, space + 1);
    return name;
}

}  // namespace

std::optional<std::string> unresolved_device_function(const fs::path& source, const fs::path& object) {
    std::ifstream in(source, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const std::set<std::string> declared = declared_device_functions(code_only(text.str()));
    if (declared.empty()) return std::nullopt;  // the usual case: no nm to run
    const std::string command = "nm -u --format=posix '" + object.string() + "' 2>/dev/null";
    std::FILE* nm = popen(command.c_str(), "r");
    if (nm == nullptr) return std::nullopt;
    std::optional<std::string> found;
    char line[4096];
    while (std::fgets(line, sizeof line, nm) != nullptr) {
        std::string symbol(line);
        symbol = symbol.substr(0, symbol.find(' '));
        int status = 0;
        char* demangled = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
        const std::string name = simple_name(status == 0 && demangled != nullptr ? demangled : symbol);
        std::free(demangled);
        if (!found && declared.count(name) != 0) found = symbol;
    }
    pclose(nm);
    return found;
}

}  // namespace simt::tool
