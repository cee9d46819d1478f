// `simt sarif-merge`: several SARIF files from simt runs as one file for one
// code-scanning upload (docs/report-format.md, "Merging SARIF files").
// GitHub refuses, in one upload, two runs of one tool with one category
// (automationDetails.id), so runs that share a category become one run:
//
//  * rules: the union, by id (the first file's wording of each);
//  * results: concatenated, ruleIndex renumbered into the merged rules; a
//    result whose partialFingerprints an earlier one has is that one found
//    again: its properties.instances and properties.launches are added to
//    the earlier one's, and it is not listed twice;
//  * invocations: all kept, with their toolExecutionNotifications;
//  * originalUriBaseIds: must agree (a relative URI means nothing otherwise).
//
// Runs with different categories stay separate runs, in order of first
// appearance. Only simt's runs are merged: another tool's rules and results
// do not follow these rules.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace simt::driver {

struct SarifFile {
    std::string name;  // for messages
    std::string text;
};

// A file that is not JSON, not SARIF 2.1.0 or not simt's, or runs that
// cannot be merged; the message names the file.
struct SarifMergeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The merged SARIF document. Throws SarifMergeError.
std::string merge_sarif(const std::vector<SarifFile>& files);

}  // namespace simt::driver
