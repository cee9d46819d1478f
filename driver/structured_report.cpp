#include "driver/structured_report.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "driver/failed_report.h"
#include "driver/json_text.h"
#include "driver/sarif_run.h"
#include "emulator/symbolizer.h"

namespace simt::driver {

using driver::json_string;

namespace {

// docs/report.schema.json's version: raised when a field changes meaning or goes.
constexpr int kJsonSchemaVersion = 1;

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

std::string access_json(const HazardAccess& a, bool no_access = false) {
    const SourceLocation where = locate(a.pc);
    std::ostringstream s;
    s << "{\"kind\": " << json_string(no_access ? "none" : access_name(a.kind)) << ", \"size\": " << a.size
      << ", \"thread\": " << triple(a.who.thread) << ", \"block\": " << triple(a.who.block)
      << ", \"warp\": " << a.who.warp << ", \"lane\": " << a.who.lane << ", \"file\": " << json_string(where.file)
      << ", \"line\": " << where.line << ", \"function\": " << json_string(where.function)
      << (a.by_host ? ", \"host\": true}" : "}");
    return s.str();
}

// The launches a group occurred in: merged across the run, or this one.
std::vector<LaunchCount> launches_of(const HazardGroup& g, const LaunchHazards& launch) {
    return g.launches.empty() ? std::vector<LaunchCount>{{launch.launch_index, g.instances}} : g.launches;
}

std::string rule_title(const HazardReport& r) {
    // The fault family's rules are "kernel fault (deadlock)", not "fault fault (...)".
    const std::string family = family_of(r.rule) == Family::Fault ? "kernel" : family_name(r);
    return family + std::string(r.message.empty() ? " hazard (" : " fault (") + kind_text(r) + ")";
}

// GitHub shows a rule's help beside each alert: the rule's own why and fix,
// true of every result (a result's message carries its instance's lines:
// after sarif-merge one rule serves the results of several programs).
std::string rule_json(const HazardReport& r) {
    const std::string why = rule_why(r.rule), fix = rule_fix(r.rule);
    const std::string text = "Why: " + why + ".\nFix: " + fix + ".";
    const std::string markdown = "**Why:** " + why + ".\n\n**Fix:** " + fix + ".";
    return "      {\"id\": " + json_string(rule_id(r)) + ", \"name\": " + json_string(rule_title(r)) +
           ", \"shortDescription\": {\"text\": " + json_string(rule_title(r)) +
           "}, \"fullDescription\": {\"text\": " + json_string(why) + "}, \"help\": {\"text\": " +
           json_string(text) + ", \"markdown\": " + json_string(markdown) +
           "}, \"defaultConfiguration\": {\"level\": \"" + severity_name(r.severity) + "\"}}";
}

std::string physical_location(const SourceLocation& where, const std::string& root) {
    return "\"physicalLocation\": {\"artifactLocation\": " + driver::sarif_artifact_location(where.file, root) +
           ", \"region\": {\"startLine\": " + std::to_string(where.line > 0 ? where.line : 1) + "}}";
}

// The text of `line` in `file` with its blanks trimmed ("" when it cannot
// be read), for fingerprints; each file is read once per report.
std::string line_text(const std::string& file, int line) {
    static std::map<std::string, std::vector<std::string>> files;
    auto [it, fresh] = files.try_emplace(file);
    if (fresh) {
        std::ifstream in(file, std::ios::binary);
        for (std::string text; std::getline(in, text);) it->second.push_back(text);
    }
    if (line <= 0 || std::size_t(line) > it->second.size()) return "";
    const std::string& text = it->second[std::size_t(line) - 1];
    const std::size_t from = text.find_first_not_of(" \t\r"), to = text.find_last_not_of(" \t\r");
    return from == std::string::npos ? "" : text.substr(from, to - from + 1);
}

// What identifies the problem from run to run, whatever the seed or the
// thread that found it, and wherever its lines move: the rule, the kernel,
// the function, the file and the text of both lines (FNV-1a, 64 bits), as
// GitHub's own primaryLocationLineHash hashes a line's content. A line
// that cannot be read counts by its number.
std::string fingerprint(const HazardReport& r, const SourceLocation& current, const SourceLocation& previous,
                        const std::string& root) {
    const auto line = [](const SourceLocation& at) {
        const std::string text = line_text(at.file, at.line);
        return text.empty() ? "#" + std::to_string(at.line) : text;
    };
    const std::string text = rule_id(r) + "|" + r.kernel + "|" + current.function + "|" +
                             driver::sarif_artifact_location(current.file, root) + "|" + line(current) + "|" +
                             driver::sarif_artifact_location(previous.file, root) + "|" + line(previous);
    std::uint64_t h = 1469598103934665603ull;
    for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

std::string launch_list(const std::vector<LaunchCount>& launches) {
    std::string list;
    for (const LaunchCount& l : launches) list += (list.empty() ? "" : ", ") + std::to_string(l.launch);
    return list;
}

std::string result_json(const HazardGroup& g, const LaunchHazards& launch, std::size_t rule_index,
                        const std::string& root) {
    const HazardReport& r = g.example;
    const std::vector<LaunchCount> launches = launches_of(g, launch);
    const std::string where_found = std::to_string(g.instances) + (g.instances == 1 ? " instance in launch" : " instances in launch") +
                                    (launches.size() == 1 ? " " : "es ") + launch_list(launches);
    const std::string message =
        r.message.empty() ? rule_title(r) + " in kernel " + r.kernel + " at " + r.location + " by " +
                                describe_who(r.current) + ". " + r.why + ". Fix: " + r.fix + ". (" + where_found + ")"
                          : r.message + " (" + where_found + ")";
    const SourceLocation current = locate(r.current.pc);
    const SourceLocation previous = r.previous.pc != nullptr ? locate(r.previous.pc) : SourceLocation{};
    std::string s = "      {\"ruleId\": " + json_string(rule_id(r)) + ", \"ruleIndex\": " + std::to_string(rule_index) +
                    ", \"level\": \"" + severity_name(r.severity) + "\", \"message\": {\"text\": " +
                    json_string(message) + "},\n       \"locations\": [{" + physical_location(current, root) + "}]";
    if (r.previous.pc != nullptr)
        s += ",\n       \"relatedLocations\": [{\"id\": 1, " + physical_location(previous, root) +
             ", \"message\": {\"text\": " +
             json_string(std::string("previous ") + access_name(r.previous.kind) + " by " + describe_who(r.previous)) +
             "}}]";
    s += ",\n       \"partialFingerprints\": {\"simt/v2\": \"" + fingerprint(r, current, previous, root) + "\"}";
    s += ",\n       \"properties\": {\"instances\": " + std::to_string(g.instances) +
         ", \"launches\": " + std::to_string(launches.size()) + ", \"kernel\": " + json_string(r.kernel) + "}}";
    return s;
}

}  // namespace

std::string format_json(const std::vector<LaunchHazards>& launches, const std::vector<std::string>& failures) {
    std::ostringstream s;
    unsigned errors = 0, warnings = 0, notes = 0;
    std::set<std::pair<std::string, std::uint64_t>> with_hazards;
    s << "{\n  \"tool\": \"simt\",\n  \"schema_version\": " << kJsonSchemaVersion << ",\n  \"version\": \"" << SIMT_VERSION
      << "\",\n  \"execution\": {\"successful\": " << (failures.empty() ? "true" : "false");
    if (!failures.empty()) {
        s << ", \"errors\": [";
        for (std::size_t i = 0; i < failures.size(); ++i) s << (i == 0 ? "" : ", ") << json_string(failures[i]);
        s << "]";
    }
    s << "},\n  \"launches\": [";
    for (std::size_t l = 0; l < launches.size(); ++l) {
        const LaunchHazards& launch = launches[l];
        s << (l == 0 ? "\n" : ",\n") << "    {\"kernel\": " << json_string(launch.kernel)
          << ", \"launch\": " << launch.launch_index << ", \"hazards\": [";
        for (std::size_t g = 0; g < launch.groups.size(); ++g) {
            const HazardReport& r = launch.groups[g].example;
            (r.severity == Severity::Error ? errors : r.severity == Severity::Warning ? warnings : notes)++;
            const std::vector<LaunchCount> counts = launches_of(launch.groups[g], launch);
            std::string per_launch;
            for (const LaunchCount& c : counts) {
                with_hazards.emplace(launch.kernel, c.launch);
                per_launch += (per_launch.empty() ? "" : ", ") + std::string("{\"launch\": ") + std::to_string(c.launch) +
                              ", \"instances\": " + std::to_string(c.instances) + "}";
            }
            s << (g == 0 ? "\n" : ",\n") << "      {\"checker\": " << json_string(family_name(r))
              << ", \"kind\": " << json_string(kind_text(r)) << ", \"severity\": \"" << severity_name(r.severity)
              << "\", \"space\": \"" << space_name(r.space) << "\", \"location\": " << json_string(r.location)
              << ", \"instances\": " << launch.groups[g].instances << ",\n       \"launches\": [" << per_launch << "]";
            if (!r.message.empty()) s << ",\n       \"message\": " << json_string(r.message);
            // A fault that was not a refused access (a deadlock, a trap) is
            // "kind": "none": its thread and line are still the place.
            s << ",\n       \"access\": " << access_json(r.current, !r.message.empty() && r.current.size == 0)
              << ",\n       \"previous\": " << (r.previous.pc != nullptr ? access_json(r.previous) : "null")
              << ",\n       \"why\": " << json_string(r.why) << ",\n       \"fix\": " << json_string(r.fix) << "}";
        }
        s << (launch.groups.empty() ? "]}" : "\n    ]}");
    }
    s << (launches.empty() ? "]" : "\n  ]") << ",\n  \"summary\": {\"hazards\": " << errors + warnings + notes
      << ", \"errors\": " << errors << ", \"warnings\": " << warnings << ", \"notes\": " << notes
      << ", \"launches_with_hazards\": " << with_hazards.size() << "}\n}\n";
    return s.str();
}

std::string failed_json_report(const std::string& why) { return format_json({}, {why}); }

std::string format_sarif(const std::vector<LaunchHazards>& launches, const SarifOptions& options,
                         const std::vector<std::string>& failures) {
    // One rule per checker and kind, in order of first appearance.
    std::map<std::string, std::size_t> rule_index;
    driver::SarifRun run;
    run.category = options.category;
    run.success = failures.empty();
    run.errors = failures;
    std::string first_file;
    for (const LaunchHazards& launch : launches)
        for (const HazardGroup& g : launch.groups)
            if (first_file.empty()) first_file = locate(g.example.current.pc).file;
    run.source_root = driver::source_root_for(options.source_root, first_file);
    for (const LaunchHazards& launch : launches) {
        for (const HazardGroup& g : launch.groups) {
            const auto [it, fresh] = rule_index.emplace(rule_id(g.example), rule_index.size());
            if (fresh) run.rules += (run.rules.empty() ? "" : ",\n") + rule_json(g.example);
            run.results += (run.results.empty() ? "" : ",\n") + result_json(g, launch, it->second, run.source_root);
        }
    }
    return driver::format_sarif_run(run);
}

}  // namespace simt::driver
