#include "driver/sarif_merge.h"

#include <map>

#include "driver/json_value.h"

namespace simt::driver {
namespace {

using Kind = JsonValue::Kind;

// The runs of one category, merged so far.
struct MergedRun {
    JsonValue run;
    std::string first_file;                         // where the category was first seen
    std::map<std::string, std::size_t> rule_index;  // rule id -> its index in the merged rules
    std::map<std::string, std::size_t> result_at;   // rule id + partialFingerprints -> index in results
};

class Merge {
public:
    void add(const SarifFile& file) {
        JsonValue document;
        try {
            document = parse_json(file.text);
        } catch (const JsonError& e) {
            throw SarifMergeError(file.name + ": not JSON (" + e.what() + ")");
        }
        const std::optional<std::string> version = document.text_of("version");
        if (!document.is(Kind::Object) || version != "2.1.0")
            throw SarifMergeError(file.name + ": not a SARIF 2.1.0 log (no \"version\": \"2.1.0\" at its top)");
        const JsonValue* runs = document.find("runs");
        if (runs == nullptr || !runs->is(Kind::Array)) throw SarifMergeError(file.name + ": a SARIF log with no runs array");
        if (!schema_ && document.find("$schema") != nullptr) schema_ = *document.find("$schema");
        for (std::size_t r = 0; r < runs->items.size(); ++r) add_run(runs->items[r], file, r + 1);
    }

    std::string text() const {
        JsonValue document = JsonValue::object();
        document["$schema"] = schema_ ? *schema_ : JsonValue::string("https://json.schemastore.org/sarif-2.1.0.json");
        document["version"] = JsonValue::string("2.1.0");
        JsonValue& runs = document["runs"] = JsonValue::array();
        for (const MergedRun& m : runs_) runs.items.push_back(m.run);
        return format_json_value(document);
    }

private:
    [[noreturn]] static void refuse(const SarifFile& file, std::size_t run, const std::string& why) {
        throw SarifMergeError(file.name + ": run " + std::to_string(run) + " " + why);
    }

    static const JsonValue* array_member(const JsonValue& object, std::string_view key, const SarifFile& file,
                                         std::size_t run) {
        const JsonValue* member = object.find(key);
        if (member != nullptr && !member->is(Kind::Array)) refuse(file, run, "has a " + std::string(key) + " that is not an array");
        return member;
    }

    void add_run(const JsonValue& run, const SarifFile& file, std::size_t r) {
        if (!run.is(Kind::Object)) refuse(file, r, "is not an object");
        const JsonValue* tool = run.find("tool");
        const JsonValue* driver = tool != nullptr ? tool->find("driver") : nullptr;
        const std::optional<std::string> name = driver != nullptr ? driver->text_of("name") : std::nullopt;
        if (!name) refuse(file, r, "names no tool (tool.driver.name)");
        if (*name != "simt")
            refuse(file, r, "was written by '" + *name + "', not simt: sarif-merge merges simt's runs only");
        const JsonValue* details = run.find("automationDetails");
        const std::string category = details != nullptr ? details->text_of("id").value_or("") : "";

        const auto [at, fresh] = category_at_.emplace(category, runs_.size());
        if (fresh) {
            MergedRun m;
            m.run = run;  // tool, category, base ids; rules, results and invocations are added below
            m.run["tool"]["driver"]["rules"] = JsonValue::array();
            m.run["results"] = JsonValue::array();
            if (m.run.find("invocations") != nullptr) m.run["invocations"] = JsonValue::array();
            m.first_file = file.name;
            runs_.push_back(std::move(m));
        }
        MergedRun& m = runs_[at->second];
        if (!fresh) same_base_ids(m, run, file, r, category);

        // The run's own rule ids by index, for results that give only a ruleIndex.
        std::vector<std::string> own_rules;
        if (const JsonValue* rules = array_member(*driver, "rules", file, r)) {
            JsonValue& merged = m.run["tool"]["driver"]["rules"];
            for (const JsonValue& rule : rules->items) {
                const std::optional<std::string> id = rule.text_of("id");
                if (!id) refuse(file, r, "has a rule with no id");
                own_rules.push_back(*id);
                if (m.rule_index.emplace(*id, merged.items.size()).second) merged.items.push_back(rule);
            }
        }
        if (const JsonValue* results = array_member(run, "results", file, r))
            for (const JsonValue& result : results->items) add_result(m, result, own_rules, file, r);
        if (const JsonValue* invocations = array_member(run, "invocations", file, r)) {
            JsonValue& merged = m.run["invocations"];
            if (!merged.is(Kind::Array)) merged = JsonValue::array();
            for (const JsonValue& invocation : invocations->items) merged.items.push_back(invocation);
        }
    }

