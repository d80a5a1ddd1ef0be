#!/usr/bin/env python3
"""The text discriminator's loss and its prior's entropy over pre-training, for the three MovieLens runs in this
folder, as text-discriminator-loss.svg (no dependencies: writes the SVG by hand)."""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = [('movielens-default-1000-steps.json', 'default (lr 1e-3, no warmup)', '#1f77b4'),
        ('movielens-uniform-words-spike.json', 'uniform replacement words (spike)', '#ff7f0e'),
        ('movielens-warmup-100-spike.json', '100-step warmup (spike)', '#2ca02c')]
W, H, L, R, T, B = 640, 360, 60, 20, 30, 50
X_MAX, Y_MIN, Y_MAX = 1000, 0.2, 0.65


def x(step):
    return L + (W - L - R) * step / X_MAX


def y(v):
    return T + (H - T - B) * (Y_MAX - v) / (Y_MAX - Y_MIN)


def entropy(p):
    return -(p * math.log(p) + (1 - p) * math.log(1 - p))


out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{W / 2}" y="16" text-anchor="middle" font-size="13">MovieLens-100K: the text discriminator\'s '
       f'loss (solid) against its prior\'s entropy (dotted)</text>',
       f'<line x1="{L}" y1="{H - B}" x2="{W - R}" y2="{H - B}" stroke="black"/>',
       f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" stroke="black"/>']
for s in range(0, X_MAX + 1, 200):
    out.append(f'<text x="{x(s)}" y="{H - B + 15}" text-anchor="middle">{s}</text>')
for v in (0.2, 0.3, 0.4, 0.5, 0.6):
    out.append(f'<text x="{L - 6}" y="{y(v) + 4}" text-anchor="end">{v:.1f}</text>')
    out.append(f'<line x1="{L}" y1="{y(v)}" x2="{W - R}" y2="{y(v)}" stroke="#ddd"/>')
out.append(f'<text x="{W / 2}" y="{H - 12}" text-anchor="middle">pre-training step</text>')
for i, (name, label, colour) in enumerate(RUNS):
    history = json.load(open(os.path.join(HERE, name)))['history']
    loss = ' '.join(f"{x(e['step']):.1f},{y(e['metrics']['disc_text_loss']):.1f}" for e in history)
    prior = ' '.join(f"{x(e['step']):.1f},{y(entropy(1 - e['metrics']['disc_text_trivial_rate'])):.1f}"
                     for e in history)
    out.append(f'<polyline points="{loss}" fill="none" stroke="{colour}" stroke-width="2"/>')
    out.append(f'<polyline points="{prior}" fill="none" stroke="{colour}" stroke-dasharray="2,3"/>')
    out.append(f'<text x="{W - R - 230}" y="{T + 20 + 15 * i}" fill="{colour}">{label}</text>')
out.append('</svg>')
open(os.path.join(HERE, 'text-discriminator-loss.svg'), 'w').write('\n'.join(out) + '\n')
