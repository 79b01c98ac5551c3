#!/usr/bin/env python3
"""GFLOP/s against N from time_scalapack's CSV (-csv FILE): hetscal, the
reference ScaLAPACK and the GEMM ceiling of the same cores (in the
routine's precision), one panel per routine (PDPOTRF, PZGEQRF ...), one
line style per grid/threads/devices setting.

    python3 timing/plot_gflops.py timing/plot.csv timing/plot.png

Needs matplotlib (Debian: python3-matplotlib); draws without a display."""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend is chosen)


def read_rows(path):
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r.get("routine")]


def setting(r):
    grid = f"{r['p']}x{r['q']}, {r['threads']} thr"
    if r["devices"] not in ("-", ""):
        grid += f", {r['devices']}"
    if r["m"] != r["n"]:
        grid += f", M={r['m']}"
    return grid


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    rows = read_rows(argv[1])
    if not rows:
        sys.stderr.write(f"{argv[1]}: no data\n")
        return 1
    by_routine = defaultdict(lambda: defaultdict(list))
    for r in rows:
        by_routine[r["routine"]][(setting(r), r["nb"])].append(r)

    fig, axes = plt.subplots(1, len(by_routine), squeeze=False,
                             figsize=(6.5 * len(by_routine), 4.8))
    for ax, (routine, series) in zip(axes[0], by_routine.items()):
        for (label, nb), pts in sorted(series.items()):
            pts.sort(key=lambda r: int(r["n"]))
            n = [int(r["n"]) for r in pts]
            tag = f" ({label}, NB={nb})" if len(series) > 1 else ""
            same = pts[0].get("hs_is_ref") == "1"
            hs_name = "hetscal (= reference: not in libhetscal)" if same \
                else "hetscal"
            line, = ax.plot(n, [float(r["hs_gflops"]) for r in pts], "o-",
                            label=hs_name + tag)
            ax.plot(n, [float(r["ref_gflops"]) for r in pts], "s--",
                    color=line.get_color(), alpha=0.7,
                    label="reference ScaLAPACK" + tag)
            ax.plot(n, [float(r["ceiling_gflops"]) for r in pts], ":",
                    color=line.get_color(), alpha=0.6,
                    label="GEMM ceiling" + tag)
        first = next(iter(series.values()))[0]
        title = routine
        if len(series) == 1:
            title += f": {setting(first)}, NB={first['nb']}"
        ax.set_title(title)
        ax.set_xlabel("N")
        ax.set_ylabel("GFLOP/s (best of the repetitions)")
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="small", loc="best")
    fig.tight_layout()
    fig.savefig(argv[2], dpi=110)
    print(f"{argv[2]}: {len(rows)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