    // A relative URI means nothing if %SRCROOT% differs between the runs merged.
    static void same_base_ids(MergedRun& m, const JsonValue& run, const SarifFile& file, std::size_t r,
                              const std::string& category) {
        const JsonValue* theirs = run.find("originalUriBaseIds");
        if (theirs == nullptr) return;
        const JsonValue* ours = m.run.find("originalUriBaseIds");
        if (ours == nullptr) {
            m.run["originalUriBaseIds"] = *theirs;
        } else if (format_json_value(*ours) != format_json_value(*theirs)) {
            refuse(file, r, "has category '" + category + "' as " + m.first_file +
                                " has, but other originalUriBaseIds (%SRCROOT%): one run cannot hold both; give "
                                "their simt runs one --source-root, or different --report-category");
        }
    }

    static void add_count(JsonValue& into, const JsonValue& from, std::string_view key) {
        JsonValue* a = into.find(key);
        const JsonValue* b = from.find(key);
        if (a == nullptr || b == nullptr || !a->count() || !b->count()) return;
        *a = JsonValue::number(*a->count() + *b->count());
    }

    void add_result(MergedRun& m, JsonValue result, const std::vector<std::string>& own_rules, const SarifFile& file,
                    std::size_t r) {
        if (!result.is(Kind::Object)) refuse(file, r, "has a result that is not an object");
        std::optional<std::string> rule = result.text_of("ruleId");
        if (const JsonValue* index = result.find("ruleIndex"); !rule && index != nullptr) {
            const std::optional<std::uint64_t> i = index->count();
            if (!i || *i >= own_rules.size()) refuse(file, r, "has a result whose ruleIndex names no rule");
            rule = own_rules[*i];
        }
        if (!rule) refuse(file, r, "has a result with neither ruleId nor ruleIndex");
        if (const auto it = m.rule_index.find(*rule); it != m.rule_index.end()) {
            result["ruleIndex"] = JsonValue::number(it->second);
        } else {
            // A rule the run does not describe: the id alone names it.
            std::erase_if(result.members, [](const auto& member) { return member.first == "ruleIndex"; });
        }
        JsonValue& results = m.run["results"];
        const JsonValue* fingerprints = result.find("partialFingerprints");
        if (fingerprints != nullptr && !fingerprints->members.empty()) {
            const std::string key = *rule + "\n" + format_json_value(*fingerprints);
            const auto [at, fresh] = m.result_at.emplace(key, results.items.size());
            if (!fresh) {
                // The same problem found again: counted, not listed twice.
                JsonValue* kept = results.items[at->second].find("properties");
                const JsonValue* found = result.find("properties");
                if (kept != nullptr && found != nullptr) {
                    add_count(*kept, *found, "instances");
                    add_count(*kept, *found, "launches");
                }
                return;
            }
        }
        results.items.push_back(std::move(result));
    }

    std::optional<JsonValue> schema_;
    std::vector<MergedRun> runs_;
    std::map<std::string, std::size_t> category_at_;
};

}  // namespace

std::string merge_sarif(const std::vector<SarifFile>& files) {
    Merge merge;
    for (const SarifFile& file : files) merge.add(file);
    return merge.text();
}

}  // namespace simt::driver
