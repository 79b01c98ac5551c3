#!/usr/bin/env python3
"""Merges hetscal's per-rank traces (HETSCAL_TRACE=FILE writes FILE.RANK.json)
into FILE.json for Perfetto, and draws FILE.png: one row per worker and MPI
track of every rank, one box per task or message, coloured by kernel.

usage: timing/trace_gantt.py FILE [--call K]   (K: which call, default the last)
"""
import glob
import json
import sys


def load(prefix):
    events = []
    for path in sorted(glob.glob(prefix + ".*.json")):
        with open(path) as f:
            events.extend(json.load(f)["traceEvents"])
    if not events:
        sys.exit("no trace files %s.*.json" % prefix)
    return events


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    prefix = sys.argv[1]
    events = load(prefix)
    with open(prefix + ".json", "w") as f:
        json.dump({"traceEvents": events}, f)
    spans = [e for e in events if e.get("ph") == "X"]
    calls = sorted({e["args"]["call"] for e in spans})
    call = int(sys.argv[sys.argv.index("--call") + 1]) if "--call" in sys.argv else calls[-1]
    spans = [e for e in spans if e["args"]["call"] == call]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("wrote %s.json; install python3-matplotlib for the PNG" % prefix)
        return
    def track_name(t):   # the track numbers of src/runtime/trace.h
        if t >= 1000:
            return "MPI"
        if t == 900:
            return "device copies"
        if t > 100:
            return "gpu %d" % (t - 100)
        return "worker %d" % t

    tracks = sorted({(e["pid"], e["tid"]) for e in spans})
    row = {t: i for i, t in enumerate(tracks)}
    names = sorted({e["name"] for e in spans})
    colour = {n: plt.cm.tab10(i % 10) for i, n in enumerate(names)}
    fig, ax = plt.subplots(figsize=(14, 0.5 * len(tracks) + 1.5))
    for e in spans:
        ax.barh(row[(e["pid"], e["tid"])], e["dur"] / 1e3, left=e["ts"] / 1e3,
                color=colour[e["name"]], edgecolor="none", height=0.8)
    ax.set_yticks(range(len(tracks)))
    ax.set_yticklabels(["rank %d %s" % (p, track_name(t)) for p, t in tracks])
    ax.invert_yaxis()
    ax.set_xlabel("ms since the rank's first event")
    ax.set_title("hetscal trace %s, call %d" % (prefix, call))
    ax.legend(handles=[plt.Rectangle((0, 0), 1, 1, color=colour[n]) for n in names],
              labels=names, loc="upper right", fontsize="small")
    fig.tight_layout()
    fig.savefig(prefix + ".png", dpi=100)
    print("wrote %s.json and %s.png" % (prefix, prefix))


if __name__ == "__main__":
    main()
