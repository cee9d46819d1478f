// What a run tells CI: the summary line, every error class as a result in
// text, JSON and SARIF, hazards grouped across launches
// (docs/report-format.md).
#include "cli_support.h"

#include <string>
#include <vector>

namespace {

std::string catalog(const std::string& name) { return std::string(SIMT_KERNELS_DIR) + "/catalog/" + name; }

}  // namespace

TEST_CASE("a clean run ends with the summary line counting 0 errors and 0 warnings") {
    const Result r = simt("run " + catalog("shared_counter_fixed.cu"));
    CHECK(r.status == 0);
    CHECK(r.err == "simt: ERROR SUMMARY: 0 errors, 0 warnings\n");
}

TEST_CASE("a racy run ends with the summary line counting its errors, and warnings are counted apart") {
    const Result racy = simt("run " + catalog("shared_counter.cu"));
    CHECK(racy.status == 1);
    CHECK_THAT(racy.err, Catch::EndsWith("\nsimt: ERROR SUMMARY: 6 errors, 0 warnings\n"));
    const Result warned = simt("run --mode lockstep " + catalog("warp_synchronous.cu"));
    CHECK(warned.status == 0);
    CHECK_THAT(warned.err, Catch::Matches("(.|\n)*\nsimt: ERROR SUMMARY: 0 errors, [1-9][0-9]* warnings?\n"));
}

