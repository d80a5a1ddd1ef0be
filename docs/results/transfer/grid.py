#!/usr/bin/env python3
"""The issue-49 grid as Markdown tables, one per data set: every `grid-<data>-*` run of
transfer-experiments.sh, with the test metric (mean ± std over the fine-tuning seeds), its paired
difference from fine-tuning from scratch and from GPT-GNN-style (both from `grid-<data>-base`, same
split and seeds; p of the two-sided paired t-test), the linear probe of the frozen encoder, and the
pre-training figures of the last logging interval: the generator's top-1 accuracy, the share of
generated sources that are the true one, the edge discriminator's accuracy beside its trivial rate
(always answering its more common label) and the margin between them, and the feature and text
discriminators' accuracies beside theirs.

Usage: grid.py DIR   (DIR holds the grid-* run directories, e.g. docs/results/transfer)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from summary import fmt_p, paired, stats  # noqa: E402

DATA = ('cora', 'facebook', 'debian', 'movielens')


def cell(f, k):
    return f'{f[k]:.3f}' if k in f else '–'


def rows(root, data):
    base_dir = os.path.join(root, f'grid-{data}-base')
    if not os.path.exists(os.path.join(base_dir, 'result.json')):
        return None
    base = json.load(open(os.path.join(base_dir, 'result.json')))
    metric = base['metric']
    ref = {m['method']: [r['metrics']['test'][metric] for r in m['runs']] for m in base['methods']}
    runs = [('base', m) for m in base['methods']]
    names = sorted(n for n in os.listdir(root) if n.startswith(f'grid-{data}-') and n != f'grid-{data}-base')
    for n in names:
        path = os.path.join(root, n, 'result.json')
        if os.path.exists(path):
            runs += [(n[len(f'grid-{data}-'):], m) for m in json.load(open(path))['methods']]
    out = []
    for config, m in runs:
        test = [r['metrics']['test'][metric] for r in m['runs']]
        mean, sd = stats(test)
        versus = []
        for k in ('NONE', 'GPT_GNN'):
            if k in ref and m['method'] != k and not (config == 'base' and m['method'] == 'NONE'):
                diff, p = paired(test, ref[k])
                versus.append(f'{100 * diff:+.2f} ({fmt_p(p)})')
            else:
                versus.append('')
        probe = ''
        if all(r.get('probe') for r in m['runs']):
            pm, psd = stats([r['probe']['test'][metric] for r in m['runs']])
            probe = f'{100 * pm:.2f}'
        f = m.get('pretrainFinal') or {}
        seconds = f"{m['pretrainSeconds']:.0f}" if m.get('pretrainSeconds') else ''
        out.append(f"| {config} | {m['method'].lower().replace('_', '-')} | {100 * mean:.2f} ± {100 * sd:.2f} | "
                   f"{versus[0]} | {versus[1]} | {probe} | {cell(f, 'gen_top1_accuracy')} | "
                   f"{cell(f, 'gen_accuracy')} | {cell(f, 'disc_accuracy')} | {cell(f, 'disc_trivial_rate')} | "
                   f"{cell(f, 'disc_margin')} | {cell(f, 'disc_feature_accuracy')} | "
                   f"{cell(f, 'disc_feature_trivial_rate')} | {cell(f, 'disc_text_accuracy')} | "
                   f"{cell(f, 'disc_text_trivial_rate')} | {seconds} |")
    return metric, out


def validation_gains(root, data):
    """Per configuration (and base method), the mean validation metric over seeds minus scratch's, in points."""
    base_path = os.path.join(root, f'grid-{data}-base', 'result.json')
    if not os.path.exists(base_path):
        return {}
    base = json.load(open(base_path))
    metric = base['metric']
    val = lambda m: sum(r['metrics']['val'][metric] for r in m['runs']) / len(m['runs'])
    methods = {m['method']: m for m in base['methods']}
    scratch = val(methods['NONE'])
    gains = {f"base {k.lower().replace('_', '-')}": 100 * (val(m) - scratch)
             for k, m in methods.items() if k != 'NONE'}
    for n in os.listdir(root):
        path = os.path.join(root, n, 'result.json')
        if n.startswith(f'grid-{data}-') and n != f'grid-{data}-base' and os.path.exists(path):
            for m in json.load(open(path))['methods']:
                gains[n[len(f'grid-{data}-'):]] = 100 * (val(m) - scratch)
    return gains


def choice(root):
    """The configurations ranked by their mean validation gain over scratch across the data sets measured."""
    by_data = {d: validation_gains(root, d) for d in DATA}
    by_data = {d: g for d, g in by_data.items() if g}
    configs = sorted(set().union(*[set(g) for g in by_data.values()])) if by_data else []
    rows = []
    for c in configs:
        gains = [by_data[d].get(c) for d in by_data]
        known = [g for g in gains if g is not None]
        rows.append((len(known), sum(known) / len(known), c, gains))
    rows.sort(key=lambda r: (-r[0], -r[1]))
    print('\n#### Choice by validation (mean validation metric minus scratch\'s, points, over the data sets where '
          'the configuration ran; those with more data sets first)\n')
    print('| configuration | ' + ' | '.join(by_data) + ' | mean |')
    print('|---' * (len(by_data) + 2) + '|')
    for _, mean, c, gains in rows:
        cells = ' | '.join('–' if g is None else f'{g:+.2f}' for g in gains)
        print(f'| {c} | {cells} | {mean:+.2f} |')


def main(root):
    for data in DATA:
        got = rows(root, data)
        if got is None:
            continue
        metric, out = got
        print(f'\n#### {data} (test {metric} ×100)\n')
        print('| configuration | method | test | − scratch (p) | − GPT-GNN (p) | probe | gen. top-1 | '
              'generated true | disc. acc | disc. trivial | disc. margin | feature disc. acc | feature trivial '
              '| text disc. acc | text trivial | pre-training s |')
        print('|---' * 16 + '|')
        print('\n'.join(out))
    choice(root)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
