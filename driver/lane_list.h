// "0-15, 17": the lanes of a mask, as reports and timelines name them.
#pragma once

#include <cstdint>
#include <string>

namespace simt::driver {

inline std::string lane_list(std::uint64_t lanes) {
    std::string s;
    for (unsigned i = 0; i < 64;) {
        if ((lanes >> i & 1) == 0) {
            ++i;
            continue;
        }
        unsigned j = i;
        while (j + 1 < 64 && (lanes >> (j + 1) & 1) != 0) ++j;
        s += (s.empty() ? "" : ", ") + std::to_string(i);
        if (j > i) s += "-" + std::to_string(j);
        i = j + 1;
    }
    return s;
}

}  // namespace simt::driver