TEST_CASE("a program killed by a signal is named, counted in the summary, and simt exits with 128 + the signal") {
    const Result r = simt("run " + program("host_crash.cu"));
    CHECK(r.status == 128 + 11);
    CHECK(r.out == "before the crash\n");
    CHECK_THAT(r.err, Catch::StartsWith("simt: error: the program was killed by signal 11 (Segmentation fault)"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
}

namespace {

fs::path scratch_file(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("simt-reports-" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir / name;
}

// Schema and GitHub's ingestion rules (tests/sarif/check_github_rules.py).
Result checked_sarif(const fs::path& file) {
    return shell("python3 " SIMT_SARIF_CHECK " " SIMT_SARIF_SCHEMA " '" + file.string() + "'");
}

// simt's own JSON Schema (docs/report.schema.json).
// Several files in one Python process: its start-up is most of a check.
Result checked_json(const std::vector<fs::path>& files) {
    std::string names;
    for (const fs::path& file : files) names += " '" + file.string() + "'";
    return shell("python3 -c \"import json, sys, jsonschema; v = jsonschema.Draft7Validator(json.load(open(sys.argv[1]))); "
                 "errors = [f + ': ' + e.message for f in sys.argv[2:] for e in v.iter_errors(json.load(open(f, encoding='utf-8')))]; "
                 "print(chr(10).join(errors), file=sys.stderr, end=''); sys.exit(1 if errors else 0)\" "
                 SIMT_SOURCE_DIR "/docs/report.schema.json" + names);
}
Result checked_json(const fs::path& file) { return checked_json(std::vector<fs::path>{file}); }

std::size_t occurrences(const std::string& text, const std::string& piece) {
    std::size_t n = 0;
    for (std::size_t at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("an out-of-bounds access is an error result in JSON and SARIF, with its rule, line and message") {
    const fs::path json = scratch_file("oob.json"), sarif = scratch_file("oob.sarif");
    const Result j = simt("run --report json --report-file " + json.string() + " " + catalog("out_of_bounds.cu"));
    CHECK(j.status == 1);
    CHECK_THAT(j.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
    const std::string report = slurp(json);
    CHECK_THAT(report, Catch::Contains("{\"checker\": \"memory\", \"kind\": \"out-of-bounds\", \"severity\": \"error\", \"space\": \"global\""));
    CHECK_THAT(report, Catch::Contains("\"message\": \"invalid global read of size 4 in kernel scale"));
    CHECK_THAT(report, Catch::Contains("\"line\": 9"));
    CHECK_THAT(report, Catch::Contains("\"summary\": {\"hazards\": 1, \"errors\": 1,"));
    CHECK(simt("run --report sarif --report-file " + sarif.string() + " " + catalog("out_of_bounds.cu")).status == 1);
    const std::string s = slurp(sarif);
    CHECK_THAT(s, Catch::Contains("{\"ruleId\": \"memory/out-of-bounds\", \"ruleIndex\": 0, \"level\": \"error\""));
    // Relative to the git work tree when the checkout is one, else absolute.
    CHECK_THAT(s, Catch::Contains("kernels/catalog/out_of_bounds.cu\", \"uriBaseId\": \"%SRCROOT%\"}, \"region\": {\"startLine\": 9}") ||
                          Catch::Contains("kernels/catalog/out_of_bounds.cu\"}, \"region\": {\"startLine\": 9}"));
    CHECK(checked_sarif(sarif).status == 0);
}

TEST_CASE("misaligned accesses, deadlocks and leaks are results too, each under its own rule") {
    const fs::path file = scratch_file("classes.json");
    const std::string report = "run --report json --report-file " + file.string() + " ";
    CHECK(simt(report + catalog("misaligned_vector_load.cu")).status == 1);
    CHECK_THAT(slurp(file), Catch::Contains("\"checker\": \"memory\", \"kind\": \"misaligned\""));
    CHECK(simt(report + program("deadlock.cu")).status == 1);
    CHECK_THAT(slurp(file), Catch::Contains("\"checker\": \"fault\", \"kind\": \"deadlock\""));
    CHECK_THAT(slurp(file), Catch::Contains("\"file\": \"" SIMT_TEST_PROGRAMS "/deadlock.cu\", \"line\": 4"));
    CHECK(simt("run --leak-check " + report.substr(4) + program("leak.cu")).status == 1);
    CHECK_THAT(slurp(file), Catch::Contains("\"checker\": \"memory\", \"kind\": \"leak\""));
    CHECK_THAT(slurp(file), Catch::Contains("\"kernel\": \"(at exit)\""));
}

TEST_CASE("a program the watchdog stops writes its report file, and the summary counts every error it printed", "[fault-paths]") {
    // The battery's watchdog_drops_report: the file was never written and
    // the summary said 1 error after 7 were printed.
    const fs::path json = scratch_file("stopped.json"), sarif = scratch_file("stopped.sarif");
    fs::remove(json);
    const Result r = simt("run --watchdog 1 --report json --report-file " + json.string() + " " + program("watchdog_report.cu"));
    CHECK(r.status == 134);
    CHECK(r.out == "starting long kernel\n");
    const std::size_t printed = occurrences(r.err, "simt: error: ");
    CHECK(printed >= 2);  // the first launch's races, then the stall
    CHECK_THAT(r.err, Catch::Contains("simt: error: kernel spin made no progress for 1 s (--watchdog 1)"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: " + std::to_string(printed) + " errors, 0 warnings\n"));
    const std::string report = slurp(json);
    CHECK(occurrences(report, "\"checker\": \"race\"") == printed - 1);
    CHECK_THAT(report, Catch::Contains("\"checker\": \"fault\", \"kind\": \"no progress\""));
    CHECK_THAT(report, Catch::Contains("\"file\": \"" SIMT_TEST_PROGRAMS "/watchdog_report.cu\", \"line\": 1"));
    CHECK_THAT(report, Catch::Contains("\"successful\": false"));
    CHECK(simt("run --watchdog 1 --report sarif --report-file " + sarif.string() + " " + program("watchdog_report.cu")).status == 134);
    CHECK_THAT(slurp(sarif), Catch::Contains("\"ruleId\": \"fault/no-progress\""));
}

TEST_CASE("a kernel launched five times with one race is one group per hazard, found in five launches") {
    const fs::path json = scratch_file("loop.json"), sarif = scratch_file("loop.sarif");
    const Result r = simt("run --report json --report-file " + json.string() + " " + program("racy_loop.cu"));
    CHECK(r.status == 1);
    CHECK(r.out == "done\n");
    const std::size_t groups = occurrences(r.err, "simt: error: race hazard (");
    CHECK(groups >= 1);
    CHECK(occurrences(r.err, "recurred: found in 5 launches") >= 1);
    CHECK_THAT(r.err, Catch::Contains("simt: " + std::to_string(groups) + " hazards (" + std::to_string(groups) +
                                      " errors, 0 warnings) in 5 launches\n"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: " + std::to_string(groups) + " errors, 0 warnings\n"));
    const std::string report = slurp(json);
    CHECK(occurrences(report, "\"checker\": \"race\"") == groups);
    CHECK_THAT(report, Catch::Contains("[{\"launch\": 0, \"instances\": "));
    CHECK_THAT(report, Catch::Contains("{\"launch\": 4, \"instances\": "));
    CHECK(simt("run --report sarif --report-file " + sarif.string() + " " + program("racy_loop.cu")).status == 1);
    CHECK(occurrences(slurp(sarif), "\"ruleId\": ") == groups);
    CHECK_THAT(slurp(sarif), Catch::Contains("\"launches\": 5"));
}

TEST_CASE("simt run --print-limit caps the hazard groups printed in the whole run, and says how many it held back") {
    const Result r = simt("run --print-limit 1 " + catalog("shared_counter.cu"));
    CHECK(r.status == 1);
    CHECK(occurrences(r.err, "simt: error: race hazard (") == 1);
    CHECK_THAT(r.err, Catch::Contains("simt: 5 more hazard groups not shown (--print-limit 1)\n"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 6 errors, 0 warnings\n"));
}

TEST_CASE("SARIF paths are relative to --source-root and percent-encoded, with a category and fingerprints") {
    const fs::path dir = scratch_file("odd root");
    fs::create_directories(dir / "src#1");
    fs::copy_file(catalog("shared_counter.cu"), dir / "src#1" / "racy counter.cu", fs::copy_options::overwrite_existing);
    const fs::path sarif = dir / "out.sarif";
    const Result r = simt("run --report sarif --report-file '" + sarif.string() + "' --source-root '" + dir.string() +
                          "' --report-category ci/counter '" + (dir / "src#1" / "racy counter.cu").string() + "'");
    CHECK(r.status == 1);
    const std::string s = slurp(sarif);
    CHECK_THAT(s, Catch::Contains("{\"uri\": \"src%231/racy%20counter.cu\", \"uriBaseId\": \"%SRCROOT%\"}"));
    CHECK_THAT(s, Catch::Contains("\"automationDetails\": {\"id\": \"ci/counter/\"}"));
    CHECK_THAT(s, Catch::Contains("\"partialFingerprints\": {\"simt/v2\": \""));
    CHECK_THAT(s, Catch::Contains("\"help\": {\"text\": \"Why: "));
    CHECK(checked_sarif(sarif).status == 0);
    // Without a category, each program is its own: several files go up in one upload.
    CHECK(simt("run --report sarif --report-file '" + sarif.string() + "' " + catalog("shared_counter.cu")).status == 1);
    CHECK_THAT(slurp(sarif), Catch::Contains("\"automationDetails\": {\"id\": \"simt/shared_counter/\"}"));
    fs::remove_all(dir);
}

TEST_CASE("a program that does not compile or dies still leaves a SARIF file saying why, with no results") {
    const fs::path sarif = scratch_file("failed.sarif");
    fs::remove(sarif);
    const Result bad = simt("run --report sarif --report-file " + sarif.string() + " " + program("compile_error.cu"));
    CHECK(bad.status == 2);
    std::string s = slurp(sarif);
    CHECK_THAT(s, Catch::Contains("\"executionSuccessful\": false, \"toolExecutionNotifications\": [{\"level\": \"error\""));
    CHECK_THAT(s, Catch::Contains("\"results\": []"));
    CHECK(checked_sarif(sarif).status == 0);
    fs::remove(sarif);
    const Result died = simt("run --report sarif --report-file " + sarif.string() + " " + program("host_crash.cu"));
    CHECK(died.status == 139);
    s = slurp(sarif);
    CHECK_THAT(s, Catch::Contains("the program was killed by signal 11 (Segmentation fault)"));
    CHECK(checked_sarif(sarif).status == 0);
}

// The report files' format, not memory safety.
TEST_CASE("every catalog program's SARIF passes the OASIS schema and GitHub's ingestion rules, and its JSON simt's schema", "[plain-build]") {
    std::vector<fs::path> sarifs, jsons;
    std::string sarif_names;
    for (const auto& entry : fs::directory_iterator(std::string(SIMT_KERNELS_DIR) + "/catalog")) {
        if (entry.path().extension() != ".cu") continue;
        sarifs.push_back(scratch_file(entry.path().stem().string() + ".sarif"));
        simt("run --leak-check --severity note --report sarif --report-file " + sarifs.back().string() + " " + entry.path().string());
        sarif_names += " '" + sarifs.back().string() + "'";
        jsons.push_back(scratch_file(entry.path().stem().string() + ".json"));
        simt("run --leak-check --severity note --report json --report-file " + jsons.back().string() + " " + entry.path().string());
    }
    REQUIRE(sarifs.size() >= 30);
    // Each checker names the file it refuses.
    const Result checked = shell("python3 " SIMT_SARIF_CHECK " " SIMT_SARIF_SCHEMA + sarif_names);
    CHECK(checked.out == "");
    CHECK(checked.status == 0);
    const Result valid = checked_json(jsons);
    CHECK(valid.err == "");
    CHECK(valid.status == 0);
}

TEST_CASE("a JSON report says how the run ended and what each fault's access was, and stays JSON for any file name") {
    // A fault's access: its real kind and size (was "read", 0 for a write).
    const fs::path json = scratch_file("fault.json");
    const fs::path store = scratch_file("store_past_end.cu");
    std::ofstream(store) << "__global__ void k(double* p) { p[threadIdx.x + 8] = 1.0; }\n"
                            "int main() { double* p; cudaMalloc(&p, 8 * sizeof(double)); k<<<1, 8>>>(p);\n"
                            "  return cudaDeviceSynchronize() == cudaSuccess; }\n";
    CHECK(simt("run --report json --report-file " + json.string() + " " + store.string()).status != 0);
    std::string s = slurp(json);
    CHECK_THAT(s, Catch::StartsWith("{\n  \"tool\": \"simt\",\n  \"schema_version\": 1,\n"));
    CHECK_THAT(s, Catch::Contains("\"execution\": {\"successful\": true},"));
    CHECK_THAT(s, Catch::Contains("\"access\": {\"kind\": \"write\", \"size\": 8,"));
    CHECK(checked_json(json).status == 0);
    // A deadlock is no access: kind "none", its thread and line kept.
    CHECK(simt("run --report json --report-file " + json.string() + " " + program("deadlock.cu")).status != 0);
    CHECK_THAT(slurp(json), Catch::Contains("\"access\": {\"kind\": \"none\", \"size\": 0,"));
    CHECK(checked_json(json).status == 0);
    // A program that does not compile, and one killed by a signal: a file still, saying why.
    const fs::path broken = scratch_file("broken.cu");
    std::ofstream(broken) << "int main() { return undeclared; }\n";
    CHECK(simt("run --report json --report-file " + json.string() + " " + broken.string()).status == 2);
    s = slurp(json);
    CHECK_THAT(s, Catch::Contains("\"execution\": {\"successful\": false, \"errors\": [\""));
    CHECK_THAT(s, Catch::Contains("did not compile"));
    CHECK(checked_json(json).status == 0);
    CHECK(simt("run --report json --report-file " + json.string() + " " + program("host_crash.cu")).status == 139);
    CHECK_THAT(slurp(json), Catch::Contains("the program was killed by signal 11 (Segmentation fault)"));
    CHECK(checked_json(json).status == 0);
    // A file name that is not UTF-8 (Latin-1 "\xe9"): JSON is UTF-8, the byte becomes U+FFFD.
    const fs::path latin = scratch_file(std::string("caf\xe9"));
    fs::create_directories(latin);
    fs::copy_file(catalog("out_of_bounds.cu"), latin / "oob.cu", fs::copy_options::overwrite_existing);
    CHECK(simt("run --report json --report-file " + json.string() + " '" + (latin / "oob.cu").string() + "'").status != 0);
    CHECK_THAT(slurp(json), Catch::Contains("caf\\ufffd/oob.cu"));
    CHECK(checked_json(json).status == 0);
    fs::remove_all(latin);
}

TEST_CASE("a suppressions file silences exactly the reports it names, by rule and file:line or function") {
    const fs::path file = scratch_file("counter.supp");
    const auto run_with = [&](const std::string& lines) {
        std::ofstream(file) << "# judged and accepted\n" << lines << "\n";
        return simt("run --suppressions " + file.string() + " " + catalog("shared_counter.cu"));
    };
    // race/RAW at line 12 is one of the six groups there; race/RAW-intra-warp is another rule.
    const Result one = run_with("race/RAW shared_counter.cu:12");
    CHECK(one.status == 1);
    CHECK_THAT(one.err, !Catch::Contains("race hazard (RAW) on"));
    CHECK_THAT(one.err, Catch::Contains("race hazard (RAW, intra-warp) on"));
    CHECK_THAT(one.err, Catch::Contains("simt: 1 report suppressed (--suppressions " + file.string() + ")\n"));
    CHECK_THAT(one.err, Catch::EndsWith("simt: ERROR SUMMARY: 5 errors, 0 warnings\n"));
    // Another line, another file or another rule names nothing here.
    for (const char* other : {"race/RAW shared_counter.cu:13", "race/RAW other.cu:12", "init/* shared_counter.cu"}) {
        CAPTURE(other);
        const Result none = run_with(other);
        CHECK_THAT(none.err, !Catch::Contains("suppressed"));
        CHECK_THAT(none.err, Catch::EndsWith("simt: ERROR SUMMARY: 6 errors, 0 warnings\n"));
    }
    const Result all = run_with("race/* function:count");
    CHECK(all.status == 0);
    CHECK(all.err == "simt: 6 reports suppressed (--suppressions " + file.string() + ")\n" + kCleanRun);
}

TEST_CASE("a suppressions file that cannot be read stops the run with its file and line") {
    const fs::path file = scratch_file("bad.supp");
    std::ofstream(file) << "race/RAW a.cu:12\nrace\n";
    const Result bad = simt("run --suppressions " + file.string() + " " + catalog("shared_counter.cu"));
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains(file.string() + ":2: 'race' is not a rule id (checker/kind, checker/* or *)"));
    const Result missing = simt("run --suppressions /no/such.supp " + catalog("shared_counter.cu"));
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("cannot read the suppressions file /no/such.supp"));
}

TEST_CASE("a usage error exits with status 2 and says simt: error: as every refusal does, not CLI11's own codes") {
    const Result unknown = simt("run --no-such-option " + program("exit_status.cu"));
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.err, Catch::StartsWith("simt: error: "));
    CHECK_THAT(unknown.err, Catch::Contains("--no-such-option"));
    const Result mode = simt("run --mode sideways " + program("exit_status.cu"));
    CHECK(mode.status == 2);
    CHECK_THAT(mode.err, Catch::StartsWith("simt: error: --mode: "));
    const Result no_file = shell(std::string(SIMT_EXE) + " run");
    CHECK(no_file.status == 2);
    CHECK(no_file.err == "simt: error: file is required\nRun 'simt --help' (or 'simt run --help') for the options.\n");
    const Result help = shell(std::string(SIMT_EXE) + " run --help");
    CHECK(help.status == 0);
    CHECK_THAT(help.out, Catch::Contains("Usage: simt run"));
}

TEST_CASE("simt run --log-file takes simt's reports and summary line off standard error, leaving the program's output") {
    const fs::path log = scratch_file("run.log");
    std::ofstream(log) << "an older run\n";
    const Result r = simt("run --log-file " + log.string() + " " + catalog("shared_counter.cu"));
    CHECK(r.status == 1);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Contains("block counters wrong"));
    const std::string text = slurp(log);
    CHECK_THAT(text, Catch::StartsWith("simt: error: race hazard ("));
    CHECK_THAT(text, Catch::EndsWith("simt: 6 hazards (6 errors, 0 warnings) in 1 launch\nsimt: ERROR SUMMARY: 6 errors, 0 warnings\n"));
    const Result died = simt("run --log-file " + log.string() + " " + program("host_crash.cu"));
    CHECK(died.status == 139);
    CHECK(died.err.empty());
    CHECK(slurp(log) == "simt: error: the program was killed by signal 11 (Segmentation fault)\n"
                        "simt: ERROR SUMMARY: 1 error, 0 warnings\n");
}

TEST_CASE("a program on its own that cannot write its report file says so and fails: CI would read that file") {
    const Result built = simt("build " + program("leak.cu"));
    REQUIRE(built.status == 0);
    const std::string exe = built.out.substr(0, built.out.find('\n'));
    const Result r = shell("SIMT_OPTIONS='report=json;report-file=/no/such/dir/x.json' " + exe);
    CHECK(r.status == 1);
    CHECK(r.out == "leaving\n");
    CHECK(r.err == "simt: error: cannot write the report to /no/such/dir/x.json\nsimt: ERROR SUMMARY: 1 error, 0 warnings\n");
}

// Kernel filters (docs/options.md, "Kernel filters"): two_racy_kernels.cu has
// a race in `produce` and one in `consume`, which reads what `produce` wrote.

TEST_CASE("only the kernels --kernel-name names are checked, and the others run unchecked") {
    const Result all = simt("run " + program("two_racy_kernels.cu"));
    CHECK(all.status == 1);
    CHECK_THAT(all.err, Catch::Contains(" in kernel produce\n"));
    CHECK_THAT(all.err, Catch::Contains(" in kernel consume\n"));
    for (const char* filter :
         {"consume", "kne=consume", "kernel_name=consume", "kns=onsum", "kernel_substring=cons", "regex=^con.*e$"}) {
        CAPTURE(filter);
        const Result r = simt("run --kernel-name " + std::string(filter) + " " + program("two_racy_kernels.cu"));
        CHECK(r.status == 1);
        CHECK(r.out == "no error\n");
        CHECK_THAT(r.err, Catch::Contains(" in kernel consume\n"));
        CHECK_THAT(r.err, !Catch::Contains(" in kernel produce\n"));
        // What the unchecked `produce` wrote counts as written: no uninitialised read in `consume`.
        CHECK_THAT(r.err, !Catch::Contains("init"));
        CHECK_THAT(r.err, !Catch::Contains("simt: warning"));
    }
}

TEST_CASE("a kernel filter of several components names a kernel when any of them does, as on an H200") {
    // compute-sanitizer checked both kernels for kns=produce,kns=consume
    // (docs/gpu-runs/2026-11-26-h200-kernel-filters.txt).
    const Result r = simt("run --kernel-name kns=produce,kns=consume " + program("two_racy_kernels.cu"));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains(" in kernel produce\n"));
    CHECK_THAT(r.err, Catch::Contains(" in kernel consume\n"));
    const Result one = simt("run --kernel-name kne=produce,kns=nothing " + program("two_racy_kernels.cu"));
    CHECK_THAT(one.err, Catch::Contains(" in kernel produce\n"));
    CHECK_THAT(one.err, !Catch::Contains(" in kernel consume\n"));
}

TEST_CASE("the kernels --kernel-name-exclude names are left unchecked, also beside --kernel-name") {
    const Result r = simt("run --kernel-name-exclude consume " + program("two_racy_kernels.cu"));
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains(" in kernel produce\n"));
    CHECK_THAT(r.err, !Catch::Contains(" in kernel consume\n"));
    // Both filters: --kernel-name picks, --kernel-name-exclude takes away.
    const Result none = simt("run --kernel-name kns=u --kernel-name-exclude kns=o " + program("two_racy_kernels.cu"));
    CHECK(none.status == 0);
    CHECK(none.err == kCleanRun);
}

TEST_CASE("a kernel filter that matches no launched kernel is a warning at exit") {
    const Result r = simt("run --kernel-name kne=consum " + program("two_racy_kernels.cu"));
    CHECK(r.status == 0);
    CHECK(r.err == "simt: warning: --kernel-name kne=consum matched no kernel this run launched: none was checked\n" +
                       kCleanRun);
    const Result excluded = simt("run --kernel-name-exclude prodce " + program("two_racy_kernels.cu"));
    CHECK(excluded.status == 1);
    CHECK_THAT(excluded.err, Catch::Contains("simt: warning: --kernel-name-exclude prodce matched no kernel this run "
                                             "launched: it excluded none\n"));
}

TEST_CASE("an out-of-bounds access in a kernel filtered out is still an error: simt cannot perform it") {
    const Result r = simt("run --kernel-name consume " + program("two_racy_kernels.cu") + " -- overrun");
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("simt: error: invalid global write of size 4 in kernel produce"));
    // `consume` was named: its launch, refused after the fault, still counts.
    CHECK_THAT(r.err, !Catch::Contains("matched no kernel"));
    CHECK_THAT(r.err, Catch::EndsWith("simt: ERROR SUMMARY: 1 error, 0 warnings\n"));
}

TEST_CASE("a kernel filter simt cannot read is refused before the build, and in SIMT_OPTIONS") {
    const Result bad = simt("run --kernel-name kre=prod " + program("two_racy_kernels.cu"));
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("'kre' is not a key simt knows"));
    CHECK(simt("run --kernel-name-exclude kns= " + program("two_racy_kernels.cu")).status == 2);
    const Result regex = simt("run --kernel-name 'regex=prod(' " + program("two_racy_kernels.cu"));
    CHECK(regex.status == 2);
    CHECK_THAT(regex.err, Catch::Contains("regex=prod( is not a regular expression"));
    const Result built = simt("build " + program("two_racy_kernels.cu"));
    REQUIRE(built.status == 0);
    const std::string exe = built.out.substr(0, built.out.find('\n'));
    const Result r = shell("SIMT_OPTIONS='kernel-name=produce,,' " + exe);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("simt: error: SIMT_OPTIONS: kernel-name=produce,,: an empty component"));
}

// simt sarif-merge (docs/report-format.md, "Merging SARIF files").

namespace {

// A catalog program's SARIF file, under a category.
fs::path sarif_of(const std::string& name, const std::string& category, const std::string& more = "") {
    const fs::path file = scratch_file(name + "-" + category.substr(category.rfind('/') + 1) + ".sarif");
    simt("run --report sarif --report-file " + file.string() + " --report-category " + category + " " + more + " " +
         catalog(name + ".cu"));
    return file;
}

Result merged(const std::vector<fs::path>& inputs, const fs::path& output) {
    std::string files;
    for (const fs::path& input : inputs) files += " '" + input.string() + "'";
    fs::remove(output);
    return shell(std::string(SIMT_EXE) + " sarif-merge -o '" + output.string() + "'" + files);
}

// The first "instances" count in a SARIF text.
unsigned long first_instances(const std::string& sarif) {
    const std::size_t at = sarif.find("\"instances\": ");
    return at == std::string::npos ? 0 : std::stoul(sarif.substr(at + 13));
}

}  // namespace

TEST_CASE("sarif-merge makes the runs of one category one run, with the rules and results of each") {
    const fs::path racy = sarif_of("shared_counter", "ci/all"), oob = sarif_of("out_of_bounds", "ci/all");
    const fs::path all = scratch_file("all.sarif");
    const Result r = merged({racy, oob}, all);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    const std::string s = slurp(all);
    CHECK(occurrences(s, "\"automationDetails\"") == 1);
    CHECK(occurrences(s, "\"ruleId\": ") == occurrences(slurp(racy), "\"ruleId\": ") + 1);
    CHECK(occurrences(s, "\"id\": \"memory/out-of-bounds\"") == 1);
    CHECK(occurrences(s, "\"id\": \"race/RAW\"") == 1);
    CHECK(occurrences(s, "\"executionSuccessful\": true") == 2);
    // The schema, GitHub's rules, and every ruleIndex naming its ruleId's rule.
    CHECK(checked_sarif(all).status == 0);
}

TEST_CASE("sarif-merge lists a result found in several files once, its instance counts added up") {
    const fs::path racy = sarif_of("shared_counter", "ci/twice");
    const fs::path twice = scratch_file("twice.sarif");
    REQUIRE(merged({racy, racy}, twice).status == 0);
    const std::string once = slurp(racy), s = slurp(twice);
    CHECK(occurrences(s, "\"ruleId\": ") == occurrences(once, "\"ruleId\": "));
    CHECK(first_instances(once) > 0);
    CHECK(first_instances(s) == 2 * first_instances(once));
    CHECK(checked_sarif(twice).status == 0);
}

TEST_CASE("sarif-merge keeps runs of different categories as separate runs of one file") {
    const fs::path a = sarif_of("shared_counter", "ci/a"), b = sarif_of("out_of_bounds", "ci/b");
    const fs::path both = scratch_file("both.sarif");
    REQUIRE(merged({a, b}, both).status == 0);
    const std::string s = slurp(both);
    CHECK(occurrences(s, "\"automationDetails\": {\"id\": \"ci/a/\"}") == 1);
    CHECK(occurrences(s, "\"automationDetails\": {\"id\": \"ci/b/\"}") == 1);
    CHECK(occurrences(s, "\"ruleId\": ") == occurrences(slurp(a), "\"ruleId\": ") + occurrences(slurp(b), "\"ruleId\": "));
    CHECK(checked_sarif(both).status == 0);
}

TEST_CASE("sarif-merge refuses a file that is not JSON, not SARIF 2.1.0 or not simt's, with exit status 2") {
    const fs::path good = sarif_of("out_of_bounds", "ci/good"), bad = scratch_file("bad.sarif");
    const fs::path out = scratch_file("refused.sarif");
    const auto refused = [&](const std::string& text) {
        std::ofstream(bad) << text;
        const Result r = merged({good, bad}, out);
        CHECK(r.status == 2);
        CHECK_FALSE(fs::exists(out));
        return r.err;
    };
    CHECK_THAT(refused("race hazard\n"), Catch::StartsWith("simt: error: " + bad.string() + ": not JSON (line 1, column 1: "));
    CHECK_THAT(refused("{\"version\": \"2.1.0\", \"runs\": [}"), Catch::Contains(": not JSON (line 1, column 31: "));
    CHECK_THAT(refused("{\"version\": \"2.0.0\", \"runs\": []}"), Catch::Contains(bad.string() + ": not a SARIF 2.1.0 log"));
    CHECK_THAT(refused("{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"clang-tidy\"}}}]}"),
               Catch::Contains(bad.string() + ": run 1 was written by 'clang-tidy', not simt"));
    const Result missing = merged({good, "/no/such.sarif"}, out);
    CHECK(missing.status == 2);
    CHECK(missing.err == "simt: error: cannot read the SARIF file /no/such.sarif\n");
}

TEST_CASE("sarif-merge refuses runs of one category with different source roots: their relative paths would mix") {
    const fs::path here = sarif_of("out_of_bounds", "ci/roots");
    const fs::path elsewhere = sarif_of("shared_counter", "ci/roots", "--source-root /tmp");
    const Result r = merged({here, elsewhere}, scratch_file("roots.sarif"));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("has category 'ci/roots/' as " + here.string() + " has, but other originalUriBaseIds"));
}

TEST_CASE("with the race checker on, shared reads of unwritten bytes are judged in its pass, with the init checker's own report") {
    // The race checker's slot of each shared granule keeps the bytes the
    // block wrote, so the init checker is not called for shared accesses
    // when both run; what is reported must not change.
    for (const char* mode : {"its", "lockstep"}) {
        CAPTURE(mode);
        const std::string options = std::string("run --mode ") + mode;
        const std::string file = " " + program("uninitialised_shared_mix.cu");
        const Result alone = simt(options + " --check init" + file);
        CHECK(alone.status == 1);
        CHECK(alone.out == "cudaSuccess\n");
        std::size_t groups = 0;
        for (std::size_t at = alone.err.find("init hazard (uninitialised read) on shared memory");
             at != std::string::npos; at = alone.err.find("init hazard (uninitialised read) on shared memory", at + 1))
            ++groups;
        CHECK(groups == 3);  // the words, the bytes, the 8-byte reads
        CHECK_THAT(alone.err, Catch::Contains("Read of size 8 at __shared__ mix::words["));
        CHECK_THAT(alone.err, Catch::Contains("(128 instances of this hazard in this launch)"));
        CHECK(simt(options + " --check race,init" + file).err == alone.err);
        CHECK(simt(options + " --threads 1" + file).err == alone.err);  // every check
        CHECK(simt(options + " --threads 2" + file).err == alone.err);
    }
}

namespace {

// The partialFingerprints values of a SARIF text, in order.
std::vector<std::string> fingerprints(const std::string& sarif) {
    std::vector<std::string> found;
    const std::string key = "\"simt/v2\": \"";
    for (std::size_t at = sarif.find(key); at != std::string::npos; at = sarif.find(key, at + 1))
        found.push_back(sarif.substr(at + key.size(), 16));
    return found;
}

}  // namespace

TEST_CASE("SARIF fingerprints hold when lines are added above the racy kernel, and change with the racy line's text") {
    // GitHub closes and reopens alerts whose fingerprints change: one added
    // comment line must not do that (its own primaryLocationLineHash hashes content).
    const fs::path dir = scratch_file("fingerprints");
    fs::create_directories(dir);
    const std::string original = slurp(catalog("shared_counter.cu"));
    const auto sarif_for = [&](const std::string& text) {
        std::ofstream(dir / "counter.cu") << text;
        const fs::path file = dir / "out.sarif";
        fs::remove(file);
        CHECK(simt("run --report sarif --report-file " + file.string() + " --source-root " + dir.string() + " " +
                   (dir / "counter.cu").string()).status == 1);
        return slurp(file);
    };
    const std::string before = sarif_for(original);
    const std::string moved = sarif_for("// a comment\n// and another\n\n" + original);
    REQUIRE(fingerprints(before).size() >= 2);
    CHECK(fingerprints(moved) == fingerprints(before));
    CHECK(before != moved);  // the lines themselves did move
    const std::size_t racy = original.find("counter = counter + 1;");
    REQUIRE(racy != std::string::npos);
    std::string edited = original;
    edited.insert(racy, "/* edited */ ");
    CHECK(fingerprints(sarif_for(edited)) != fingerprints(before));
    fs::remove_all(dir);
}

TEST_CASE("SARIF rules state what is true of every result, so merged programs' results keep their own lines") {
    const fs::path raw = sarif_of("missing_barrier_raw", "ci/one");
    const fs::path counter = sarif_of("shared_counter", "ci/one");
    const fs::path out = scratch_file("generic-rules.sarif");
    REQUIRE(merged({raw, counter}, out).status == 0);
    // The rule's help names no line; each result's message names its own.
    const std::string one = slurp(raw);
    CHECK_THAT(one, Catch::Contains("\"help\": {\"text\": \"Why: threads of different warps read and write the same "
                                    "bytes with no barrier between, so the read may see the value from before or after "
                                    "the write.\\nFix: put __syncthreads() between the write and the read (at the end "
                                    "of a loop body when they come from consecutive iterations).\""));
    const std::string s = slurp(out);
    CHECK_THAT(s, Catch::Contains("Fix: add __syncthreads() between line 11 and line 12."));
    CHECK_THAT(s, Catch::Contains("Fix: separate the read and the write at line 12 with __syncthreads()"));
    CHECK(checked_sarif(out).status == 0);
    // No rule is titled "fault fault (...)".
    const fs::path deadlock = scratch_file("deadlock.sarif");
    simt("run --report sarif --report-file " + deadlock.string() + " " + program("deadlock.cu"));
    CHECK_THAT(slurp(deadlock), Catch::Contains("\"name\": \"kernel fault (deadlock)\""));
    CHECK_THAT(slurp(deadlock), !Catch::Contains("fault fault"));
}

TEST_CASE("SARIF paths are relative to the git work tree by default, wherever the program runs, and --source-root is normalised") {
    const fs::path repo = scratch_file("repo");
    fs::create_directories(repo / ".git");
    fs::create_directories(repo / "src");
    fs::create_directories(repo / "build");
    fs::copy_file(catalog("shared_counter.cu"), repo / "src" / "counter.cu", fs::copy_options::overwrite_existing);
    const fs::path sarif = repo / "build" / "out.sarif";
    // As ctest runs it: from build/, no --source-root.
    CHECK(shell("cd " + (repo / "build").string() + " && " + SIMT_EXE + " run --report sarif --report-file out.sarif ../src/counter.cu").status == 1);
    CHECK_THAT(slurp(sarif), Catch::Contains("{\"uri\": \"src/counter.cu\", \"uriBaseId\": \"%SRCROOT%\"}"));
    CHECK_THAT(slurp(sarif), Catch::Contains("\"%SRCROOT%\": {\"uri\": \"file://" + repo.string() + "/\"}"));
    // --source-root .. from src/: the repository, not "src/..".
    CHECK(shell("cd " + (repo / "src").string() + " && " + SIMT_EXE + " run --report sarif --report-file ../build/out.sarif --source-root .. counter.cu").status == 1);
    CHECK_THAT(slurp(sarif), Catch::Contains("{\"uri\": \"src/counter.cu\", \"uriBaseId\": \"%SRCROOT%\"}"));
    CHECK_THAT(slurp(sarif), !Catch::Contains("src/.."));
    fs::remove_all(repo);
}
