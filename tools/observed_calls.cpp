#include "tools/observed_calls.h"

#include <array>
#include <string_view>
#include <utility>

#include "tools/source_text.h"

namespace simt::frontend {
namespace {

struct Route {
    std::string_view from, to;
    bool std_too;  // std::from is routed as well
};
constexpr std::array<Route, 5> kRoutes{{{"__builtin_memcpy", "memcpy", false},
                                        {"__builtin_memmove", "memmove", false},
                                        {"__builtin_memset", "memset", false},
                                        {"malloc", "simt_device_malloc", true},
                                        {"free", "simt_device_free", true}}};

// A call of the global function at `at`: `name (`, not a member (`.name`,
// `->name`), not another namespace's or class's (`x::name`), not declared
// there (`void* malloc(`). Returns where the replaced text starts (before
// `std::` when that qualifies it), or npos.
std::size_t call_start(const SourceText& src, std::size_t at, std::string_view name, bool std_too) {
    const std::size_t next = src.skip_space(at + name.size());
    if (next >= src.size() || src[next] != '(') return std::string_view::npos;
    const std::size_t prev = src.skip_space_back(at);
    if (prev == std::string_view::npos) return at;
    const char p = src[prev];
    if (p == '.' || is_ident(p)) return std::string_view::npos;
    if (p == '>' && prev > 0 && src[prev - 1] == '-') return std::string_view::npos;
    if (p == ':' && prev > 0 && src[prev - 1] == ':') {
        if (!std_too) return std::string_view::npos;
        const std::size_t colons = prev - 1;
        const std::size_t before = src.skip_space_back(colons);
        if (before == std::string_view::npos) return colons;  // ::malloc(
        if (before >= 2 && src.is_word_at(before - 2, "std")) {
            const std::size_t ahead = before >= 3 ? src.skip_space_back(before - 2) : std::string_view::npos;
            if (ahead != std::string_view::npos && (src[ahead] == ':' || is_ident(src[ahead]))) return std::string_view::npos;
            return before - 2;
        }
        return is_ident(src[before]) || src[before] == '>' ? std::string_view::npos : colons;
    }
    return at;
}

}  // namespace

std::string route_observed_calls(const std::string& source) {
    bool any = false;
    for (const Route& r : kRoutes) any = any || source.find(r.from) != std::string::npos;
    if (!any) return source;
    const SourceText src(source);
    std::string out;
    out.reserve(source.size());
    std::size_t copied = 0;
    for (std::size_t at = 0; at < source.size(); ++at) {
        if (!src.code(at) || (at > 0 && is_ident(source[at - 1]))) continue;
        for (const Route& r : kRoutes) {
            if (source[at] != r.from[0] || !src.is_word_at(at, r.from)) continue;
            const std::size_t start = call_start(src, at, r.from, r.std_too);
            if (start == std::string_view::npos || start < copied) break;
            out.append(source, copied, start - copied);
            out.append(r.to);
            copied = at + r.from.size();
            at = copied - 1;
            break;
        }
    }
    out.append(source, copied, std::string::npos);
    return out;
}

}  // namespace simt::frontend
