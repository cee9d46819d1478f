#!/usr/bin/env python3
"""Checks a SARIF file against the OASIS schema and GitHub code scanning's
ingestion rules. Usage: check_github_rules.py SCHEMA FILE...; prints every
broken rule and exits 1 if any."""
import json
import re
import sys

import jsonschema

# RFC 3986 URI-reference characters: a space or a second '#' is not one.
URI_REFERENCE = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*$")


def problems(sarif):
    found = []
    runs = sarif.get("runs", [])
    ids = [r.get("automationDetails", {}).get("id") for r in runs]
    if len(runs) > 1 and len(set(ids)) != len(ids):
        found.append("runs share a category (automationDetails.id): an upload refuses them")
    for run in runs:
        driver = run["tool"]["driver"]
        if "informationUri" in driver and not driver["informationUri"].startswith("https://"):
            found.append("informationUri is not an absolute https URI")
        if not run.get("automationDetails", {}).get("id"):
            found.append("no automationDetails.id: several files of the tool in one upload are refused")
        bases = run.get("originalUriBaseIds", {})
        for rule in driver.get("rules", []):
            help_ = rule.get("help", {})
            if not help_.get("text") or not help_.get("markdown"):  # GH2012 / GitHub's rule help
                found.append("rule %s has no help text and markdown" % rule["id"])
            if not rule.get("shortDescription", {}).get("text"):
                found.append("rule %s has no shortDescription" % rule["id"])
        results = run.get("results", [])
        if len(results) > 25000:  # GH1004: GitHub's limit per run
            found.append("more than 25000 results")
        rule_ids = [rule.get("id") for rule in driver.get("rules", [])]
        for i, result in enumerate(results):
            where = "result %d (%s)" % (i, result.get("ruleId"))
            index = result.get("ruleIndex")
            if index is not None and (index >= len(rule_ids) or rule_ids[index] != result.get("ruleId")):
                # SARIF 3.27.7: ruleIndex points at the rule its ruleId names.
                found.append(where + ": ruleIndex %d does not name that rule" % index)
            if not result.get("message", {}).get("text"):  # GH1007
                found.append(where + ": no message text")
            if not result.get("partialFingerprints"):
                found.append(where + ": no partialFingerprints")
            locations = result.get("locations", [])
            if not locations:  # GH1001
                found.append(where + ": no location")
            for loc in locations + result.get("relatedLocations", []):
                physical = loc.get("physicalLocation", {})
                artifact = physical.get("artifactLocation", {})
                uri = artifact.get("uri", "")
                if not uri:
                    found.append(where + ": a location without a uri")
                elif not URI_REFERENCE.match(uri) or uri.count("#") > 0:
                    found.append(where + ": uri %r is not a percent-encoded URI reference" % uri)
                elif "uriBaseId" in artifact:
                    if uri.startswith("/") or ":" in uri.split("/")[0]:
                        found.append(where + ": uri %r with a uriBaseId is not relative" % uri)
                    if artifact["uriBaseId"] not in bases:
                        found.append(where + ": uriBaseId %s is not in originalUriBaseIds" % artifact["uriBaseId"])
                elif not uri.startswith("file://") and (uri.startswith("/") or ":" in uri.split("/")[0]):
                    found.append(where + ": uri %r is neither relative nor file:" % uri)  # GH1005
                if physical.get("region", {}).get("startLine", 0) < 1:  # GH1003
                    found.append(where + ": no region.startLine")
    return found


def main():
    schema = json.load(open(sys.argv[1]))
    broken = False
    for path in sys.argv[2:]:
        sarif = json.load(open(path))
        for error in jsonschema.Draft4Validator(schema).iter_errors(sarif):
            print("%s: schema: %s" % (path, error.message))
            broken = True
        for problem in problems(sarif):
            print("%s: github: %s" % (path, problem))
            broken = True
    sys.exit(1 if broken else 0)


main()
