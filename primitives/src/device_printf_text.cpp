#include "device_printf_text.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cwchar>

namespace simt::cuda {
namespace {

// One conversion, formatted by the C library from its own spec.
template <typename T>
void append(std::string& out, const std::string& spec, T value) {
    char small[128];
    const int n = std::snprintf(small, sizeof small, spec.c_str(), value);
    if (n < 0) return;
    if (std::size_t(n) < sizeof small) {
        out.append(small, std::size_t(n));
        return;
    }
    std::string big(std::size_t(n) + 1, '\0');
    std::snprintf(big.data(), big.size(), spec.c_str(), value);
    out.append(big.data(), std::size_t(n));
}

}  // namespace

DevicePrintf device_printf(const char* format, va_list args) {
    std::string out;
    int arguments = 0;
    for (const char* c = format; *c != '\0';) {
        if (*c != '%') {
            const char* next = std::strchr(c, '%');
            const std::size_t n = next == nullptr ? std::strlen(c) : std::size_t(next - c);
            out.append(c, n);
            c += n;
            continue;
        }
        const char* start = c++;
        if (*c == '%') {
            out += '%';
            ++c;
            continue;
        }
        std::string spec = "%";
        int stars = 0;
        for (; *c != '\0' && std::strchr("-+ #0", *c) != nullptr; ++c) spec += *c;
        if (*c == '*') {  // a width argument; a negative one left-justifies
            spec += std::to_string(va_arg(args, int));
            ++stars;
            ++c;
        } else {
            for (; *c >= '0' && *c <= '9'; ++c) spec += *c;
        }
        if (*c == '.') {
            ++c;
            if (*c == '*') {
                // An H100 prints a conversion with a `*` precision as written
                // and reads no argument for it (docs/gpu-runs/printf.md).
                for (++c; *c != '\0' && std::strchr("hlLqjzt", *c) != nullptr; ++c) {
                }
                if (*c != '\0') ++c;
                out.append(start, std::size_t(c - start));
                continue;
            } else {
                spec += '.';
                for (; *c >= '0' && *c <= '9'; ++c) spec += *c;
            }
        }
        std::string length;
        for (; *c != '\0' && std::strchr("hlLqjzt", *c) != nullptr; ++c) length += *c;
        const char conversion = *c;
        if (conversion == '\0') {
            out.append(start);  // a format that ends inside a conversion: as written
            break;
        }
        ++c;
        arguments += stars + 1;  // what CUDA's printf returns counts, a * width included
        const std::string full = spec + length + conversion;
        switch (conversion) {
            case 'd':
            case 'i':
                if (length == "ll" || length == "q") append(out, full, va_arg(args, long long));
                else if (length == "l") append(out, full, va_arg(args, long));
                else if (length == "j") append(out, full, va_arg(args, std::intmax_t));
                else if (length == "z") append(out, full, va_arg(args, std::size_t));
                else if (length == "t") append(out, full, va_arg(args, std::ptrdiff_t));
                else append(out, full, va_arg(args, int));  // hh and h arrive promoted to int
                break;
            case 'o':
            case 'u':
            case 'x':
            case 'X':
                if (length == "ll" || length == "q") append(out, full, va_arg(args, unsigned long long));
                else if (length == "l") append(out, full, va_arg(args, unsigned long));
                else if (length == "j") append(out, full, va_arg(args, std::uintmax_t));
                else if (length == "z") append(out, full, va_arg(args, std::size_t));
                else if (length == "t") append(out, full, va_arg(args, std::ptrdiff_t));
                else append(out, full, va_arg(args, unsigned));
                break;
            case 'c':
                if (length == "l") append(out, full, static_cast<std::wint_t>(va_arg(args, unsigned)));
                else append(out, full, va_arg(args, int));
                break;
            case 's':
                if (length == "l") append(out, full, va_arg(args, const wchar_t*));
                else append(out, full, va_arg(args, const char*));
                break;
            case 'p':
                append(out, full, va_arg(args, void*));
                break;
            case 'f':
            case 'F':
            case 'e':
            case 'E':
            case 'g':
            case 'G':
            case 'a':
            case 'A':
                // A GPU's arithmetic makes the canonical NaN, whose sign bit
                // is clear (an H100 prints "nan"); x86's sets it ("-nan").
                if (length == "L") {
                    const long double v = va_arg(args, long double);
                    append(out, full, std::isnan(v) ? std::fabs(v) : v);
                } else {
                    const double v = va_arg(args, double);
                    append(out, full, std::isnan(v) ? std::fabs(v) : v);
                }
                break;
            case 'n':
                (void)va_arg(args, void*);  // writes nothing: a GPU's printf has no %n
                break;
            default:
                out.append(start, std::size_t(c - start));  // not a conversion: as written
        }
    }
    return {out, arguments};
}

}  // namespace simt::cuda
