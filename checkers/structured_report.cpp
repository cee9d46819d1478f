#include "checkers/structured_report.h"

#include <map>
#include <sstream>

#include "checkers/json_text.h"
#include "emulator/symbolizer.h"

namespace simt::check {
namespace {

constexpr const char* kVersion = "0.1.0";

const char* severity_name(Severity s) {
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

const char* space_name(MemorySpace s) {
    return s == MemorySpace::Shared ? "shared" : s == MemorySpace::Global ? "global" : "constant";
}

const char* access_name(AccessKind k) {
    return k == AccessKind::Read ? "read" : k == AccessKind::Write ? "write" : "atomic";
}

std::string triple(const Dim3& d) {
    return "[" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + "]";
}

std::string access_json(const HazardAccess& a) {
    const SourceLocation where = locate(a.pc);
    std::ostringstream s;
    s << "{\"kind\": " << json_string(access_name(a.kind)) << ", \"size\": " << a.size
      << ", \"thread\": " << triple(a.who.thread) << ", \"block\": " << triple(a.who.block)
      << ", \"warp\": " << a.who.warp << ", \"lane\": " << a.who.lane << ", \"file\": " << json_string(where.file)
      << ", \"line\": " << where.line << ", \"function\": " << json_string(where.function) << "}";
    return s.str();
}

// Stable rule ids: "race/RAW", "race/RAW-warp-synchronous", "shuffle/inactive-source".
std::string rule_id(const HazardReport& r) {
    std::string id = r.checker + "/";
    for (char c : r.kind) {
        if (c == ',') continue;
        id += c == ' ' ? '-' : c;
    }
    return id;
}

std::string file_uri(const std::string& path) {
    return !path.empty() && path[0] == '/' ? "file://" + path : path;
}

std::string sarif_location(const void* pc, const std::string& message, int id) {
    const SourceLocation where = locate(pc);
    std::ostringstream s;
    s << "{";
    if (id >= 0) s << "\"id\": " << id << ", ";
    s << "\"physicalLocation\": {\"artifactLocation\": {\"uri\": " << json_string(file_uri(where.file))
      << "}, \"region\": {\"startLine\": " << (where.line > 0 ? where.line : 1) << "}}";
    if (!message.empty()) s << ", \"message\": {\"text\": " << json_string(message) << "}";
    s << "}";
    return s.str();
}

}  // namespace

std::string format_json(const std::vector<LaunchHazards>& launches) {
    std::ostringstream s;
    unsigned errors = 0, warnings = 0, notes = 0, with_hazards = 0;
    s << "{\n  \"tool\": \"simt\",\n  \"version\": \"" << kVersion << "\",\n  \"launches\": [";
    for (std::size_t l = 0; l < launches.size(); ++l) {
        const LaunchHazards& launch = launches[l];
        with_hazards += launch.groups.empty() ? 0 : 1;
        s << (l == 0 ? "\n" : ",\n") << "    {\"kernel\": " << json_string(launch.kernel)
          << ", \"launch\": " << launch.launch_index << ", \"hazards\": [";
        for (std::size_t g = 0; g < launch.groups.size(); ++g) {
            const HazardReport& r = launch.groups[g].example;
            (r.severity == Severity::Error ? errors : r.severity == Severity::Warning ? warnings : notes)++;
            s << (g == 0 ? "\n" : ",\n") << "      {\"checker\": " << json_string(r.checker)
              << ", \"kind\": " << json_string(r.kind) << ", \"severity\": \"" << severity_name(r.severity)
              << "\", \"space\": \"" << space_name(r.space) << "\", \"location\": " << json_string(r.location)
              << ", \"instances\": " << launch.groups[g].instances << ",\n       \"access\": " << access_json(r.current)
              << ",\n       \"previous\": " << (r.previous.pc != nullptr ? access_json(r.previous) : "null")
              << ",\n       \"why\": " << json_string(r.why) << ",\n       \"fix\": " << json_string(r.fix) << "}";
        }
        s << (launch.groups.empty() ? "]}" : "\n    ]}");
    }
    s << (launches.empty() ? "]" : "\n  ]") << ",\n  \"summary\": {\"hazards\": " << errors + warnings + notes
      << ", \"errors\": " << errors << ", \"warnings\": " << warnings << ", \"notes\": " << notes
      << ", \"launches_with_hazards\": " << with_hazards << "}\n}\n";
    return s.str();
}

std::string format_sarif(const std::vector<LaunchHazards>& launches) {
    // One rule per checker and kind, in order of first appearance.
    std::map<std::string, std::size_t> rule_index;
    std::vector<const HazardReport*> rules;
    for (const LaunchHazards& launch : launches)
        for (const HazardGroup& g : launch.groups)
            if (rule_index.emplace(rule_id(g.example), rules.size()).second) rules.push_back(&g.example);
    std::ostringstream s;
    s << "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
      << "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"simt\", \"version\": \"" << kVersion
      << "\", \"informationUri\": \"https://github.com/simt/simt\", \"rules\": [";
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const HazardReport& r = *rules[i];
        s << (i == 0 ? "\n" : ",\n") << "      {\"id\": " << json_string(rule_id(r)) << ", \"name\": "
          << json_string(r.checker + " hazard (" + r.kind + ")") << ", \"shortDescription\": {\"text\": "
          << json_string(r.checker + " hazard (" + r.kind + ")") << "}, \"fullDescription\": {\"text\": "
          << json_string(r.why) << "}, \"defaultConfiguration\": {\"level\": \"" << severity_name(r.severity)
          << "\"}}";
    }
    s << (rules.empty() ? "]" : "\n    ]") << "}},\n    \"results\": [";
    bool first = true;
    for (const LaunchHazards& launch : launches) {
        for (const HazardGroup& g : launch.groups) {
            const HazardReport& r = g.example;
            const std::string message = r.checker + " hazard (" + r.kind + ") in kernel " + r.kernel + " at " +
                                        r.location + " by " + describe(r.current.who) + ". " + r.why + ". Fix: " +
                                        r.fix + ". (" + std::to_string(g.instances) + " instances in launch " +
                                        std::to_string(launch.launch_index) + ")";
            s << (first ? "\n" : ",\n") << "      {\"ruleId\": " << json_string(rule_id(r))
              << ", \"ruleIndex\": " << rule_index[rule_id(r)] << ", \"level\": \"" << severity_name(r.severity)
              << "\", \"message\": {\"text\": " << json_string(message) << "},\n       \"locations\": ["
              << sarif_location(r.current.pc, "", -1) << "]";
            if (r.previous.pc != nullptr)
                s << ",\n       \"relatedLocations\": ["
                  << sarif_location(r.previous.pc,
                                    std::string("previous ") + access_name(r.previous.kind) + " by " + describe(r.previous.who), 1)
                  << "]";
            s << ",\n       \"properties\": {\"instances\": " << g.instances << ", \"kernel\": " << json_string(r.kernel)
              << "}}";
            first = false;
        }
    }
    s << (first ? "]" : "\n    ]") << "\n  }]\n}\n";
    return s.str();
}

}  // namespace simt::check
