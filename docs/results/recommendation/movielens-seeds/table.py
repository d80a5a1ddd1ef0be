#!/usr/bin/env python3
"""Paired comparison of the seed<N>.json results beside this script (issue 15, part 7): per method the test
Recall@20, NDCG@20 and MRR (mean ± std over the seeds there), and DiP-GNN and GPT-GNN-style minus scratch
with the two-sided paired t-test. Usage: table.py [DIR] (default: this script's directory; e.g.
../movielens-gat-seeds for the GAT backbone's seeds)."""
import json
import math
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))
from paired import student_t_sf  # noqa: E402

runs = {}
SEEDS = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
for f in sorted(SEEDS.glob("seed*.json")):
    d = json.loads(f.read_text())
    for m in d["methods"]:
        for r in m["runs"]:
            runs.setdefault(m["method"], {})[r["seed"]] = r["metrics"]["test"]
metrics = ["recall@20", "ndcg@20", "mrr"]


def stats(v):
    mean = sum(v) / len(v)
    return mean, (math.sqrt(sum((x - mean) ** 2 for x in v) / (len(v) - 1)) if len(v) > 1 else 0.0)


print("| method | seeds | " + " | ".join(metrics) + " |")
print("|---" * (len(metrics) + 2) + "|")
for method, by_seed in runs.items():
    cells = ["%.4f ± %.4f" % stats([by_seed[s][k] for s in sorted(by_seed)]) for k in metrics]
    print(f"| {method} | {len(by_seed)} | " + " | ".join(cells) + " |")
base = runs.get("NONE", {})
for method, by_seed in runs.items():
    if method == "NONE":
        continue
    seeds = sorted(set(base) & set(by_seed))
    if len(seeds) < 2:
        continue
    for k in metrics:
        d = [by_seed[s][k] - base[s][k] for s in seeds]
        mean, sd = stats(d)
        p = student_t_sf(mean / (sd / math.sqrt(len(d))), len(d) - 1) if sd > 0 else float("nan")
        print(f"{method} - NONE {k}: {mean:+.4f} (p = {p:.3f}, {len(d)} seeds)")
