#!/usr/bin/env python3
"""Compares the --kernels coo and --kernels torchscript runs that equal-metrics.sh wrote (issue 46).

For every fine-tuning configuration and test metric: each kernel's per-seed values, their mean, the
paired per-seed differences, the seed-to-seed standard deviation s (pooled over both kernels, each
kernel's runs about their own mean) and the verdict of the tolerance rule:
  |mean(coo) - mean(torchscript)| <= s   and   every per-seed |coo - torchscript| <= 2 s.
Pre-training runs (one seed) are listed figure by figure with their difference, no verdict.
A repeat of one kernel (<name>-<kernel>-2.json) is compared with the first run of that kernel, and the
runs of configuration cora-dipgnn-cross separate the pre-training kernel from the fine-tuning kernel.

Runs of several pre-training seeds (POOLED) are also compared as one sample, s taken over all of them.

Usage: equal-metrics-compare.py DIR [--metrics micro_f1,macro_f1,mrr,recall@20,ndcg@20,hits@10]
"""
import json
import math
import os
import sys

DEFAULT_METRICS = ["micro_f1", "macro_f1", "mrr", "hits@10", "recall@20", "ndcg@20"]
PRETRAIN_FIGURES = ["gen_accuracy", "disc_accuracy", "disc_feature_accuracy", "gen_edge_loss",
                    "disc_edge_loss", "loss"]


def load(directory, name):
    path = os.path.join(directory, name + ".json")
    if not os.path.exists(path) or os.path.getsize(path) == 0:  # absent, or a run still going
        return None
    with open(path) as f:
        return json.load(f)


def per_seed(result, metric):
    return {r["seed"]: r["metrics"]["test"][metric] for r in result["runs"] if metric in r["metrics"]["test"]}


def pooled_std(groups):
    """Seed-to-seed standard deviation, each group's values about the group's own mean."""
    squares, df = 0.0, 0
    for values in groups:
        if len(values) > 1:
            mean = sum(values) / len(values)
            squares += sum((v - mean) ** 2 for v in values)
            df += len(values) - 1
    return math.sqrt(squares / df) if df else float("nan")


def paired(a, b, metric):
    """Per-seed values of both runs (seeds both have), their differences, s, the mean difference and the rule."""
    va, vb = per_seed(a, metric), per_seed(b, metric)
    seeds = sorted(set(va) & set(vb))
    if not seeds:
        return None
    xa, xb = [va[k] for k in seeds], [vb[k] for k in seeds]
    diffs = [x - y for x, y in zip(xa, xb)]
    s = pooled_std([xa, xb])
    mean_diff = sum(diffs) / len(diffs)
    return xa, xb, diffs, s, mean_diff, abs(mean_diff) <= s and all(abs(d) <= 2 * s for d in diffs)


def fmt(xs):
    return " / ".join(f"{100 * x:.2f}" for x in xs)


def compare_finetune(name, a, b, label_a, label_b, metrics):
    rows = []
    for metric in metrics:
        pair = paired(a, b, metric)
        if pair is None:
            continue
        xa, xb, diffs, s, mean_diff, ok = pair
        rows.append(f"| {name} | {metric} | {fmt(xa)} (mean {100 * sum(xa) / len(xa):.2f}) "
                    f"| {fmt(xb)} (mean {100 * sum(xb) / len(xb):.2f}) | {fmt(diffs)} (mean {100 * mean_diff:+.2f}) "
                    f"| {100 * s:.2f} | {'within' if ok else 'OUTSIDE'} |")
    walls = f"{sum(r['seconds'] for r in a['runs']):.0f} s / {sum(r['seconds'] for r in b['runs']):.0f} s"
    priors = [(r.get("popularity_prior") or {}).get("beta") for r in a["runs"] + b["runs"]]
    extra = f"; popularity prior w per seed {label_a} / {label_b}: {priors}" if any(p is not None for p in priors) else ""
    return rows, f"{name}: training seconds (sum over seeds) {label_a} / {label_b}: {walls}{extra}"


