#!/usr/bin/env python3
"""Renders a `simt run --trace` file as an SVG timeline (standard library only).

usage: trace-render.py TRACE.json OUT.svg [--width PX] [--processes N] [--lanes]

One row per warp track (and per lane track with --lanes, when the trace has
them) and the block's hazard track, grouped by block. Colours are the trace's
own (each event's `cname`, the meaning simt gives it): running green, waiting
at a barrier orange, at a warp collective blue, at a convergence point grey,
lanes of a warp at different places yellow, hazards red (error), amber
(warning) or grey (note), faults black. Waits, hazards and divergence are
labelled with their names where there is room; barrier releases are grey
dashed lines across the block. Every mark but the run slices (they are many)
has a tooltip (<title>) with its name and args. For a picture where no
browser is at hand; Perfetto (ui.perfetto.dev) shows the same file
interactively.
"""
import argparse
import json
import sys
from collections import OrderedDict
from xml.sax.saxutils import escape

# The viewer's reserved colour names simt uses (driver/trace_timeline.cpp),
# as catapult draws them, and what each means.
COLOURS = OrderedDict([
    ("thread_state_running", ("#7ec894", "running")),
    ("thread_state_iowait", ("#ff8c00", "waiting at a barrier")),
    ("thread_state_runnable", ("#85a0d2", "waiting at a warp collective")),
    ("thread_state_sleeping", ("#c8c8c8", "waiting at a convergence point")),
    ("yellow", ("#e6d200", "lanes at different places")),
    ("terrible", ("#b40000", "hazard (error)")),
    ("bad", ("#b47d00", "hazard (warning)")),
    ("grey", ("#999999", "hazard (note)")),
    ("black", ("#000000", "fault")),
])


def colour(e):
    return COLOURS.get(e.get("cname"), ("#999999", ""))[0]
ROW, LABEL, TOP, GAP = 16, 150, 40, 22


def tooltip(e):
    args = e.get("args", {})
    lines = [e["name"]] + ["%s: %s" % (k, json.dumps(v) if isinstance(v, dict) else v) for k, v in args.items()]
    return "<title>%s</title>" % escape("\n".join(lines))


def load(path, processes, lanes):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    names, threads = {}, {}
    for e in events:
        if e["ph"] == "M" and e["name"] == "process_name":
            names[e["pid"]] = e["args"]["name"]
        elif e["ph"] == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    pids = sorted(names)[:processes]
    rows = OrderedDict()  # (pid, tid) -> label, in track order
    for pid in pids:
        for key in sorted(k for k in threads if k[0] == pid):
            if lanes or " lane " not in threads[key]:
                rows[key] = threads[key]
    kept = [e for e in events if e["ph"] != "M" and e["pid"] in pids]
    return names, pids, rows, kept


