// What a report is about, typed: printers, grouping and suppressions
// compare rules, never strings. The table is driver/rules.inc.
#pragma once

#include <cstdint>
#include <string>

namespace simt::driver {

// Who reports a rule: a checker (by its `--check` name), the engine's faults,
// or the runtime API.
enum class Family : std::uint8_t { Race, Shuffle, Init, Barrier, WarpSync, Memory, Fault, Api };

enum class Rule : std::uint8_t {
#define SIMT_RULE(id, family, kind, why, fix) id,
#include "driver/rules.inc"
#undef SIMT_RULE
};

// A race rule by its two parts: which access came second, and between whom.
enum class RaceOrder : std::uint8_t { ReadAfterWrite, WriteAfterRead, WriteAfterWrite };
// HostAndKernel: host code and a launch nothing waited for (managed or
// pinned memory the host touches directly).
enum class RaceScope : std::uint8_t { Block, IntraWarp, WarpSynchronous, AcrossBlocks, HostAndKernel };
Rule race_rule(RaceOrder order, RaceScope scope);

Family family_of(Rule rule);
const char* family_name(Family family);  // "race", "warp-sync", ...
inline const char* family_name(Rule rule) { return family_name(family_of(rule)); }
// What follows the family in text and JSON: "RAW, intra-warp"; for ApiError
// the error's name, `detail`.
std::string kind_text(Rule rule, const std::string& detail = {});
// The SARIF rule id: "race/RAW-intra-warp", "api/cudaErrorInvalidValue".
std::string rule_id(Rule rule, const std::string& detail = {});
// What the rule means and how it is usually fixed, true of every instance
// (a report's own why and fix name its lines and lanes).
const char* rule_why(Rule rule);
const char* rule_fix(Rule rule);

}  // namespace simt::driver