def compare_pretrain(name, a, b, label_a, label_b):
    lines = [f"{name} ({label_a} / {label_b}; {a['seconds']:.0f} s / {b['seconds']:.0f} s):"]
    for figure in PRETRAIN_FIGURES:
        x, y = a["final"].get(figure), b["final"].get(figure)
        if x is not None and y is not None:
            lines.append(f"  {figure}: {x:.6f} / {y:.6f} (difference {x - y:+.6f})")
    history = list(zip(a.get("history", []), b.get("history", [])))
    if history:
        def largest_relative(h, g):
            return max(abs(h["metrics"][k] - g["metrics"][k]) / max(abs(h["metrics"][k]), 1e-30)
                       for k in h["metrics"] if k in g["metrics"])
        if all(h["metrics"] == g["metrics"] for h, g in history):
            lines.append(f"  {len(history)} logged intervals, every figure bit-equal")
            return lines
        apart = [(h["step"], largest_relative(h, g)) for h, g in history if largest_relative(h, g) > 1e-6]
        lines.append(f"  {len(history)} logged intervals; every figure within 1e-6 relative (float32 rounding) "
                     + (f"up to step {max([h['step'] for h, g in history if h['step'] < apart[0][0]], default='-')}; "
                        f"from step {apart[0][0]} the largest relative difference is "
                        + ", ".join(f"{d:.1e} (step {st})" for st, d in apart[:6])
                        + (" ..." if len(apart) > 6 else "") if apart else "at every one"))
    return lines


# Pairs that separate pre-training from fine-tuning (configuration cora-dipgnn-cross): label, run A, run B
CROSS = [
    ("cora-dipgnn-finetune, both from the coo pre-training: fine-tuning coo − torchscript",
     "cora-dipgnn-finetune-coo", "cora-dipgnn-finetune-from-coo-pretraining-torchscript"),
    ("cora-dipgnn-finetune, both from the torchscript pre-training: fine-tuning coo − torchscript",
     "cora-dipgnn-finetune-from-torchscript-pretraining-coo", "cora-dipgnn-finetune-torchscript"),
    ("cora-dipgnn-finetune, both fine-tuned with coo: pre-training coo − torchscript",
     "cora-dipgnn-finetune-coo", "cora-dipgnn-finetune-from-torchscript-pretraining-coo"),
    ("cora-dipgnn-finetune, both fine-tuned with torchscript: pre-training coo − torchscript",
     "cora-dipgnn-finetune-from-coo-pretraining-torchscript", "cora-dipgnn-finetune-torchscript"),
    # control: the same kernel (coo), PyTorch on 1 against 2 threads (another summation order in its reductions)
    ("cora-dipgnn-pretrain, coo, 1 − 2 threads (control)", "cora-dipgnn-pretrain-coo", "cora-dipgnn-pretrain-threads2-coo"),
    ("cora-dipgnn-finetune, coo, 1 − 2 threads (control)", "cora-dipgnn-finetune-coo", "cora-dipgnn-finetune-threads2-coo"),
]


def walls(directory):
    """Run name -> (process wall seconds, 1-minute load before) from the DIR.txt log of equal-metrics.sh."""
    found, name, load = {}, None, None
    path = directory.rstrip("/") + ".txt"
    if os.path.exists(path):
        for line in open(path):
            if line.startswith("== "):
                name = line[3:].strip()
            elif line.startswith("load before:"):
                load = line.split("load average:")[1].split(",")[0].strip()
            elif line.startswith("wall:") and name:
                found[name] = (float(line.split()[1]), load)
    return found


