// The SARIF 2.1.0 document every simt SARIF file is (docs/report-format.md):
// the tool, the run's category, the invocation and where paths are relative
// to, around the rules and results that the checkers' printer formats
// (driver/structured_report.cpp). The simt command writes one too, with no
// results, when the program could not write its own (a failed compile, a
// program that died).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace simt::driver {

struct SarifRun {
    // automationDetails.id is category + "/": one run per category, so that
    // several simt files can go up in one code-scanning upload.
    std::string category;
    std::string source_root;  // absolute: %SRCROOT%
    std::string rules;        // the elements of tool.driver.rules, formatted ("" for none)
    std::string results;      // the elements of results, formatted
    bool success = true;      // invocations[0].executionSuccessful
    std::vector<std::string> errors;  // error-level toolExecutionNotifications
};

std::string format_sarif_run(const SarifRun& run);

// A source file as a SARIF artifactLocation object: relative to the source
// root (uriBaseId %SRCROOT%) when it lies under it, else an absolute file://
// URI; percent-encoded either way (a '#' or a space in a name is not a URI's).
std::string sarif_artifact_location(const std::string& path, const std::string& source_root);
std::string percent_encoded(std::string_view path);

// "simt/NAME": the category of the program NAME's runs.
std::string default_category(std::string_view program);

// "a directory/" as an absolute path ending in '/', from the current
// directory when empty, with "." and ".." taken out (--source-root ..).
std::string absolute_directory(const std::string& directory);

// Where a run's SARIF paths are relative to: `given` (--source-root) when
// set; else the git work tree that holds `file` (what code scanning's
// paths are relative to), so a program ctest runs from build/ still names
// src/k.cu; else the current directory.
std::string source_root_for(const std::string& given, const std::string& file);

}  // namespace simt::driver
