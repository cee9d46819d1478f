#include "driver/rule.h"

namespace simt::driver {
namespace {

struct RuleRow {
    Family family;
    const char* kind;
    const char* why;
    const char* fix;
};

constexpr RuleRow kRules[] = {
#define SIMT_RULE(id, family, kind, why, fix) {Family::family, kind, why, fix},
#include "driver/rules.inc"
#undef SIMT_RULE
};

}  // namespace

Rule race_rule(RaceOrder order, RaceScope scope) {
    constexpr Rule rules[5][3] = {
        {Rule::RaceReadAfterWrite, Rule::RaceWriteAfterRead, Rule::RaceWriteAfterWrite},
        {Rule::RaceReadAfterWriteIntraWarp, Rule::RaceWriteAfterReadIntraWarp, Rule::RaceWriteAfterWriteIntraWarp},
        {Rule::RaceReadAfterWriteWarpSynchronous, Rule::RaceWriteAfterReadWarpSynchronous,
         Rule::RaceWriteAfterWriteWarpSynchronous},
        {Rule::RaceReadAfterWriteAcrossBlocks, Rule::RaceWriteAfterReadAcrossBlocks,
         Rule::RaceWriteAfterWriteAcrossBlocks},
        {Rule::RaceReadAfterWriteHostAndKernel, Rule::RaceWriteAfterReadHostAndKernel,
         Rule::RaceWriteAfterWriteHostAndKernel},
    };
    return rules[std::size_t(scope)][std::size_t(order)];
}

Family family_of(Rule rule) { return kRules[std::size_t(rule)].family; }
const char* rule_why(Rule rule) { return kRules[std::size_t(rule)].why; }
const char* rule_fix(Rule rule) { return kRules[std::size_t(rule)].fix; }

const char* family_name(Family family) {
    switch (family) {
        case Family::Race: return "race";
        case Family::Shuffle: return "shuffle";
        case Family::Init: return "init";
        case Family::Barrier: return "barrier";
        case Family::WarpSync: return "warp-sync";
        case Family::Memory: return "memory";
        case Family::Fault: return "fault";
        case Family::Api: return "api";
    }
    return "?";
}

std::string kind_text(Rule rule, const std::string& detail) {
    return rule == Rule::ApiError ? detail : std::string(kRules[std::size_t(rule)].kind);
}

std::string rule_id(Rule rule, const std::string& detail) {
    std::string id = std::string(family_name(rule)) + "/";
    for (char c : kind_text(rule, detail)) {
        if (c == ',') continue;
        id += c == ' ' ? '-' : c;
    }
    return id;
}

}  // namespace simt::driver
