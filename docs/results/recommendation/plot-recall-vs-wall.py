#!/usr/bin/env python3
"""Draws Gowalla's validation Recall@20 (the 5% carve-out) against wall time for each training path measured
(issue 48): gowalla-recall-vs-wall.svg. Inputs: the runs' saved validation histories, and each run's wall time per
step as its .cmd file states it. Standard library only; run from this directory."""
import json

def history(path):
    """The (step, validation Recall@20) pairs of a checkpoint's state (format 1: at the top; 2: nested)."""
    def find(node):
        if isinstance(node, dict):
            if 'history' in node:
                return node['history']
            for value in node.values():
                found = find(value)
                if found is not None:
                    return found
        return None
    return [(h['step'], h['validation']['recall@20']) for h in find(json.load(open(path)))]

# seconds per step, validations included, as measured (the .cmd files say how)
RUNS = [
    ('whole-graph GAT, 8,192 positives (seed 0)', 'gowalla-gat-b8192-logq-t0.025-state.json', 3215 / 846, '#1f77b4'),
    ('fan-out 10,10 GAT, 2,048 positives, uncorrected (seed 0)', 'gowalla-fanout-b2048-state.json', 1260 / 1504, '#d62728'),
    # thinned neighbourhoods weighed as whole ones; 0.59 s a step with validation, measured alone (its .cmd file)
    ('fan-out 10,10 GAT, 2,048 positives, weighed (seed 0)', 'gowalla-fanout-scaled-b2048-state.json', 331 / 564, '#ff7f0e'),
    ('fan-out 10,10 GAT, 2,048 positives, weighed (seed 1)', 'gowalla-fanout-scaled-b2048-seed1-state.json', 331 / 564, '#9467bd'),
]
# LightGCN (4 layers, the same carve-out): one validation, after its 21 epochs
POINTS = [('LightGCN 4 layers, 21 epochs (seed 0)', 4073, 0.1834, '#2ca02c')]

W, H, L, R, T, B = 780, 420, 70, 310, 30, 50
XMAX, YMIN, YMAX = 4500, 0.0, 0.2

def x(s):
    return L + (W - L - R) * s / XMAX

def y(v):
    return T + (H - T - B) * (1 - (v - YMIN) / (YMAX - YMIN))

out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{L}" y="18" font-size="14">Gowalla: validation Recall@20 against wall time (2 cores)</text>']
for t in range(0, XMAX + 1, 500):
    out.append(f'<line x1="{x(t):.1f}" y1="{T}" x2="{x(t):.1f}" y2="{H - B}" stroke="#eee"/>')
    out.append(f'<text x="{x(t):.1f}" y="{H - B + 16}" text-anchor="middle">{t}</text>')
for i in range(0, 5):
    v = YMIN + i * (YMAX - YMIN) / 4
    out.append(f'<line x1="{L}" y1="{y(v):.1f}" x2="{W - R}" y2="{y(v):.1f}" stroke="#eee"/>')
    out.append(f'<text x="{L - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.2f}</text>')
out.append(f'<text x="{(L + W - R) / 2}" y="{H - 12}" text-anchor="middle">wall seconds</text>')
out.append(f'<text x="16" y="{(T + H - B) / 2}" transform="rotate(-90 16 {(T + H - B) / 2})" text-anchor="middle">Recall@20</text>')
legend = T + 10
for name, path, per_step, colour in RUNS:
    pts = ' '.join(f'{x(s * per_step):.1f},{y(v):.1f}' for s, v in history(path))
    out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>')
    out.append(f'<line x1="{W - R + 10}" y1="{legend}" x2="{W - R + 30}" y2="{legend}" stroke="{colour}" stroke-width="2"/>')
    out.append(f'<text x="{W - R + 35}" y="{legend + 4}" font-size="10">{name}</text>')
    legend += 18
for name, s, v, colour in POINTS:
    out.append(f'<circle cx="{x(s):.1f}" cy="{y(v):.1f}" r="4" fill="{colour}"/>')
    out.append(f'<circle cx="{W - R + 20}" cy="{legend}" r="4" fill="{colour}"/>')
    out.append(f'<text x="{W - R + 35}" y="{legend + 4}" font-size="10">{name}</text>')
    legend += 18
out.append('</svg>')
open('gowalla-recall-vs-wall.svg', 'w').write('\n'.join(out) + '\n')
