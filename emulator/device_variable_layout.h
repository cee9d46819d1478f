// Where the __device__ (and __managed__) variables lie in their section
// (simt_global_space, see memory_spaces.h). The source rewriter lays a guard
// before and after each such declaration, so whichever order the compiler
// emits them in, the bytes past a variable belong to no variable; an access
// that does not lie inside one variable is out of bounds, reported with the
// variable it ran past. The CUDA layer finds and names the variables from
// the executable's symbols (checkers/device_symbols); the engine checks.
// Sparse (a sorted list, not a map of bytes): a __device__ array may be large.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace simt {

struct DeviceVariable {
    std::uintptr_t address = 0;
    std::uint64_t size = 0;
    std::string name;  // for reports, e.g. "table" or "ns::table"
};

class DeviceVariableLayout {
public:
    explicit DeviceVariableLayout(std::vector<DeviceVariable> variables) : variables_(std::move(variables)) {
        std::sort(variables_.begin(), variables_.end(),
                  [](const DeviceVariable& a, const DeviceVariable& b) { return a.address < b.address; });
    }

    // nullptr when [a, a + size) lies inside one variable; else the variable
    // it starts in or ran past (the nearest one before it), or the unnamed
    // `outside()` when none lies before it.
    const DeviceVariable* overrun(std::uintptr_t a, std::uint64_t size) const {
        auto after = std::upper_bound(variables_.begin(), variables_.end(), a,
                                      [](std::uintptr_t x, const DeviceVariable& v) { return x < v.address; });
        if (after == variables_.begin()) return &outside_;
        const DeviceVariable& v = *(after - 1);
        if (a + size <= v.address + v.size) return nullptr;
        return &v;
    }
    // For an access that starts between variables: the next variable when
    // the access lies nearer its start than the previous one's end (an index
    // below 0, as memcheck says "N bytes before"), else nullptr.
    const DeviceVariable* just_before(std::uintptr_t a, std::uint64_t size) const {
        auto after = std::upper_bound(variables_.begin(), variables_.end(), a,
                                      [](std::uintptr_t x, const DeviceVariable& v) { return x < v.address; });
        if (after == variables_.end() || a + size > after->address) return nullptr;
        if (after == variables_.begin()) return &*after;
        const DeviceVariable& v = *(after - 1);
        if (a < v.address + v.size) return nullptr;
        return after->address - (a + size) < a - (v.address + v.size) ? &*after : nullptr;
    }
    bool empty() const { return variables_.empty(); }
    static bool is_outside(const DeviceVariable* v) { return v != nullptr && v->name.empty(); }

private:
    std::vector<DeviceVariable> variables_;
    DeviceVariable outside_;
};

}  // namespace simt
