#!/usr/bin/env python3
"""Paired comparison of methods from several `reproduce` result.json files of the same data set,
split and seeds (e.g. a baseline run separately): mean ± std of the test metric per method and a
two-sided paired t-test of each method against the first one named.

Usage: paired.py METRIC RESULT.json [RESULT.json ...] --against METHOD
"""
import json
import math
import sys


def student_t_sf(t, df):
    """Two-sided p-value of Student's t with df degrees of freedom (regularised incomplete beta)."""
    x = df / (df + t * t)
    return betainc(df / 2.0, 0.5, x)


def betainc(a, b, x):
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbeta) * contfrac(a, b, x) / a
    return 1 - math.exp(lbeta) * contfrac(b, a, 1 - x) / b


def contfrac(a, b, x):
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / d if abs(d) > 1e-300 else 1e300
    f = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / d if abs(d) > 1e-300 else 1e300
            c = 1 + num / c if abs(c) > 1e-300 else 1e300
            f *= d * c
    return f


def main(argv):
    metric = argv[1]
    against = argv[argv.index("--against") + 1]
    files = [a for a in argv[2:argv.index("--against")]]
    runs = {}
    for path in files:
        for m in json.load(open(path))["methods"]:
            runs[m["method"]] = {r["seed"]: 100 * r["metrics"]["test"][metric] for r in m["runs"]}
    base = runs[against]
    for name, values in runs.items():
        v = [values[s] for s in sorted(values)]
        mean = sum(v) / len(v)
        std = math.sqrt(sum((x - mean) ** 2 for x in v) / (len(v) - 1))
        line = f"{name}: {mean:.2f} ± {std:.2f}"
        if name != against:
            d = [values[s] - base[s] for s in sorted(values)]
            md = sum(d) / len(d)
            sd = math.sqrt(sum((x - md) ** 2 for x in d) / (len(d) - 1))
            t = md / (sd / math.sqrt(len(d)))
            line += f"; vs {against}: {md:+.2f}, t = {t:.2f}, p = {student_t_sf(t, len(d) - 1):.4f}"
        print(line)


if __name__ == "__main__":
    main(sys.argv)
