#include "checkers/uninitialised_shared_read.h"

#include "checkers/shared_symbols.h"

namespace simt::check {

void report_uninitialised_shared_read(driver::HazardLog& log, std::uint64_t block_linear, const LaunchInfo& launch,
                                      const AccessEvent& e) {
    using driver::HazardKey, driver::HazardReport, driver::Rule, driver::Severity;
    log.record(block_linear, HazardKey{Rule::InitUninitialisedRead, e.pc, e.pc}, Severity::Error, [&] {
        HazardReport r;
        r.rule = Rule::InitUninitialisedRead;
        r.severity = Severity::Error;
        r.kernel = launch.kernel;
        r.space = MemorySpace::Shared;
        r.location = describe_shared(e.shared_offset, launch.static_shared_bytes, e.size);
        r.current = driver::HazardAccess{e.who, e.kind, e.size, e.pc};
        r.why = "no thread of this block has written these shared bytes yet, so the read returns whatever an earlier "
                "block left there";
        r.fix = "write the element before reading it (and put a __syncthreads() between the write and the read)";
        return r;
    });
}

}  // namespace simt::check
