// Where the __shared__ variables lie in the static shared window (the
// executable's TLS block, which also holds simt's own thread-local state).
// The CUDA layer finds and names them; the engine checks every access
// against them: a byte outside every variable (a guard zone the rewriter laid
// after an array, padding, simt's own state) is out of bounds, so an overrun
// is reported and not performed however far it goes within the window.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace simt {

struct SharedVariable {
    std::uint32_t offset = 0;  // in the static shared window
    std::uint32_t size = 0;    // its declared bytes
    std::string name;          // for reports, e.g. "tile (float[16][16])"
};

class StaticSharedLayout {
public:
    StaticSharedLayout(std::vector<SharedVariable> variables, std::size_t window)
        : variables_(std::move(variables)) {
        const std::uint32_t none = std::uint32_t(variables_.size() + 1);
        owner_.assign(window, none);
        for (const SharedVariable& v : variables_)
            for (std::uint32_t b = v.offset; b < v.offset + v.size && b < window; ++b) owner_[b] = 0;
        // Every other byte belongs to the variable that ends before it.
        std::uint32_t before = none;
        for (std::size_t b = 0; b < window; ++b) {
            if (owner_[b] == 0) {
                before = 0;
                continue;
            }
            if (before == 0) before = index_ending_at(std::uint32_t(b)) + 1;
            owner_[b] = before;
        }
        inside_.assign(window + kMaxAccess, 0);
        for (std::size_t b = 0; b < window; ++b) inside_[b] = owner_[b] == 0;
    }

    // Whether [offset, offset + size) lies inside variables, for an offset
    // inside the window and a size of 1 to kMaxAccess (every access checks
    // this: its two ends, with no bounds test).
    bool inside(std::uint32_t offset, std::uint32_t size) const {
        return (inside_[offset] & inside_[offset + size - 1]) != 0;
    }
    static constexpr std::uint32_t kMaxAccess = 16;

    // The variable that [offset, offset + size) ran past (the nearest one
    // before it), the unnamed `outside()` when no variable precedes it, or
    // nullptr when both ends lie inside variables.
    const SharedVariable* overrun(std::uint32_t offset, std::uint32_t size) const {
        const std::uint32_t last = offset + (size == 0 ? 0 : size - 1);
        std::uint32_t i = offset < owner_.size() ? owner_[offset] : 0;
        if (i == 0 && last < owner_.size()) i = owner_[last];
        if (i == 0) return nullptr;
        return i <= variables_.size() ? &variables_[i - 1] : &outside_;
    }
    const std::vector<SharedVariable>& variables() const { return variables_; }
    static bool is_outside(const SharedVariable* v) { return v != nullptr && v->name.empty(); }

private:
    std::uint32_t index_ending_at(std::uint32_t end) const {
        std::uint32_t best = 0;
        for (std::uint32_t i = 0; i < variables_.size(); ++i)
            if (variables_[i].offset + variables_[i].size == end) best = i;
        return best;
    }
    std::vector<SharedVariable> variables_;
    std::vector<std::uint32_t> owner_;  // per window byte: 0 inside a variable, else 1 + index of the one before
    std::vector<std::uint8_t> inside_;  // per window byte (and kMaxAccess past it): 1 inside a variable
    SharedVariable outside_;
};

}  // namespace simt
