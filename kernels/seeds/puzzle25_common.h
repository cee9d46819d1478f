// Shared by the puzzle 25 programs: CUDA error checks and printing float32
// lists the way the seed document (Mojo/Python) prints them.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t err_ = (call);                                              \
        if (err_ != cudaSuccess) {                                              \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,            \
                         cudaGetErrorString(err_));                             \
            std::exit(1);                                                       \
        }                                                                       \
    } while (0)

// Formats a float32 like Mojo/Python print it: the shortest decimal that
// reads back as the same float32, in positional notation, with ".0" on
// integral values.
static std::string format_float32(float value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    char buf[64];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*e", digits - 1, value);
        if (std::strtof(buf, nullptr) == value) break;
    }
    // buf holds [-]d[.ddd]e[+-]XX; split into sign, digits and exponent.
    std::string text(buf);
    std::string sign;
    if (text[0] == '-') { sign = "-"; text.erase(0, 1); }
    const size_t e = text.find('e');
    const int exponent = std::atoi(text.c_str() + e + 1);
    std::string mantissa;
    for (size_t i = 0; i < e; ++i)
        if (text[i] != '.') mantissa += text[i];
    while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
    if (exponent < -4 || exponent >= 16) {
        std::string out = sign + mantissa.substr(0, 1);
        if (mantissa.size() > 1) out += "." + mantissa.substr(1);
        char exp_text[16];
        std::snprintf(exp_text, sizeof exp_text, "e%+03d", exponent);
        return out + exp_text;
    }
    std::string int_part, frac_part;
    if (exponent < 0) {
        int_part = "0";
        frac_part = std::string(-exponent - 1, '0') + mantissa;
    } else if (static_cast<int>(mantissa.size()) <= exponent + 1) {
        int_part = mantissa + std::string(exponent + 1 - mantissa.size(), '0');
        frac_part = "0";
    } else {
        int_part = mantissa.substr(0, exponent + 1);
        frac_part = mantissa.substr(exponent + 1);
    }
    return sign + int_part + "." + frac_part;
}

static void print_output(const float* values, int n) {
    std::string line = "output: [";
    for (int i = 0; i < n; ++i) {
        if (i > 0) line += ", ";
        line += format_float32(values[i]);
    }
    line += "]";
    std::printf("%s\n", line.c_str());
}
