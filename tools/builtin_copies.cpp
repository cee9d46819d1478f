#include "tools/builtin_copies.h"

#include <array>
#include <string_view>

#include "tools/source_text.h"

namespace simt::frontend {

std::string observe_builtin_copies(const std::string& source) {
    constexpr std::string_view kPrefix = "__builtin_";
    constexpr std::array<std::string_view, 3> kNames{"memcpy", "memmove", "memset"};
    if (source.find(kPrefix) == std::string::npos) return source;
    const SourceText src(source);
    std::string out;
    out.reserve(source.size());
    std::size_t copied = 0;
    for (std::size_t at = source.find(kPrefix); at != std::string::npos; at = source.find(kPrefix, at + 1)) {
        if (!src.code(at) || (at > 0 && is_ident(source[at - 1]))) continue;
        for (std::string_view name : kNames) {
            if (!src.is_word_at(at, std::string(kPrefix) + std::string(name))) continue;
            out.append(source, copied, at - copied);
            copied = at + kPrefix.size();  // the name itself stays
            break;
        }
    }
    out.append(source, copied, std::string::npos);
    return out;
}

}  // namespace simt::frontend
