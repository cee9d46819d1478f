#include "driver/text_report.h"

#include <sstream>

#include "emulator/symbolizer.h"

namespace simt::driver {
namespace {

const char* space_name(MemorySpace s) {
    switch (s) {
        case MemorySpace::Shared: return "shared";
        case MemorySpace::Global: return "global";
        case MemorySpace::Constant: return "constant";
    }
    return "?";
}

const char* access_name(AccessKind k) {
    switch (k) {
        case AccessKind::Read: return "read";
        case AccessKind::Write: return "write";
        case AccessKind::Atomic: return "atomic";
    }
    return "?";
}

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 'a' + 'A');
    return s;
}

}  // namespace

std::string format_text(const HazardGroup& group) {
    const HazardReport& r = group.example;
    std::ostringstream s;
    const bool memory = r.current.size != 0;  // shuffles and barriers touch no memory
    s << "simt: " << (r.severity == Severity::Error ? "error" : r.severity == Severity::Warning ? "warning" : "note")
      << ": " << family_name(r) << " hazard (" << kind_text(r) << ")";
    if (memory) s << " on " << space_name(r.space) << " memory";
    s << " in kernel " << r.kernel << "\n";
    if (r.rule == Rule::MemoryLeak) {  // found at exit, on the host: no thread, no kernel
        s.str("");
        s << "simt: " << (r.severity == Severity::Error ? "error" : "warning") << ": memory leak: " << r.location
            << " made at " << describe(r.current.pc) << " was never freed\n  Why: " << r.why << "\n  Fix: " << r.fix
            << "\n";
        if (group.instances > 1) s << "  (" << group.instances << " allocations from this call were never freed)\n";
        return s.str();
    }
    if (r.on_host) {  // a runtime call's: no thread, no kernel
        s.str("");
        s << "simt: error: " << r.kernel << " at " << describe(r.current.pc)
          << (r.rule == Rule::ApiError ? " returned " + kind_text(r) : " made an " + kind_text(r) + " of device memory")
          << "\n  "
          << capitalised(r.location) << "\n  Why: " << r.why << "\n  Fix: " << r.fix << "\n";
        if (group.instances > 1) s << "  (" << group.instances << " calls like this one)\n";
        return s.str();
    }
    if (family_of(r.rule) == Family::Barrier || family_of(r.rule) == Family::WarpSync) {
        // Where threads wait, not what they access.
        const bool barrier = family_of(r.rule) == Family::Barrier;
        const bool spin = r.rule == Rule::WarpSyncSpinWait;
        s << "  " << capitalised(r.location) << "\n  " << capitalised(describe(r.current.who))
          << (barrier ? " waits at " : spin ? " spins at " : " calls the collective at ") << describe(r.current.pc)
          << "\n";
        if (r.previous.pc != nullptr)
            s << "  while " << describe(r.previous.who) << (barrier ? " waits at " : spin ? " writes at " : " is at ")
              << describe(r.previous.pc) << "\n";
        s << "  Why: " << r.why << "\n  Fix: " << r.fix << "\n";
        if (group.instances > 1) s << "  (" << group.instances << " instances of this hazard in this launch)\n";
        return s.str();
    }
    if (memory)
        s << "  " << capitalised(access_name(r.current.kind)) << " of size " << r.current.size << " at ";
    else
        s << "  " << capitalised(family_name(r)) << " from ";
    s << r.location << " by " << describe_who(r.current) << " at " << describe(r.current.pc)
      << "\n";
    if (r.previous.pc != nullptr)
        s << "  Previous " << access_name(r.previous.kind) << " of size " << r.previous.size << " by "
          << describe_who(r.previous) << " at " << describe(r.previous.pc) << "\n";
    s << "  Why: " << r.why << "\n";
    s << "  Fix: " << r.fix << "\n";
    if (group.instances > 1)
        s << "  (" << group.instances << " instances of this hazard in this launch)\n";
    return s.str();
}

}  // namespace simt::driver