def render(path, out, width, processes, lanes):
    names, pids, rows, events = load(path, processes, lanes)
    if not rows:
        sys.exit("trace-render: no tracks in %s" % path)
    end = max(e["ts"] + e.get("dur", 0) for e in events) if events else 1
    start = min(e["ts"] for e in events) if events else 0
    scale = (width - LABEL - 20) / max(end - start, 1e-9)

    def x(t):
        return LABEL + (t - start) * scale

    # Vertical layout: a header line per block, then its rows.
    y_of, block_span, y = {}, {}, TOP
    for pid in pids:
        y += GAP
        first = y
        for key in rows:
            if key[0] == pid:
                y_of[key] = y
                y += ROW
        block_span[pid] = (first - GAP, first, y)
    height = y + 50

    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">'
           % (width, height), '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="20" font-size="13" font-weight="bold">%s</text>'
           % escape("simt trace: %s (time: scheduling steps)" % path.split("/")[-1])]
    for pid in pids:
        header, first, last = block_span[pid]
        svg.append('<text x="10" y="%d" font-weight="bold">%s</text>' % (header + 15, escape(names[pid])))
        for key, label in rows.items():
            if key[0] == pid:
                yy = y_of[key]
                svg.append('<text x="10" y="%d">%s</text>' % (yy + 12, escape(label)))
                svg.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#eee"/>' % (LABEL, width - 20, yy + ROW, yy + ROW))
    # Slices first, markers on top.
    for e in events:
        if e["ph"] == "X" and (e["pid"], e["tid"]) in y_of:
            yy = y_of[(e["pid"], e["tid"])]
            w = max(e["dur"] * scale, 0.6)
            edge = ' stroke="white" stroke-width="0.5"' if w > 3 else ""  # so that adjacent slices show apart
            # Run slices are many and short: no tooltip, to keep the file small.
            title = tooltip(e) if e["cat"] != "run" else ""
            svg.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"%s>%s</rect>'
                       % (x(e["ts"]), yy + 2, w, ROW - 4, colour(e), edge, title))
            if e["cat"] != "run" and w > 60:  # a label where it fits
                svg.append('<text x="%.2f" y="%d" font-size="9" clip-path="none">%s</text>'
                           % (x(e["ts"]) + 2, yy + 11, escape(e["name"][: int(w / 5)])))
            elif e["cat"] == "hazard":  # narrow: the label beside it
                svg.append('<text x="%.2f" y="%d" font-size="9" fill="%s">%s</text>'
                           % (x(e["ts"]) + w + 2, yy + 11, colour(e), escape(e["name"])))
    for e in events:
        if e["ph"] != "i":
            continue
        cx = x(e["ts"])
        if e.get("s") == "p":
            header, first, last = block_span[e["pid"]]
            line_colour = "#000" if e["cat"] == "fault" else "#888"
            svg.append('<line x1="%.2f" x2="%.2f" y1="%d" y2="%d" stroke="%s" stroke-dasharray="3,2">%s</line>'
                       % (cx, cx, first, last, line_colour, tooltip(e)))
            continue
        key = (e["pid"], e["tid"])
        if key not in y_of:
            continue
        cy = y_of[key] + ROW / 2
        if e["cat"] == "divergence":
            svg.append('<path d="M%.2f %.2f l5 5 l-5 5 l-5 -5 z" fill="%s" stroke="#555" stroke-width="0.5">%s</path>'
                       % (cx, cy - 5, colour(e), tooltip(e)))
            svg.append('<text x="%.2f" y="%.2f" font-size="9">%s</text>' % (cx + 7, cy + 3, escape(e["name"])))
        else:
            svg.append('<circle cx="%.2f" cy="%.2f" r="4" fill="#000">%s</circle>' % (cx, cy, tooltip(e)))
    # Time axis and legend.
    axis = height - 40
    svg.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#333"/>' % (LABEL, width - 20, axis, axis))
    for i in range(6):
        t = start + (end - start) * i / 5
        svg.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (x(t), axis + 14, round(t)))
    used = {e.get("cname") for e in events}
    legend = [("rect", hex_, text) for name, (hex_, text) in COLOURS.items() if name in used]
    legend += [("line", "#888", "barrier release")]
    lx, ly = LABEL, height - 12
    for kind, hex_, text in legend:
        if lx + 30 + 6 * len(text) > width:
            lx, ly = LABEL, ly + 14
        if kind == "rect":
            svg.append('<rect x="%d" y="%d" width="12" height="9" fill="%s"/>' % (lx, ly - 8, hex_))
        else:
            svg.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-dasharray="3,2"/>'
                       % (lx + 6, lx + 6, ly - 10, ly + 1, hex_))
        svg.append('<text x="%d" y="%d">%s</text>' % (lx + 16, ly, escape(text)))
        lx += 30 + 6 * len(text)
    if ly > height - 12:
        svg[0] = svg[0].replace('height="%d"' % height, 'height="%d"' % (ly + 10))
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


def main():
    p = argparse.ArgumentParser(description="Render a simt trace file as an SVG timeline.")
    p.add_argument("trace")
    p.add_argument("out")
    p.add_argument("--width", type=int, default=1200)
    p.add_argument("--processes", type=int, default=2, help="blocks to draw (the first ones)")
    p.add_argument("--lanes", action="store_true", help="also draw lane tracks (from --trace-lanes)")
    a = p.parse_args()
    render(a.trace, a.out, a.width, a.processes, a.lanes)


if __name__ == "__main__":
    main()
