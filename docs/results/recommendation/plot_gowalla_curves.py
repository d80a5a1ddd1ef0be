#!/usr/bin/env python3
"""Validation Recall@20 over training on Gowalla, by passes over the training pairs, as an SVG.

Reads the recommenders' result files (their "curve": epoch, val recall@20) and the GNN's
fine-tuning history (a `finetune --json` result, or a checkpoint's state.json: step, validation
recall@20; steps become passes with the run's batch size and the split's training pairs).
Usage: plot_gowalla_curves.py OUT.svg GNN_JSON GNN_BATCH [gnn:LABEL=GNN_JSON ...] [LABEL=RESULT.json ...]
(a "gnn:" argument adds another GNN run of the same batch size)
Drawn so far: plot_gowalla_curves.py gowalla-curves.svg gowalla-gnn-b8192-state.json 8192 \
  "gnn:GNN, log-Q corrected (seed 0)=gowalla-gnn-b8192-logq-state.json" \
  "gnn:GNN, log-Q corrected (seed 1)=gowalla-gnn-b8192-logq-seed1-state.json" \
  "gnn:GNN from DiP-GNN (seed 0)=gowalla-dipgnn-b8192-logq-state.json" \
  "gnn:GAT (seed 0)=gowalla-gat-b8192-logq-state.json" \
  "gnn:GAT (seed 1)=gowalla-gat-b8192-logq-seed1-state.json" \
  "gnn:GAT from DiP-GNN (seed 0)=gowalla-gat-dipgnn-b8192-logq-state.json" \
  "gnn:GAT to 21 epochs (seed 0; stopped at 17)=gowalla-gat-b8192-logq-21ep-state.json" \
  "gnn:GAT, τ 0.05 (seed 0)=gowalla-gat-b8192-logq-t0.05-state.json" \
  "gnn:GAT, τ 0.05 (seed 1)=gowalla-gat-b8192-logq-t0.05-seed1-state.json" \
  "gnn:GAT, τ 0.025 (seed 0)=gowalla-gat-b8192-logq-t0.025-state.json" \
  "gnn:GAT, τ 0.025 (seed 1)=gowalla-gat-b8192-logq-t0.025-seed1-state.json" \
  "gnn:GAT, τ 0.0125 (seed 0)=gowalla-gat-b8192-logq-t0.0125-state.json" \
  "gnn:GAT, τ 0.0125 (seed 1)=gowalla-gat-b8192-logq-t0.0125-seed1-state.json" \
  "gnn:GAT, τ 0.025, 3 layers (seed 0; stopped)=gowalla-gat-b8192-logq-t0.025-l3-state.json" \
  "gnn:GAT, τ 0.025, row dropout 0 (seed 0)=gowalla-gat-b8192-logq-t0.025-rd0-state.json" \
  "gnn:GAT, τ 0.025, hidden 128 (seed 0)=gowalla-gat-b8192-logq-t0.025-h128-state.json" \
  "LightGCN, cosine softmax=gowalla-lightgcn.json" "LightGCN, dot softmax=gowalla-lightgcn-dot.json" \
  "MF-BPR=gowalla-mf-bpr.json"
"""
import json
import sys

TRAINING_PAIRS = 769_545  # Gowalla's training pairs left for training after the 5% validation carve-out
POPULARITY_VAL = 0.0248   # popularity's Recall@20 on that carve-out (gowalla-popularity.json)
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#000000",
           "#e6ab02", "#66a61e", "#a6761d", "#1b9e77", "#7570b3", "#e7298a", "#fb9a99", "#6a3d9a", "#b15928"]


def find(node, key):
    """The first list under `key`, depth first."""
    if isinstance(node, dict):
        if key in node and isinstance(node[key], list):
            return node[key]
        children = node.values()
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = find(child, key)
        if found is not None:
            return found
    return None


def recommender_curve(path):
    points = []
    for entry in find(json.load(open(path)), "curve") or []:
        recall = entry.get("val", {}).get("recall@20")
        if recall is not None:
            points.append((entry["epoch"], recall))
    return points


def gnn_curve(path, batch):
    points = []
    for entry in find(json.load(open(path)), "history") or []:
        recall = entry.get("validation", entry.get("val", {})).get("recall@20")
        if recall is not None:
            points.append((entry["step"] * batch / TRAINING_PAIRS, recall))
    return points


def svg(curves, out):
    width, height, left, right, top, bottom = 900, 420, 60, 320, 20, 50
    max_x = max(x for _, pts in curves for x, _ in pts)
    max_y = max(max(y for _, pts in curves for _, y in pts), POPULARITY_VAL) * 1.1

    def px(x):
        return left + x / max_x * (width - left - right)

    def py(y):
        return height - bottom - y / max_y * (height - top - bottom)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{left}" y1="{py(0)}" x2="{width - right}" y2="{py(0)}" stroke="black"/>',
             f'<line x1="{left}" y1="{py(0)}" x2="{left}" y2="{top}" stroke="black"/>']
    for i in range(6):
        y = max_y * i / 5
        parts.append(f'<text x="{left - 6}" y="{py(y) + 4}" text-anchor="end">{y:.3f}</text>')
        x = max_x * i / 5
        parts.append(f'<text x="{px(x)}" y="{py(0) + 16}" text-anchor="middle">{x:.0f}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
                 'passes over the training pairs (epochs)</text>')
    parts.append(f'<text x="14" y="{(top + height - bottom) / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {(top + height - bottom) / 2})">validation Recall@20</text>')
    parts.append(f'<line x1="{left}" y1="{py(POPULARITY_VAL)}" x2="{width - right}" y2="{py(POPULARITY_VAL)}" '
                 'stroke="gray" stroke-dasharray="4 3"/>')
    curves = curves + [("popularity", [])]
    for i, (label, pts) in enumerate(curves):
        colour = "gray" if not pts else COLOURS[i % len(COLOURS)]
        if pts:
            line = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
            parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
            parts.extend(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.5" fill="{colour}"/>' for x, y in pts)
        ly = top + 10 + 18 * i
        parts.append(f'<line x1="{width - right + 10}" y1="{ly}" x2="{width - right + 30}" y2="{ly}" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{width - right + 36}" y="{ly + 4}">{label}</text>')
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


def main():
    out, gnn_json, gnn_batch = sys.argv[1], sys.argv[2], int(sys.argv[3])
    curves = [("GNN, uniform negatives", gnn_curve(gnn_json, gnn_batch))]
    for arg in sys.argv[4:]:
        label, path = arg.split("=", 1)
        if label.startswith("gnn:"):
            curves.append((label[4:], gnn_curve(path, gnn_batch)))
        else:
            curves.append((label, recommender_curve(path)))
    svg([c for c in curves if c[1]], out)


if __name__ == "__main__":
    main()
