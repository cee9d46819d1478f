// A hazard found by a checker, as data. Printers (text, JSON, SARIF) format
// it; they add no logic of their own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "driver/rule.h"
#include "emulator/checker.h"

namespace simt::driver {

enum class Severity : std::uint8_t { Note, Warning, Error };

struct HazardAccess {
    ThreadId who;
    AccessKind kind = AccessKind::Read;
    std::uint32_t size = 0;
    const void* pc = nullptr;
    bool by_host = false;  // host code's access: no thread, `who` unused
};

// "thread (x,y,z) of block (x,y,z) (warp w, lane l)", or "the host thread".
inline std::string describe_who(const HazardAccess& a) { return a.by_host ? "the host thread" : describe(a.who); }

struct HazardReport {
    Rule rule = Rule::RaceReadAfterWrite;
    std::string detail;      // ApiError: the error's name (driver/rules.inc)
    Severity severity = Severity::Error;
    std::string kernel;      // or, on_host, the runtime call
    bool on_host = false;    // found in a runtime call on the host: no kernel, thread or block
    MemorySpace space = MemorySpace::Shared;
    std::string location;    // "tile[3][5] (__shared__ float tile[16][17], byte offset 348)"
    HazardAccess current;    // the access that found the hazard
    HazardAccess previous;   // the earlier, unordered access (pc == nullptr: none)
    std::string why;         // one sentence
    std::string fix;         // one sentence
    // A fault's own complete text (driver/fault_report.h); "" for hazards,
    // whose printers compose their text from the fields above.
    std::string message;
    // Work that needs source lines (symbolising) is deferred to here: it runs
    // once per group, on the host thread after the launch, never on a fiber
    // stack or per instance. Returns false when the group is not a hazard
    // after all (e.g. two code addresses of one source line).
    std::function<bool(HazardReport&)> complete;
};

inline const char* family_name(const HazardReport& r) { return family_name(r.rule); }
inline std::string kind_text(const HazardReport& r) { return kind_text(r.rule, r.detail); }
inline std::string rule_id(const HazardReport& r) { return rule_id(r.rule, r.detail); }

}  // namespace simt::driver
