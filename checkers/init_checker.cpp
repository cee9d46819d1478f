#include "checkers/init_checker.h"

#include <algorithm>
#include <utility>

#include "checkers/shared_symbols.h"

namespace simt::check {
void InitChecker::on_block_begin(const LaunchInfo& launch, Dim3 block) {
    BlockState& s = blocks_.current();
    s.generation = new_block_generation();
    s.launch = &launch;
    s.block_linear = linear_block(launch, block);
}

void InitChecker::on_access(const AccessEvent& e) {
    if (e.space != MemorySpace::Shared) return;
    BlockState& s = blocks_.current();
    const std::uint32_t end = e.shared_offset + e.size;
    const std::size_t needed = (end + 3) / 4;
    if (s.shadow.size() < needed) s.shadow.resize(std::max(needed, s.shadow.size() * 2));
    bool uninitialised = false;
    for (std::uint32_t g = e.shared_offset / 4; g * 4 < end; ++g) {
        const std::uint32_t lo = std::max(e.shared_offset, g * 4), hi = std::min(end, g * 4 + 4);
        const std::uint8_t mask = std::uint8_t(((1u << (hi - lo)) - 1) << (lo - g * 4));
        Granule& cell = s.shadow[g];
        if (cell.generation != s.generation) cell = Granule{s.generation, 0};
        if (e.kind == AccessKind::Read) {
            uninitialised = uninitialised || (cell.written & mask) != mask;
        } else {
            cell.written |= mask;
        }
    }
    if (!uninitialised) return;
    log_.record(s.block_linear, HazardKey{"init", 0, e.pc, e.pc}, Severity::Error, [&] {
        HazardReport r;
        r.checker = "init";
        r.kind = "uninitialised read";
        r.severity = Severity::Error;
        r.kernel = s.launch->kernel;
        r.space = MemorySpace::Shared;
        r.location = describe_shared(e.shared_offset, s.launch->static_shared_bytes, e.size);
        r.current = HazardAccess{e.who, e.kind, e.size, e.pc};
        r.why = "no thread of this block has written these shared bytes yet, so the read returns whatever an earlier "
                "block left there";
        r.fix = "write the element before reading it (and put a __syncthreads() between the write and the read)";
        return r;
    });
}

}  // namespace simt::check
