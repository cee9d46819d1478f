#!/usr/bin/env python3
"""Checks the structure of a `simt run --trace` file and prints what it holds.

usage: check_trace.py TRACE.json

Exits 1 with a message when the file is not a trace in the JSON trace event
format as simt writes it: not JSON, no traceEvents list, an event without its
fields or its colour (`cname`), a negative time or duration, a track with no
name metadata, a track id used by two processes (some viewers name tracks by
tid alone), or slices on one track that overlap without nesting (Perfetto
would misdraw them).
Otherwise prints one fact a line, for tests/test_trace.cpp to look for.
"""
import json
import sys
from collections import defaultdict


def fail(message):
    print("bad trace: " + message)
    sys.exit(1)


def main(path):
    try:
        with open(path) as f:
            trace = json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read JSON: %s" % e)
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        fail("no traceEvents list")
    events = trace["traceEvents"]
    process_names, thread_names = {}, {}
    slices = defaultdict(list)  # (pid, tid) -> [(start, end, name)]
    used_threads, used_processes = set(), set()
    for e in events:
        if not isinstance(e, dict) or e.get("ph") not in ("X", "i", "M"):
            fail("unexpected event %r" % (e,))
        if not isinstance(e.get("pid"), int) or not isinstance(e.get("name"), str):
            fail("event without pid or name: %r" % (e,))
        if e["ph"] == "M":
            if e["name"] == "process_name":
                process_names[e["pid"]] = e["args"]["name"]
            elif e["name"] == "thread_name":
                thread_names[(e["pid"], e["tid"])] = e["args"]["name"]
            elif e["name"] not in ("process_sort_index", "thread_sort_index"):
                fail("unknown metadata %r" % (e,))
            continue
        if not isinstance(e.get("tid"), int) or not isinstance(e.get("ts"), (int, float)) or e["ts"] < 0:
            fail("event without tid or with a bad ts: %r" % (e,))
        if not isinstance(e.get("args"), dict) or not isinstance(e.get("cat"), str):
            fail("event without args or cat: %r" % (e,))
        if not isinstance(e.get("cname"), str):
            fail("event without a colour (cname): %r" % (e,))
        used_processes.add(e["pid"])
        if e["ph"] == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                fail("slice with a bad dur: %r" % (e,))
            used_threads.add((e["pid"], e["tid"]))
            slices[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"], e["name"]))
        elif e.get("s") == "t":
            used_threads.add((e["pid"], e["tid"]))
        elif e.get("s") != "p":
            fail("instant without scope t or p: %r" % (e,))
    for pid in sorted(used_processes):
        if pid not in process_names:
            fail("process %d has no process_name" % pid)
    for key in sorted(used_threads):
        if key not in thread_names:
            fail("track pid %d tid %d has no thread_name" % key)
    owners = defaultdict(set)
    for pid, tid in thread_names:
        owners[tid].add(pid)
    for tid, pids in sorted(owners.items()):
        if len(pids) > 1:
            fail("track id %d is used by processes %s" % (tid, sorted(pids)))
    for key, spans in slices.items():
        spans.sort(key=lambda s: (s[0], -s[1]))
        open_ends = []
        for start, end, name in spans:
            while open_ends and open_ends[-1] <= start:
                open_ends.pop()
            if open_ends and end > open_ends[-1]:
                fail("slices overlap without nesting on pid %d tid %d at %s (%s)" % (key[0], key[1], start, name))
            open_ends.append(end)

    print("structure ok")
    print("events %d" % len(events))
    for pid in sorted(process_names):
        threads = [thread_names[k] for k in sorted(thread_names) if k[0] == pid]
        warps = [t for t in threads if " lane " not in t]
        print("process %s: %s; %d lane tracks" % (process_names[pid], ", ".join(warps), len(threads) - len(warps)))
    counts = defaultdict(int)
    facts = set()
    for e in events:
        if e["ph"] == "M":
            continue
        counts[(e["ph"], e["cat"])] += 1
        facts.add("colour %s %s: %s" % (e["ph"], e["cat"] if e["cat"] != "wait" else e["name"].split(" ")[1]
                                         if " at " not in e["name"] else "several places", e["cname"]))
        if e["cat"] == "wait" and e["ph"] == "X" and " lane " not in thread_names[(e["pid"], e["tid"])]:
            facts.add("warp wait slice: " + e["name"])
        elif e["cat"] == "hazard":
            a = e["args"]
            facts.add("hazard: %s %s (%s) line %s other line %s" %
                      (a["checker"], a["kind"], a["severity"], a["line"], a.get("other line", "-")))
        elif e["cat"] in ("divergence", "fault", "barrier"):
            facts.add("%s: %s" % (e["cat"], e["name"]))
    for (ph, cat), n in sorted(counts.items()):
        print("count %s %s: %d" % (ph, cat, n))
    for fact in sorted(facts):
        print(fact)
    print("left out: %s" % trace.get("otherData", {}).get("left out", "?"))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1])
