#!/usr/bin/env python3
"""One Markdown table from the `reproduce` result.json files of the issue-17 experiments (same split
and seeds in every run, so `none` is the same baseline everywhere): per experiment and method, the
test micro-F1 (mean ± std over seeds), its paired difference from fine-tuning from scratch and from
GPT-GNN-style (p, two-sided paired t-test, here over the runs' seeds), the linear probe of the frozen
starting encoder, the pre-training figures of the last logging interval and its wall time.

Usage: summary.py DIR [DIR ...]   (each DIR holds result.json; the experiment is named after DIR)
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from paired import student_t_sf  # noqa: E402


def paired(a, b):
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    if sd == 0:
        return mean, 0.0 if mean != 0 else 1.0
    return mean, student_t_sf(mean / (sd / math.sqrt(n)), n - 1)


def fmt_p(p):
    return '< 0.0001' if p < 1e-4 else f'{p:.4f}' if p < 1e-3 else f'{p:.3f}'


def stats(values):
    m = sum(values) / len(values)
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (len(values) - 1)) if len(values) > 1 else 0
    return m, sd


def main(dirs):
    print('| experiment | method | test micro-F1 | − w/o (p) | − GPT-GNN (p) | probe test | gen. acc | '
          'disc. acc | feature disc. acc | pre-training s |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    first = {}
    for d in dirs:
        r = json.load(open(os.path.join(d, 'result.json')))
        metric = r['metric']
        by = {m['method']: m for m in r['methods']}
        test = {k: [run['metrics']['test'][metric] for run in m['runs']] for k, m in by.items()}
        # a run without `none` (or GPT-GNN-style) is paired with the first run of its data set that has it
        shared = first.setdefault(r['dataset'], {})
        for k in ('NONE', 'GPT_GNN'):
            if k in test:
                shared.setdefault(k, test[k])
            elif k in shared:
                test[k] = shared[k]
        for name, m in by.items():
            if name == 'NONE' and shared.get('printed'):
                continue
            shared['printed'] = shared.get('printed') or name == 'NONE'
            mean, sd = stats(test[name])
            vs_none = vs_gpt = ''
            if 'NONE' in test and name != 'NONE':
                diff, p = paired(test[name], test['NONE'])
                vs_none = f'{100 * diff:+.2f} ({fmt_p(p)})'
            if 'GPT_GNN' in test and name not in ('GPT_GNN', 'NONE'):
                diff, p = paired(test[name], test['GPT_GNN'])
                vs_gpt = f'{100 * diff:+.2f} ({fmt_p(p)})'
            probe = ''
            if all(run.get('probe') for run in m['runs']):
                pm, psd = stats([run['probe']['test'][metric] for run in m['runs']])
                probe = f'{100 * pm:.2f}' + (f' ± {100 * psd:.2f}' if psd > 0 else '')
            f = m.get('pretrainFinal') or {}
            cell = lambda k: f'{f[k]:.3f}' if k in f else '–'
            seconds = f"{m['pretrainSeconds']:.0f}" if m['pretrainSeconds'] else ''
            print(f"| {os.path.basename(os.path.normpath(d))} | {name.lower().replace('_', '-')} | "
                  f"{100 * mean:.2f} ± {100 * sd:.2f} | {vs_none} | {vs_gpt} | {probe} | {cell('gen_accuracy')} | "
                  f"{cell('disc_accuracy')} | {cell('disc_feature_accuracy')} | {seconds} |")


if __name__ == '__main__':
    main(sys.argv[1:])