def summary(directory, names, metrics):
    """One row per configuration and metric: the means over seeds of both kernels and the process wall times."""
    timing = walls(directory)
    rows = ["| configuration | metric | coo | torchscript | coo − torchscript (mean; largest per seed) | s | rule "
            "| wall coo / torchscript (load before) |", "|---|---|---|---|---|---|---|---|"]
    for name in names:
        a, b = load(directory, f"{name}-coo"), load(directory, f"{name}-torchscript")
        if a is None or b is None:
            continue
        wa, wb = timing.get(f"{name}-coo", (float("nan"), "?")), timing.get(f"{name}-torchscript", (float("nan"), "?"))
        if "runs" not in a:  # pre-training: one seed, its last interval's figures, no rule
            for figure in ("disc_accuracy", "gen_accuracy", "loss"):
                x, y = a["final"][figure], b["final"][figure]
                rows.append(f"| {name} | final {figure} | {x:.4f} | {y:.4f} | {x - y:+.4f} | – | – "
                            f"| {wa[0]:.0f} s / {wb[0]:.0f} s ({wa[1]} / {wb[1]}) |")
            continue
        for metric in metrics:
            pair = paired(a, b, metric)
            if pair is None:
                continue
            xa, xb, diffs, sd, mean_diff, ok = pair
            rows.append(f"| {name} | {metric} | {100 * sum(xa) / len(xa):.2f} | {100 * sum(xb) / len(xb):.2f} "
                        f"| {100 * mean_diff:+.2f}; {100 * max(diffs, key=abs):+.2f} | {100 * sd:.2f} "
                        f"| {'within' if ok else 'OUTSIDE'} | {wa[0]:.0f} s / {wb[0]:.0f} s ({wa[1]} / {wb[1]}) |")
    return rows


# Runs pooled over pre-training seeds (PRETRAIN_SEED=1, 2 with RUN_TAG=-pretrain-seed<n>): label, run names
POOLED = [("cora-dipgnn-finetune, pre-training seeds 0-2 x fine-tuning seeds 0-2 (pooled)",
           ["cora-dipgnn-finetune", "cora-dipgnn-finetune-pretrain-seed1", "cora-dipgnn-finetune-pretrain-seed2"])]


def pooled(directory, names, kernel):
    """The runs of several fine-tuning outputs as one, seeds renamed 'p<pre-training seed>/<seed>'."""
    runs = []
    for i, name in enumerate(names):
        result = load(directory, f"{name}-{kernel}")
        if result is None:
            return None
        runs += [dict(r, seed=f"p{i}/{r['seed']}") for r in result["runs"]]
    return {"runs": runs}


def main(argv):
    directory = argv[1]
    metrics = DEFAULT_METRICS
    if "--metrics" in argv:
        metrics = argv[argv.index("--metrics") + 1].split(",")
    names = sorted({f[:-len("-coo.json")] for f in os.listdir(directory) if f.endswith("-coo.json")})
    pairs = [(f"{n}: coo − torchscript", f"{n}-coo", f"{n}-torchscript") for n in names]
    pairs += [(f"{n}: {k} − {k} again (repeat)", f"{n}-{k}", f"{n}-{k}-2")
              for n in names for k in ("coo", "torchscript")]
    pairs += CROSS
    table = ["| comparison (A − B) | metric | A (per seed, from seed 0) | B | A − B | s | rule |",
             "|---|---|---|---|---|---|---|"]
    notes = []
    for label, name_a, name_b in pairs:
        a, b = load(directory, name_a), load(directory, name_b)
        if a is None or b is None:
            continue
        if "runs" in a:
            rows, note = compare_finetune(label, a, b, "A", "B", metrics)
            table += rows
            notes.append(note)
        else:
            notes += compare_pretrain(label, a, b, "A", "B")
    for label, group in POOLED:
        a, b = pooled(directory, group, "coo"), pooled(directory, group, "torchscript")
        if a is not None and b is not None:
            rows, note = compare_finetune(label + ": coo − torchscript", a, b, "A", "B", metrics)
            table += rows
            notes.append(note)
    print("\n".join(summary(directory, names, metrics)))
    print()
    print("\n".join(table))
    print()
    print("\n".join(notes))


if __name__ == "__main__":
    main(sys.argv)
